import { type PivotConfiguration, pivotGroupingSets } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { openDatabase } from '../src/db/client';
import { makeTempDataDir, startEmbeddedPostgres } from '../src/db/embedded';
import { SALES_LINES_SOURCE_NAME } from '../src/demo/seed-pivots';
import { generateTransactions } from '../src/demo/generate-transactions';
import { withReportSource } from '../src/reports/engine/runner';
import { closeReportPool } from '../src/reports/engine/pool';
import { runPivot } from '../src/reports/pivot/engine';
import { freePort, spawnMain, waitForHealth } from '../src/test/spawn-main';
import fs from 'node:fs/promises';
import { median, timeRuns } from './timing';

/**
 * A pivot with subtotals over one year of ~1,000,000 sales lines (figures only, never pass/fail):
 * the demo's pivot — gross sales by staff member and kind × month, a subtotal per staff member,
 * grand totals — through the guarded runner (read-only, the reporting role, row-level security)
 * over the "Sales lines by month" data source, beside, in the same run and on the same data:
 * the same query's plain GROUP BY (no subtotals, no totals: one grouping set), and the floor of
 * reading the source once (`count(*)`, `sum(gross_sales)`). Each is run once to warm up, then
 * BENCH_PIVOT_RUNS times (5); the median and the fastest are printed, with the plan's execution time.
 * Options (env): BENCH_PER_DAY (2000), BENCH_DAYS (365), BENCH_PIVOT_RUNS (5).
 */
const PER_DAY = Number(process.env.BENCH_PER_DAY ?? 2000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const RUNS = Number(process.env.BENCH_PIVOT_RUNS ?? 5);
const BUSINESS = 1;
/** A bench waits longer than a person (the runner's own limit is 2 minutes). */
const TIMEOUT_MS = 15 * 60_000;

const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`;

export async function pivotBench(): Promise<void> {
  const dataDir = await makeTempDataDir('salondesk-bench-pivot-');
  const logger = pino({ level: 'warn' });
  try {
    console.log(`\nPivot with subtotals over ${DAYS} days of ${PER_DAY.toLocaleString('en-US')} tickets a day at one location`);
    // A data folder with the demo accounts (and the demo's data source and pivot), no demo sales; then the generated year.
    const first = spawnMain(dataDir, await freePort(), { SALONDESK_DEMO_DAYS: '0' });
    await waitForHealth(first, 120_000);
    first.child.kill('SIGTERM');
    await first.exited;
    const postgres = await startEmbeddedPostgres({ dataDir, logger });
    const database = openDatabase(postgres.url, { max: 2 });
    try {
      const generated = await generateTransactions(database.db, { businessId: BUSINESS, days: DAYS, perDay: PER_DAY, flat: true, customers: 5000 });
      await database.db.execute(sql`analyze saleslogs, staff`);
      const [source] = (await database.db.execute(sql`select id from data_sources where name = ${SALES_LINES_SOURCE_NAME}`)).rows as { id: number }[];
      const [business] = (await database.db.execute(sql`select id, network_id, timezone from businesses where id = ${BUSINESS}`)).rows as { id: number; network_id: number | null; timezone: string }[];
      if (!source || !business) throw new Error('no demo data source or business');
      const context = { db: database.db, business, businesses: [BUSINESS], now: () => new Date() };
      const params = { start_day: generated.startDay, end_day: generated.endDay };
      const withSubtotals: PivotConfiguration = {
        source: { kind: 'datasource', id: source.id },
        params,
        rows: ['staff', 'kind'],
        columns: ['month'],
        values: [{ field: 'gross_sales', aggregate: 'sum' }],
        subtotals: true,
        grandTotals: true,
      };
      const plain: PivotConfiguration = { ...withSubtotals, subtotals: false, grandTotals: false };

      const time = (what: () => Promise<unknown>) => timeRuns(what, RUNS);
      const pivot = (config: PivotConfiguration) => () =>
        withReportSource(context, config.source, config.params, (tx, relation, columns) => runPivot(tx, relation, columns, config, { page: 1, pageSize: 100 }), { statementTimeoutMs: TIMEOUT_MS });
      const scan = () =>
        withReportSource(context, withSubtotals.source, params, (tx, relation) => tx.rows(sql`select count(*)::int as n, sum(gross_sales)::bigint as total from (${relation}) as src`), { statementTimeoutMs: TIMEOUT_MS });

      const page = await pivot(withSubtotals)();
      const subtotals = await time(pivot(withSubtotals));
      const groupBy = await time(pivot(plain));
      const floor = await time(scan);
      const [lines] = (await database.db.execute(sql`select count(*)::int as n from saleslogs where business_id = ${BUSINESS} and not voided and day between ${generated.startDay} and ${generated.endDay}`))
        .rows as { n: number }[];

      console.log(`  ${lines?.n.toLocaleString('en-US')} live sales lines ${generated.startDay} … ${generated.endDay}; the pivot: ${page.rowCount} rows × ${page.columnKeys.length} columns (page 1 of 100 rows)`);
      console.log(`  grouping sets: ${pivotGroupingSets(withSubtotals).map((s) => `(${s.join(', ')})`).join(' ')}`);
      console.log(`                                                       median     fastest`);
      console.log(`  pivot with subtotals and grand totals (GROUPING SETS) ${ms(median(subtotals))}  ${ms(Math.min(...subtotals))}`);
      console.log(`  the same query, plain GROUP BY (baseline)             ${ms(median(groupBy))}  ${ms(Math.min(...groupBy))}`);
      console.log(`  reading the source once (count, sum: the floor)       ${ms(median(floor))}  ${ms(Math.min(...floor))}`);
      console.log(`  ratio: subtotals ${(median(subtotals) / median(groupBy)).toFixed(2)}× the plain GROUP BY, ${(median(subtotals) / median(floor)).toFixed(2)}× the floor`);
    } finally {
      await closeReportPool(database.pool);
      await database.close();
      await postgres.stop();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

// Run alone: `node --import tsx bench/pivot.ts` (from apps/api).
if (import.meta.url === `file://${process.argv[1]}`) {
  pivotBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
