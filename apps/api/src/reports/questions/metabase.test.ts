import { Writable } from 'node:stream';
import { decodeJwt, SignJWT } from 'jose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestServer, type TestServer } from '../../test/harness';
import { createMetabaseEmbedder, METABASE_LEEWAY_SECONDS, verifyEmbedToken } from './metabase';

const LA = 1;
const NY = 2;
const SECRET = '0123456789abcdef'.repeat(4);
const OTHER_SECRET = 'fedcba9876543210'.repeat(4);
const key = (secret: string) => new TextEncoder().encode(secret);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token as an embedding application (or an attacker) would sign it. */
const sign = (payload: Record<string, unknown>, secret = SECRET, alg = 'HS256') => new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(key(secret));
/** An unsigned token (`alg: none`), which no library of ours makes. */
const unsigned = (payload: Record<string, unknown>) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;

describe('the stand-in of Metabase’s embed pages checks a token as Metabase does', () => {
  let server: TestServer;
  const logged: string[] = [];
  beforeAll(async () => {
    const logger = pino({ level: 'debug' }, new Writable({ write: (chunk, _enc, done) => (logged.push(String(chunk)), done()) }));
    server = await startTestServer({ metabase: { secret: SECRET }, logger });
    const { client } = await signedIn(server, 'owner');
    await client.questions.add(LA, {
      name: 'Staff sales (question 150)',
      source: { kind: 'function', name: 'sales_by_staff' },
      visualization: { display: 'table' },
      metabase_id: 150,
    });
  });
  afterAll(() => server.close());

  const page = async (token: string, query = '') => {
    const response = await fetch(`${server.baseUrl}/metabase-standin/embed/question/${token}${query}`);
    return { status: response.status, html: await response.text() };
  };
  const api = async (token: string, query = '') => {
    const response = await fetch(`${server.baseUrl}/metabase-standin/api/embed/card/${token}/query${query}`);
    return { status: response.status, text: await response.text() };
  };
  const valid = () => sign({ resource: { question: 150 }, params: { business_id: LA }, exp: nowSeconds() + 600 });

  it('shows the question for a valid token, with no session at all', async () => {
    const { status, html } = await page(await valid());
    expect(status).toBe(200);
    expect(html).toContain('Staff sales (question 150)');
    expect((await api(await valid())).status).toBe(200);
  });

  it('refuses a token with a wrong signature', async () => {
    for (const token of [
      await sign({ resource: { question: 150 }, params: { business_id: LA }, exp: nowSeconds() + 600 }, OTHER_SECRET),
      // The right secret with another algorithm than Metabase's HS256.
      await sign({ resource: { question: 150 }, params: { business_id: LA }, exp: nowSeconds() + 600 }, SECRET, 'HS512'),
      // A valid token whose payload was changed to another business.
      (await valid()).replace(/\.[^.]+\./, `.${Buffer.from(JSON.stringify({ resource: { question: 150 }, params: { business_id: NY }, exp: nowSeconds() + 600 })).toString('base64url')}.`),
    ]) {
      expect(await api(token)).toEqual({ status: 400, text: 'Message seems corrupt or manipulated' });
      const shown = await page(token);
      expect(shown.status).toBe(400);
      expect(shown.html).toContain('Message seems corrupt or manipulated');
      expect(shown.html).not.toContain('Staff sales');
    }
    expect((await api('not-a-token')).status).toBe(400);
    expect(await api(unsigned({ resource: { question: 150 }, params: { business_id: LA } }))).toEqual({ status: 400, text: 'JWT `alg` cannot be `none`.' });
  });

  it('refuses an expired token (after Metabase’s minute of leeway)', async () => {
    const exp = nowSeconds() - METABASE_LEEWAY_SECONDS - 5;
    const token = await sign({ resource: { question: 150 }, params: { business_id: LA }, exp });
    expect(await api(token)).toEqual({ status: 400, text: `Token is expired (${exp})` });
    expect((await page(token)).status).toBe(400);
    // Within the leeway it still opens, as in Metabase.
    expect((await api(await sign({ resource: { question: 150 }, params: { business_id: LA }, exp: nowSeconds() - 5 }))).status).toBe(200);
  });

  it('refuses a token for another question: one with no card here, one of another business, a dashboard', async () => {
    const noSuchQuestion = await sign({ resource: { question: 151 }, params: { business_id: LA }, exp: nowSeconds() + 600 });
    expect(await api(noSuchQuestion)).toEqual({ status: 404, text: 'Not found.' });
    // Question 150 exists for Los Angeles only: a token locked to New York does not show it.
    const otherBusiness = await sign({ resource: { question: 150 }, params: { business_id: NY }, exp: nowSeconds() + 600 });
    expect(await api(otherBusiness)).toEqual({ status: 404, text: 'Not found.' });
    const dashboard = await sign({ resource: { dashboard: 150 }, params: { business_id: LA }, exp: nowSeconds() + 600 });
    expect(await api(dashboard)).toEqual({ status: 400, text: 'Token is missing value for keypath [:resource :question]' });
    expect((await page(noSuchQuestion)).html).not.toContain('Staff sales');
  });

  it('needs the business locked in the token, and the address cannot change what the token locks', async () => {
    expect(await api(await sign({ resource: { question: 150 }, params: {}, exp: nowSeconds() + 600 }))).toEqual({ status: 400, text: 'You must specify a value for :business_id in the JWT.' });
    expect(await api(await sign({ resource: { question: 150 }, exp: nowSeconds() + 600 }))).toEqual({ status: 400, text: 'Token is missing value for keypath [:params]' });
    expect(await api(await valid(), `?business_id=${NY}`)).toEqual({ status: 400, text: "You can't specify a value for :business_id if it's already set in the JWT." });
    // An editable parameter may be given by the address: a range with no sales shows no rows.
    const empty = await api(await valid(), '?start_day=2001-01-01&end_day=2001-01-31');
    expect(empty.status).toBe(200);
    expect((JSON.parse(empty.text) as { data: { rows: unknown[] } }).data.rows).toEqual([]);
  });

  it('never logs or returns the secret', async () => {
    const { client } = await signedIn(server, 'owner');
    const report = await client.reports.createCustom(LA, { title: 'Embedded', type: 'embed', name: 'embedded', metabase_id: 150 });
    const address = await client.questions.embed(LA, report.id);
    expect(JSON.stringify(address)).not.toContain(SECRET);
    await page('not-a-token');
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain(SECRET);
  });
});

