import {
  addDays,
  columnHeader,
  customerOf,
  endpoints,
  exportEndpoints,
  exportPath,
  exportTooWide,
  FIGURES,
  figureValue,
  MESSAGES,
  SAFE_FILE_NAME,
  statusesLabelled,
  tenderLabel,
  transactionStatusLabel,
  type AnyExportEndpoint,
  type ExportColumn,
  type TransactionRow,
} from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTransactions } from '../demo/generate-transactions';
import { download, readCsv, readXlsx, sheetRows } from '../test/exports';
import { signedIn, startTestServer, type TestClient, type TestServer } from '../test/harness';
import { createUserWithoutReports } from '../transactions/fixtures';
import { rows } from '../db/executor';
import { contextOf } from './context';
import { csvFile, type ExportRow, xlsxFile } from './writers';

const LA = 1;
const NY = 2;
const KTM = 4;
const SYDNEY = 5;

const path = (endpoint: AnyExportEndpoint, id: number | null, query: Record<string, string | number | undefined>) =>
  exportPath(endpoint, { ...(id === null ? {} : { params: { id } }), query: query as { format: 'csv' } });

/** Every ticket the transactions list shows over a range: each day's list, as the screen reads it. */
async function listedTickets(client: TestClient['client'], businessId: number, start: string, end: string): Promise<(TransactionRow & { day: string })[]> {
  const days: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) days.push(d);
  const out: (TransactionRow & { day: string })[] = [];
  for (let i = 0; i < days.length; i += 16) {
    const lists = await Promise.all(days.slice(i, i + 16).map((d) => client.transactions.list(businessId, d)));
    // Newest day first, each day newest first: the list's order.
    for (const list of lists) out.push(...list.transactions.map((t) => ({ ...t, day: list.day })));
  }
  return out.sort((a, b) => (a.day === b.day ? 0 : a.day < b.day ? 1 : -1));
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function* batchesOf(rowsToWrite: ExportRow[]): AsyncGenerator<ExportRow[]> {
  yield rowsToWrite;
}

