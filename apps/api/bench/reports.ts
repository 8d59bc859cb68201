import fs from 'node:fs/promises';
import { CSRF_HEADER, CSRF_HEADER_VALUE, endpoints, exportPath } from '@salondesk/core';
import { makeTempDataDir } from '../src/db/embedded';
import { daysBack, drain, type Measure, mb, measureOnFreshServer, seedDemoYear } from './export';

/**
 * A procedure report over a year (figures only, never pass/fail): `reports.staff_visits` (a row
 * per visit and staff member, ~60,000 rows for the demo year of Luxe Los Angeles) run through
 * the guarded runner (report pool, read-only transaction, signed scope, cursor) and streamed to
 * XLSX, beside baselines measured in the same run on the same data: the same rows as CSV, and as
 * JSON from the run call (`custom/proc/{name}/run`, the rows in one answer; the server is told
 * not to queue it). Each figure on a server of its own, after a one-day warm-up of the same kind,
 * with the server's resident memory at rest and at its peak.
 */
const BUSINESS = 1;
const ZONE = 'America/Los_Angeles';
const NAME = 'staff_visits';

export async function reportsBench(): Promise<void> {
  const dataDir = await makeTempDataDir('salondesk-bench-reports-');
  try {
    console.log('\nReports: a procedure report over a year of one location (reports.staff_visits, Luxe Los Angeles)');
    await seedDemoYear(dataDir);
    const { today, back } = daysBack(ZONE);
    const year = { start_day: back(364), end_day: today };
    const oneDay = { start_day: back(1), end_day: back(1) };

    // A year's rows answered at once (the JSON baseline), never queued.
    const onFreshServer = (call: (base: string, cookie: string, values: typeof year) => Promise<{ bytes: number; rows: number }>) =>
      measureOnFreshServer(dataDir, (base, cookie) => call(base, cookie, oneDay), (base, cookie) => call(base, cookie, year), {
        SALONDESK_REPORT_QUEUE_ABOVE_ROWS: '10000000',
        SALONDESK_REPORT_QUEUE_AFTER_MS: '120000',
      });
    const fileUrl = (base: string, format: 'csv' | 'xlsx', values: typeof year) =>
      `${base}${exportPath(endpoints.reportEngineExports.customProc, { params: { id: BUSINESS }, query: { format, name: NAME, values: JSON.stringify(values), level: 'business' } })}`;
    const xlsx = async (base: string, cookie: string, values: typeof year) => ({ bytes: (await drain(fileUrl(base, 'xlsx', values), cookie)).bytes, rows: Number.NaN });
    const csv = async (base: string, cookie: string, values: typeof year) => {
      const { bytes, lines } = await drain(fileUrl(base, 'csv', values), cookie);
      return { bytes, rows: lines - 1 };
    };
    const json = async (base: string, cookie: string, values: typeof year) => {
      const response = await globalThis.fetch(`${base}/protected/business/${BUSINESS}/custom/proc/${NAME}/run`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
        body: JSON.stringify({ values }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`run: ${response.status} ${text}`);
      const answer = JSON.parse(text) as { data: { status: string; result?: { rows: unknown[] } } };
      if (answer.data.status !== 'done') throw new Error(`the run was ${answer.data.status}`);
      return { bytes: Buffer.byteLength(text), rows: answer.data.result?.rows.length ?? 0 };
    };

    const x = await onFreshServer(xlsx);
    const c = await onFreshServer(csv);
    const j = await onFreshServer(json);
    const line = (name: string, m: Measure) =>
      `  ${name.padEnd(40)} ${String(Math.round(m.ms)).padStart(6)} ms  ${(m.bytes / 1024 / 1024).toFixed(1).padStart(5)} MB  ` +
      (m.peakKb !== null && m.restKb !== null ? `server RSS at rest ${mb(m.restKb)}, peak ${mb(m.peakKb)} (+${mb(m.peakKb - m.restKb)})` : 'server memory not readable here');
    console.log(`reports.${NAME} over ${year.start_day}…${year.end_day}: ${c.rows.toLocaleString('en-US')} rows`);
    console.log(line('XLSX (cursor → exceljs, streamed)', x));
    console.log(line('baseline: CSV (cursor → csv-stringify)', c));
    console.log(line('baseline: JSON, the run call', j));
    console.log(`  ratio                                    XLSX ${(x.ms / c.ms).toFixed(1)}× the CSV's time, ${(x.ms / j.ms).toFixed(1)}× the JSON run's; ${Math.round(c.rows / (x.ms / 1000)).toLocaleString('en-US')} rows/s`);
    if (j.rows !== c.rows) console.log(`  (the JSON run holds ${j.rows.toLocaleString('en-US')} rows: the file's ${c.rows.toLocaleString('en-US')} should be the same)`);
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

// `tsx --conditions=@salondesk/source bench/reports.ts` runs this benchmark alone.
if (process.argv[1]?.endsWith('reports.ts')) {
  reportsBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
