import fs from 'node:fs/promises';
import { addDays, overtimeLookbackStart, payrollEmployees, payrollSettings } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { openDatabase } from '../src/db/client';
import { makeTempDataDir, startEmbeddedPostgres } from '../src/db/embedded';
import { generateTransactions } from '../src/demo/generate-transactions';
import { payrollHours, payrollReport, payrollSales } from '../src/payroll/payroll/report';
import { payrollSettingsTable } from '../src/payroll/schema';
import { readPayrollInfo } from '../src/payroll/settings';
import { closeReportPool } from '../src/reports/engine/pool';
import { freePort, spawnMain, waitForHealth } from '../src/test/spawn-main';
import { median, timeRuns } from './timing';

/**
 * Payroll for 50 staff over a year of timesheets and tickets (figures only, never pass/fail):
 * `payrolldata/withservicedetail`'s work (`payrollReport`: clocked-out slots through core's
 * timesheet figures — break day by day, daily and weekly overtime — and the sales, tips, tickets
 * and service detail from the sales report functions), and its two parts, beside, in the same run
 * and on the same data, a plain SQL sum of the same hours (`sum(clockout_at - clockin_at)` per
 * staff member: no break, no overtime, no days). The timesheets (about five shifts a week each)
 * are written in SQL here; the tickets by the demo's generator. Each is run once to warm up, then
 * BENCH_PAYROLL_RUNS times (5): the median and the fastest are printed.
 * Options (env): BENCH_PAYROLL_PER_DAY (500 tickets a day), BENCH_DAYS (365), BENCH_PAYROLL_RUNS (5).
 */
const PER_DAY = Number(process.env.BENCH_PAYROLL_PER_DAY ?? 500);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const RUNS = Number(process.env.BENCH_PAYROLL_RUNS ?? 5);
const STAFF = 50;
const BUSINESS = 1;

const ms = (n: number) => `${n.toFixed(1).padStart(8)} ms`;

