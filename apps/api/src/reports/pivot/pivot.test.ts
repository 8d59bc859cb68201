import { createHash } from 'node:crypto';
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  exportEndpoints,
  exportPath,
  MESSAGES,
  type PivotConfiguration,
  type PivotPage,
  type PivotRun,
  endpoints,
  createNotificationStream,
  PIVOT_ROW_KIND,
  type PivotReport,
  pivotGrid,
} from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashStoredPassword } from '../../auth/password';
import { DEMO_PASSWORD } from '../../demo/accounts';
import { SALES_BY_STAFF_AND_MONTH, SALES_LINES_SOURCE_NAME } from '../../demo/seed-pivots';
import { download, readCsv, readXlsx, sheetRows } from '../../test/exports';
import { SESSION_COOKIE } from '../../auth/sessions';
import { type Envelope, signedIn, startTestServer, type TestServer } from '../../test/harness';
import { rows } from '../../db/executor';
import { createUserWithoutReports } from '../../transactions/fixtures';
import { withReportSource } from '../engine/runner';
import { runPivot } from './engine';

const LA = 1;

/** A pivot's page answered now (not queued). */
function done(run: PivotRun): PivotPage {
  if (run.status !== 'done') throw new Error('expected the pivot now, not queued');
  return run.result;
}

/** The rows of a whole pivot, page after page. */
async function everyPage(load: (page: number) => Promise<PivotPage>): Promise<PivotPage[]> {
  const pages = [await load(1)];
  const count = Math.ceil((pages[0]?.rowCount ?? 0) / (pages[0]?.pageSize ?? 1));
  for (let page = 2; page <= count; page++) pages.push(await load(page));
  return pages;
}