describe('exports', () => {
  let server: TestServer;
  let owner: TestClient;
  let lotus: TestClient;
  /** A year of Harbour Sydney (AUD, Australia/Sydney). */
  let year: { start: string; end: string };

  beforeAll(async () => {
    server = await startTestServer();
    const generated = await generateTransactions(server.database.db, { businessId: SYDNEY, days: 365, perDay: 6, flat: true });
    const [range] = await rows<{ start: string; end: string }>(server.database.db, sql`select min(day)::text as start, max(day)::text as "end" from queue where business_id = ${SYDNEY}`);
    year = { start: generated.startDay, end: range?.end ?? generated.endDay };
    owner = await signedIn(server, 'owner');
    lotus = await signedIn(server, 'lotus');
    await createUserWithoutReports(server.database.db, LA, 'noreports-export');
  }, 120_000);
  afterAll(() => server.close());

  describe('transactions over a range', () => {
    const e = exportEndpoints.transactions;

    it('has every ticket of a year, in the list’s order, as CSV and as XLSX (the whole range, not a page)', { timeout: 180_000 }, async () => {
      const listed = await listedTickets(lotus.client, SYDNEY, year.start, year.end);
      expect(listed.length).toBeGreaterThan(2000);
      const csv = await download(server, path(e, SYDNEY, { format: 'csv', ...year }), lotus.jar);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="harbour-sydney_transactions_${year.start}_${year.end}.csv"`);
      expect(csv.headers.get('cache-control')).toBe('no-store');
      const lines = await readCsv(csv.body);
      expect(lines.length - 1).toBe(listed.length);
      expect(new Set(lines.slice(1).map((l) => Number(l[0])))).toEqual(new Set(listed.map((t) => t.id)));
      // Newest day first.
      const days = lines.slice(1).map((l) => l[1] as string);
      expect(days).toEqual([...days].sort().reverse());

      const xlsx = await download(server, path(e, SYDNEY, { format: 'xlsx', ...year }), lotus.jar);
      expect(xlsx.status).toBe(200);
      expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(xlsx.headers.get('content-disposition')).toBe(`attachment; filename="harbour-sydney_transactions_${year.start}_${year.end}.xlsx"`);
      const sheet = await readXlsx(xlsx.body);
      expect(sheet.name).toBe('Transactions');
      expect(sheet.rowCount - 1).toBe(listed.length);
      expect(sheetRows(sheet).slice(1).map((r) => r[0])).toEqual(lines.slice(1).map((l) => Number(l[0])));
    });

    it('writes the columns with their units, money as numbers in the business’s currency, each value as the list shows it', { timeout: 60_000 }, async () => {
      const day = year.end;
      const listed = await listedTickets(lotus.client, SYDNEY, day, day);
      const context = { currency: 'AUD', currencySymbol: 'A$', timeZone: 'Australia/Sydney' };
      const headers = e.columns.map((c) => columnHeader(c, context));
      expect(headers).toContain('Total (AUD)');
      expect(headers).toContain('Checked in (Australia/Sydney)');

      const lines = await readCsv((await download(server, path(e, SYDNEY, { format: 'csv', start: day, end: day }), lotus.jar)).body);
      expect(lines[0]).toEqual(headers);
      const sheet = await readXlsx((await download(server, path(e, SYDNEY, { format: 'xlsx', start: day, end: day }), lotus.jar)).body);
      const cells = sheetRows(sheet);
      expect(cells[0]).toEqual(headers);
      expect(sheet.getCell('A1').value).toBe('Ticket');
      expect(cells.length).toBe(listed.length + 1);

      const col = (key: string) => e.columns.findIndex((c: ExportColumn) => c.key === key);
      for (const [i, t] of listed.entries()) {
        const line = lines[i + 1] as string[];
        const row = cells[i + 1] as unknown[];
        const customer = customerOf(t.phones);
        expect(Number(line[col('ticket')])).toBe(t.id);
        expect(line[col('day')]).toBe(day);
        expect(line[col('customer')]).toBe(customer.name);
        expect(line[col('staff')]).toBe(t.staff ?? '');
        expect(line[col('status')]).toBe(transactionStatusLabel(t.status));
        expect(line[col('tender')]).toBe(tenderLabel(t));
        expect(line[col('total')]).toBe((t.total / 100).toFixed(2));
        expect(line[col('tips')]).toBe((t.tipamount / 100).toFixed(2));
        // Money is a number of dollars with the currency's format; the ticket is a number.
        expect(row[col('total')]).toBeCloseTo(t.total / 100, 10);
        expect(sheet.getRow(i + 2).getCell(col('total') + 1).numFmt).toBe('"A$"#,##0.00;-"A$"#,##0.00');
        expect(row[col('ticket')]).toBe(t.id);
        // Days and times are dates, as the wall clock read in Sydney.
        expect(row[col('day')]).toEqual(new Date(`${day}T00:00:00Z`));
        const checkin = row[col('checkin_at')] as Date;
        expect(checkin).toBeInstanceOf(Date);
        expect(checkin.toISOString().slice(0, 16).replace('T', ' ')).toBe(line[col('checkin_at')]);
      }
    });

    it('dates a ticket checked in at 23:30 on its local business day, in local time', async () => {
      // 2026-03-12 23:30 in Los Angeles (PDT, UTC−7) is 2026-03-13 06:30 UTC: the UTC day is the next one.
      const [staffRow] = await rows<{ id: number }>(server.database.db, sql`select id from staff where business_id = ${LA} order by id limit 1`);
      const [ticket] = await rows<{ id: number }>(
        server.database.db,
        sql`insert into queue (business_id, status, day, checkin_at, serviced_by) values (${LA}, 'CHECKIN', '2026-03-12', '2026-03-13T06:30:00Z', ${staffRow?.id ?? null}) returning id`,
      );
      const id = ticket?.id as number;
      const csv = await readCsv((await download(server, path(e, LA, { format: 'csv', start: '2026-03-12', end: '2026-03-12' }), owner.jar)).body);
      const line = csv.find((l) => Number(l[0]) === id) as string[];
      expect(line[1]).toBe('2026-03-12');
      expect(line[2]).toBe('2026-03-12 23:30');
      const sheet = sheetRows(await readXlsx((await download(server, path(e, LA, { format: 'xlsx', start: '2026-03-12', end: '2026-03-12' }), owner.jar)).body));
      const row = sheet.find((r) => r[0] === id) as unknown[];
      expect(row[1]).toEqual(new Date('2026-03-12T00:00:00Z'));
      expect(row[2]).toEqual(new Date('2026-03-12T23:30:00Z'));
      const next = await readCsv((await download(server, path(e, LA, { format: 'csv', start: '2026-03-13', end: '2026-03-13' }), owner.jar)).body);
      expect(next.some((l) => Number(l[0]) === id)).toBe(false);
    });

    it('searches and filters as the list does', async () => {
      // The newest day of the last week with a completed ticket of a customer (the last day may have begun
      // minutes ago, with no such ticket yet).
      const listed = await listedTickets(lotus.client, SYDNEY, addDays(year.end, -6), year.end);
      const someone = listed.find((t) => customerOf(t.phones).phone !== null && statusesLabelled('Completed').includes(t.status));
      expect(someone).toBeDefined();
      const day = someone!.day;
      const word = customerOf(someone!.phones).name.split(' ')[0] as string;
      // The list's own search (transactions/search), every page, in its default order (newest first).
      const expected: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await lotus.client.transactions.search(SYDNEY, { start: day, end: day, q: word, status: 'Completed', limit: 100, ...(cursor ? { cursor } : {}) });
        expected.push(...page.transactions.map((t) => t.id));
        cursor = page.next ?? undefined;
      } while (cursor);
      expect(expected.every((id) => listed.some((t) => t.id === id && statusesLabelled('Completed').includes(t.status)))).toBe(true);
      const csv = await readCsv((await download(server, path(e, SYDNEY, { format: 'csv', start: day, end: day, q: word, status: 'Completed' }), lotus.jar)).body);
      expect(csv.slice(1).map((l) => Number(l[0]))).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
    });

    it('stops when the client goes away mid-file, and goes on serving', async () => {
      for (const format of ['csv', 'xlsx'] as const) {
        const controller = new AbortController();
        const cookie = `sd_session=${lotus.jar.get('sd_session')}`;
        const response = await fetch(`${server.baseUrl}${path(e, SYDNEY, { format, ...year })}`, { headers: { cookie }, signal: controller.signal });
        expect(response.status).toBe(200);
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        expect((await reader.read()).done).toBe(false);
        controller.abort();
        await reader.cancel().catch(() => undefined);
      }
      const again = await download(server, path(e, SYDNEY, { format: 'csv', start: year.end, end: year.end }), lotus.jar);
      expect(again.status).toBe(200);
      expect((await readCsv(again.body)).length).toBeGreaterThan(1);
    });

    it('refuses bad parameters with a clear 400, before any file', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ start: year.start, end: year.end }, 'format'],
        [{ format: 'pdf', start: year.start, end: year.end }, 'format'],
        [{ format: 'csv', start: year.end, end: year.start }, 'end'],
        [{ format: 'csv', start: '2020-01-01', end: '2024-01-01' }, 'end'],
        [{ format: 'csv', start: '2026-02-30', end: '2026-03-01' }, 'start'],
        [{ format: 'csv', start: year.start, end: year.end, status: 'Paid' }, 'status'],
      ];
      for (const [query, field] of cases) {
        const response = await download(server, path(e, SYDNEY, query), lotus.jar);
        expect(response.status, JSON.stringify(query)).toBe(400);
        expect(response.headers.get('content-disposition')).toBeNull();
        const body = JSON.parse(response.body.toString()) as { status: boolean; message: string; issues: { path: string[]; message: string }[] };
        expect(body.status).toBe(false);
        expect(body.issues.some((i) => i.path.includes(field) && i.message.length > 0), JSON.stringify(body)).toBe(true);
      }
    });

    it('is refused to whoever may not see the list: no session, another business, no report permission', async () => {
      const query = { format: 'csv', start: year.end, end: year.end };
      expect((await download(server, path(e, SYDNEY, query), null)).status).toBe(401);
      const other = await download(server, path(e, SYDNEY, query), owner.jar);
      expect(other.status).toBe(403);
      expect(other.body.toString()).not.toContain('Harbour');
      const manager = await signedIn(server, 'manager');
      expect((await download(server, path(e, NY, query), manager.jar)).status).toBe(403);
      const noReports = await signedIn(server, 'noreports-export');
      const refused = await download(server, path(e, LA, query), noReports.jar);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body.toString())).toMatchObject({ status: false, message: MESSAGES.noBusinessPermission });
      // The same user's staff list export is allowed, as the staff list is.
      expect((await download(server, path(exportEndpoints.staff, LA, { format: 'csv' }), noReports.jar)).status).toBe(200);
      expect((await download(server, path(exportEndpoints.settingTypes, null, { format: 'csv' }), owner.jar)).status).toBe(403);
    });
  });

  describe('reports and lists', () => {
    const csvOf = async (endpoint: AnyExportEndpoint, id: number | null, query: Record<string, string | number | undefined>, client: TestClient) => {
      const response = await download(server, path(endpoint, id, query), client.jar);
      expect(response.status, response.body.toString().slice(0, 200)).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+"$/);
      expect(/filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1]).toMatch(SAFE_FILE_NAME);
      return readCsv(response.body);
    };

    it('sales by staff, by item and by day hold the summary’s figures under the same labels', async () => {
      const summary = await lotus.client.sales.summary(SYDNEY, year.start, year.end);
      const byStaff = await csvOf(exportEndpoints.salesByStaff, SYDNEY, { format: 'csv', ...year }, lotus);
      expect(byStaff[0]).toEqual(['Staff', 'Quantity', `${FIGURES.sales.label} (AUD)`]);
      expect(byStaff.slice(1)).toEqual(summary.byStaff.map((r) => [r.name, String(r.quantity), (r.total / 100).toFixed(2)]));
      const byItem = await csvOf(exportEndpoints.salesByItem, SYDNEY, { format: 'csv', ...year }, lotus);
      // Every item, not only the summary's top ten.
      expect(byItem.length - 1).toBeGreaterThan(summary.topItems.length);
      expect(byItem.slice(1, summary.topItems.length + 1).map((r) => r[1])).toEqual(summary.topItems.map((t) => t.name));
      const itemTotal = byItem.slice(1).reduce((s, r) => s + Math.round(Number(r[3]) * 100), 0);
      expect(itemTotal).toBe(summary.totals.sales);
      const byDay = await csvOf(exportEndpoints.salesByDay, SYDNEY, { format: 'csv', ...year }, lotus);
      const net = byDay[0]?.indexOf(`${FIGURES.net.label} (AUD)`) as number;
      expect(net).toBeGreaterThan(0);
      expect(byDay.slice(1).reduce((s, r) => s + Math.round(Number(r[net]) * 100), 0)).toBe(figureValue('net', summary.totals));
    });

    it('aggregate sales has each location in its own currency, with the screen’s figures', async () => {
      const report = await lotus.client.sales.aggregate(KTM, year.start, year.end);
      const csv = await csvOf(exportEndpoints.aggregateSales, KTM, { format: 'csv', ...year }, lotus);
      expect(csv[0]?.slice(0, 4)).toEqual(['Location', 'Currency', 'Tickets', `${FIGURES.sales.label} (local currency)`]);
      expect(csv.slice(1).map((r) => [r[0], r[1]])).toEqual([
        ['Lotus Kathmandu', 'NPR'],
        ['Harbour Sydney', 'AUD'],
      ]);
      const netAt = csv[0]?.indexOf(`${FIGURES.net.label} (local currency)`) as number;
      expect(csv.slice(1).map((r) => Math.round(Number(r[netAt]) * 100))).toEqual(report.locations.map((l) => figureValue('net', l.totals)));
    });

    it('the staff list, the monthly report and the catalogue are the screens’ lists', async () => {
      const staff = await owner.client.staff.list(LA);
      const csv = await csvOf(exportEndpoints.staff, LA, { format: 'csv' }, owner);
      expect(csv.slice(1).map((r) => r[0])).toEqual(staff.map((m) => m.display_name));
      const withDeleted = await owner.client.staff.list(LA, { includeDeleted: true });
      expect((await csvOf(exportEndpoints.staff, LA, { format: 'csv', deleted: '1' }, owner)).length - 1).toBe(withDeleted.length);

      const [month] = await rows<{ y: number; m: number }>(server.database.db, sql`select extract(year from now())::int as y, extract(month from now())::int as m`);
      const report = await owner.client.staff.monthlyReport(LA, month?.y as number, month?.m as number);
      const monthly = await csvOf(exportEndpoints.staffMonthlyReport, LA, { format: 'csv', year: month?.y, month: month?.m }, owner);
      expect(monthly.slice(1).map((r) => [r[0], Number(r[1]), Math.round(Number(r[5]) * 100)])).toEqual(report.rows.map((r) => [r.name, r.appointments, r.revenue]));

      const catalogue = await owner.client.catalogue.list(LA);
      const items = catalogue.flatMap((c) => [...c.services.map((s) => s.name), ...c.products.map((p) => p.name)]);
      expect((await csvOf(exportEndpoints.catalogue, LA, { format: 'csv' }, owner)).slice(1).map((r) => r[2])).toEqual(items);
    });

    it('admins export the transaction history (every entry of the range) and the platform lists; nobody else', { timeout: 60_000 }, async () => {
      const admin = await signedIn(server, 'admin');
      const history = await admin.client.transactions.history(SYDNEY, year.start, year.end);
      expect(history.total).toBeGreaterThan(history.pageSize);
      const csv = await csvOf(exportEndpoints.transactionHistory, SYDNEY, { format: 'csv', ...year }, admin);
      expect(csv.length - 1).toBe(history.total);
      expect(csv.slice(1, 51).map((r) => Number(r[2]))).toEqual(history.entries.map((h) => h.queue_id));
      const refunds = await admin.client.transactions.history(SYDNEY, year.start, year.end, { action: 'REFUND' });
      expect((await csvOf(exportEndpoints.transactionHistory, SYDNEY, { format: 'csv', ...year, action: 'REFUND' }, admin)).length - 1).toBe(refunds.total);
      expect((await download(server, path(exportEndpoints.transactionHistory, 999, { format: 'csv', ...year }), admin.jar)).status).toBe(404);
      expect((await download(server, path(exportEndpoints.transactionHistory, SYDNEY, { format: 'csv', ...year }), lotus.jar)).status).toBe(403);

      const types = await admin.client.settings.listTypes();
      expect((await csvOf(exportEndpoints.settingTypes, null, { format: 'csv' }, admin)).slice(1).map((r) => r[0])).toEqual(types.map((t) => t.name));
      const system = await csvOf(exportEndpoints.systemSettings, null, { format: 'csv' }, admin);
      expect(system[0]).toEqual(['Key', 'Value (JSON)', 'Updated (UTC)']);
      const notes = await csvOf(exportEndpoints.notifications, null, { format: 'csv' }, admin);
      expect(notes[0]).toEqual(['When (UTC)', 'Title', 'Message', 'From', 'Read']);
      for (const endpoint of [exportEndpoints.settingTypes, exportEndpoints.systemSettings, exportEndpoints.notifications]) {
        expect((await download(server, path(endpoint, null, { format: 'csv' }), owner.jar)).status).toBe(403);
        const xlsx = await download(server, path(endpoint, null, { format: 'xlsx' }), admin.jar);
        expect(xlsx.status).toBe(200);
        expect((await readXlsx(xlsx.body)).name).toBe(endpoint.title);
      }
    });
  });

  describe('the 52-column limit (spec 000 §9: a to az)', () => {
    const context = contextOf({ info: { currency: 'USD' }, timezone: 'America/Los_Angeles' } as never);
    const columns = (n: number): ExportColumn[] => Array.from({ length: n }, (_, i) => ({ key: `c${i}`, label: `Column ${i + 1}`, kind: i % 2 ? 'money' : 'text' }));
    const row = (n: number): ExportRow => Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${i}`, i % 2 ? i * 100 : `v${i}`]));

    it('writes 52 columns, the last one in az', async () => {
      const sheet = await readXlsx(await streamToBuffer(xlsxFile({ title: 'Wide', columns: columns(52), context }, batchesOf([row(52)]))));
      expect(sheet.columnCount).toBe(52);
      expect(sheet.getCell('AZ1').value).toBe('Column 52 (USD)');
      expect(sheet.getCell('AZ2').value).toBe(51);
      const csv = await readCsv(await streamToBuffer(csvFile({ title: 'Wide', columns: columns(52), context }, batchesOf([row(52)]))));
      expect(csv[0]).toHaveLength(52);
    });

    it('refuses a 53rd column with the catalogue’s message', () => {
      expect(() => xlsxFile({ title: 'Too wide', columns: columns(53), context }, batchesOf([row(53)]))).toThrow(exportTooWide(53));
      expect(() => csvFile({ title: 'Too wide', columns: columns(53), context }, batchesOf([row(53)]))).toThrow(exportTooWide(53));
    });
  });

  it('keeps text a spreadsheet would run as a formula as text, and negative amounts as numbers', async () => {
    const context = { currency: 'USD', currencySymbol: '$', timeZone: 'UTC' };
    const columns: ExportColumn[] = [
      { key: 'name', label: 'Name', kind: 'text' },
      { key: 'amount', label: 'Amount', kind: 'money' },
    ];
    const csv = (await streamToBuffer(csvFile({ title: 'T', columns, context }, batchesOf([{ name: '=HYPERLINK("http://x")', amount: -1250 }, { name: 'Ana, Ruiz', amount: 5 }])))).toString();
    expect(csv).toBe('\uFEFFName,Amount (USD)\r\n"\'=HYPERLINK(""http://x"")",-12.50\r\n"Ana, Ruiz",0.05\r\n');
  });

  it('every export of core is served', () => {
    const served = new Set(server.app.salondeskRoutes.map((r) => r.endpoint.name));
    for (const endpoint of Object.values(endpoints.exports)) expect(served.has(endpoint.name), endpoint.name).toBe(true);
  });
});
