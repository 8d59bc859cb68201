import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { createClient } from '@salondesk/core';
import { pino } from 'pino';
import { openDatabase } from '../src/db/client';
import { makeTempDataDir, startEmbeddedPostgres } from '../src/db/embedded';
import { DEMO_PASSWORD } from '../src/demo/accounts';
import { generateTransactions } from '../src/demo/generate-transactions';
import { API_ROOT } from '../src/paths';
import { DAY_LIST_SQL } from '../src/transactions/queries';
import { resolveTicketFilter, ticketPageSql, ticketSummarySql } from '../src/transactions/search';
import { sql } from 'drizzle-orm';
import { summaryFromLines } from '../src/transactions/sales-from-lines';
import { cookieJarFetch } from '../src/test/harness';
import { freePort, spawnMain, waitForHealth, type MainProcess } from '../src/test/spawn-main';
import { percentile } from './timing';

/**
 * Transactions at volume (figures only, never pass/fail):
 * (1) GET transactions/{day} for a day of 2,000 tickets at 50 connections, against a bare
 *     node:http server answering the same bytes;
 * (2) GET sales over one year of ~1,000,000 sales lines (read from the daily rollups), against
 *     the one-scan floor (`select count(*), sum(total)` over the same lines, straight on
 *     PostgreSQL) and the same summary computed from every line (sales-from-lines.ts).
 * (3) GET transactions/search over the last 30 days (about 60,000 tickets): the first page
 *     (with the range's figures) and a following page, with no query, a phone typed formatted,
 *     a customer's name and a staff member's surname, and sorted by customer; beside the day
 *     list of 2,000 tickets and the one-scan floor (a count of the month's tickets) in this run.
 * It also prints the plans (EXPLAIN ANALYZE) of the day list and of the searches, and the rollup's row counts.
 * Options (env): BENCH_PER_DAY (2000), BENCH_DAYS (365), BENCH_TX_CONNECTIONS (50), BENCH_SECONDS (5).
 */
