import { CSRF_HEADER, CSRF_HEADER_VALUE, MESSAGES, reportFunction, visualizationProblems, metabaseQuestionTaken, type NewQuestionCard } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../auth/sessions';
import { rawRequest, signedIn, startTestServer, type TestServer } from '../../test/harness';
import { rows } from '../../db/executor';
import { DEMO_QUESTION_CARDS } from './seed';

const LA = 1;
const NY = 2;
const KATHMANDU = 4;

const salesByStaff = (overrides: Partial<NewQuestionCard> = {}): NewQuestionCard => ({
  name: 'Sales by staff',
  description: 'Net sales per staff member',
  source: { kind: 'function', name: 'sales_by_staff' },
  params: { start_day: '2000-01-01', end_day: '2099-12-31' },
  visualization: { display: 'bar', dimension: 'staff', metrics: ['gross_sales'] },
  ...overrides,
});

describe('the questions service (cards, queries) and embed addresses', () => {
  let server: TestServer;
  const secret = 'ab'.repeat(32);
  beforeAll(async () => {
    server = await startTestServer({ metabase: { secret } });
  });
  afterAll(() => server.close());

  const cardCount = async () => Number((await rows<{ n: string }>(server.database.db, sql`select count(*) as n from questions_cards`))[0]?.n);
  // One session per user for the raw requests (a sign-in hashes a password: slow on a busy machine).
  const jars = new Map<string, Awaited<ReturnType<typeof signedIn>>['jar']>();
  const post = async (username: string, path: string, body: unknown) => {
    const jar = jars.get(username) ?? (await signedIn(server, username)).jar;
    jars.set(username, jar);
    return rawRequest(server, path, {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${jar.get(SESSION_COOKIE)}`, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  };

  it('adds, lists, gets, runs, changes and deletes a card', async () => {
    const { client } = await signedIn(server, 'owner');
    const card = await client.questions.add(LA, salesByStaff());
    expect(card).toMatchObject({ business_id: LA, name: 'Sales by staff', metabase_id: null, visualization: { display: 'bar', dimension: 'staff', metrics: ['gross_sales'] } });
    expect((await client.questions.list(LA)).map((c) => c.id)).toContain(card.id);
    expect(await client.questions.get(LA, card.id)).toEqual(card);

    const result = await client.questions.query(LA, card.id);
    expect(result.columns.map((c) => c.key)).toEqual(['location', 'staff', 'service_sales', 'retail_sales', 'prepaid_sales', 'quantity', 'gross_sales']);
    expect(result.rows.length).toBeGreaterThan(0);
    expect(result.truncated).toBe(false);
    // Run through the guarded runner: only this business's rows, money in cents as numbers.
    expect(new Set(result.rows.map((r) => r.location))).toEqual(new Set(['Luxe Los Angeles']));
    expect(result.rows.every((r) => Number.isInteger(r.gross_sales))).toBe(true);
    // The same run as the source's own (the editor's preview): the card adds nothing and drops nothing.
    expect(await client.questions.adHoc(LA, { source: card.source, params: card.params })).toEqual(result);

    // Parameters given to a query override the card's: a range with no sales gives no rows.
    expect((await client.questions.query(LA, card.id, { start_day: '2001-01-01', end_day: '2001-01-31' })).rows).toEqual([]);

    const changed = await client.questions.update(LA, card.id, { name: 'Staff sales', visualization: { display: 'pie', dimension: 'staff', metric: 'quantity' } });
    expect(changed).toMatchObject({ id: card.id, name: 'Staff sales', description: card.description, visualization: { display: 'pie', dimension: 'staff', metric: 'quantity' } });
    expect(await client.questions.get(LA, card.id)).toEqual(changed);

    expect(await client.questions.remove(LA, card.id)).toEqual({ id: card.id });
    await expect(client.questions.get(LA, card.id)).rejects.toMatchObject({ status: 404, message: MESSAGES.questionCardNotFound });
  });

  it('gives every location the demo’s dozen cards, standing for Metabase questions 101–112, each fitting its source and running', async () => {
    const { client } = await signedIn(server, 'owner');
    for (const businessId of [LA, NY]) {
      const cards = (await client.questions.list(businessId)).filter((c) => c.metabase_id !== null && c.metabase_id >= 101 && c.metabase_id <= 112);
      expect(cards.map((c) => c.metabase_id).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(DEMO_QUESTION_CARDS.map((c) => c.metabase_id));
      for (const card of cards) {
        const fn = card.source.kind === 'function' ? reportFunction(card.source.name) : undefined;
        expect(fn, card.name).toBeDefined();
        expect(visualizationProblems(card.visualization, fn?.columns ?? []), card.name).toEqual([]);
        const result = await client.questions.query(businessId, card.id);
        expect(result.columns.map((c) => c.key)).toEqual(fn?.columns.map((c) => c.key));
      }
    }
  });

  it('opens every demo embed report of the catalogue through the stand-in', async () => {
    const { client } = await signedIn(server, 'owner');
    let opened = 0;
    for (const businessId of [LA, NY]) {
      for (const report of (await client.reports.listCustom(businessId)).filter((r) => r.type === 'embed')) {
        const address = await client.questions.embed(businessId, report.id);
        const page = await fetch(`${server.baseUrl}${address.url.split('#')[0]}`);
        expect(page.status, report.title).toBe(200);
        opened++;
      }
    }
    expect(opened).toBeGreaterThan(0);
  });

  it('runs a source before it is saved (the editor’s preview)', async () => {
    const { client } = await signedIn(server, 'owner');
    const before = await cardCount();
    const preview = await client.questions.adHoc(LA, { source: { kind: 'function', name: 'sales_by_staff' }, params: { start_day: '2000-01-01', end_day: '2099-12-31' } });
    expect(preview.columns.map((c) => c.key)).toContain('gross_sales');
    expect(preview.rows.length).toBeGreaterThan(0);
    expect(await cardCount()).toBe(before);
  });

  it('refuses bad input with a clear 4xx naming the field, and saves nothing', async () => {
    const { client } = await signedIn(server, 'owner');
    const kept = await client.questions.add(LA, salesByStaff({ name: 'Kept', metabase_id: 150 }));
    const before = await cardCount();
    const refusals: [unknown, number, (string | number)[] | null][] = [
      [{ ...salesByStaff(), name: '   ' }, 400, ['name']],
      [{ ...salesByStaff(), visualization: { display: 'bar', dimension: 'month', metrics: ['gross_sales'] } }, 400, ['visualization', 'dimension']],
      [{ ...salesByStaff(), visualization: { display: 'bar', dimension: 'staff', metrics: ['staff'] } }, 400, ['visualization', 'metrics', 0]],
      [{ ...salesByStaff(), visualization: { display: 'number', field: 'staff' } }, 400, ['visualization', 'field']],
      [{ ...salesByStaff(), visualization: { display: 'donut' } }, 400, ['visualization', 'display']],
      [{ ...salesByStaff(), source: { kind: 'function', name: 'Drop table' } }, 400, ['source', 'name']],
      [{ ...salesByStaff(), params: { start_day: { nested: true } } }, 400, ['params', 'start_day']],
      [{ ...salesByStaff(), metabase_id: 0 }, 400, ['metabase_id']],
      [{ ...salesByStaff(), source: { kind: 'function', name: 'no_such_report' } }, 404, null],
    ];
    for (const [body, status, path] of refusals) {
      const response = await post('owner', `/protected/business/${LA}/card/new`, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body?.status).toBe(false);
      expect(response.body?.message).toBeTruthy();
      if (path) expect(response.body?.issues?.map((i) => i.path), JSON.stringify(body)).toContainEqual(path);
    }
    // Two cards of a business cannot stand for one Metabase question.
    await expect(client.questions.add(LA, salesByStaff({ metabase_id: 150 }))).rejects.toMatchObject({ status: 409, message: metabaseQuestionTaken(150) });
    const other = await client.questions.add(NY, salesByStaff({ metabase_id: 150 }));
    expect(other.metabase_id).toBe(150);
    expect(await cardCount()).toBe(before + 1);

    // An update that names nothing, or breaks the card, changes nothing.
    expect((await post('owner', `/protected/business/${LA}/card/${kept.id}/update`, {})).status).toBe(400);
    expect((await post('owner', `/protected/business/${LA}/card/${kept.id}/update`, { visualization: { display: 'pie', dimension: 'staff', metric: 'staff' } })).status).toBe(400);
    const second = await client.questions.add(LA, salesByStaff({ name: 'Second' }));
    await expect(client.questions.update(LA, second.id, { metabase_id: 150 })).rejects.toMatchObject({ status: 409 });
    expect(await client.questions.get(LA, kept.id)).toEqual(kept);
    expect((await client.questions.get(LA, second.id)).metabase_id).toBeNull();
    // A query's parameters are checked too: their names, then their values by the source's declarations.
    expect((await post('owner', `/protected/business/${LA}/card/${kept.id}/query`, { params: { 'Bad key': 1 } })).status).toBe(400);
    const badDay = await post('owner', `/protected/business/${LA}/card/${kept.id}/query`, { params: { start_day: 'yesterday-ish' } });
    expect(badDay.status).toBe(400);
    expect(badDay.body?.message).toBeTruthy();
  });

  it("answers 404 for another business's card, from any business the caller may see, and changes nothing", async () => {
    const owner = await signedIn(server, 'owner');
    const card = await owner.client.questions.add(LA, salesByStaff({ name: 'Only Los Angeles' }));
    // The owner sees New York too, but the card is Los Angeles's.
    for (const call of [
      () => owner.client.questions.get(NY, card.id),
      () => owner.client.questions.query(NY, card.id),
      () => owner.client.questions.update(NY, card.id, { name: 'Taken over' }),
      () => owner.client.questions.remove(NY, card.id),
    ]) {
      await expect(call()).rejects.toMatchObject({ status: 404, message: MESSAGES.questionCardNotFound });
    }
    const lotus = await signedIn(server, 'lotus');
    await expect(lotus.client.questions.get(KATHMANDU, card.id)).rejects.toMatchObject({ status: 404 });
    await expect(lotus.client.questions.remove(KATHMANDU, card.id)).rejects.toMatchObject({ status: 404 });
    expect((await lotus.client.questions.list(KATHMANDU)).map((c) => c.id)).not.toContain(card.id);
    // And the business itself is refused to those who may not see it.
    await expect(lotus.client.questions.get(LA, card.id)).rejects.toMatchObject({ status: 403 });
    expect(await owner.client.questions.get(LA, card.id)).toEqual(card);
  });

  it('is for admins and users with Custom reports only', async () => {
    const frontdesk = await signedIn(server, 'frontdesk');
    await expect(frontdesk.client.questions.list(KATHMANDU)).rejects.toMatchObject({ status: 403 });
    await expect(frontdesk.client.questions.adHoc(KATHMANDU, { source: { kind: 'function', name: 'sales_by_staff' } })).rejects.toMatchObject({ status: 403 });
    const admin = await signedIn(server, 'admin');
    expect(Array.isArray(await admin.client.questions.list(KATHMANDU))).toBe(true);
  });

  it('signs an embed report’s address for its Metabase question, locked to the business, for 10 minutes at most; the stand-in shows its rows', async () => {
    const { client } = await signedIn(server, 'owner');
    await client.questions.add(LA, salesByStaff({ name: 'Embedded staff sales', metabase_id: 160, visualization: { display: 'table' } }));
    const embed = await client.reports.createCustom(LA, { title: 'Sales by staff (embedded)', type: 'embed', name: 'sales-by-staff', metabase_id: 160 });
    const address = await client.questions.embed(LA, embed.id);
    expect(address.provider).toBe('standin');
    expect(address.title).toBe('Sales by staff (embedded)');
    expect(address.url).toMatch(/^\/metabase-standin\/embed\/question\/[\w-]+\.[\w-]+\.[\w-]+#bordered=true&titled=true$/);
    const token = (address.url.split('/').pop() ?? '').split('#')[0] ?? '';
    const claims = decodeJwt(token);
    expect(claims.resource).toEqual({ question: 160 });
    expect(claims.params).toEqual({ business_id: LA });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBeLessThanOrEqual(600);
    expect(Date.parse(address.expires_at)).toBe((claims.exp ?? 0) * 1000);
    // Signed with the configured secret, which the answer never carries.
    await expect(jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] })).resolves.toBeTruthy();
    expect(JSON.stringify(address)).not.toContain(secret);

    // The iframe's page, without any session: the token alone opens it.
    const page = await fetch(`${server.baseUrl}${address.url.split('#')[0]}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Embedded staff sales');
    expect(html).toContain('<td>Luxe Los Angeles</td>');
    expect(html).not.toContain('Luxe New York');

    // Metabase's JSON of the same question.
    const json = (await (await fetch(`${server.baseUrl}/metabase-standin/api/embed/card/${token}/query`)).json()) as { status: string; data: { cols: { name: string }[]; rows: unknown[][] } };
    expect(json.status).toBe('completed');
    expect(json.data.cols.map((c) => c.name)).toContain('gross_sales');
    expect(json.data.rows.length).toBeGreaterThan(0);

    // A report that is not an embed, another business's, or deleted, has no address.
    const other = await client.reports.createCustom(LA, { title: 'Sales by staff', type: 'function', name: 'sales_by_staff' });
    await expect(client.questions.embed(LA, other.id)).rejects.toMatchObject({ status: 404, message: MESSAGES.embedReportNotFound });
    await expect(client.questions.embed(NY, embed.id)).rejects.toMatchObject({ status: 404 });
    await client.reports.deleteReport(LA, { report_id: embed.id, type: 'custom', action: 'mark' });
    await expect(client.questions.embed(LA, embed.id)).rejects.toMatchObject({ status: 404 });
  });
});
