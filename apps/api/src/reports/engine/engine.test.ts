import { cardBalance, CSRF_HEADER, CSRF_HEADER_VALUE, endpoints, exportPath, FIGURES, MESSAGES, operations, type CardEntryKind, type DataSourceInput } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../auth/sessions';
import { download, readCsv, readXlsx, sheetRows } from '../../test/exports';
import { rawRequest, refusal, signedIn, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { aggregateRange, salesByStaff } from '../../transactions/sales-from-rollup';
import { demoDaysFromEnv, demoPrepaidCounts } from '../../demo/seed';
import { cardSearchSql } from '../../prepaid/queries';
import { createPaidTicket } from '../../transactions/fixtures';
import { rows } from '../../db/executor';

const LA = 1;
const NY = 2;
const SM = 3;
const KTM = 4;


const linesSource: DataSourceInput = {
  name: 'Sales lines',
  description: 'Every live line of a range',
  sql: 'select id, day, item_name, total from sales_lines where day between :start and :end and (:ids::text is null or business_id = any(string_to_array(:ids, \',\')::int[])) order by id',
  settings: {
    parameters: [
      { id: 'start', label: 'From', type: 'date', target: 'start', config: { valueType: 'relative', value: 'start-of-year' } },
      { id: 'end', label: 'To', type: 'date', target: 'end', config: { valueType: 'relative', value: 'today' } },
      { id: 'ids', label: 'Businesses', type: 'text', target: 'ids', config: { valueType: 'static' } },
    ],
  },
};

describe('the report engine', () => {
  let server: TestServer;
  let owner: TestClient;
  let admin: TestClient;
  let manager: TestClient;
  let range: { start: string; end: string };
  beforeAll(async () => {
    server = await startTestServer();
    owner = await signedIn(server, 'owner');
    admin = await signedIn(server, 'admin');
    // The demo manager (Luxe Los Angeles only), given the custom reports right.
    await server.database.db.execute(sql`update users set acl = jsonb_set(acl, '{units,reporting}', '["transactionreport", "customreport", "giftcards"]') where username = 'manager'`);
    manager = await signedIn(server, 'manager');
    const [r] = await rows<{ start: string; end: string }>(server.database.db, sql`select min(day)::text as start, max(day)::text as "end" from saleslogs where business_id = ${LA}`);
    range = r as { start: string; end: string };
  });
  afterAll(() => server.close());

  describe('custom/proc/{name}/run', () => {
    it('runs a report function with typed parameters, its figures the Sales screen’s', async () => {
      const answer = await owner.client.reportEngine.run(LA, 'sales_by_staff', { values: { start_day: range.start, end_day: range.end } });
      if (answer.status !== 'done') throw new Error('not done');
      const byStaff = await salesByStaff(server.database.db, LA, range.start, range.end);
      expect(answer.result.rows.map((r) => [r.staff, r.gross_sales])).toEqual(byStaff.map((s) => [s.name, s.total]));
      expect(answer.result.columns.find((c) => c.key === 'gross_sales')).toEqual({ key: 'gross_sales', label: 'Gross sales', format: 'money' });
      const days = await owner.client.reportEngine.run(LA, 'sales_by_day', { values: { start_day: range.start, end_day: range.end } });
      if (days.status !== 'done') throw new Error('not done');
      const aggregate = await aggregateRange(server.database.db, LA, range.start, range.end);
      expect(days.result.rows.reduce((s, r) => s + (r.net_sales as number), 0)).toBe(FIGURES.net.value(aggregate));
    });

    it('resolves relative defaults in the business’s time zone', async () => {
      const answer = await owner.client.reportEngine.run(LA, 'sales_by_day', { values: { start_day: 'start-of-month' } });
      if (answer.status !== 'done') throw new Error('not done');
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
      expect(answer.values).toEqual({ start_day: `${today.slice(0, 7)}-01`, end_day: today });
    });

    it('refuses bad input with a clear 400 and unknown reports with a 404', async () => {
      const bad = await refusal(owner.client.reportEngine.run(LA, 'sales_by_day', { values: { start_day: '2026-02-30' } }));
      expect(bad.status).toBe(400);
      expect(bad.issues).toEqual([{ path: ['values', 'start_day'], message: 'Enter a date (YYYY-MM-DD)' }]);
      const extra = await refusal(owner.client.reportEngine.run(LA, 'sales_by_day', { values: { business_id: 2 } }));
      expect(extra.issues?.[0]).toEqual({ path: ['values', 'business_id'], message: 'This report has no such parameter' });
      const backwards = await refusal(owner.client.reportEngine.run(LA, 'sales_by_day', { values: { start_day: '2026-03-01', end_day: '2026-02-01' } }));
      expect(backwards.issues?.[0]?.message).toBe('The end is before the start');
      const number = await refusal(owner.client.reportEngine.run(LA, 'customer_visits', { values: { min_visits: 'many' } }));
      expect(number.issues?.[0]).toEqual({ path: ['values', 'min_visits'], message: 'Enter a number' });
      expect((await refusal(owner.client.reportEngine.run(LA, 'no_such_report'))).status).toBe(404);
      const raw = await rawRequest(server, `/protected/business/${LA}/custom/proc/DROP%20TABLE/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE, cookie: `${SESSION_COOKIE}=${owner.jar.get(SESSION_COOKIE)}` },
        body: '{}',
      });
      expect(raw.status).toBe(400);
    });

    it('reads only the businesses a restricted manager may see, whatever the parameters say', async () => {
      const network = await manager.client.reportEngine.run(LA, 'sales_by_day', { values: { start_day: range.start, end_day: range.end }, level: 'network' });
      if (network.status !== 'done') throw new Error('not done');
      expect(new Set(network.result.rows.map((r) => r.business_id))).toEqual(new Set([LA]));
      const ownerNetwork = await owner.client.reportEngine.run(LA, 'sales_by_day', { values: { start_day: range.start, end_day: range.end }, level: 'network' });
      if (ownerNetwork.status !== 'done') throw new Error('not done');
      expect(new Set(ownerNetwork.result.rows.map((r) => r.business_id))).toEqual(new Set([LA, NY, SM]));

      const ds = await admin.client.reportEngine.addDataSource(LA, { ...linesSource, everywhere: true });
      const answer = await manager.client.reportEngine.runDataSource(LA, ds.id, { values: { start: range.start, end: range.end, ids: `${LA},${NY},${SM},${KTM}` }, level: 'network' });
      if (answer.status !== 'done') throw new Error('not done');
      const ids = answer.result.rows.map((r) => r.id as number);
      const [laLines] = await rows<{ n: number }>(server.database.db, sql`select count(*)::int as n from saleslogs where business_id = ${LA} and not voided and day between ${range.start} and ${range.end}`);
      expect(ids.length).toBe(laLines!.n);
      const [foreign] = await rows<{ n: number }>(server.database.db, sql`select count(*)::int as n from saleslogs where id in ${ids} and business_id <> ${LA}`);
      expect(foreign!.n).toBe(0);
      // A business the manager may not see is refused before anything runs.
      expect((await refusal(manager.client.reportEngine.runDataSource(NY, ds.id, { values: {} }))).status).toBe(403);
      await admin.client.reportEngine.deleteDataSource(LA, ds.id);
    });
  });

  describe('datasources', () => {
    it('are listed at the spec’s `datasources/get` (spec 000 §7), not at a bare `datasources`', async () => {
      expect(endpoints.reportEngine.dataSources.path).toBe('/protected/business/{id}/datasources/get');
      const cookie = `${SESSION_COOKIE}=${owner.jar.get(SESSION_COOKIE)}`;
      const listed = await rawRequest(server, `/protected/business/${LA}/datasources/get`, { headers: { cookie, accept: 'application/json' } });
      expect(listed.status).toBe(200);
      expect(listed.body?.data).toEqual(await owner.client.reportEngine.dataSources(LA));
      const bare = await rawRequest(server, `/protected/business/${LA}/datasources`, { headers: { cookie, accept: 'application/json' } });
      expect(bare.status).toBe(404);
    });

    it('are written by admins only, checked by PostgreSQL, and refused when they write or read outside the views', async () => {
      const before = (await owner.client.reportEngine.dataSources(LA)).length;
      expect((await refusal(owner.client.reportEngine.addDataSource(LA, linesSource))).status).toBe(403);

      const refusedSql = [
        ['delete from sales_lines', /one read-only SELECT/],
        ['insert into sales_lines (id) values (1)', /one read-only SELECT/],
        ['with gone as (delete from sales_lines returning id) select * from gone', /refused|change data/],
        ['select * from users', /reporting views|refused/],
        ['select * from public.users', /reporting views/],
        ['select 1; select 2', /refused/],
        ['select * from sales_lines where day = :day', /:day is not declared/],
        ['select pg_read_file(\'/etc/passwd\')', /reporting views|refused/],
      ] as const;
      for (const [text, message] of refusedSql) {
        const error = await refusal(admin.client.reportEngine.addDataSource(LA, { name: 'Bad', sql: text }));
        expect(error.status, text).toBe(400);
        expect(JSON.stringify(error.issues), text).toMatch(message);
      }
      const badParam = await refusal(
        admin.client.reportEngine.addDataSource(LA, {
          name: 'Bad',
          sql: 'select * from sales_lines where day >= :since',
          settings: { parameters: [{ id: 'since', type: 'number', target: 'since', config: { valueType: 'relative', value: 'yesterday' } }] },
        }),
      );
      expect(badParam.status).toBe(400);
      expect((await owner.client.reportEngine.dataSources(LA)).length).toBe(before);

      const added = await admin.client.reportEngine.addDataSource(LA, linesSource);
      expect(added).toMatchObject({ name: 'Sales lines', business_id: LA });
      expect((await owner.client.reportEngine.dataSources(LA)).map((d) => d.id)).toContain(added.id);
      expect((await owner.client.reportEngine.dataSources(NY)).map((d) => d.id)).not.toContain(added.id);
      expect((await refusal(owner.client.reportEngine.updateDataSource(LA, added.id, { name: 'Mine' }))).status).toBe(403);
      expect((await refusal(admin.client.reportEngine.updateDataSource(LA, added.id, { sql: 'update sales_lines set total = 0' }))).status).toBe(400);
      const renamed = await admin.client.reportEngine.updateDataSource(LA, added.id, { name: 'Lines of a range' });
      expect(renamed.name).toBe('Lines of a range');
      expect(renamed.sql).toBe(linesSource.sql);
      expect((await refusal(admin.client.reportEngine.updateDataSource(NY, added.id, { name: 'x' }))).status).toBe(404);

      const run = await owner.client.reportEngine.runDataSource(LA, added.id, { values: { start: range.end, end: range.end } });
      if (run.status !== 'done') throw new Error('not done');
      expect(run.result.columns.map((c) => [c.key, c.format])).toEqual([
        ['id', 'number'],
        ['day', 'day'],
        ['item_name', 'text'],
        ['total', 'number'],
      ]);
      expect(run.result.rows.every((r) => r.day === range.end)).toBe(true);

      const tried = await admin.client.reportEngine.testDataSource(LA, { sql: 'select display_name from staff order by id;', values: {} });
      if (tried.status !== 'done') throw new Error('not done');
      expect(tried.result.rows.length).toBeGreaterThan(0);

      expect((await refusal(owner.client.reportEngine.deleteDataSource(LA, added.id))).status).toBe(403);
      await admin.client.reportEngine.deleteDataSource(LA, added.id);
      expect((await owner.client.reportEngine.dataSources(LA)).length).toBe(before);
      expect((await refusal(owner.client.reportEngine.runDataSource(LA, added.id))).status).toBe(404);
    });

    it('reads query choices again every time a report opens', async () => {
      const ds = await admin.client.reportEngine.addDataSource(LA, {
        name: 'Sales of a staff member',
        sql: 'select day, sum(total) as total from sales_lines where staff_id = :staff group by day order by day',
        settings: {
          parameters: [{ id: 'staff', label: 'Staff', type: 'choice', target: 'staff', required: true, config: { valueType: 'query', value: 'select id, display_name from staff where not deleted order by id' } }],
        },
      });
      const first = await owner.client.reportEngine.dataSourceParams(LA, ds.id);
      const choices = first.parameters[0]?.choices ?? [];
      expect(choices.length).toBeGreaterThan(0);
      expect(first.parameters[0]?.default).toBe(choices[0]?.value);
      const [added] = await rows<{ id: number }>(server.database.db, sql`insert into staff (business_id, name, full_name) values (${LA}, 'Zed', 'Zed Newcomer') returning id`);
      const second = await owner.client.reportEngine.dataSourceParams(LA, ds.id);
      expect(second.parameters[0]?.choices?.at(-1)).toEqual({ value: added!.id, label: 'Zed Newcomer' });
      const notAChoice = await refusal(owner.client.reportEngine.runDataSource(LA, ds.id, { values: { staff: 999_999 } }));
      expect(notAChoice.issues?.[0]).toEqual({ path: ['values', 'staff'], message: 'Choose one of the choices' });
      const params = await owner.client.reportEngine.params(LA, 'customer_visits');
      expect(params.parameters.map((p) => [p.id, p.default])).toContainEqual(['min_visits', 1]);
    });
  });

  describe('periodreport/{start}/{end}', () => {
    it('gives the prepaid balance and staff sales by visit, in summary and in detail', async () => {
      type Balance = { business_id: number; opening_balance: number; sold: number; redeemed: number; adjusted: number; closing_balance: number };
      const summary = await owner.client.reportEngine.periodReport(LA, range.start, range.end, { type: 'prepaidbalance' });
      expect(summary.result.columns.map((c) => c.key)).not.toContain('day');
      expect(summary.result.columns.map((c) => c.label)).toEqual(['Location', 'Opening balance', 'Sold', 'Redeemed', 'Adjusted, expired and voided', 'Closing balance']);
      expect(summary.result.columns.map((c) => c.label)).not.toContain(FIGURES.giftcards.label);
      const [row] = summary.result.rows as Balance[];
      expect(row!.closing_balance).toBe(row!.opening_balance + row!.sold - row!.redeemed + row!.adjusted);
      expect(row!.sold).toBeGreaterThan(0);
      expect(row!.redeemed).toBeGreaterThan(0);
      const detail = await owner.client.reportEngine.periodReport(LA, range.start, range.end, { type: 'prepaidbalance', detail: true });
      expect(detail.result.rows.at(-1)?.closing_balance).toBe(row!.closing_balance);
      for (const key of ['sold', 'redeemed', 'adjusted'] as const) expect(detail.result.rows.reduce((s, r) => s + (r[key] as number), 0)).toBe(row![key]);
      for (const r of detail.result.rows as Balance[]) expect(r.closing_balance).toBe(r.opening_balance + r.sold - r.redeemed + r.adjusted);

      // One definition of a card balance: the closing balances are what the prepaid area's own query says the cards hold
      // (every location of the network together; a location alone holds its cards whose every entry is there, and its share of the others).
      // (To the network's latest entry: a location east of Los Angeles may be a day ahead.)
      const [latest] = await rows<{ day: string }>(server.database.db, sql`select max(x.day)::text as day from prepaid_ledger x join prepaid_cards c on c.id = x.card_id where c.network_id = 1`);
      const network = (await owner.client.reportEngine.periodReport(LA, range.start, latest!.day, { type: 'prepaidbalance', level: 'network' })).result.rows as Balance[];
      expect(network.map((r) => r.business_id).sort()).toEqual([LA, NY, SM]);
      const cards = await rows<{ id: number; business_id: number; balance: number }>(server.database.db, cardSearchSql([LA, NY, SM], sql`true`, 1_000_000));
      expect(cards.length).toBeGreaterThanOrEqual(demoPrepaidCounts(demoDaysFromEnv()).cards);
      expect(network.reduce((s, r) => s + r.closing_balance, 0)).toBe(cards.reduce((s, c) => s + c.balance, 0));
      const entries = await rows<{ card_id: number; business_id: number; amount: number; kind: CardEntryKind }>(server.database.db, sql`select x.card_id, x.business_id, x.amount, x.kind from prepaid_ledger x join prepaid_cards c on c.id = x.card_id where c.network_id = 1 order by x.id`);
      const byCard = new Map<number, typeof entries>();
      for (const e of entries) byCard.set(e.card_id, [...(byCard.get(e.card_id) ?? []), e]);
      const onlyAt = (location: number) => cards.filter((c) => byCard.get(c.id)?.every((e) => e.business_id === location));
      const elsewhere = (location: number) => entries.filter((e) => e.business_id === location && !byCard.get(e.card_id)?.every((x) => x.business_id === location)).reduce((s, e) => s + e.amount, 0);
      for (const location of [LA, NY, SM]) {
        const own = onlyAt(location);
        expect(own.length).toBeGreaterThan(0);
        for (const c of own.slice(0, 200)) expect(cardBalance(byCard.get(c.id) ?? [])).toBe(c.balance);
        expect(network.find((r) => r.business_id === location)?.closing_balance).toBe(own.reduce((s, c) => s + c.balance, 0) + elsewhere(location));
      }

      // Sold is the tickets' prepaid sales (tickets issue the cards they sell) and the direct sales of cards (loads): over the
      // demo's range, and over days whose only card sales are tickets' (completed through the fixtures, as the point of sale does).
      const [loads] = await rows<{ amount: number }>(server.database.db, sql`select coalesce(sum(amount), 0)::int as amount from prepaid_ledger where business_id = ${LA} and kind = 'LOAD' and day between ${range.start} and ${range.end}`);
      const prepaidSales = FIGURES.giftcards.value(await aggregateRange(server.database.db, LA, range.start, range.end));
      expect(prepaidSales).toBeGreaterThan(0);
      expect(row!.sold).toBe(prepaidSales + (loads?.amount ?? 0));
      const quietDays = { start: '2031-12-04', end: '2031-12-06' };
      await createPaidTicket(server.database.db, LA, 15_000, { day: '2031-12-04', prepaid: { total: 10_000, quantity: 3 } });
      await createPaidTicket(server.database.db, LA, 5_000, { day: '2031-12-06', prepaid: { total: 5_000 } });
      await createPaidTicket(server.database.db, LA, 2_000, { day: '2031-12-05' });
      const [quiet] = (await owner.client.reportEngine.periodReport(LA, quietDays.start, quietDays.end, { type: 'prepaidbalance' })).result.rows as Balance[];
      const quietSales = FIGURES.giftcards.value(await aggregateRange(server.database.db, LA, quietDays.start, quietDays.end));
      expect(quietSales).toBe(15_000);
      expect(quiet!.sold).toBe(quietSales);
      const aggregate = await aggregateRange(server.database.db, LA, range.start, range.end);

      const visits = await owner.client.reportEngine.periodReport(LA, range.start, range.end, { type: 'staffsales/byvisit' });
      expect(visits.result.rows.reduce((s, r) => s + (r.gross_sales as number), 0)).toBe(FIGURES.sales.value(aggregate));
      const each = await owner.client.reportEngine.periodReport(LA, range.start, range.end, { type: 'staffsales/byvisit', detail: true });
      expect(each.result.rows.reduce((s, r) => s + (r.gross_sales as number), 0)).toBe(FIGURES.sales.value(aggregate));
      // The restricted manager, with the gift card reports right: the prepaid balance, of their location only.
      const managers = await manager.client.reportEngine.periodReport(LA, range.start, range.end, { type: 'prepaidbalance', level: 'network' });
      expect(managers.result.rows.map((r) => r.business_id)).toEqual([LA]);
      // Staff sales by visit needs the staff reports right, which they have not.
      expect((await refusal(manager.client.reportEngine.periodReport(LA, range.start, range.end, { type: 'staffsales/byvisit' }))).status).toBe(403);
    });

    it('refuses an unknown type, a backwards or too long range', async () => {
      const cookie = `${SESSION_COOKIE}=${owner.jar.get(SESSION_COOKIE)}`;
      for (const path of [
        `/protected/business/${LA}/periodreport/2026-01-01/2026-01-31?type=payroll`,
        `/protected/business/${LA}/periodreport/2026-01-01/2026-01-31`,
        `/protected/business/${LA}/periodreport/2026-02-01/2026-01-01?type=prepaidbalance`,
        `/protected/business/${LA}/periodreport/2020-01-01/2026-01-01?type=prepaidbalance`,
        `/protected/business/${LA}/periodreport/2026-01-01/2026-01-31?type=prepaidbalance&detail=maybe`,
      ]) {
        expect((await rawRequest(server, path, { headers: { cookie } })).status, path).toBe(400);
      }
    });
  });

  describe('the cube', () => {
    it('is for admins only, with a selected business', async () => {
      const cube = operations.reportEngine.cubePeriodReport;
      const query = { start: range.start, end: range.end, type: 'prepaidbalance', detail: false };
      const ownerError = await refusal(owner.client.proxy.call(cube, LA, { query: { ...query, business: LA } } as never));
      expect([ownerError.status, ownerError.message]).toEqual([403, MESSAGES.cubeAdminOnly]);
      const none = await refusal(admin.client.proxy.call(cube, LA, { query } as never));
      expect([none.status, none.message]).toEqual([400, MESSAGES.noSelectedBusiness]);
      const missing = await refusal(admin.client.proxy.call(cube, LA, { query: { ...query, business: 999_999 } } as never));
      expect(missing.message).toBe(MESSAGES.noSelectedBusiness);
      const report = await admin.client.proxy.call(cube, LA, { query: { ...query, business: KTM } } as never);
      expect(report.result.rows.map((r) => r.business_id)).toEqual([KTM]);
    });
  });

  describe('exports', () => {
    it('stream a report function’s rows to XLSX and CSV with its columns', async () => {
      const values = JSON.stringify({ start_day: range.start, end_day: range.end });
      const e = endpoints.reportEngineExports.customProc;
      const xlsx = await download(server, exportPath(e, { params: { id: LA }, query: { format: 'xlsx', name: 'sales_by_service', values, level: 'business' } }), owner.jar);
      expect(xlsx.status).toBe(200);
      expect(xlsx.headers.get('content-disposition')).toMatch(/luxe-los-angeles_sales-by-service_/);
      const sheet = sheetRows(await readXlsx(xlsx.body));
      const answer = await owner.client.reportEngine.run(LA, 'sales_by_service', { values: { start_day: range.start, end_day: range.end } });
      if (answer.status !== 'done') throw new Error('not done');
      expect(sheet[0]).toEqual(['Location', 'Service', 'Category', 'Quantity', 'Discounts (USD)', 'Gross sales (USD)']);
      expect(sheet.length - 1).toBe(answer.result.rows.length);
      const csv = await readCsv((await download(server, exportPath(e, { params: { id: LA }, query: { format: 'csv', name: 'sales_by_service', values, level: 'business' } }), owner.jar)).body);
      expect(csv.length - 1).toBe(answer.result.rows.length);
      const bad = await download(server, exportPath(e, { params: { id: LA }, query: { format: 'csv', name: 'sales_by_service', values: '{nope', level: 'business' } }), owner.jar);
      expect(bad.status).toBe(400);
    });
  });
});

describe('long runs', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A run of more than 20 rows is a long one here.
    server = await startTestServer({ jobs: { workers: true, pollingIntervalSeconds: 0.5 }, reports: { limits: { queueAboveRows: 20 } } });
  });
  afterAll(() => server.close());

  it('go to the job queue, keep their rows, notify the business room and export', { timeout: 90_000 }, async () => {
    const owner = await signedIn(server, 'owner');
    const { createNotificationStream } = await import('@salondesk/core');
    const { io } = await import('socket.io-client');
    const cookie = `${SESSION_COOKIE}=${owner.jar.get(SESSION_COOKIE)}`;
    const stream = createNotificationStream({
      url: server.baseUrl,
      socket: (url, options) => io(url, { ...options, extraHeaders: { cookie, origin: server.baseUrl } }),
    });
    const received: { kind: string; reportId?: string; body: string }[] = [];
    stream.onAny((n) => received.push(n as never));
    stream.connect();
    try {
      await expect.poll(() => stream.state).toBe('open');
      expect(await stream.subscribeBusiness(LA)).toBe(true);
      const [r] = await rows<{ start: string; end: string }>(server.database.db, sql`select min(day)::text as start, max(day)::text as "end" from saleslogs where business_id = ${LA}`);
      const answer = await owner.client.reportEngine.run(LA, 'staff_visits', { values: { start_day: r!.start, end_day: r!.end } });
      if (answer.status !== 'queued') throw new Error('expected a queued run');
      expect(answer.run.status).toBe('queued');
      const runId = String(answer.run.id);
      await expect.poll(() => received.find((n) => n.reportId === runId), { timeout: 60_000, interval: 200 }).toBeTruthy();
      const note = received.find((n) => n.reportId === runId);
      expect(note?.kind).toBe('reportRunFinished');
      const page = await owner.client.reportEngine.reportRun(LA, answer.run.id, { offset: 0, limit: 1000 });
      expect(page.run.status).toBe('finished');
      const [count] = await rows<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from (select distinct l.queue_id, l.employee_id from saleslogs l join checkouts k on k.id = l.checkout_id and k.voided_at is null where l.business_id = ${LA} and not l.voided and l.day between ${r!.start} and ${r!.end}) x`,
      );
      expect(page.run.row_count).toBe(count!.n);
      expect(note?.body).toContain(`${count!.n.toLocaleString('en-US')} rows`);
      expect(page.rows.length).toBe(Math.min(1000, count!.n));
      const second = await owner.client.reportEngine.reportRun(LA, answer.run.id, { offset: 1000, limit: 5 });
      expect(second.rows).toEqual((await owner.client.reportEngine.reportRun(LA, answer.run.id, { offset: 1000, limit: 1000 })).rows.slice(0, 5));
      const csv = await readCsv(
        (await download(server, exportPath(endpoints.reportEngineExports.reportRun, { params: { id: LA, runId: answer.run.id }, query: { format: 'csv' } }), owner.jar)).body,
      );
      expect(csv.length - 1).toBe(count!.n);
      // Another user's run is not theirs to open.
      const manager = await signedIn(server, 'manager');
      expect((await refusal(manager.client.reportEngine.reportRun(LA, answer.run.id))).status).toBe(404);
    } finally {
      stream.close();
    }
  });
});
