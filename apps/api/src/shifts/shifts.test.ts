import { ApiError, CSRF_HEADER, CSRF_HEADER_VALUE, DENOMINATIONS, type DenominationLine, DRAWER_EVENT, endpoints, exportPath, MESSAGES, type Shift, shiftCloseNeedsManager } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/sessions';
import { download, readCsv, readXlsx, sheetRows } from '../test/exports';
import { demoSeededAt, rawRequest, refusal, signedIn, startTestServer, type TestServer } from '../test/harness';
import { createPaidTicket } from '../transactions/fixtures';
import { rows } from '../db/executor';

const LA = 1;
const OTHER = 2;

/** A count of `cents` in a currency's notes and coins, largest first (1¢ coins finish any amount of USD). */
const countOf = (cents: number): DenominationLine[] => {
  const lines: DenominationLine[] = [];
  let left = cents;
  for (const d of DENOMINATIONS.USD) {
    const n = Math.floor(left / d.value);
    if (n > 0) lines.push({ key: d.key, count: n });
    left -= n * d.value;
  }
  return lines;
};

describe('cash-drawer shifts (shifts, shift/…, drawerlog, finance/…, shiftsettings)', () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  /** Luxe Los Angeles's restricted manager: transaction reports, no `setting.editsetting` (a cashier, for the drawer). */
  let cashier: Awaited<ReturnType<typeof signedIn>>;
  let staffLA: number[];
  let staffOther: number;
  beforeAll(async () => {
    server = await startTestServer();
    owner = await signedIn(server, 'owner');
    cashier = await signedIn(server, 'manager');
    staffLA = (await rows<{ id: number }>(db(), sql`select id from staff where business_id = ${LA} and deleted_at is null order by id limit 3`)).map((r) => r.id);
    staffOther = (await rows<{ id: number }>(db(), sql`select id from staff where business_id = ${OTHER} and deleted_at is null order by id limit 1`))[0]?.id as number;
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const openShifts = async (b: number) => Number((await rows<{ n: string }>(db(), sql`select count(*) as n from shifts where business_id = ${b} and status = 'OPEN'`))[0]?.n);
  const logCount = async (shiftId: number) => Number((await rows<{ n: string }>(db(), sql`select count(*) as n from drawer_log where shift_id = ${shiftId}`))[0]?.n);
  const post = (who: { jar: Map<string, string> }, path: string, body: unknown) =>
    rawRequest(server, path, {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${who.jar.get(SESSION_COOKIE)}`, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const getRaw = (who: { jar: Map<string, string> }, path: string) => rawRequest(server, path, { headers: { cookie: `${SESSION_COOKIE}=${who.jar.get(SESSION_COOKIE)}` } });

  /** The expected amount worked out by hand from the shift's parts. */
  const byHand = (s: Shift) => s.starting_balance + (s.figures.cash_sales ?? 0) + s.finances.reduce((sum, f) => sum + (f.isDebit ? -f.amount : f.amount), 0);

  let shiftId: number;

  it('the demo gives every location a closed shift for each day of sales against each day’s cash sales, with Over and Short days and one blind location', async () => {
    const perLocation = await rows<{ business_id: number; shifts: string; over: string; short: string; open: string; drops: string; paidouts: string; blind: boolean }>(
      db(),
      sql`select b.id as business_id, count(s.id) as shifts, count(*) filter (where s.balanced = 'Over') as over, count(*) filter (where s.balanced = 'Short') as short,
            count(*) filter (where s.status = 'OPEN') as open,
            (select count(*) from shift_finances f where f.business_id = b.id and f.category = 'CASHDROP') as drops,
            (select count(*) from shift_finances f where f.business_id = b.id and f.category = 'PAIDOUT') as paidouts,
            coalesce(d.blind_close, false) as blind
          from businesses b left join shifts s on s.business_id = b.id left join drawer_settings d on d.business_id = b.id
          group by b.id, d.blind_close order by b.id`,
    );
    expect(perLocation.length).toBeGreaterThanOrEqual(5);
    // The tests' demo has `SALONDESK_DEMO_DAYS` (10) days: a shift for each day with sales but the
    // demo's today (the day it was made, in each location's zone).
    const seededAt = demoSeededAt().toISOString();
    for (const l of perLocation) {
      const [salesDays] = await rows<{ n: string }>(
        db(),
        sql`select count(*) as n from sales_daily d join businesses b on b.id = d.business_id
            where d.business_id = ${l.business_id} and d.day < (${seededAt}::timestamptz at time zone b.timezone)::date and d.day >= (${seededAt}::timestamptz at time zone b.timezone)::date - ${Number(process.env.SALONDESK_DEMO_DAYS ?? 10)}::int`,
      );
      expect(Number(l.shifts), String(l.business_id)).toBe(Number(salesDays?.n));
      expect(Number(l.shifts)).toBeGreaterThan(5);
      expect(Number(l.over), `over ${l.business_id}`).toBeGreaterThan(0);
      expect(Number(l.short), `short ${l.business_id}`).toBeGreaterThan(0);
      expect(Number(l.open)).toBe(0);
      expect(Number(l.drops), `drops ${l.business_id}`).toBeGreaterThan(3);
      expect(Number(l.paidouts), `paid-outs ${l.business_id}`).toBeGreaterThan(0);
    }
    expect(perLocation.filter((l) => l.blind).map((l) => l.business_id)).toEqual([OTHER]);
    // Each closed shift froze its day's cash sales, as the sales summary gives them.
    const mismatched = await rows<{ n: string }>(
      db(),
      sql`select count(*) as n from shifts s join shift_attributes a on a.shift_id = s.id and a.key = 'salescash'
          join sales_daily d on d.business_id = s.business_id and d.day = s.day where (a.value)::int <> d.cash`,
    );
    expect(Number(mismatched[0]?.n)).toBe(0);
    // A month of the report: each row's expected is its parts' sum, and counted − expected its difference.
    const [lastDay] = await rows<{ day: string }>(db(), sql`select max(day)::text as day from shifts where business_id = ${LA}`);
    const monthStart = `${lastDay?.day.slice(0, 8)}01`;
    const report = await owner.client.shifts.list(LA, monthStart, lastDay?.day as string);
    expect(report.rows.length).toBeGreaterThan(0);
    for (const r of report.rows) {
      expect(r.expected).toBe(r.starting_balance + (r.cash_sales as number) + r.finances);
      expect(r.difference).toBe((r.counted as number) - (r.expected as number));
      expect(r.state).toBe(r.difference === 0 ? 'Balanced' : (r.difference as number) > 0 ? 'Over' : 'Short');
    }
    const one = report.rows.at(-1);
    const log = await owner.client.shifts.drawerLog(LA, one?.id as number);
    const close = log.entries.at(-1);
    expect(close).toMatchObject({ event: 'close', counted: one?.counted, difference: one?.difference });
    expect(log.entries.at(-2)?.expected).toBe(one?.expected);
  });

  it('opens a drawer with a count by denomination; the suggestion is what the last shift left; bad counts change nothing', async () => {
    expect(await openShifts(LA)).toBe(0);
    const current = await owner.client.shifts.current(LA);
    expect(current.shift).toBeNull();
    const [last] = await rows<{ closing_balance: number | null }>(db(), sql`select closing_balance from shifts where business_id = ${LA} and status = 'CLOSED' order by closed_at desc limit 1`);
    expect(current.lastbalance).toBe(last?.closing_balance ?? null);
    expect(current.suggested_starting_balance).toBe(last?.closing_balance ?? (await owner.client.shifts.settings(LA)).defaultFloat);

    for (const denominations of [[{ key: 'n2000', count: -1 }], [{ key: 'c1', count: 1.5 }], [{ key: 'n999', count: 1 }], [{ key: 'n2000', count: 1 }, { key: 'n2000', count: 1 }]]) {
      const r = await post(owner, `/protected/business/${LA}/shift/open`, { cashier: staffLA[0], denominations });
      expect(r.status, JSON.stringify(denominations)).toBe(400);
    }
    const mismatch = await post(owner, `/protected/business/${LA}/shift/open`, { cashier: staffLA[0], denominations: countOf(20000), starting_balance: 19999 });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body?.issues?.[0]?.message).toBe(MESSAGES.shiftCountMismatch);
    const notOurs = await post(owner, `/protected/business/${LA}/shift/open`, { cashier: staffOther });
    expect(notOurs.status).toBe(400);
    expect(await openShifts(LA)).toBe(0);

    const opened = await cashier.client.shifts.open(LA, { cashier: staffLA[0] as number, denominations: countOf(20_050) });
    shiftId = opened.id;
    expect(opened).toMatchObject({ status: 'OPEN', starting_balance: 20_050, closing_balance: null, balanced: null, currency: 'USD' });
    expect(opened.attributes.denominations).toEqual({ currency: 'USD', lines: countOf(20_050), total: 20_050 });
    expect(opened.attributes.cashier).toBe(staffLA[0]);
    expect(opened.attributes.lastbalance).toBe(current.lastbalance);
    expect(opened.staff[0]?.role).toBe('cashier');

    const again = await refusal(owner.client.shifts.open(LA, { cashier: staffLA[1] as number }));
    expect([again.status, again.message]).toEqual([409, MESSAGES.shiftAlreadyOpen]);
    expect((await owner.client.shifts.current(LA)).shift?.id).toBe(shiftId);
  });

  it('adds, changes and removes finances with a reason; bad input and another business’s shift change nothing', async () => {
    const paidOut = await cashier.client.shifts.addFinance(LA, { shift_id: shiftId, category: 'PAIDOUT', amount: 1_250, description: 'Milk and coffee' });
    expect(paidOut).toMatchObject({ category: 'PAIDOUT', type: 'DEBIT', isDebit: true, amount: 1_250, description: 'Milk and coffee', shift_id: shiftId });
    const paidIn = await cashier.client.shifts.addFinance(LA, { shift_id: shiftId, category: 'PAIDIN', amount: 5_000, description: 'Change from the bank' });
    expect(paidIn).toMatchObject({ type: 'CREDIT', isDebit: false });
    const tip = await cashier.client.shifts.addFinance(LA, { shift_id: shiftId, category: 'TIPOUT', amount: 800, description: 'Cash tips', employee_id: staffLA[1] as number });
    expect(tip.employee_name).toBeTruthy();

    const before = await logCount(shiftId);
    for (const body of [
      { shift_id: shiftId, category: 'PAIDOUT', amount: -5, description: 'x' },
      { shift_id: shiftId, category: 'PAIDOUT', amount: 0, description: 'x' },
      { shift_id: shiftId, category: 'PAIDOUT', amount: 10.5, description: 'x' },
      { shift_id: shiftId, category: 'PAIDOUT', amount: 100, description: '   ' },
      { shift_id: shiftId, category: 'REFUND', amount: 100, description: 'x' },
      { shift_id: shiftId, category: 'PAIDOUT', amount: 100, description: 'x', employee_id: staffOther },
    ]) {
      const r = await post(owner, `/protected/business/${LA}/finance/add`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    // A finance on another business's shift: the shift is not found there; nothing is added.
    const elsewhere = await post(owner, `/protected/business/${OTHER}/finance/add`, { shift_id: shiftId, category: 'PAIDOUT', amount: 100, description: 'x' });
    expect([elsewhere.status, elsewhere.body?.message]).toEqual([404, MESSAGES.shiftNotFound]);
    const otherUpdate = await post(owner, `/protected/business/${OTHER}/finance/${paidOut.id}/update`, { amount: 1, description: 'x' });
    expect(otherUpdate.status).toBe(404);
    const otherGet = await getRaw(owner, `/protected/business/${OTHER}/shift/${shiftId}/get`);
    expect(otherGet.status).toBe(404);
    expect(await logCount(shiftId)).toBe(before);

    const changed = await cashier.client.shifts.updateFinance(LA, paidOut.id, { amount: 1_500, description: 'The receipt said 15.00' });
    expect(changed.amount).toBe(1_500);
    await cashier.client.shifts.deleteFinance(LA, tip.id, 'Paid by card instead');
    const gone = await refusal(cashier.client.shifts.updateFinance(LA, tip.id, { amount: 1, description: 'x' }));
    expect(gone.status).toBe(404);

    const s = await owner.client.shifts.get(LA, shiftId);
    expect(s.finances.map((f) => [f.category, f.amount])).toEqual([
      ['PAIDOUT', 1_500],
      ['PAIDIN', 5_000],
    ]);
    expect(s.figures).toMatchObject({ paid_out: 1_500, paid_in: 5_000, tip_out: 0, finances: 3_500 });
  });

  it('takes the day’s cash sales from the sales figures, and the drawer log sums to the expected amount', async () => {
    const before = await owner.client.shifts.get(LA, shiftId);
    const summary = await owner.client.sales.summary(LA, before.day, before.day);
    expect(before.figures.cash_sales).toBe(summary.tender.cash);
    await createPaidTicket(db(), LA, 4_321);
    const s = await owner.client.shifts.get(LA, shiftId);
    expect(s.figures.cash_sales).toBe((before.figures.cash_sales ?? 0) + 4_321);
    expect(s.figures.expected).toBe(byHand(s));

    const log = await owner.client.shifts.drawerLog(LA, shiftId);
    expect(log.hidden).toBe(false);
    expect(log.entries.map((e) => e.event)).toEqual(['open', 'finance-add', 'finance-add', 'finance-add', 'finance-update', 'finance-delete', 'sales']);
    expect(log.entries.reduce((sum, e) => sum + (e.amount ?? 0), 0)).toBe(s.figures.expected);
    expect(log.entries.at(-1)?.expected).toBe(s.figures.expected);
    expect(log.entries[0]?.user_name).toBe('Marco Reyes');
    expect(log.entries.find((e) => e.event === 'finance-delete')?.description).toBe('Paid by card instead');
  });

  it('closes with a count by denomination and a cash drop: Short by the difference, figures frozen, a second close told', async () => {
    const open = await owner.client.shifts.get(LA, shiftId);
    const expected = open.figures.expected as number;
    const counted = expected - 137; // 1.37 short
    const closed = await cashier.client.shifts.close(LA, shiftId, { closingdenominations: countOf(counted), cashdrop: 10_000, notes: 'Busy day' });
    expect(closed).toMatchObject({ status: 'CLOSED', balanced: 'Short', closing_balance: counted - 10_000 });
    expect(closed.figures).toMatchObject({ state: 'Short', difference: -137, counted: counted - 10_000, cash_drop: 10_000, expected: expected - 10_000 });
    expect(closed.attributes).toMatchObject({ cashatclosing: counted, cashoffset: -137, salescash: open.figures.cash_sales, notes: 'Busy day' });
    expect(closed.attributes.closingdenominations?.total).toBe(counted);

    // A sale after the close does not change the closed shift.
    await createPaidTicket(db(), LA, 999);
    const later = await owner.client.shifts.get(LA, shiftId);
    expect(later.figures).toEqual(closed.figures);

    const twice = await refusal(owner.client.shifts.close(LA, shiftId, { cashatclosing: 1 }));
    expect([twice.status, twice.message]).toEqual([409, MESSAGES.shiftAlreadyClosed]);
    const finance = await refusal(owner.client.shifts.addFinance(LA, { shift_id: shiftId, category: 'PAIDOUT', amount: 100, description: 'Late' }));
    expect([finance.status, finance.message]).toEqual([409, MESSAGES.shiftClosedFinances]);
    const drop = closed.finances.find((f) => f.category === 'CASHDROP');
    expect(drop).toBeTruthy();
    expect((await refusal(owner.client.shifts.deleteFinance(LA, drop?.id as number, 'x'))).status).toBe(409);

    const report = await owner.client.shifts.list(LA, closed.day, closed.day);
    const row = report.rows.find((r) => r.id === shiftId);
    expect(row).toMatchObject({ state: 'Short', difference: -137, cashier: closed.staff[0]?.name, status: 'CLOSED' });
    expect(row?.duration_minutes).toBeGreaterThanOrEqual(0);
  });

  it('reopens only by a manager, with a reason the log shows; then of 10 closes at once exactly one succeeds', async () => {
    const refused = await refusal(cashier.client.shifts.reopen(LA, shiftId, 'Recount'));
    expect(refused.status).toBe(403);
    const noReason = await post(owner, `/protected/business/${LA}/shift/${shiftId}/reopen`, { reason: ' ' });
    expect(noReason.status).toBe(400);

    const reopened = await owner.client.shifts.reopen(LA, shiftId, 'A $20 note was in the safe bag');
    expect(reopened).toMatchObject({ status: 'OPEN', closing_balance: null, balanced: null, reopened: 1 });
    expect(reopened.attributes.cashoffset).toBeNull();
    const notClosed = await refusal(owner.client.shifts.reopen(LA, shiftId, 'again'));
    expect([notClosed.status, notClosed.message]).toEqual([409, MESSAGES.shiftNotClosed]);

    const log = await owner.client.shifts.drawerLog(LA, shiftId);
    const events = log.entries.map((e) => e.event);
    expect(events.slice(-5)).toEqual(['finance-add', 'sales', 'close', 'reopen', 'sales']);
    const reopen = log.entries.find((e) => e.event === DRAWER_EVENT.REOPEN);
    expect(reopen).toMatchObject({ description: 'A $20 note was in the safe bag', user_name: 'Olivia Laurent' });
    const close = log.entries.find((e) => e.event === DRAWER_EVENT.CLOSE);
    expect(close).toMatchObject({ difference: -137 });
    expect(log.entries.at(-1)?.expected).toBe(reopened.figures.expected);

    const expected = reopened.figures.expected as number;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? owner : cashier).client.shifts.close(LA, shiftId, { cashatclosing: expected + 10_000, cashdrop: 10_000 })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refusedAll = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok.length).toBe(1);
    expect(refusedAll.map((r) => (r.reason as ApiError).status)).toEqual(Array(9).fill(409));
    expect(refusedAll.every((r) => (r.reason as ApiError).message === MESSAGES.shiftAlreadyClosed)).toBe(true);
    const closes = await rows<{ n: string }>(db(), sql`select count(*) as n from drawer_log where shift_id = ${shiftId} and event = 'close'`);
    expect(Number(closes[0]?.n)).toBe(2);
    const final = await owner.client.shifts.get(LA, shiftId);
    expect(final.figures).toMatchObject({ state: 'Balanced', difference: 0 });
    // The cash drop was already 100.00: the close changed nothing of it.
    expect(final.finances.filter((f) => f.category === 'CASHDROP').map((f) => f.amount)).toEqual([10_000]);
  });

  it('applies the cash-drop rule at closing: 0 removes the cash drop; past the threshold only a manager closes, with a note', async () => {
    await owner.client.shifts.updateSettings(LA, { defaultFloat: 15_000, differenceThreshold: 500, blindClose: false });
    const s = await cashier.client.shifts.open(LA, { cashier: staffLA[1] as number });
    expect(s.starting_balance).toBe((await rows<{ c: number }>(db(), sql`select closing_balance as c from shifts where id = ${shiftId}`))[0]?.c);
    await cashier.client.shifts.addFinance(LA, { shift_id: s.id, category: 'CASHDROP', amount: 3_000, description: 'Midday drop' });
    const twice = await refusal(cashier.client.shifts.addFinance(LA, { shift_id: s.id, category: 'CASHDROP', amount: 1, description: 'x' }));
    expect([twice.status, twice.message]).toEqual([409, MESSAGES.shiftCashDropTwice]);
    const now = await owner.client.shifts.get(LA, s.id);
    const expectedWithoutDrop = (now.figures.expected as number) + 3_000;

    // 60.00 over, past the 5.00 threshold: the cashier is refused, and nothing changed (the drop is still there).
    const logBefore = await logCount(s.id);
    const refused = await refusal(cashier.client.shifts.close(LA, s.id, { cashatclosing: expectedWithoutDrop + 6_000, cashdrop: 0 }));
    expect([refused.status, refused.message]).toEqual([403, shiftCloseNeedsManager('$5.00')]);
    expect(await logCount(s.id)).toBe(logBefore);
    expect((await owner.client.shifts.get(LA, s.id)).figures.cash_drop).toBe(3_000);
    const noNote = await post(owner, `/protected/business/${LA}/shift/${s.id}/update`, { cashatclosing: expectedWithoutDrop + 6_000, cashdrop: 0 });
    expect(noNote.status).toBe(400);
    expect(noNote.body?.issues?.[0]?.path).toEqual(['body', 'notes']);

    const closed = await owner.client.shifts.close(LA, s.id, { cashatclosing: expectedWithoutDrop + 6_000, cashdrop: 0, notes: 'Found a tip jar', cashiers_added: [staffLA[2] as number] });
    expect(closed.finances.some((f) => f.category === 'CASHDROP')).toBe(false);
    expect(closed.figures).toMatchObject({ state: 'Over', difference: 6_000, cash_drop: 0 });
    expect(closed.staff.map((m) => m.role)).toEqual(['cashier', 'added at closing']);
    const log = await owner.client.shifts.drawerLog(LA, s.id);
    expect(log.entries.filter((e) => e.event === 'finance-delete').map((e) => [e.amount, e.description])).toEqual([[3_000, 'Cash drop at closing']]);
    await owner.client.shifts.updateSettings(LA, { defaultFloat: 15_000, differenceThreshold: null, blindClose: false });
  });

  it('under blind close never sends the expected amount before the count is saved; the difference after', async () => {
    const settings = await owner.client.shifts.settings(OTHER);
    await owner.client.shifts.updateSettings(OTHER, { ...settings, blindClose: true });
    const openNow = await rows<{ id: number }>(db(), sql`select id from shifts where business_id = ${OTHER} and status = 'OPEN'`);
    const s = openNow[0] ? await owner.client.shifts.get(OTHER, openNow[0].id) : await owner.client.shifts.open(OTHER, { cashier: staffOther });
    await createPaidTicket(db(), OTHER, 2_500);
    await owner.client.shifts.addFinance(OTHER, { shift_id: s.id, category: 'PAIDOUT', amount: 700, description: 'Stamps' });

    const hiddenFigures = { expected: null, cash_sales: null, difference: null, hidden: true };
    expect((await owner.client.shifts.get(OTHER, s.id)).figures).toMatchObject(hiddenFigures);
    expect((await owner.client.shifts.current(OTHER)).shift?.figures).toMatchObject(hiddenFigures);
    const report = await owner.client.shifts.list(OTHER, s.day, s.day);
    expect(report.rows.find((r) => r.id === s.id)).toMatchObject(hiddenFigures);
    const log = await owner.client.shifts.drawerLog(OTHER, s.id);
    expect(log.hidden).toBe(true);
    expect(log.entries.every((e) => e.expected === null)).toBe(true);
    expect(log.entries.filter((e) => e.event === 'sales').every((e) => e.amount === null)).toBe(true);
    // Nowhere in what was sent is there an expected amount or cash sales figure.
    for (const path of [`shift/${s.id}/get`, 'shift/current', `drawerlog/${s.id}`, `shifts?start=${s.day}&end=${s.day}`]) {
      const raw = await getRaw(owner, `/protected/business/${OTHER}/${path}`);
      expect(raw.status).toBe(200);
      expect(raw.text, path).not.toMatch(/"(expected|cash_sales|difference)":-?\d/);
    }

    const closed = await owner.client.shifts.close(OTHER, s.id, { cashatclosing: 1_000, cashdrop: 0, notes: 'Blind count' });
    expect(closed.figures.hidden).toBe(false);
    expect(closed.figures.expected).toBe(byHand(closed));
    expect(closed.figures.difference).toBe(closed.figures.counted! - closed.figures.expected!);
    expect((await owner.client.shifts.drawerLog(OTHER, s.id)).entries.at(-1)).toMatchObject({ event: 'close', difference: closed.figures.difference });
  });

  it('exports the shift report as CSV and XLSX, row for row as the screen lists it', async () => {
    const [range] = await rows<{ first: string; last: string }>(db(), sql`select min(day)::text as first, max(day)::text as last from shifts where business_id = ${LA}`);
    const query = { start: range?.first as string, end: range?.last as string };
    const report = await owner.client.shifts.list(LA, query.start, query.end);
    const x = endpoints.shiftExports.report;
    const csv = await readCsv((await download(server, exportPath(x, { params: { id: LA }, query: { format: 'csv', ...query } }), owner.jar)).body);
    expect(csv[0]?.map((h) => h.replace(/ \(.*\)$/, ''))).toEqual(x.columns.map((c) => c.label));
    expect(csv.length - 1).toBe(report.rows.length);
    const short = report.rows.find((r) => r.state === 'Short');
    expect(short).toBeTruthy();
    expect(csv.some((r) => r[0] === short?.day && r.at(-1) === 'Short' && r.at(-2) === ((short?.difference as number) / 100).toFixed(2))).toBe(true);
    const sheet = sheetRows(await readXlsx((await download(server, exportPath(x, { params: { id: LA }, query: { format: 'xlsx', ...query } }), owner.jar)).body));
    expect(sheet.some((r) => r.includes('Short'))).toBe(true);
    const refused = await download(server, exportPath(x, { params: { id: LA }, query: { format: 'csv', ...query } }), null);
    expect(refused.status).toBe(401);
  });

  it('gives one drawer when devices open at once; the others are told', async () => {
    expect(await openShifts(LA)).toBe(0);
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => (i % 2 === 0 ? owner : cashier).client.shifts.open(LA, { cashier: staffLA[0] as number })));
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => [(r.reason as ApiError).status, (r.reason as ApiError).message]);
    expect(refused).toEqual(Array(4).fill([409, MESSAGES.shiftAlreadyOpen]));
    expect(await openShifts(LA)).toBe(1);
  });

  it('checks ranges, ids and settings', async () => {
    const badRange = await getRaw(owner, `/protected/business/${LA}/shifts?start=2026-02-01&end=2026-01-01`);
    expect(badRange.status).toBe(400);
    const tooLong = await getRaw(owner, `/protected/business/${LA}/shifts?start=2024-01-01&end=2026-01-01`);
    expect(tooLong.status).toBe(400);
    expect((await getRaw(owner, `/protected/business/${LA}/shift/99999999/get`)).status).toBe(404);
    expect((await getRaw(owner, `/protected/business/${LA}/drawerlog/99999999`)).status).toBe(404);
    const settings = await post(cashier, `/protected/business/${LA}/shiftsettings/update`, { defaultFloat: 1, differenceThreshold: null, blindClose: false });
    expect(settings.status).toBe(403);
    const negative = await post(owner, `/protected/business/${LA}/shiftsettings/update`, { defaultFloat: -1, differenceThreshold: null, blindClose: false });
    expect(negative.status).toBe(400);
  });
});
