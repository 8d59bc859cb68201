import fs from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { createClient, exportEndpoints, exportPath } from '@salondesk/core';
import { makeTempDataDir } from '../src/db/embedded';
import { DEMO_PASSWORD } from '../src/demo/accounts';
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
 * Options (env): BENCH_EXPORT_RUNS (2).
 */
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 2);
const BUSINESS = 1;
const ZONE = 'America/Los_Angeles';

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

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

interface Measure {
  ms: number;
  bytes: number;
  rows: number;
  restKb: number | null;
  peakKb: number | null;
}

async function measure(server: MainProcess, run: () => Promise<{ bytes: number; rows: number }>): Promise<Measure> {
  const pid = server.child.pid as number;
  // Let the previous call's garbage go before reading the resting memory.
  await new Promise((r) => setTimeout(r, 1500));
  const reset = await resetPeak(pid);
  const rest = await memoryOf(pid);
  const started = performance.now();
  const { bytes, rows } = await run();
  const ms = performance.now() - started;
  const after = await memoryOf(pid);
  return { ms, bytes, rows, restKb: rest?.rss ?? null, peakKb: reset && after ? after.hwm : null };
}

const daysBetween = (start: string, end: string): string[] => {
  const out: string[] = [];
  for (let d = new Date(`${start}T00:00:00Z`); d.toISOString().slice(0, 10) <= end; d.setUTCDate(d.getUTCDate() + 1)) out.push(d.toISOString().slice(0, 10));
  return out;
};

export async function exportBench(): Promise<void> {
  const dataDir = await makeTempDataDir('salondesk-bench-export-');
  let server: MainProcess | null = null;
  try {
    console.log('\nExports: a year of one location’s tickets (the demo year of Luxe Los Angeles)');
    server = spawnMain(dataDir, await freePort());
    await waitForHealth(server, 180_000);
    const { fetch, jar } = cookieJarFetch();
    const client = createClient({ baseURL: server.baseUrl, fetch });
    await client.auth.login({ username: 'owner', password: DEMO_PASSWORD });
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    const startDate = new Date(`${today}T00:00:00Z`);
    startDate.setUTCDate(startDate.getUTCDate() - 364);
    const range = { start: startDate.toISOString().slice(0, 10), end: today };
    const base = server.baseUrl;

    /** Downloads a body to the last byte without keeping it, counting bytes and lines. */
    const drain = async (url: string) => {
      const response = await globalThis.fetch(url, { headers: { cookie } });
      if (!response.ok || !response.body) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        for (const b of chunk) if (b === 10) lines++;
      }
      return { bytes, lines };
    };
    const quarterStart = new Date(`${today}T00:00:00Z`);
    quarterStart.setUTCDate(quarterStart.getUTCDate() - 90);
    const quarter = { start: quarterStart.toISOString().slice(0, 10), end: today };
    const exportUrl = (format: 'csv' | 'xlsx', days = range) => `${base}${exportPath(exportEndpoints.transactions, { params: { id: BUSINESS }, query: { format, ...days } })}`;
    const csv = async () => {
      const { bytes, lines } = await drain(exportUrl('csv'));
      return { bytes, rows: lines - 1 };
    };
    const xlsx = async () => ({ bytes: (await drain(exportUrl('xlsx'))).bytes, rows: Number.NaN });
    const xlsxQuarter = async () => ({ bytes: (await drain(exportUrl('xlsx', quarter))).bytes, rows: Number.NaN });
    const json = async () => {
      let bytes = 0;
      let rows = 0;
      for (const day of daysBetween(range.start, range.end)) {
        const response = await globalThis.fetch(`${base}/protected/business/${BUSINESS}/transactions/${day}`, { headers: { cookie } });
        const text = await response.text();
        bytes += Buffer.byteLength(text);
        rows += (JSON.parse(text) as { data: { transactions: unknown[] } }).data.transactions.length;
      }
      return { bytes, rows };
    };

    // Warm-up: the first XLSX loads exceljs; the first calls fill the caches.
    await xlsx();
    await csv();
    const results: Record<string, Measure[]> = { xlsx: [], quarter: [], csv: [], json: [] };
    for (let i = 0; i < RUNS; i++) {
      results.quarter?.push(await measure(server, xlsxQuarter));
      results.xlsx?.push(await measure(server, xlsx));
      results.csv?.push(await measure(server, csv));
      results.json?.push(await measure(server, json));
    }
    const best = (list: Measure[]) => list.reduce((a, b) => (b.ms < a.ms ? b : a));
    const x = best(results.xlsx as Measure[]);
    const c = best(results.csv as Measure[]);
    const j = best(results.json as Measure[]);
    const q = best(results.quarter as Measure[]);
    const rows = c.rows;
    const line = (name: string, m: Measure) =>
      `  ${name.padEnd(34)} ${String(Math.round(m.ms)).padStart(6)} ms  ${(m.bytes / 1024 / 1024).toFixed(1).padStart(5)} MB  ` +
      (m.peakKb !== null && m.restKb !== null ? `server RSS at rest ${mb(m.restKb)}, peak ${mb(m.peakKb)} (+${mb(m.peakKb - m.restKb)})` : 'server memory not readable here');
    console.log(`GET …/export/transactions over ${range.start}…${range.end}: ${rows.toLocaleString('en-US')} tickets (best of ${RUNS})`);
    console.log(line('XLSX (exceljs, streamed)', x));
    console.log(line('baseline: CSV (csv-stringify)', c));
    console.log(line(`baseline: JSON, 365 day lists`, j));
    console.log(line(`XLSX of the last 91 days only`, q));
    if (q.peakKb !== null && q.restKb !== null && x.peakKb !== null && x.restKb !== null) {
      console.log(`  memory                             a year's XLSX peaks ${mb(x.peakKb - x.restKb)} over rest, 91 days' ${mb(q.peakKb - q.restKb)}: flat when these are alike (4× the rows)`);
    }
    console.log(`  ratio                              XLSX ${(x.ms / c.ms).toFixed(1)}× the CSV's time, ${(x.ms / j.ms).toFixed(1)}× the day lists'; ${Math.round(rows / (x.ms / 1000)).toLocaleString('en-US')} rows/s`);
    if (j.rows !== rows) console.log(`  (the day lists hold ${j.rows.toLocaleString('en-US')} tickets: the export's ${rows.toLocaleString('en-US')} should be the same)`);
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
