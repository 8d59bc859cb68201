import fs from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createClient, exportEndpoints, exportPath } from '@salondesk/core';
import { makeTempDataDir } from '../src/db/embedded';
import { DEMO_PASSWORD } from '../src/demo/accounts';
import { csvFile, type ExportRow, xlsxFile } from '../src/export/writers';
import { cookieJarFetch } from '../src/test/harness';
import { freePort, type MainProcess, spawnMain, waitForHealth } from '../src/test/spawn-main';

/**
 * Exports at volume (figures only, never pass/fail): a year of one location's tickets (the demo's
 * year of Luxe Los Angeles, ~55,000 tickets) exported as XLSX through the API, against baselines
 * measured in the same run on the same server: the same rows as CSV, and the same rows fetched as
 * JSON (the year's 365 day lists, one after another). For each: the time to the last byte, the
 * file's size, and the server process's peak resident memory during the call (Linux: the
 * high-water mark `VmHWM` of /proc/<pid>/status, reset before each call through `clear_refs`),
 * beside its resident memory at rest before the call; and the XLSX of the last 91 days alone, whose
 * peak beside the year's shows whether memory grows with the rows (it should not: streamed).
 * Each figure is taken on a server started for it (after a one-day warm-up call of the same kind),
 * so one call's heap does not inflate the next one's resting memory.
 * Options (env): BENCH_EXPORT_RUNS (1).
 */
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 1);
const BUSINESS = 1;
const ZONE = 'America/Los_Angeles';

