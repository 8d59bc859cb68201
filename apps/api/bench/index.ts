import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { createClient, isOtpChallenge } from '@salondesk/core';
import { makeTempDataDir } from '../src/db/embedded';
import { DEMO_PASSWORD } from '../src/demo/accounts';
import { API_ROOT } from '../src/paths';
import { cookieJarFetch } from '../src/test/harness';
import { freePort, type MainProcess, spawnMain, waitForHealth } from '../src/test/spawn-main';
import { runScheduleBench } from './schedule';
import { exportBench } from './export';
import { transactionsBench } from './transactions';
import { reportsBench } from './reports';
import { pivotBench } from './pivot';
import { payrollBench } from './payroll';
import { shiftsBench } from './shifts';
import { prepaidBench } from './prepaid';
import { webPaymentsBench } from './webpayments';
import { billingBench } from './billing';
import { segmentsBench } from './segments';
import { publishingBench } from './publishing';

/**
 * `pnpm --filter @salondesk/api bench`. Prints figures, asserts nothing about time.
 * (a) GET business detail, signed in, against a bare node:http handler with the same body,
 *     both measured in this run with autocannon; (b) start-up time of `main.ts` (the first start
 *     seeds a year of demo transactions); (c) transactions at volume (bench/transactions.ts);
 *     (d) a year of one location's tickets exported as XLSX, beside CSV and JSON (bench/export.ts);
 *     (e) a procedure report over a year streamed to XLSX, beside CSV and JSON (bench/reports.ts);
 *     (f) a pivot with subtotals over a year of ~1M sales lines, beside the same query's plain GROUP BY (bench/pivot.ts);
 *     (g) payroll for 50 staff over a year of timesheets and tickets, beside a plain SQL sum of the same hours (bench/payroll.ts);
 *     (h) the shift report over a year of one location, beside a plain SQL sum of the same drawer movements (bench/shifts.ts).
 *     (i) prepaid/search over 1,000,000 cards by last 4 and by phone, beside PostgreSQL's own time for the same statement (bench/prepaid.ts).
 *     (j) reconciling a year of payouts of one location, beside a plain SQL sum of the same movements (bench/webpayments.ts).
 *     (k) the billing scheduler's run for 10,000 subscriptions, beside the same invoices inserted by one plain SQL statement (bench/billing.ts).
 *     (l) a segment of 10 conditions over 100,000 clients, beside PostgreSQL's own time for the compiled query (bench/segments.ts).
 *     (m) a website publish of the largest demo business queued → live, beside rendering it to a folder; its Lighthouse scores beside the sign-in page's (bench/publishing.ts).
 * Options (env): BENCH_CONNECTIONS (20), BENCH_SECONDS (5).
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const ms = (n: number) => `${n.toFixed(0)} ms`;

/** Servers this run started and has not stopped: stopped before the data folder is removed, whatever failed. */
const running = new Set<MainProcess>();

async function timeToHealthy(dataDir: string): Promise<{ main: MainProcess; elapsed: number }> {
  const started = performance.now();
  const main = spawnMain(dataDir, await freePort());
  running.add(main);
  // A figure, never a limit: the first start (a year of demo data) may take minutes on a slow machine.
  await waitForHealth(main, 600_000);
  return { main, elapsed: performance.now() - started };
}

async function stop(main: MainProcess): Promise<void> {
  main.child.kill('SIGTERM');
  const { code } = await main.exited;
  running.delete(main);
  if (code !== 0) throw new Error(`The server exited with ${code}:\n${main.output()}`);
}

