import { sql } from 'drizzle-orm';
import type { BusinessRow } from '../src/businesses/queries';
import { generateTransactions } from '../src/demo/generate-transactions';
import { seedShifts } from '../src/demo/seed-shifts';
import { shiftReportRows } from '../src/shifts/queries';
import { runAlone, withDemoDatabase } from './demo-database';
import { median, ms, timeRuns } from './timing';

/**
 * The shift report over a year of one location (figures only, never pass/fail): `shifts`' work
 * (`shiftReportRows`: every shift of the range with its attributes, finances, the days' cash
 * sales from the sales rollup, names, and each shift's figures through core's drawer rules),
 * beside, in the same run and on the same data, a plain SQL sum of the same drawer movements
 * (the drawer log's amounts and each close's cash sales, per shift). The shifts are the demo's
 * (`seedShifts`, against the generated tickets' cash sales). Each is run once to warm up, then
 * BENCH_SHIFTS_RUNS times (5): the median and the fastest are printed.
 * Options (env): BENCH_SHIFTS_PER_DAY (300 tickets a day), BENCH_DAYS (365), BENCH_SHIFTS_RUNS (5).
 */
const PER_DAY = Number(process.env.BENCH_SHIFTS_PER_DAY ?? 300);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const RUNS = Number(process.env.BENCH_SHIFTS_RUNS ?? 5);
const BUSINESS = 1;

export async function shiftsBench(): Promise<void> {
  console.log(`\nThe shift report over ${DAYS} days of one location (${PER_DAY.toLocaleString('en-US')} tickets a day)`);
  await withDemoDatabase('salondesk-bench-shifts-', async ({ db }) => {
    const { startDay: start, endDay: end } = await generateTransactions(db, { businessId: BUSINESS, days: DAYS, perDay: PER_DAY, flat: true });
    const [business] = (await db.execute(sql`select * from businesses where id = ${BUSINESS}`)).rows as BusinessRow[];
    if (!business) throw new Error('no business');
    const seeding = await timeRuns(
      () =>
        db.transaction(async (tx) => {
          await tx.execute(sql`delete from shifts where business_id = ${BUSINESS}`);
          await seedShifts(tx, [{ businessId: BUSINESS, timezone: business.timezone, currency: 'USD', ownerId: null, blindClose: false }], DAYS, new Date());
        }),
      1,
    );

    const report = () => shiftReportRows(db, business, start, end, new Date());
    const ledger = () =>
      db.execute(sql`select l.shift_id, sum(coalesce(l.amount, 0)) + sum(coalesce(l.sales_cash, 0)) as expected
        from drawer_log l join shifts s on s.id = l.shift_id
        where s.business_id = ${BUSINESS} and s.day between ${start} and ${end} group by l.shift_id`);

    const rowsOut = await report();
    const plain = (await ledger()).rows as { shift_id: number; expected: string }[];
    const reportSum = rowsOut.reduce((s, r) => s + (r.expected ?? 0), 0);
    const plainSum = plain.reduce((s, r) => s + Number(r.expected), 0);
    const full = await timeRuns(report, RUNS);
    const baseline = await timeRuns(ledger, RUNS);
    const month = await timeRuns(() => shiftReportRows(db, business, `${end.slice(0, 8)}01`, end, new Date()), RUNS);
    const [counts] = (await db.execute(sql`select (select count(*) from drawer_log where business_id = ${BUSINESS})::int as log,
        (select count(*) from shift_finances where business_id = ${BUSINESS})::int as finances`)).rows as { log: number; finances: number }[];

    console.log(`  ${rowsOut.length} shifts, ${counts?.finances.toLocaleString('en-US')} finances, ${counts?.log.toLocaleString('en-US')} drawer log rows, ${start} … ${end}; the demo's SQL seeds them in ${ms(seeding[0] ?? 0).trim()}`);
    console.log(`  expected over the year ${reportSum.toLocaleString('en-US')} cents (plain SQL sum of the drawer movements ${plainSum.toLocaleString('en-US')}: ${reportSum === plainSum ? 'the same' : 'DIFFERENT'})`);
    console.log(`                                                                   median      fastest`);
    console.log(`  shift report for the year (figures through core's drawer rules)  ${ms(median(full))}  ${ms(Math.min(...full))}`);
    console.log(`  plain SQL sum of the same drawer movements per shift (baseline)  ${ms(median(baseline))}  ${ms(Math.min(...baseline))}`);
    console.log(`  shift report for this month                                      ${ms(median(month))}  ${ms(Math.min(...month))}`);
    console.log(`  ratio: the report ${(median(full) / median(baseline)).toFixed(1)}× the SQL sum`);
  });
}

runAlone(import.meta.url, shiftsBench);