const PER_DAY = Number(process.env.BENCH_PER_DAY ?? 2000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const CONNECTIONS = Number(process.env.BENCH_TX_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const BUSINESS = 1;

async function stop(main: MainProcess) {
  main.child.kill('SIGTERM');
  await main.exited;
}

async function load(url: string, headers: Record<string, string>) {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, mbps: r.throughput.average / 1e6 };
}


export async function transactionsBench(): Promise<void> {
  const dataDir = await makeTempDataDir('salondesk-bench-tx-');
  const logger = pino({ level: 'warn' });
  try {
    console.log(`\nTransactions at volume (${PER_DAY.toLocaleString('en-US')} tickets a day for ${DAYS} days at one location)`);
    // A data folder with the demo accounts and no demo transactions, then the generated year.
    const first = spawnMain(dataDir, await freePort(), { SALONDESK_DEMO_DAYS: '0' });
    await waitForHealth(first, 120_000);
    await stop(first);
    const postgres = await startEmbeddedPostgres({ dataDir, logger });
    const database = openDatabase(postgres.url, { max: 2 });
    const started = performance.now();
    const generated = await generateTransactions(database.db, { businessId: BUSINESS, days: DAYS, perDay: PER_DAY, flat: true, customers: 5000 });
    const genSeconds = (performance.now() - started) / 1000;
    const floor: number[] = [];
    const fromLines: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await database.pool.query('select count(*), sum(total) from saleslogs where business_id = $1 and day between $2 and $3 and not voided', [BUSINESS, generated.startDay, generated.endDay]);
      floor.push(performance.now() - t);
      // The same summary computed from every sales line (what the call did before the rollups).
      const u = performance.now();
      await summaryFromLines(database.db, BUSINESS, generated.startDay, generated.endDay);
      fromLines.push(performance.now() - u);
    }
    // The plans of the two hot queries, on the generated data (indexes used, time in PostgreSQL).
    const plan = async (text: string, values: unknown[]) =>
      (await database.pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values)).rows.map((r) => r['QUERY PLAN']);
    const dayPlan = await plan(DAY_LIST_SQL, [BUSINESS, generated.endDay, false, 'DELETED', 'CHECKOUT', '{}']);
    // The searches' inputs, read from the generated data, and their plans.
    const monthStart = new Date(Date.parse(`${generated.endDay}T12:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    const [sample] = (
      await database.pool.query<{ phone: string; firstname: string; lastname: string; surname: string }>(
        `select c.phone, c.firstname, c.lastname, split_part(s.full_name, ' ', 2) as surname from queue q join customers c on c.id = q.customer_id join staff s on s.id = q.serviced_by
         where q.business_id = $1 and q.day = $2 and c.phone_type = 'MOBILE' and c.phone ~ '^[0-9]{10}$' and s.full_name like '% %' order by q.id limit 1`,
        [BUSINESS, monthStart],
      )
    ).rows;
    if (!sample) throw new Error('no customer with a phone in the generated month');
    const formattedPhone = `(${sample.phone.slice(0, 3)}) ${sample.phone.slice(3, 6)}-${sample.phone.slice(6)}`;
    const searches = [
      { label: 'no query, newest first', q: '', sort: 'time' as const, dir: 'desc' as const },
      { label: `phone "${formattedPhone}"`, q: formattedPhone, sort: 'time' as const, dir: 'desc' as const },
      { label: `customer "${sample.firstname} ${sample.lastname}"`, q: `${sample.firstname} ${sample.lastname}`, sort: 'time' as const, dir: 'desc' as const },
      { label: `staff surname "${sample.surname}"`, q: sample.surname, sort: 'time' as const, dir: 'desc' as const },
      { label: 'no query, by customer', q: '', sort: 'customer' as const, dir: 'asc' as const },
    ];
    const searchPlans: string[] = [];
    for (const s of searches) {
      const filter = await resolveTicketFilter(database.db, { id: BUSINESS, info: { phone: '+1 323 555 0142' } }, { start: monthStart, end: generated.endDay, q: s.q, status: '' });
      const explain = async (query: ReturnType<typeof ticketPageSql>) =>
        ((await database.db.execute(sql`explain (analyze, buffers) ${query}`)).rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']);
      const keep = (lines: string[]) => lines.filter((l) => /Index|Seq Scan|Execution Time/.test(l)).map((l) => `      ${l.trim().replace(/\s+\(cost=[^)]*\)/, '').replace(/\s+\(actual[^)]*\)/, '')}`);
      searchPlans.push(`    ${s.label}, first page:`, ...keep(await explain(ticketPageSql(filter, { sort: s.sort, dir: s.dir }, null, 101))));
      searchPlans.push(`    ${s.label}, figures and count:`, ...keep(await explain(ticketSummarySql(filter))));
    }
    const monthFloor: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await database.pool.query('select count(*) from queue where business_id = $1 and day between $2 and $3', [BUSINESS, monthStart, generated.endDay]);
      monthFloor.push(performance.now() - t);
    }
    const rollupRows = await database.pool.query<{ n: string }>('select count(*) as n from sales_daily where business_id = $1 and day between $2 and $3', [BUSINESS, generated.startDay, generated.endDay]);
    const itemRows = await database.pool.query<{ n: string }>('select count(*) as n from sales_daily_items where business_id = $1 and day between $2 and $3', [BUSINESS, generated.startDay, generated.endDay]);
    const staffRows = await database.pool.query<{ n: string }>('select count(*) as n from sales_daily_staff where business_id = $1 and day between $2 and $3', [BUSINESS, generated.startDay, generated.endDay]);
    await database.close();
    await postgres.stop();
    const planLines = dayPlan.filter((l) => /Index|Seq Scan|Execution Time/.test(l)).map((l) => l.trim().replace(/\s+\(cost=[^)]*\)/, ''));
    console.log(`  day list SQL (EXPLAIN ANALYZE on ${generated.endDay}):\n${planLines.map((l) => `    ${l}`).join('\n')}`);
    console.log(`  ticket search SQL over ${monthStart}…${generated.endDay} (EXPLAIN ANALYZE; index used, or a scan):\n${searchPlans.join('\n')}`);
    console.log(
      `  rollup rows for the year: ${rollupRows.rows[0]?.n} daily, ${itemRows.rows[0]?.n} item-days, ${staffRows.rows[0]?.n} staff-days (vs ${generated.lines.toLocaleString('en-US')} sales lines)`,
    );
    console.log(
      `  generator        ${generated.tickets.toLocaleString('en-US')} tickets, ${generated.lines.toLocaleString('en-US')} sales lines in ${genSeconds.toFixed(1)} s (${Math.round(generated.lines / genSeconds).toLocaleString('en-US')} lines/s)`,
    );

    const server = spawnMain(dataDir, await freePort());
    await waitForHealth(server, 120_000);
    try {
      const { fetch, jar } = cookieJarFetch();
      const client = createClient({ baseURL: server.baseUrl, fetch });
      await client.auth.login({ username: 'owner', password: DEMO_PASSWORD });
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

      // (1) a day of tickets
      const day = generated.endDay;
      const dayUrl = `${server.baseUrl}/protected/business/${BUSINESS}/transactions/${day}`;
      const body = await (await fetch(dayUrl)).text();
      const rowsCount = (JSON.parse(body) as { data: { transactions: unknown[] } }).data.transactions.length;
      const bodyFile = path.join(os.tmpdir(), `salondesk-bench-body-${process.pid}.json`);
      await fs.writeFile(bodyFile, body);
      const bare = spawn(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'bench', 'bare-server.ts')], {
        cwd: API_ROOT,
        env: { ...process.env, BENCH_BODY_FILE: bodyFile },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const barePort = await new Promise<number>((resolve, reject) => {
        bare.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
        bare.once('exit', () => reject(new Error('the bare server exited')));
      });
      let ours;
      let baseline;
      try {
        baseline = await load(`http://127.0.0.1:${barePort}/`, {});
        ours = await load(dayUrl, { cookie });
      } finally {
        bare.kill('SIGTERM');
        await fs.rm(bodyFile, { force: true });
      }
      console.log(`GET /protected/business/{id}/transactions/{day}: ${rowsCount.toLocaleString('en-US')} tickets, ${(Buffer.byteLength(body) / 1024).toFixed(0)} KB, ${CONNECTIONS} connections`);
      console.log(`  salondesk      ${ours.rps.toFixed(1).padStart(7)} req/s   p50 ${ours.p50} ms   p99 ${ours.p99} ms`);
      console.log(`  bare node:http ${baseline.rps.toFixed(1).padStart(7)} req/s   p50 ${baseline.p50} ms   p99 ${baseline.p99} ms`);
      console.log(`  ratio          ${(ours.rps / baseline.rps).toFixed(2)}× the baseline's throughput, p99 ${(ours.p99 / Math.max(baseline.p99, 1)).toFixed(1)}×`);

      // (3) the ticket search over the last 30 days, beside the day list (sequential requests, p50 of 8 after one warm-up)
      const timed = async (run: () => Promise<unknown>) => {
        await run();
        const times: number[] = [];
        for (let i = 0; i < 8; i++) {
          const t = performance.now();
          await run();
          times.push(performance.now() - t);
        }
        return percentile(times, 50);
      };
      const dayP50 = await timed(() => client.transactions.list(BUSINESS, day));
      console.log(`GET /protected/business/{id}/transactions/search over ${monthStart}…${day} (sequential requests, p50)`);
      for (const s of searches) {
        const query = { start: monthStart, end: day, q: s.q, sort: s.sort, dir: s.dir };
        const first = await client.transactions.search(BUSINESS, query);
        const firstP50 = await timed(() => client.transactions.search(BUSINESS, query));
        const nextP50 = first.next ? await timed(() => client.transactions.search(BUSINESS, { ...query, cursor: first.next ?? undefined })) : null;
        console.log(
          `  ${s.label.padEnd(44)} ${String(first.summary?.matched ?? 0).padStart(6)} match   first page ${firstP50.toFixed(1).padStart(6)} ms   next page ${nextP50 === null ? '     —' : `${nextP50.toFixed(1).padStart(6)} ms`}`,
        );
      }
      console.log(`  baseline: the day list of ${rowsCount.toLocaleString('en-US')} tickets p50 ${dayP50.toFixed(1)} ms; one-scan floor (count of the month's tickets on PostgreSQL) p50 ${percentile(monthFloor, 50).toFixed(1)} ms`);

      // (2) a year of sales
      const times: number[] = [];
      for (let i = 0; i < 6; i++) {
        const t = performance.now();
        const summary = await client.sales.summary(BUSINESS, generated.startDay, generated.endDay);
        times.push(performance.now() - t);
        if (i === 0 && summary.totals.tickets === 0) throw new Error('the summary found no sales');
      }
      const warm = times.slice(1);
      console.log(`GET /protected/business/{id}/sales over ${generated.startDay}…${generated.endDay} (${generated.lines.toLocaleString('en-US')} sales lines)`);
      console.log(`  salondesk      first ${times[0]?.toFixed(0)} ms, then p50 ${percentile(warm, 50).toFixed(0)} ms, max ${Math.max(...warm).toFixed(0)} ms`);
      console.log(`  one-scan floor p50 ${percentile(floor, 50).toFixed(0)} ms (count and sum of the same lines, straight on PostgreSQL)`);
      console.log(`  from the lines p50 ${percentile(fromLines, 50).toFixed(0)} ms (the same summary computed from every sales line, in-process, no HTTP)`);
      console.log(`  ratio          ${(percentile(warm, 50) / Math.max(percentile(floor, 50), 1)).toFixed(2)}× the floor, ${(percentile(warm, 50) / Math.max(percentile(fromLines, 50), 1)).toFixed(3)}× from the lines`);
    } finally {
      await stop(server);
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