describe('pivot reports', () => {
  let server: TestServer;
  let report: PivotReport;
  let sourceId: number;
  /** Gross sales of each month in Los Angeles this year (the demo pivot's range), read straight from the sales lines. */
  let expected: { month: string; total: number }[];

  beforeAll(async () => {
    server = await startTestServer();
    const { client } = await signedIn(server, 'owner');
    const reports = await client.reports.listPivot(LA);
    report = reports.find((r) => r.title === SALES_BY_STAFF_AND_MONTH) as PivotReport;
    const [source] = await rows<{ id: number }>(server.database.db, sql`select id from data_sources where name = ${SALES_LINES_SOURCE_NAME}`);
    sourceId = (source as { id: number }).id;
    expected = await rows(
      server.database.db,
      sql`select to_char(l.day, 'YYYY-MM') as month, sum(l.total)::int as total
        from saleslogs l
        where l.business_id = ${LA} and not l.voided
          and l.day between date_trunc('year', now() at time zone 'America/Los_Angeles')::date and (now() at time zone 'America/Los_Angeles')::date
        group by 1`,
    );
  });
  afterAll(() => server.close());

  it('runs the demo pivot: gross sales by staff × month, a subtotal per staff member, the grand total of every line', async () => {
    const { client } = await signedIn(server, 'owner');
    expect(report.configuration).toMatchObject({ rows: ['staff', 'kind'], columns: ['month'], subtotals: true, grandTotals: true });
    const run = await client.pivot.run(LA, report.id, { pageSize: 1000 });
    expect(run.report.id).toBe(report.id);
    const grid = pivotGrid(done(run));
    const total = grid.rows.find((r) => r.kind === PIVOT_ROW_KIND.TOTAL);
    const totalColumn = grid.columns.findIndex((c) => c.total);
    expect(total?.values[totalColumn]).toBe(expected.reduce((s, e) => s + e.total, 0));
    expect(total?.values[totalColumn]).toBeGreaterThan(0);
    // Each month's total column is what the sales lines of that month add up to.
    for (const [i, column] of grid.columns.entries()) {
      if (column.total) continue;
      const month = column.key[0] as string;
      expect(total?.values[i], month).toBe(expected.filter((e) => e.month === month).reduce((s, e) => s + e.total, 0));
    }
    // A staff member's subtotal is the sum of their kinds, column by column.
    const subtotals = grid.rows.filter((r) => r.kind === PIVOT_ROW_KIND.SUBTOTAL);
    expect(subtotals.length).toBeGreaterThan(1);
    for (const subtotal of subtotals) {
      const cells = grid.rows.filter((r) => r.kind === PIVOT_ROW_KIND.CELLS && r.key[0] === subtotal.key[0]);
      subtotal.values.forEach((value, i) => {
        const parts = cells.map((c) => c.values[i]).filter((v): v is number => typeof v === 'number');
        expect(value).toBe(parts.length ? parts.reduce((s, v) => s + v, 0) : null);
      });
    }
    expect(grid.rows.filter((r) => r.kind === PIVOT_ROW_KIND.SUBTOTAL).map((r) => r.headings[1])).toEqual(subtotals.map(() => 'Total'));
  });

  it('pages by rows without changing a figure: every page together is the whole pivot', async () => {
    const { client } = await signedIn(server, 'owner');
    const whole = done(await client.pivot.run(LA, report.id, { pageSize: 1000 }));
    const pages = await everyPage(async (page) => done(await client.pivot.run(LA, report.id, { page, pageSize: 4 })));
    expect(pages.length).toBe(Math.ceil(whole.rowCount / 4));
    for (const page of pages) expect(page.rowCount).toBe(whole.rowCount);
    expect(pages.flatMap((p) => pivotGrid(p).rows)).toEqual(pivotGrid(whole).rows);
    // A page past the last is empty, not an error.
    const after = await client.pivot.run(LA, report.id, { page: pages.length + 1, pageSize: 4 });
    expect(done(after).entries).toEqual([]);
  });

  it('previews a configuration not yet saved, over a data source or a report function', async () => {
    const { client } = await signedIn(server, 'owner');
    const configuration: PivotConfiguration = {
      source: { kind: 'datasource', id: sourceId },
      params: {},
      rows: [],
      columns: [],
      values: [
        { field: 'gross_sales', aggregate: 'sum' },
        { field: 'quantity', aggregate: 'count' },
        { field: 'gross_sales', aggregate: 'avg' },
      ],
      subtotals: true,
      grandTotals: true,
    };
    const page = await client.pivot.preview(LA, configuration);
    expect(page.entries).toHaveLength(1);
    const [sum, count, avg] = page.entries[0]?.values as number[];
    expect(sum).toBe(expected.reduce((s, e) => s + e.total, 0));
    expect(avg).toBeCloseTo((sum as number) / (count as number), 6);
    expect(page.values.map((v) => v.label)).toEqual(['Sum of Gross sales', 'Count of Quantity', 'Average of Gross sales']);
    expect(page.values.map((v) => v.format)).toEqual(['money', 'number', 'money']);

    const byStaff = await client.pivot.preview(LA, {
      source: { kind: 'function', name: 'sales_by_staff' },
      params: { start_day: '2000-01-01', end_day: '2099-12-31' },
      rows: ['staff'],
      columns: [],
      values: [{ field: 'gross_sales', aggregate: 'sum' }],
    });
    const [all] = await rows<{ total: number }>(server.database.db, sql`select sum(total)::int as total from saleslogs where business_id = ${LA} and not voided`);
    expect(byStaff.entries.find((e) => e.row.length === 0)?.values[0]).toBe(all?.total);
  });

  it('lists the sources a pivot can read, and the fields and parameters of each', async () => {
    const { client } = await signedIn(server, 'owner');
    const sources = await client.pivot.sources(LA);
    expect(sources.dataSources.map((s) => s.name)).toContain(SALES_LINES_SOURCE_NAME);
    expect(sources.functions.map((f) => f.name)).toContain('sales_by_staff');
    const fields = await client.pivot.fields(LA, { kind: 'datasource', id: sourceId });
    expect(fields.columns.map((c) => [c.key, c.format])).toEqual([
      ['staff', 'text'],
      ['month', 'text'],
      ['day', 'day'],
      ['kind', 'text'],
      ['item', 'text'],
      ['quantity', 'number'],
      ['gross_sales', 'money'],
    ]);
    expect(fields.parameters.map((p) => p.id)).toEqual(['start_day', 'end_day']);
    const fn = await client.pivot.fields(LA, { kind: 'function', name: 'tips_by_staff' });
    expect(fn.columns.map((c) => c.key)).toContain('tip_rate');
  });

  it('refuses bad input with a clear message and runs nothing', async () => {
    const owner = await signedIn(server, 'owner');
    const { client } = owner;
    const base: PivotConfiguration = {
      source: { kind: 'datasource', id: sourceId },
      params: {},
      rows: ['staff'],
      columns: ['month'],
      values: [{ field: 'gross_sales', aggregate: 'sum' }],
      subtotals: true,
      grandTotals: true,
    };
    await expect(client.pivot.preview(LA, { ...base, rows: ['password_hash'] })).rejects.toMatchObject({
      status: 400,
      issues: [{ path: ['configuration', 'rows', 0], message: 'The source has no field password_hash' }],
    });
    await expect(client.pivot.preview(LA, { ...base, values: [{ field: 'staff', aggregate: 'avg' }] })).rejects.toMatchObject({
      status: 400,
      issues: [{ path: ['configuration', 'values', 0, 'aggregate'], message: 'Average cannot be taken of Staff' }],
    });
    await expect(client.pivot.preview(LA, { ...base, columns: ['staff'] })).rejects.toMatchObject({ status: 400, issues: [{ message: 'Staff is already on the rows or columns' }] });
    await expect(client.pivot.preview(LA, { ...base, params: { start_day: 'yesterday-ish' } })).rejects.toMatchObject({ status: 400 });
    await expect(client.pivot.preview(LA, { ...base, source: { kind: 'datasource', id: 999_999 } })).rejects.toMatchObject({ status: 404 });
    await expect(client.pivot.preview(LA, { ...base, source: { kind: 'function', name: 'pg_sleep' } })).rejects.toMatchObject({ status: 404 });
    // Refused by the request's schema before anything runs.
    for (const body of [
      { configuration: { ...base, rows: ['staff"; drop table users; --'] } },
      { configuration: { ...base, values: [] } },
      { configuration: { ...base, rows: ['a', 'b', 'c', 'd'], columns: ['e', 'f', 'g'] } },
      { configuration: base, pageSize: 0 },
      { configuration: base, page: -1 },
    ]) {
      const response = await owner.fetch(`${server.baseUrl}/protected/business/${LA}/pivotreport/preview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as Envelope).status).toBe(false);
    }
    await expect(client.pivot.run(LA, 999_999)).rejects.toMatchObject({ status: 404 });
    await expect(client.pivot.fields(LA, { kind: 'function', name: 'no_such_function' })).rejects.toMatchObject({ status: 404 });
    await expect(client.pivot.fields(LA, { kind: 'datasource', id: 999_999 })).rejects.toMatchObject({ status: 404 });
    for (const query of ['kind=datasource&source=sales_lines', 'kind=datasource&source=99999999999', 'kind=function&source=1abc', 'kind=table&source=users']) {
      const response = await owner.fetch(`${server.baseUrl}/protected/business/${LA}/pivotreport/fields?${query}`);
      expect(response.status, query).toBe(400);
    }
  });

  it('keeps to who may see the report: the catalogue’s visibility rule and the permission', async () => {
    // A user with custom reports who neither created it nor has it in acl.custom does not see it.
    const hash = await hashStoredPassword(createHash('sha256').update(DEMO_PASSWORD, 'utf8').digest('hex'));
    const acl = { blocks: ['reporting'], units: { reporting: ['customreport'] }, restrictions: [], multiLocation: false, custom: [] };
    const [user] = await rows<{ id: number }>(
      server.database.db,
      sql`insert into users (role, acl, fullname, email, username, password_hash)
          values ('STAFF', ${JSON.stringify(acl)}::jsonb, 'Pivot Viewer', 'pivotviewer@example.com', 'pivotviewer', ${hash}) returning id`,
    );
    await server.database.db.execute(sql`insert into user_businesses (user_id, business_id) values (${user?.id}, ${LA})`);
    const viewer = await signedIn(server, 'pivotviewer');
    await expect(viewer.client.pivot.run(LA, report.id)).rejects.toMatchObject({ status: 404 });
    // The restricted manager runs the custom reports given to them; this pivot is none of them.
    const manager = await signedIn(server, 'manager');
    await expect(manager.client.pivot.run(LA, report.id)).rejects.toMatchObject({ status: 404 });
    // Without the custom-report permission, nothing at all.
    await createUserWithoutReports(server.database.db, LA, 'nocustomreports');
    const staff = await signedIn(server, 'nocustomreports');
    await expect(staff.client.pivot.run(LA, report.id)).rejects.toMatchObject({ status: 403, message: MESSAGES.noBusinessPermission });
    await expect(staff.client.pivot.preview(LA, report.configuration)).rejects.toMatchObject({ status: 403 });
    await expect(staff.client.pivot.sources(LA)).rejects.toMatchObject({ status: 403 });
  });

  it('exports the pivot as its viewer lays it out, subtotals and totals in place (CSV and XLSX)', async () => {
    const owner = await signedIn(server, 'owner');
    const grid = pivotGrid(done(await owner.client.pivot.run(LA, report.id, { pageSize: 1000 })));
    const path = (format: 'csv' | 'xlsx') => exportPath(exportEndpoints.pivotReport, { params: { id: LA, reportId: report.id }, query: { format } });

    const csvFile = await download(server, path('csv'), owner.jar);
    expect(csvFile.status).toBe(200);
    expect(csvFile.headers.get('content-disposition')).toMatch(/luxe-los-angeles_sales-by-staff-and-month_\d{4}-\d{2}-\d{2}\.csv/);
    const csv = await readCsv(csvFile.body);
    expect(csv[0]?.slice(0, 3)).toEqual(['Staff', 'Kind', `${grid.columns[0]?.label} (USD)`]);
    expect(csv.length).toBe(grid.rows.length + 1);
    const subtotal = grid.rows.findIndex((r) => r.kind === PIVOT_ROW_KIND.SUBTOTAL);
    const line = csv[subtotal + 1] as string[];
    expect(line.slice(0, 2)).toEqual(grid.rows[subtotal]?.headings);
    const totalColumn = grid.columns.findIndex((c) => c.total);
    expect(Number(line[2 + totalColumn])).toBe((grid.rows[subtotal]?.values[totalColumn] as number) / 100);

    const xlsxFile = await download(server, path('xlsx'), owner.jar);
    expect(xlsxFile.status).toBe(200);
    const sheet = sheetRows(await readXlsx(xlsxFile.body));
    expect(sheet.length).toBe(grid.rows.length + 1);
    expect(sheet[subtotal + 1]?.[2 + totalColumn]).toBe((grid.rows[subtotal]?.values[totalColumn] as number) / 100);
    const last = sheet[sheet.length - 1] as unknown[];
    expect(last[0]).toBe('Grand total');

    // The same rule as the run: a report the user does not see is no file.
    const manager = await signedIn(server, 'manager');
    expect((await download(server, path('csv'), manager.jar)).status).toBe(404);
  });
});

describe('long pivots', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Every pivot run is a long one here: its statement is stopped after 1 ms and queued.
    server = await startTestServer({ jobs: { workers: true, pollingIntervalSeconds: 0.5 }, reports: { limits: { queueAfterMs: 1 } } });
  });
  afterAll(() => server.close());

  it('go to the job queue, are computed whole, notify the business room, and their kept rows are the grid', { timeout: 90_000 }, async () => {
    const owner = await signedIn(server, 'owner');
    const report = (await owner.client.reports.listPivot(LA)).find((r) => r.title === SALES_BY_STAFF_AND_MONTH) as PivotReport;
    const { io } = await import('socket.io-client');
    const cookie = `${SESSION_COOKIE}=${owner.jar.get(SESSION_COOKIE)}`;
    const stream = createNotificationStream({ url: server.baseUrl, socket: (url, options) => io(url, { ...options, extraHeaders: { cookie, origin: server.baseUrl } }) });
    const received: { kind: string; reportId?: string; body: string }[] = [];
    stream.onAny((n) => received.push(n as never));
    stream.connect();
    try {
      await expect.poll(() => stream.state).toBe('open');
      expect(await stream.subscribeBusiness(LA)).toBe(true);
      const answer = await owner.client.pivot.run(LA, report.id);
      if (answer.status !== 'queued') throw new Error('expected a queued pivot');
      expect(answer.report.id).toBe(report.id);
      const runId = String(answer.run.id);
      await expect.poll(() => received.find((n) => n.reportId === runId), { timeout: 60_000, interval: 200 }).toBeTruthy();
      expect(received.find((n) => n.reportId === runId)?.kind).toBe('reportRunFinished');
      const kept = await owner.client.reportEngine.reportRun(LA, answer.run.id, { offset: 0, limit: 1000 });
      expect(kept.run.status).toBe('finished');
      // The kept rows are the pivot's grid, computed in the same way as a page answered now.
      const [business] = await rows<{ id: number; network_id: number | null; timezone: string }>(server.database.db, sql`select id, network_id, timezone from businesses where id = ${LA}`);
      const whole = await withReportSource({ db: server.database.db, business: business as { id: number; network_id: number | null; timezone: string }, now: () => new Date() }, report.configuration.source, report.configuration.params, (tx, relation, columns) =>
        runPivot(tx, relation, columns, report.configuration, null),
      );
      const grid = pivotGrid(whole);
      expect(kept.run.row_count).toBe(grid.rows.length);
      expect(kept.run.columns.map((c) => c.label)).toEqual(['Staff', 'Kind', ...grid.columns.map((c) => c.label)]);
      const subtotal = grid.rows.findIndex((r) => r.kind === PIVOT_ROW_KIND.SUBTOTAL);
      expect(kept.rows[subtotal]).toMatchObject({ r0: grid.rows[subtotal]?.headings[0], r1: 'Total' });
      expect(kept.rows.at(-1)).toMatchObject({ r0: 'Grand total' });
      // Its export is the engine's export of a kept run.
      const csv = await readCsv((await download(server, exportPath(endpoints.reportEngineExports.reportRun, { params: { id: LA, runId: answer.run.id }, query: { format: 'csv' } }), owner.jar)).body);
      expect(csv.length - 1).toBe(kept.run.row_count);
    } finally {
      stream.close();
    }
  });
});