async function load(url: string, headers: Record<string, string>) {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 }); // warm-up
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function startBare(body: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'bench', 'bare-server.ts')], {
    cwd: API_ROOT,
    env: { ...process.env, BENCH_BODY: body },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', () => reject(new Error('the bare server exited')));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}

async function main(): Promise<void> {
  const dataDir = await makeTempDataDir('salondesk-bench-');
  try {
    console.log(`Salondesk API benchmarks (node ${process.version}, ${CONNECTIONS} connections, ${SECONDS} s per run)\n`);
    runScheduleBench();

    // ── (b, first part) first start: new cluster, migrations, demo data ──
    const first = await timeToHealthy(dataDir);
    const server = first.main;

    // ── (a) business detail vs bare node:http ──
    const { fetch, jar } = cookieJarFetch();
    const client = createClient({ baseURL: server.baseUrl, fetch });
    const session = await client.auth.login({ username: 'owner', password: DEMO_PASSWORD });
    if (isOtpChallenge(session)) throw new Error('The owner should sign in without a code');
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const detailUrl = `${server.baseUrl}/protected/user/${session.user.id}/business/${session.businesses[0]?.id}/detail`;
    const body = await (await fetch(detailUrl)).text();
    const bare = await startBare(body);
    let ours;
    let baseline;
    try {
      baseline = await load(bare.url, {});
      ours = await load(detailUrl, { cookie });
    } finally {
      bare.stop();
    }
    console.log('GET /protected/user/{uid}/business/{id}/detail (signed in; session + business queries)');
    console.log(`  salondesk      ${ours.rps.toFixed(0).padStart(7)} req/s   p50 ${ours.p50} ms   p99 ${ours.p99} ms`);
    console.log(`  bare node:http ${baseline.rps.toFixed(0).padStart(7)} req/s   p50 ${baseline.p50} ms   p99 ${baseline.p99} ms`);
    console.log(
      `  ratio          ${(ours.rps / baseline.rps).toFixed(2)}× the baseline's throughput, p99 ${(ours.p99 / Math.max(baseline.p99, 1)).toFixed(1)}× (body ${Buffer.byteLength(body)} bytes)\n`,
    );
    await stop(server);

    // ── (b) start-up on an existing data folder ──
    const restarts: number[] = [];
    for (let i = 0; i < 2; i++) {
      const { main: again, elapsed } = await timeToHealthy(dataDir);
      restarts.push(elapsed);
      await stop(again);
    }
    console.log('Start-up, spawn of src/main.ts until /healthz answers');
    console.log(`  new data folder (initdb, migrations, demo data)  ${ms(first.elapsed)}`);
    console.log(`  existing data folder                            ${restarts.map(ms).join(', ')}`);
  } finally {
    // A failed step leaves its server running: stop it (and its PostgreSQL) before removing their folder.
    for (const main of running) {
      main.child.kill('SIGTERM');
      await main.exited;
    }
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }

  // ── (c) transactions at volume ──
  await transactionsBench();

  // ── (d) exports: a year of one location's tickets as XLSX, beside CSV and JSON ──
  await exportBench();

  // ── (e) reports: a procedure report over a year streamed to XLSX, beside CSV and JSON ──
  await reportsBench();

  // ── (f) a pivot with subtotals over a year of ~1M sales lines, beside its plain GROUP BY ──
  await pivotBench();

  // ── (g) payroll for 50 staff over a year of timesheets and tickets, beside a plain SQL sum of the same hours ──
  await payrollBench();

  // ── (h) the shift report over a year of one location, beside a plain SQL sum of the same drawer movements ──
  await shiftsBench();
  // ── (i) prepaid/search over 1,000,000 cards by last 4 and by phone, beside PostgreSQL's own time ──
  await prepaidBench();
  // ── (j) reconciling a year of payouts of one location, beside a plain SQL sum of the same movements ──
  await webPaymentsBench();
  // ── (k) the billing scheduler for 10,000 subscriptions, beside one plain SQL INSERT of the same invoices ──
  await billingBench();
  // ── (l) a segment of 10 conditions over 100,000 clients, beside PostgreSQL's own time for the compiled query ──
  await segmentsBench();
  // ── (m) publishing: a website publish queued → live, beside rendering the same site to a folder; the site's Lighthouse scores ──
  await publishingBench();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