describe('with a Metabase configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ metabase: { url: 'https://metabase.example.test', secret: SECRET } });
  });
  afterAll(() => server.close());

  it('opens embed reports on that Metabase, with a token it accepts, and serves no stand-in', async () => {
    const { client } = await signedIn(server, 'owner');
    const report = await client.reports.createCustom(LA, { title: 'Embedded', type: 'embed', name: 'embedded', metabase_id: 107 });
    const address = await client.questions.embed(LA, report.id);
    expect(address.provider).toBe('metabase');
    expect(address.url).toMatch(/^https:\/\/metabase\.example\.test\/embed\/question\/[\w-]+\.[\w-]+\.[\w-]+#bordered=true&titled=true$/);
    const token = (address.url.split('/').pop() ?? '').split('#')[0] ?? '';
    const claims = await verifyEmbedToken(token, SECRET, new Date());
    expect(claims).toMatchObject({ question: 107, params: { business_id: LA } });
    expect(decodeJwt(token).exp).toBeLessThanOrEqual(nowSeconds() + 600);
    expect((await fetch(`${server.baseUrl}/metabase-standin/api/embed/card/${token}/query`)).status).toBe(404);
    // The dashboard may frame that Metabase, and nothing else outside its own origin.
    const headers = (await fetch(`${server.baseUrl}/healthz`)).headers.get('content-security-policy') ?? '';
    expect(headers).toContain("frame-src 'self' https://metabase.example.test");
  });
});

describe('the embed adapter', () => {
  it('never signs for more than 10 minutes, and says when the address expires', async () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const embedder = createMetabaseEmbedder({ secret: SECRET, now: () => now });
    for (const asked of [undefined, 60, 600, 3600]) {
      const { url, expiresAt } = await embedder.signQuestion(101, { business_id: 1 }, asked);
      const token = (url.split('/').pop() ?? '').split('#')[0] ?? '';
      const claims = decodeJwt(token);
      expect((claims.exp ?? 0) - now.getTime() / 1000).toBeLessThanOrEqual(600);
      expect(expiresAt.getTime()).toBe((claims.exp ?? 0) * 1000);
      expect((await verifyEmbedToken(token, SECRET, now)).question).toBe(101);
    }
  });

  it('makes a secret of its own when none is configured, so another server’s tokens fail', async () => {
    const a = createMetabaseEmbedder({ now: () => new Date() });
    const b = createMetabaseEmbedder({ now: () => new Date() });
    const { url } = await a.signQuestion(101, { business_id: 1 });
    const token = (url.split('/').pop() ?? '').split('#')[0] ?? '';
    await expect(a.verify(token)).resolves.toMatchObject({ question: 101 });
    await expect(b.verify(token)).rejects.toThrow('Message seems corrupt or manipulated');
  });
});

