import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { SESSION_COOKIE } from '../auth/sessions';
import type { TestServer } from './harness';

/** Test helpers: download an export over real HTTP and read the file back with exceljs. */

export interface Downloaded {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** GET an export with a session cookie (or none), keeping the raw bytes. */
export async function download(server: TestServer, path: string, jar: Map<string, string> | null): Promise<Downloaded> {
  const cookie = jar?.get(SESSION_COOKIE);
  const response = await fetch(`${server.baseUrl}${path}`, { headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {} });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

const BOM = '\uFEFF';

/** A CSV file's rows as text, exactly as written (exceljs's CSV reader, values left unconverted). */
export async function readCsv(body: Buffer): Promise<string[][]> {
  const text = body.toString('utf8');
  if (!text.startsWith(BOM)) throw new Error('An export CSV starts with a byte-order mark');
  const workbook = new ExcelJS.Workbook();
  const sheet = await workbook.csv.read(Readable.from([text.slice(1)]), { map: (value: unknown) => value, parserOptions: { delimiter: ',' } });
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(Array.from({ length: sheet.columnCount }, (_, i) => (values[i] === undefined || values[i] === null ? '' : String(values[i]))));
  });
  return rows;
}

/** An XLSX file's first worksheet. */
export async function readXlsx(body: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('The workbook has no worksheet');
  return sheet;
}

/** The values of a worksheet's rows (row 1 is the header), each cell's value as exceljs reads it. */
export function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push(Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).value ?? null));
  });
  return rows;
}
