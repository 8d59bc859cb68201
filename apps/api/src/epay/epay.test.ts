import { CSRF_HEADER, CSRF_HEADER_VALUE, DOMAIN_PROBLEM, EPAY_PROBLEM, MESSAGES } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { decryptSecret } from '../secrets';
import { refusal, signedIn, startTestServer, type TestServer } from '../test/harness';
import { rows } from '../db/executor';
import { allowedDomains } from './domains';
import { webPaymentAccountOf } from './settings';

const LA = 1;
const NY = 2;
const KTM = 4;
const ABLY_SECRET = 'Zx9secretPart_OnlyHere+/=';
const ABLY_KEY = `appAbc.keyDef:${ABLY_SECRET}`;
const ACCOUNT = 'acct_1EpayTest0001';

describe('epay settings, domains and short links', () => {
  let server: TestServer;
  const logLines: string[] = [];
  const q = <T>(query: ReturnType<typeof sql>) => rows<T>(server.database.db, query);

  beforeAll(async () => {
    // Every line the server logs, at every level, to prove no secret is in one.
    server = await startTestServer({ logger: createLogger('trace', { write: (line: string) => void logLines.push(line) }) });
    // Luxe Los Angeles's Stripe account (the payments area's table; the demo may have one already).
    await q(sql`insert into payment_accounts (business_id, provider, account_id) values (${LA}, 'stripe', ${ACCOUNT})
      on conflict (business_id, provider) do update set account_id = excluded.account_id`);
  });
  afterAll(() => server.close());

  /** A request with the session of `username`, as the dashboard sends it. */
  const raw = async (username: string, path: string, init: { method?: string; body?: unknown } = {}) => {
    const { jar } = await signedIn(server, username);
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar.entries()].map(([k, v]) => `${k}=${v}`).join('; '),
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
    return { status: response.status, text: await response.text() };
  };

  describe('epaysettings', () => {
    it('gives the demo location its provider, websites, allow-list and account, and says no Ably key is set', async () => {
      const { client } = await signedIn(server, 'owner');
      const la = await client.epay.settings(LA);
      expect(la).toMatchObject({
        'epay.weborder.enabled': true,
        'epay.weborder.provider': 'stripe',
        websites: ['https://luxe-los-angeles.example/', 'https://book.luxe-los-angeles.example/'],
        domains: ['luxe-los-angeles.example', '*.luxe-los-angeles.example', 'localhost'],
        account: ACCOUNT,
        ably: { configured: false, keyName: null },
      });
      const lotus = await signedIn(server, 'lotus');
      expect((await lotus.client.epay.settings(KTM))['epay.weborder.provider']).toBe('nmi');
      // What the provider adapters read.
      expect(await webPaymentAccountOf(server.database.db, LA)).toEqual({ provider: 'stripe', account: ACCOUNT });
    });

    it('saves the settings with the websites normalised, and refuses web orders without a provider, changing nothing', async () => {
      const { client } = await signedIn(server, 'owner');
      const before = await client.epay.settings(NY);
      const refused = await refusal(client.epay.update(NY, { 'epay.recurring.enabled': true, 'epay.weborder.enabled': true, 'epay.weborder.provider': null, websites: [] }));
      expect(refused.status).toBe(400);
      expect(refused.issues.map((i) => i.message)).toContain(EPAY_PROBLEM.providerNeeded);
      const badSite = await refusal(client.epay.update(NY, { ...before, websites: ['ftp://luxe.example'] }));
      expect(badSite.issues.map((i) => i.message)).toContain(EPAY_PROBLEM.notHttp);
      expect(await client.epay.settings(NY)).toEqual(before);

      const saved = await client.epay.update(NY, {
        'epay.recurring.enabled': true,
        'epay.weborder.enabled': true,
        'epay.weborder.provider': 'nmi',
        websites: ['HTTPS://Luxe-NY.Example:443/Book', 'https://luxe-ny.example/Book', ' https://bücher.example '],
      });
      expect(saved).toMatchObject({ 'epay.recurring.enabled': true, 'epay.weborder.provider': 'nmi', websites: ['https://luxe-ny.example/Book', 'https://xn--bcher-kva.example/'] });
      expect(await client.epay.settings(NY)).toEqual(saved);
    });

    it('keeps a location’s settings to those who may see its settings', async () => {
      const manager = await signedIn(server, 'manager');
      expect(await refusal(manager.client.epay.settings(LA))).toMatchObject({ status: 403 });
      const lotus = await signedIn(server, 'lotus');
      expect(await refusal(lotus.client.epay.settings(LA))).toMatchObject({ status: 403, message: MESSAGES.noBusinessPermission });
    });
  });

  describe('domains/update', () => {
    it('refuses `exa mple.com` and `http://x` with their problems at their index, and changes nothing', async () => {
      const { client } = await signedIn(server, 'owner');
      const before = await allowedDomains(server.database.db, LA);
      // Refused by the SDK before sending, and by the server when sent anyway.
      const error = await refusal(client.epay.domains(LA, ['good.example', 'exa mple.com', 'http://x']));
      expect(error.issues).toEqual([
        expect.objectContaining({ path: ['domains', 1], message: DOMAIN_PROBLEM.space }),
        expect.objectContaining({ path: ['domains', 2], message: DOMAIN_PROBLEM.scheme }),
      ]);
      const sent = await raw('owner', `/protected/business/${LA}/domains/update`, { method: 'POST', body: { domains: ['good.example', 'exa mple.com', 'http://x'] } });
      expect(sent.status).toBe(400);
      expect(JSON.parse(sent.text).issues).toEqual([
        expect.objectContaining({ path: ['domains', 1], message: DOMAIN_PROBLEM.space }),
        expect.objectContaining({ path: ['domains', 2], message: DOMAIN_PROBLEM.scheme }),
      ]);
      expect(await allowedDomains(server.database.db, LA)).toEqual(before);
      const duplicate = await refusal(client.epay.domains(LA, ['a.example', 'A.EXAMPLE.']));
      expect(duplicate.issues).toEqual([expect.objectContaining({ path: ['domains', 1], message: DOMAIN_PROBLEM.duplicate })]);
    });

    it('keeps the list normalised, in order, and says so with the catalogue message', async () => {
      const answer = await raw('owner', `/protected/business/${LA}/domains/update`, {
        method: 'POST',
        body: { domains: [' Luxe-Los-Angeles.EXAMPLE ', '*.Luxe-Los-Angeles.example', 'Bücher.example.', 'localhost'] },
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toEqual({
        status: true,
        message: MESSAGES.domainsUpdated,
        data: { domains: ['luxe-los-angeles.example', '*.luxe-los-angeles.example', 'xn--bcher-kva.example', 'localhost'] },
      });
      const { client } = await signedIn(server, 'owner');
      expect((await client.epay.settings(LA)).domains).toEqual(['luxe-los-angeles.example', '*.luxe-los-angeles.example', 'xn--bcher-kva.example', 'localhost']);
    });
  });

  describe('ablysettings/update', () => {
    it('keeps the key encrypted, answers only whether one is set and its name, and can remove it', async () => {
      const { client } = await signedIn(server, 'owner');
      const status = await client.epay.ably(LA, { key: ABLY_KEY });
      expect(status).toMatchObject({ configured: true, keyName: 'appAbc.keyDef' });
      const [stored] = await q<{ ably_key_encrypted: string }>(sql`select ably_key_encrypted from epay_settings where business_id = ${LA}`);
      expect(stored?.ably_key_encrypted).not.toContain(ABLY_SECRET);
      expect(decryptSecret(stored?.ably_key_encrypted as string)).toBe(ABLY_KEY);
      expect((await client.epay.settings(LA)).ably).toMatchObject({ configured: true, keyName: 'appAbc.keyDef' });
      const malformed = await refusal(client.epay.ably(LA, { key: 'not a key' }));
      expect(malformed.issues.map((i) => i.message)).toContain(EPAY_PROBLEM.ablyKey);
      expect(await client.epay.ably(LA, { key: null })).toMatchObject({ configured: false, keyName: null });
      const [gone] = await q<{ ably_key_encrypted: string | null }>(sql`select ably_key_encrypted from epay_settings where business_id = ${LA}`);
      expect(gone?.ably_key_encrypted).toBeNull();
    });

    it('never puts the key in a response or a log line, accepted or refused', async () => {
      const answers = [
        await raw('owner', `/protected/business/${NY}/ablysettings/update`, { method: 'POST', body: { key: ABLY_KEY } }),
        await raw('owner', `/protected/business/${NY}/ablysettings/update`, { method: 'POST', body: { key: `${ABLY_KEY} with spaces` } }),
        await raw('owner', `/protected/business/${NY}/ablysettings/update`, { method: 'POST', body: { key: ABLY_KEY, extra: { ablyKey: ABLY_KEY } } }),
        await raw('owner', `/protected/business/${NY}/epaysettings/get`),
        await raw('owner', `/protected/business/${KTM}/ablysettings/update`, { method: 'POST', body: { key: ABLY_KEY } }),
      ];
      expect(answers.map((a) => a.status)).toEqual([200, 400, 200, 200, 403]);
      for (const answer of answers) expect(answer.text).not.toContain(ABLY_SECRET);
      // The server logged the requests (and the refusals) ...
      expect(logLines.some((line) => line.includes('ablysettings/update'))).toBe(true);
      // ... and the secret never.
      expect(logLines.filter((line) => line.includes(ABLY_SECRET))).toEqual([]);
    });
  });

  describe('short links', () => {
    it('makes one short booking link per service, staff member and source, and serves it at /s/{code}', async () => {
      const { client } = await signedIn(server, 'owner');
      const [pair] = await q<{ service: number; member: number }>(sql`select (select id from services where business_id = ${LA} and deleted_at is null order by id desc limit 1) as service,
        (select id from staff where business_id = ${LA} and deleted_at is null order by id desc limit 1) as member`);
      const link = await client.epay.bookingLink(LA, { tid: pair!.service, rid: pair!.member, gzsrc: 'facebook' });
      expect(link).toMatchObject({ kind: 'booking', service: { id: pair!.service }, staff: { id: pair!.member }, source: 'facebook', visits: 0 });
      expect(link.staff?.display_name).not.toBe('');
      expect(link.url).toMatch(new RegExp(`/s/${link.code}$`));
      expect(new URL(link.target).searchParams.get('service')).toBe(String(pair!.service));
      expect(new URL(link.target).searchParams.get('gzsrc')).toBe('facebook');
      expect(await client.epay.bookingLink(LA, { tid: pair!.service, rid: pair!.member, gzsrc: 'facebook' })).toMatchObject({ id: link.id, code: link.code });

      const visit = await fetch(`${server.baseUrl}/s/${link.code}`, { redirect: 'manual' });
      expect(visit.status).toBe(302);
      expect(visit.headers.get('location')).toBe(link.target);
      await fetch(`${server.baseUrl}/s/${link.code}`, { redirect: 'manual' });
      await fetch(`${server.baseUrl}/s/${link.code}`, { method: 'HEAD', redirect: 'manual' });
      const listed = (await client.epay.shortLinks(LA)).links.find((l) => l.id === link.id);
      expect(listed).toMatchObject({ visits: 2 });
      expect(listed?.last_visited_at).not.toBeNull();
    });

    it('refuses a service or staff member of another location', async () => {
      const { client } = await signedIn(server, 'owner');
      const [other] = await q<{ service: number; member: number; own: number }>(sql`select (select id from services where business_id = ${NY} order by id limit 1) as service,
        (select id from staff where business_id = ${NY} order by id limit 1) as member, (select id from services where business_id = ${LA} and deleted_at is null order by id limit 1) as own`);
      expect(await refusal(client.epay.bookingLink(LA, { tid: other!.service, rid: other!.member }))).toMatchObject({ status: 404, message: MESSAGES.bookingServiceNotFound });
      expect(await refusal(client.epay.bookingLink(LA, { tid: other!.own, rid: other!.member }))).toMatchObject({ status: 404, message: MESSAGES.bookingStaffNotFound });
      expect(await refusal(client.epay.bookingLink(LA, { tid: other!.own, rid: other!.member, gzsrc: 'no spaces allowed' }))).toMatchObject({ status: 400 });
    });

    it('shortens only http(s) addresses on the allowed domains, and stops redirecting when the domain leaves the list', async () => {
      const { client } = await signedIn(server, 'owner');
      await client.epay.domains(NY, ['luxe-new-york.example', '*.luxe-new-york.example']);
      const [before] = await q<{ n: number }>(sql`select count(*)::int as n from short_links where business_id = ${NY}`);
      for (const [url, problem] of [
        ['javascript:alert(1)', EPAY_PROBLEM.notHttp],
        ['https://evil.example/luxe-new-york.example', EPAY_PROBLEM.notAllowed],
        ['https://luxe-new-york.example.evil.example/', EPAY_PROBLEM.notAllowed],
        ['https://user:pw@luxe-new-york.example/', EPAY_PROBLEM.credentials],
        ['luxe-new-york.example/offers', EPAY_PROBLEM.notUrl],
      ] as const) {
        expect(await refusal(client.epay.shorten(NY, url)), url).toMatchObject({ status: 422, message: problem });
      }
      const [after] = await q<{ n: number }>(sql`select count(*)::int as n from short_links where business_id = ${NY}`);
      expect(after?.n).toBe(before?.n);

      const link = await client.epay.shorten(NY, 'https://Shop.Luxe-New-York.example/gift?x=1');
      expect(link).toMatchObject({ kind: 'link', target: 'https://shop.luxe-new-york.example/gift?x=1', visits: 0, service: null, staff: null });
      expect((await fetch(`${server.baseUrl}/s/${link.code}`, { redirect: 'manual' })).headers.get('location')).toBe(link.target);

      await client.epay.domains(NY, ['luxe-new-york.example']);
      const stale = await fetch(`${server.baseUrl}/s/${link.code}`, { redirect: 'manual' });
      expect(stale.status).toBe(404);
      expect(await stale.text()).toContain(MESSAGES.shortLinkNotFound);
    });

    it('answers 404 for an unknown code', async () => {
      for (const code of ['zzzzzzzz', 'nope', '../../etc', '%00']) {
        const response = await fetch(`${server.baseUrl}/s/${code}`, { redirect: 'manual' });
        expect(response.status, code).toBe(404);
      }
    });
  });

  describe('epay/dashboard/stripe', () => {
    it('links into the provider dashboard of the location’s account, in test mode without a live key', async () => {
      const { client } = await signedIn(server, 'owner');
      expect(await client.epay.providerDashboard(LA)).toEqual({ provider: 'stripe', account: ACCOUNT, url: `https://dashboard.stripe.com/${ACCOUNT}/test/payments` });
    });

    it('says what is missing when no provider is chosen or no account is set', async () => {
      const { client } = await signedIn(server, 'owner');
      await client.epay.update(NY, { 'epay.recurring.enabled': false, 'epay.weborder.enabled': false, 'epay.weborder.provider': null, websites: [] });
      expect(await refusal(client.epay.providerDashboard(NY))).toMatchObject({ status: 409, message: MESSAGES.noWebPaymentProvider });
      await client.epay.update(NY, { 'epay.recurring.enabled': false, 'epay.weborder.enabled': true, 'epay.weborder.provider': 'stripe', websites: [] });
      await q(sql`delete from payment_accounts where business_id = ${NY}`);
      expect(await refusal(client.epay.providerDashboard(NY))).toMatchObject({ status: 409, message: MESSAGES.noProviderAccount });
    });
  });
});
