import { CSRF_HEADER, CSRF_HEADER_VALUE, dayInZone, daysBetween, endpoints, entryInstants, isPayPeriodClosed, payPeriods, exportPath, FIGURES, MESSAGES, type PayrollInfo, payrollInfo, TIMESHEET_ACTION } from '@salondesk/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../auth/sessions';
import { staff } from '../../staff/schema';
import { download, readCsv, readXlsx, sheetRows } from '../../test/exports';
import { demoSeededAt, rawRequest, signedIn, startTestServer, type TestServer } from '../../test/harness';
import { rows } from '../../db/executor';
import { aggregateRange } from '../../transactions/sales-from-rollup';
import { timesheetActivity, timesheets } from '../schema';

const LA = 1;
const NY = 2;
const TZ = 'America/Los_Angeles';

/** A clocked-in slot of an LA staff member, wall-clock times in LA (the day is the clock-in's). */
const at = (local: string) => entryInstants(local.slice(0, 10), local.slice(11, 16), local.slice(11, 16), TZ).start;

describe('payroll (payrollinfo/get, /update, payrolldata/withservicedetail)', () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let ana: number;
  let ben: number;
  beforeAll(async () => {
    server = await startTestServer();
    owner = await signedIn(server, 'owner');
    // Two members of this test's own: the demo's staff may be clocked in at whatever hour the demo
    // was made (at work now, or the forgotten clock-out), and these tests clock people in.
    const [network] = await rows<{ network_id: number }>(server.database.db, sql`select network_id from businesses where id = ${LA}`);
    const made = await server.database.db
      .insert(staff)
      .values(['Ana', 'Ben'].map((name) => ({ business_id: LA, network_id: network?.network_id ?? null, name, full_name: `${name} Payrolltest` })))
      .returning({ id: staff.id });
    [ana, ben] = made.map((r) => r.id) as [number, number];
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const activityCount = async () => Number((await rows<{ n: string }>(db(), sql`select count(*) as n from timesheet_activity where business_id = ${LA}`))[0]?.n);
  const settingsOf = (over: Partial<PayrollInfo['settings']> = {}, last: string | null = null): PayrollInfo =>
    payrollInfo.parse({ settings: { ...over }, payrollHourSettings: {}, lastPayoutStartDate: last });
  const post = (path: string, body: unknown) =>
    rawRequest(server, path, {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${owner.jar.get(SESSION_COOKIE)}`, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const get = (path: string) => rawRequest(server, path, { headers: { cookie: `${SESSION_COOKIE}=${owner.jar.get(SESSION_COOKIE)}` } });

  async function slot(employee: number, day: string, from: string, to: string | null) {
    await db()
      .insert(timesheets)
      .values({
        business_id: LA,
        employee_id: employee,
        day,
        clockin_at: at(`${day}T${from}`),
        clockout_at: to === null ? null : at(to.includes('T') ? to : `${day}T${to}`),
        original_clockin: at(`${day}T${from}`),
        original_clockout: to === null ? null : at(to.includes('T') ? to : `${day}T${to}`),
        status: to === null ? 'IN' : 'OUT',
        source: 'manager',
      });
  }

  it('the demo gives every location its own payroll: the period containing today open, the one before closed by the owner', async () => {
    const locations = await rows<{ id: number; timezone: string }>(db(), sql`select id, timezone from businesses order by id`);
    const kinds = new Set<string>();
    for (const location of locations) {
      const info = await owner.client.payroll.info(location.id).catch(async () => (await signedIn(server, 'lotus')).client.payroll.info(location.id));
      kinds.add(info.settings.payPeriod);
      expect(info.settings.breakMinutes, String(location.id)).toBeGreaterThan(0);
      const today = dayInZone(demoSeededAt(), location.timezone);
      const periods = payPeriods(info, today);
      // The period holding today is open, and so is every day from the last payout start on.
      const holding = periods.containing(today);
      expect(isPayPeriodClosed(info, holding), String(location.id)).toBe(false);
      const firstOpen = periods.current;
      expect(firstOpen.start, String(location.id)).toBe(info.lastPayoutStartDate);
      expect(firstOpen.start < today, String(location.id)).toBe(true);
      // The one before was closed by the owner once it had been over for two days (a day to
      // correct forgotten clock-outs): whatever the hour, a closed period and yesterday open.
      const closed = periods.previous(firstOpen);
      expect(isPayPeriodClosed(info, closed)).toBe(true);
      expect(daysBetween(closed.end, today), String(location.id)).toBeGreaterThanOrEqual(2);
      expect(firstOpen.start === holding.start || daysBetween(firstOpen.end, today) <= 2, String(location.id)).toBe(true);
      // Nobody is still clocked in on a closed day: the forgotten clock-out lies in the open period.
      const [open] = await rows<{ n: number }>(db(), sql`select count(*)::int as n from timesheets where business_id = ${location.id} and clockout_at is null and day < ${firstOpen.start}`);
      expect(open?.n, String(location.id)).toBe(0);
      const [closing] = await db().select().from(timesheetActivity).where(and(eq(timesheetActivity.business_id, location.id), eq(timesheetActivity.action, TIMESHEET_ACTION.CLOSE_PERIOD)));
      expect(closing?.reason).toBe(`Days ${closed.start} to ${closed.end}`);
    }
    expect(kinds.size).toBeGreaterThanOrEqual(4);
  });

  it('reads the settings with their defaults and saves them, saying so only when saved', async () => {
    const info = await owner.client.payroll.info(LA);
    expect(payrollInfo.safeParse(info).success).toBe(true);
    const wanted = settingsOf({ breakMinutes: 30, breakThresholdHours: 6, payPeriod: 'weekly' }, info.lastPayoutStartDate);
    wanted.payrollHourSettings = { clockInTime: '09:00', clockOutTime: '18:00', shiftDuration: 510, clockOutGraceMinutes: 20 };
    const answer = await post(`/protected/business/${LA}/payrollinfo/update`, wanted);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: true, message: MESSAGES.payrollUpdated, data: wanted });
    expect(await owner.client.payroll.info(LA)).toEqual(wanted);
    // Another location keeps its own.
    expect((await owner.client.payroll.info(NY)).payrollHourSettings.clockInTime).not.toBe('09:00');
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const before = await owner.client.payroll.info(LA);
    const activity = await activityCount();
    const bad: [unknown, string][] = [
      [{ ...before, settings: { ...before.settings, breakMinutes: -15 } }, 'breakMinutes'],
      [{ ...before, settings: { ...before.settings, breakThresholdHours: 25 } }, 'breakThresholdHours'],
      [{ ...before, settings: { ...before.settings, overtimeWeeklyHours: 0 } }, 'overtimeWeeklyHours'],
      [{ ...before, settings: { ...before.settings, payPeriod: 'fortnightly' } }, 'payPeriod'],
      [{ ...before, payrollHourSettings: { ...before.payrollHourSettings, clockInTime: '25:00' } }, 'clockInTime'],
      [{ ...before, lastPayoutStartDate: '2026-02-30' }, 'lastPayoutStartDate'],
      [{ settings: before.settings, payrollHourSettings: before.payrollHourSettings }, 'lastPayoutStartDate'],
    ];
    for (const [body, field] of bad) {
      const answer = await post(`/protected/business/${LA}/payrollinfo/update`, body);
      expect(answer.status, field).toBe(400);
      expect(answer.body?.status).toBe(false);
      expect(answer.body?.message).not.toBe(MESSAGES.payrollUpdated);
      expect(answer.body?.issues?.some((i) => i.path.includes(field)), field).toBe(true);
    }
    expect(await owner.client.payroll.info(LA)).toEqual(before);
    expect(await activityCount()).toBe(activity);
  });

  it('closes a pay period by moving the last payout start later and reopens it by moving it back, each in the timesheet activity', async () => {
    const base = settingsOf({ payPeriod: 'weekly' }, '2020-03-02');
    await owner.client.payroll.update(LA, base);
    const before = await activityCount();

    const closed = await owner.client.payroll.update(LA, { ...base, lastPayoutStartDate: '2020-03-09' });
    expect(closed.lastPayoutStartDate).toBe('2020-03-09');
    const reopened = await owner.client.payroll.update(LA, { ...base, lastPayoutStartDate: '2020-03-02' });
    expect(reopened.lastPayoutStartDate).toBe('2020-03-02');
    // Saving the same start again is no closing.
    await owner.client.payroll.update(LA, { ...base, settings: { ...base.settings, breakMinutes: 15 } });

    const entries = await db().select().from(timesheetActivity).where(eq(timesheetActivity.business_id, LA)).orderBy(asc(timesheetActivity.id));
    expect(entries).toHaveLength(before + 2);
    expect(entries.slice(-2).map((a) => [a.action, a.day, a.reason, a.user_id === owner.session.user.id])).toEqual([
      [TIMESHEET_ACTION.CLOSE_PERIOD, '2020-03-02', 'Days 2020-03-02 to 2020-03-08', true],
      [TIMESHEET_ACTION.REOPEN_PERIOD, '2020-03-02', 'Days 2020-03-02 to 2020-03-08', true],
    ]);
  });

  it('refuses to close a period that is not over, or while someone is still clocked in on its days: nothing changes and the error says why', async () => {
    const base = settingsOf({ payPeriod: 'weekly' }, '2020-04-06');
    await owner.client.payroll.update(LA, base);
    const activity = await activityCount();
    const future = '2099-01-05';
    await expect(owner.client.payroll.update(LA, { ...base, lastPayoutStartDate: future })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/can be closed only once it is over/),
    });

    await slot(ben, '2020-04-08', '09:00', null);
    await expect(owner.client.payroll.update(LA, { ...base, lastPayoutStartDate: '2020-04-13' })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/still clocked in on days this would close/),
    });
    expect(await owner.client.payroll.info(LA)).toEqual(base);
    expect(await activityCount()).toBe(activity);
    await db().delete(timesheets).where(and(eq(timesheets.employee_id, ben), eq(timesheets.status, 'IN')));
  });

  it('counts hours from clocked-out slots only, across a DST change, with the break day by day and overtime when asked', async () => {
    await owner.client.payroll.update(LA, settingsOf({ breakMinutes: 30, breakThresholdHours: 6, overtimeDailyHours: 8, payPeriod: 'weekly' }, '2020-03-02'));
    await slot(ana, '2020-03-02', '09:00', '18:30'); // 9.5 h: break 0.5, 1 h overtime
    await slot(ana, '2020-03-03', '09:00', '13:00'); // 4 h: under the threshold
    await slot(ana, '2020-03-07', '22:00', '2020-03-08T05:00'); // across midnight and the spring-forward: 6 real hours, counted on the 7th
    await slot(ana, '2020-03-09', '09:00', '17:00'); // outside the range
    await slot(ben, '2020-03-04', '10:00', null); // still clocked in: not paid yet

    const data = await owner.client.payroll.data(LA, '2020-03-02', '2020-03-08');
    const row = data.rows.find((r) => r.employee_id === ana);
    expect(row).toMatchObject({ hours: 19.5, breakHours: 1, hoursAfterBreak: 18.5, overtimeHours: 1, tickets: 0 });
    expect(data.rows.find((r) => r.employee_id === ben)).toMatchObject({ hours: 0, breakHours: 0, hoursAfterBreak: 0 });
    expect(data.totals.hours).toBe(19.5);
    expect(data.info.settings.breakMinutes).toBe(30);

    // A longer break rule changes hours after break at once.
    await owner.client.payroll.update(LA, settingsOf({ breakMinutes: 60, breakThresholdHours: 4, payPeriod: 'weekly' }, '2020-03-02'));
    const again = await owner.client.payroll.data(LA, '2020-03-02', '2020-03-08');
    expect(again.rows.find((r) => r.employee_id === ana)).toMatchObject({ hours: 19.5, breakHours: 3, hoursAfterBreak: 16.5, overtimeHours: 0 });
    await db().delete(timesheets).where(and(eq(timesheets.employee_id, ben), eq(timesheets.status, 'IN')));
  });

  it('gives each staff member the sales, tips and tickets of the sales reports for the same range', async () => {
    const [range] = await rows<{ start: string; end: string }>(db(), sql`select min(day)::text as start, max(day)::text as "end" from saleslogs where business_id = ${LA}`);
    const { start, end } = range as { start: string; end: string };
    const data = await owner.client.payroll.data(LA, start, end);
    const summary = await owner.client.sales.summary(LA, start, end);
    const byFunction = async (name: string) => {
      const answer = await owner.client.reportEngine.run(LA, name, { values: { start_day: start, end_day: end } });
      if (answer.status !== 'done') throw new Error('ran in the queue');
      return answer.result.rows as Record<string, number | string | null>[];
    };
    const salesByStaff = await byFunction('sales_by_staff');
    const tipsByStaff = await byFunction('tips_by_staff');
    const discounts = await rows<{ employee_id: number; discounts: string }>(
      db(),
      sql`select employee_id, sum(discount) as discounts from saleslogs where business_id = ${LA} and day between ${start} and ${end} and not voided and employee_id is not null group by employee_id`,
    );

    const withSales = data.rows.filter((r) => r.salesAfterDiscount !== 0);
    expect(withSales.length).toBeGreaterThan(2);
    for (const staffRow of summary.byStaff.filter((s) => s.employee_id !== null)) {
      const row = data.rows.find((r) => r.employee_id === staffRow.employee_id);
      expect(row, staffRow.name).toBeDefined();
      // The Sales screen's "By staff" (the daily rollups): gross sales and the quantity sold.
      expect(row?.salesAfterDiscount, staffRow.name).toBe(staffRow.total);
      expect((row?.service.quantity ?? 0) + (row?.retail.quantity ?? 0) + (row?.prepaid.quantity ?? 0), staffRow.name).toBe(staffRow.quantity);
      expect(row?.employee_name).toBe(staffRow.name);
    }
    for (const f of salesByStaff.filter((s) => s.staff_id !== null)) {
      const row = data.rows.find((r) => r.employee_id === f.staff_id);
      expect([row?.service.sales, row?.retail.sales, row?.prepaid.sales, row?.salesAfterDiscount]).toEqual([f.service_sales, f.retail_sales, f.prepaid_sales, f.gross_sales]);
      // The service detail adds up to the service sales.
      expect(row?.services.reduce((s, x) => s + x.sales, 0)).toBe(f.service_sales);
      expect(row?.services.reduce((s, x) => s + x.quantity, 0)).toBe(row?.service.quantity);
    }
    for (const t of tipsByStaff.filter((s) => s.staff_id !== null)) {
      const row = data.rows.find((r) => r.employee_id === t.staff_id);
      expect([row?.tickets, row?.tip]).toEqual([t.tickets, t.tips]);
    }
    for (const d of discounts) {
      const row = data.rows.find((r) => r.employee_id === d.employee_id);
      expect((row?.salesBeforeDiscount ?? 0) - (row?.salesAfterDiscount ?? 0)).toBe(Number(d.discounts));
    }
    // Everyone's tips and tickets, with those credited to nobody, are the location's figures.
    const aggregate = await aggregateRange(db(), LA, start, end);
    const unassigned = tipsByStaff.find((t) => t.staff_id === null);
    expect(data.totals.tip + Number(unassigned?.tips ?? 0)).toBe(FIGURES.tips.value(aggregate));
    expect(data.totals.tickets + Number(unassigned?.tickets ?? 0)).toBe(FIGURES.tickets.value(aggregate));
    const unassignedSales = summary.byStaff.find((s) => s.employee_id === null)?.total ?? 0;
    expect(data.totals.salesAfterDiscount + unassignedSales).toBe(FIGURES.sales.value(aggregate));
  });

  it('exports the payroll as CSV and XLSX with the screen’s figures', async () => {
    await owner.client.payroll.update(LA, settingsOf({ breakMinutes: 30, breakThresholdHours: 6, payPeriod: 'weekly' }, '2020-03-02'));
    const data = await owner.client.payroll.data(LA, '2020-03-02', '2020-03-08');
    const row = data.rows.find((r) => r.employee_id === ana);
    const x = endpoints.payrollExports;
    const csv = await readCsv((await download(server, exportPath(x.payroll, { params: { id: LA }, query: { format: 'csv', start: '2020-03-02', end: '2020-03-08' } }), owner.jar)).body);
    expect(csv[0]?.slice(0, 4)).toEqual(['Staff', 'Hours', 'Break', 'Hours after break']);
    expect(csv.find((r) => r[0] === row?.employee_name)?.slice(1, 4)).toEqual([row?.hours, row?.breakHours, row?.hoursAfterBreak].map((h) => (h as number).toFixed(2)));
    const sheet = sheetRows(await readXlsx((await download(server, exportPath(x.payroll, { params: { id: LA }, query: { format: 'xlsx', start: '2020-03-02', end: '2020-03-08' } }), owner.jar)).body));
    expect(sheet.some((r) => r.includes(row?.employee_name) && r.includes(row?.hoursAfterBreak))).toBe(true);
  });

  it('refuses bad ranges, another business and users without the payroll permission', async () => {
    const path = (q: string) => `/protected/business/${LA}/payrolldata/withservicedetail?${q}`;
    for (const q of ['start=2026-02-30&end=2026-03-01', 'start=yesterday&end=2026-03-01', 'start=2026-03-10&end=2026-03-01', 'start=2024-01-01&end=2026-01-01', 'end=2026-03-01']) {
      const answer = await get(path(q));
      expect(answer.status, q).toBe(400);
      expect(answer.body?.status).toBe(false);
    }
    const lotus = await signedIn(server, 'lotus');
    await expect(lotus.client.payroll.info(LA)).rejects.toMatchObject({ status: 403 });
    await expect(lotus.client.payroll.data(LA, '2020-03-02', '2020-03-08')).rejects.toMatchObject({ status: 403 });
    const before = await owner.client.payroll.info(LA);
    await expect(lotus.client.payroll.update(LA, { ...before, lastPayoutStartDate: null })).rejects.toMatchObject({ status: 403 });
    // The demo manager of LA may see its reports but not payroll.
    const manager = await signedIn(server, 'manager');
    await expect(manager.client.payroll.info(LA)).rejects.toMatchObject({ status: 403 });
    await expect(manager.client.payroll.data(LA, '2020-03-02', '2020-03-08')).rejects.toMatchObject({ status: 403 });
    await expect(manager.client.payroll.update(LA, { ...before, lastPayoutStartDate: null })).rejects.toMatchObject({ status: 403 });
    expect(await owner.client.payroll.info(LA)).toEqual(before);
  });
});