export async function payrollBench(): Promise<void> {
  const dataDir = await makeTempDataDir('salondesk-bench-payroll-');
  const logger = pino({ level: 'warn' });
  try {
    console.log(`\nPayroll for ${STAFF} staff over ${DAYS} days of timesheets and ${PER_DAY.toLocaleString('en-US')} tickets a day at one location`);
    // A data folder with the demo accounts and locations, no demo sales.
    const first = spawnMain(dataDir, await freePort(), { SALONDESK_DEMO_DAYS: '0' });
    await waitForHealth(first, 120_000);
    first.child.kill('SIGTERM');
    await first.exited;
    const postgres = await startEmbeddedPostgres({ dataDir, logger });
    const database = openDatabase(postgres.url, { max: 2 });
    const db = database.db;
    try {
      // Exactly 50 active staff members at the location.
      await db.execute(sql`insert into staff (business_id, network_id, name, full_name, status, "order")
        select b.id, b.network_id, 'Bench ' || g, 'Bench Member ' || g, 'ACTIVE', 100 + g
        from businesses b, generate_series(1, greatest(0, ${STAFF} - (select count(*) from staff where business_id = ${BUSINESS} and status = 'ACTIVE' and deleted_at is null))::int) g
        where b.id = ${BUSINESS}`);
      const generated = await generateTransactions(db, { businessId: BUSINESS, days: DAYS, perDay: PER_DAY, flat: true, customers: 2000 });
      const { startDay: start, endDay: end } = generated;

      // A year of timesheets: about five shifts a week each, clock-in 08:30–09:29 local, 5 to 10 hours, all clocked out.
      await db.execute(sql`delete from timesheets where business_id = ${BUSINESS}`);
      await db.execute(sql`insert into timesheets (business_id, employee_id, day, clockin_at, clockout_at, original_clockin, original_clockout, status, source)
        select s.business_id, s.id, d.day, x.clockin, x.clockin + make_interval(mins => 300 + abs(hashtext(s.id || '/' || d.day || '/out')) % 300),
          x.clockin, x.clockin + make_interval(mins => 300 + abs(hashtext(s.id || '/' || d.day || '/out')) % 300), 'OUT', 'demo'
        from staff s
        join businesses b on b.id = s.business_id
        cross join lateral (select g::date as day from generate_series(${start}::date, ${end}::date, interval '1 day') g) d
        cross join lateral (select ((d.day + time '08:30') + make_interval(mins => abs(hashtext(s.id || '/' || d.day)) % 60)) at time zone b.timezone as clockin) x
        where s.business_id = ${BUSINESS} and s.status = 'ACTIVE' and s.deleted_at is null and abs(hashtext(s.id || ':' || d.day)) % 7 < 5`);
      await db
        .insert(payrollSettingsTable)
        .values({ business_id: BUSINESS, settings: payrollSettings.parse({ breakMinutes: 30, breakThresholdHours: 6, overtimeDailyHours: 8, overtimeWeeklyHours: 40 }) })
        .onConflictDoUpdate({ target: payrollSettingsTable.business_id, set: { settings: payrollSettings.parse({ breakMinutes: 30, breakThresholdHours: 6, overtimeDailyHours: 8, overtimeWeeklyHours: 40 }) } });
      await db.execute(sql`analyze timesheets, staff, saleslogs, checkouts`);

      const [business] = (await db.execute(sql`select id, network_id, timezone from businesses where id = ${BUSINESS}`)).rows as { id: number; network_id: number | null; timezone: string }[];
      if (!business) throw new Error('no business');
      const context = { db, business, businesses: [BUSINESS], now: () => new Date() };
      const info = await readPayrollInfo(db, BUSINESS);

      const time = (what: () => Promise<unknown>) => timeRuns(what, RUNS);
      const sqlSum = () =>
        db.execute(sql`select employee_id, sum(extract(epoch from clockout_at - clockin_at)) / 3600 as hours
          from timesheets where business_id = ${BUSINESS} and status = 'OUT' and day between ${start} and ${end} group by employee_id`);
      const staffList = (await db.execute(sql`select id from staff where business_id = ${BUSINESS}`)).rows as { id: number }[];
      const hoursOnly = async () => {
        const hours = await payrollHours(context, business, overtimeLookbackStart(start, info.settings), end);
        return payrollEmployees({ start, end, staff: staffList.map((s) => ({ employee_id: s.id, employee_name: String(s.id) })), hours, sales: new Map(), settings: info.settings });
      };

      const report = await payrollReport(context, business, start, end);
      const full = await time(() => payrollReport(context, business, start, end));
      const hours = await time(hoursOnly);
      const sales = await time(() => payrollSales(context, start, end));
      const baseline = await time(sqlSum);
      // One pay period of two weeks at the end of the year, as the screen opens it.
      const periodStart = addDays(end, -13);
      const period = await time(() => payrollReport(context, business, periodStart, end));

      const plain = ((await sqlSum()).rows as { hours: string }[]).reduce((s, r) => s + Number(r.hours), 0);
      const [counts] = (await db.execute(sql`select (select count(*) from timesheets where business_id = ${BUSINESS})::int as slots,
          (select count(*) from saleslogs where business_id = ${BUSINESS} and not voided)::int as lines`)).rows as { slots: number; lines: number }[];
      console.log(
        `  ${report.rows.length} staff, ${counts?.slots.toLocaleString('en-US')} timesheet slots, ${counts?.lines.toLocaleString('en-US')} sales lines, ${start} … ${end}`,
      );
      console.log(`  hours ${report.totals.hours.toFixed(2)} (plain SQL sum ${plain.toFixed(2)}), break ${report.totals.breakHours.toFixed(2)}, overtime ${report.totals.overtimeHours.toFixed(2)}`);
      console.log(`                                                                   median      fastest`);
      console.log(`  payroll for the year (hours, breaks, overtime, sales, services)  ${ms(median(full))}  ${ms(Math.min(...full))}`);
      console.log(`    its hours: slots through core's figures, break, overtime       ${ms(median(hours))}  ${ms(Math.min(...hours))}`);
      console.log(`    its sales: sales_by_staff, tips_by_staff, staff_item_sales     ${ms(median(sales))}  ${ms(Math.min(...sales))}`);
      console.log(`  plain SQL sum of the same hours per staff member (baseline)      ${ms(median(baseline))}  ${ms(Math.min(...baseline))}`);
      console.log(`  payroll for one pay period of 14 days (${periodStart} … ${end})  ${ms(median(period))}  ${ms(Math.min(...period))}`);
      console.log(`  ratio: payroll ${(median(full) / median(baseline)).toFixed(1)}× the SQL sum; its hours ${(median(hours) / median(baseline)).toFixed(1)}×`);
    } finally {
      await closeReportPool(database.pool);
      await database.close();
      await postgres.stop();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

// Run alone: `node --import tsx bench/payroll.ts` (from apps/api).
if (import.meta.url === `file://${process.argv[1]}`) {
  payrollBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