export const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** Resident memory of a process now and its high-water mark, in kB (null off Linux). */
async function memoryOf(pid: number): Promise<{ rss: number; hwm: number } | null> {
  try {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** Resets the high-water mark of a process's resident memory (Linux `clear_refs` 5); false when it cannot. */
async function resetPeak(pid: number): Promise<boolean> {
  try {
    await fs.writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface Measure {
  ms: number;
  bytes: number;
  rows: number;
  restKb: number | null;
  peakKb: number | null;
}

export async function measure(server: MainProcess, run: () => Promise<{ bytes: number; rows: number }>): Promise<Measure> {
  const pid = server.child.pid as number;
  await new Promise((r) => setTimeout(r, 1000));
  const reset = await resetPeak(pid);
  const rest = await memoryOf(pid);
  const started = performance.now();
  const { bytes, rows } = await run();
  const ms = performance.now() - started;
  const after = await memoryOf(pid);
  return { ms, bytes, rows, restKb: rest?.rss ?? null, peakKb: reset && after ? after.hwm : null };
}

/**
 * The writers alone, in this process, on generated rows: the live heap (after a full garbage
 * collection at each batch) while writing 10,000 and 120,000 rows to a client that reads slowly.
 * Resident memory only says how far V8 let its heap grow; this says what is really held: the same
 * for both sizes when the export streams.
 */
export async function writerHeap(): Promise<void> {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  let high = 0;
  async function* rows(n: number): AsyncGenerator<ExportRow[]> {
    for (let b = 0; b < n / 2000; b++) {
      const batch: ExportRow[] = [];
      for (let i = 0; i < 2000; i++) {
        const at = 1.79e12 + (b * 2000 + i) * 60_000;
        batch.push({ ticket: b * 2000 + i, day: '2026-10-01', checkin_at: new Date(at).toISOString(), checkout_at: new Date(at + 3.6e6).toISOString(), customer: `Customer ${i}`, phone: '+13105550101', staff: 'Maya F.', status: 'Completed', tender: 'CASH/CREDIT', lines: 3, total: 12_345 + i, tips: 200, refunded: 0, cash: 5000, credit: 7345 + i, gift: 0 });
      }
      gc();
      high = Math.max(high, process.memoryUsage().heapUsed);
      yield batch;
    }
  }
  const slowClient = () => new Writable({ highWaterMark: 64 * 1024, write: (_chunk, _encoding, done) => setImmediate(done) });
  const sheet = { title: 'Transactions', columns: exportEndpoints.transactions.columns, context: { currency: 'USD', currencySymbol: '$', timeZone: ZONE } };
  const figures: string[] = [];
  for (const [name, write] of [['XLSX', xlsxFile], ['CSV', csvFile]] as const) {
    const sizes: string[] = [];
    for (const n of [10_000, 120_000]) {
      gc();
      const rest = process.memoryUsage().heapUsed;
      high = rest;
      await pipeline(write(sheet, rows(n)), slowClient());
      sizes.push(`${n.toLocaleString('en-US')} rows +${((high - rest) / 1024 / 1024).toFixed(1)} MB`);
    }
    figures.push(`${name} ${sizes.join(', ')}`);
  }
  console.log(`  live heap high-water of the writers alone (after GC each batch, over the heap at rest): ${figures.join('; ')}`);
}

const daysBetween = (start: string, end: string): string[] => {
  const out: string[] = [];
  for (let d = new Date(`${start}T00:00:00Z`); d.toISOString().slice(0, 10) <= end; d.setUTCDate(d.getUTCDate() + 1)) out.push(d.toISOString().slice(0, 10));
  return out;
};

/**
 * One figure on a server started for it: signed in as the owner, warmed up with `warmUp` (modules
 * loaded, statements prepared), its peak memory reset, then `call` measured. `env` adds to the
 * server's environment.
 */
export async function measureOnFreshServer(
  dataDir: string,
  warmUp: (base: string, cookie: string) => Promise<unknown>,
  call: (base: string, cookie: string) => Promise<{ bytes: number; rows: number }>,
  env: Record<string, string> = {},
): Promise<Measure> {
  const server = spawnMain(dataDir, await freePort(), env);
  try {
    await waitForHealth(server, 120_000);
    const { fetch, jar } = cookieJarFetch();
    await createClient({ baseURL: server.baseUrl, fetch }).auth.login({ username: 'owner', password: DEMO_PASSWORD });
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    await warmUp(server.baseUrl, cookie);
    return await measure(server, () => call(server.baseUrl, cookie));
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

/** Starts the server once on a new data folder, which seeds the demo year, and stops it. */
export async function seedDemoYear(dataDir: string): Promise<void> {
  const first = spawnMain(dataDir, await freePort());
  await waitForHealth(first, 600_000); // seeding the demo year takes a while on a busy machine
  first.child.kill('SIGTERM');
  await first.exited;
}

/** Today in a time zone, and the day `days` before it (`YYYY-MM-DD`). */
export function daysBack(timeZone: string): { today: string; back: (days: number) => string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const back = (days: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - days);
    return d.toISOString().slice(0, 10);
  };
  return { today, back };
}

/** Downloads a body to the last byte without keeping it, counting bytes and lines. */
export async function drain(url: string, cookie: string): Promise<{ bytes: number; lines: number }> {
  const response = await globalThis.fetch(url, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 10) lines++;
  }
  return { bytes, lines };
}

export async function exportBench(): Promise<void> {
  const dataDir = await makeTempDataDir('salondesk-bench-export-');
  try {
    console.log('\nExports: a year of one location’s tickets (the demo year of Luxe Los Angeles)');
    // The first start seeds the demo year; each figure is then taken on a server of its own.
    await seedDemoYear(dataDir);
    const { today, back } = daysBack(ZONE);
    const year = { start: back(364), end: today };
    const quarter = { start: back(90), end: today };
    const oneDay = { start: back(1), end: back(1) };

    /** One figure on a fresh server (`onFreshServer`), warmed up with a one-day call of the same kind. */
    const onFreshServer = (call: (base: string, cookie: string, days: { start: string; end: string }) => Promise<{ bytes: number; rows: number }>, days: { start: string; end: string }) =>
      measureOnFreshServer(dataDir, (base, cookie) => call(base, cookie, oneDay), (base, cookie) => call(base, cookie, days));

    const exportUrl = (base: string, format: 'csv' | 'xlsx', days: { start: string; end: string }) =>
      `${base}${exportPath(exportEndpoints.transactions, { params: { id: BUSINESS }, query: { format, ...days } })}`;
    const csv = async (base: string, cookie: string, days: { start: string; end: string }) => {
      const { bytes, lines } = await drain(exportUrl(base, 'csv', days), cookie);
      return { bytes, rows: lines - 1 };
    };
    const xlsx = async (base: string, cookie: string, days: { start: string; end: string }) => ({ bytes: (await drain(exportUrl(base, 'xlsx', days), cookie)).bytes, rows: Number.NaN });
    const json = async (base: string, cookie: string, days: { start: string; end: string }) => {
      let bytes = 0;
      let rows = 0;
      for (const day of daysBetween(days.start, days.end)) {
        const response = await globalThis.fetch(`${base}/protected/business/${BUSINESS}/transactions/${day}`, { headers: { cookie } });
        const text = await response.text();
        bytes += Buffer.byteLength(text);
        rows += (JSON.parse(text) as { data: { transactions: unknown[] } }).data.transactions.length;
      }
      return { bytes, rows };
    };

    const results: Record<'xlsx' | 'quarter' | 'csv' | 'json', Measure[]> = { xlsx: [], quarter: [], csv: [], json: [] };
    for (let i = 0; i < RUNS; i++) {
      results.xlsx.push(await onFreshServer(xlsx, year));
      results.quarter.push(await onFreshServer(xlsx, quarter));
      results.csv.push(await onFreshServer(csv, year));
      results.json.push(await onFreshServer(json, year));
    }
    const best = (list: Measure[]) => list.reduce((a, b) => (b.ms < a.ms ? b : a));
    const x = best(results.xlsx);
    const c = best(results.csv);
    const j = best(results.json);
    const q = best(results.quarter);
    const rows = c.rows;
    const growth = (m: Measure) => (m.peakKb !== null && m.restKb !== null ? m.peakKb - m.restKb : null);
    const line = (name: string, m: Measure) =>
      `  ${name.padEnd(34)} ${String(Math.round(m.ms)).padStart(6)} ms  ${(m.bytes / 1024 / 1024).toFixed(1).padStart(5)} MB  ` +
      (m.peakKb !== null && m.restKb !== null ? `server RSS at rest ${mb(m.restKb)}, peak ${mb(m.peakKb)} (+${mb(m.peakKb - m.restKb)})` : 'server memory not readable here');
    console.log(`GET …/export/transactions over ${year.start}…${year.end}: ${rows.toLocaleString('en-US')} tickets (best of ${RUNS}, each on a fresh server)`);
    console.log(line('XLSX (exceljs, streamed)', x));
    console.log(line('baseline: CSV (csv-stringify)', c));
    console.log(line('baseline: JSON, 365 day lists', j));
    console.log(line('XLSX of the last 91 days only', q));
    const gx = growth(x);
    const gq = growth(q);
    if (gx !== null && gq !== null) console.log(`  memory                             peak over rest: a year's XLSX +${mb(gx)}, 91 days' +${mb(gq)} (a quarter of the rows): flat when alike`);
    console.log(`  ratio                              XLSX ${(x.ms / c.ms).toFixed(1)}× the CSV's time, ${(x.ms / j.ms).toFixed(1)}× the day lists'; ${Math.round(rows / (x.ms / 1000)).toLocaleString('en-US')} rows/s`);
    await writerHeap();
    if (j.rows !== rows) console.log(`  (the day lists hold ${j.rows.toLocaleString('en-US')} tickets: the export's ${rows.toLocaleString('en-US')} should be the same)`);
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
