import { PassThrough, type Readable, type Writable } from 'node:stream';
import {
  type CellValue,
  COLUMN_KIND,
  columnHeader,
  columnLetter,
  csvCell,
  type ExportColumn,
  type ExportContext,
  exportColumnsProblem,
  spreadsheetCell,
} from '@salondesk/core';
import { stringify } from 'csv-stringify';

/**
 * The two file writers of every export, both streamed: rows arrive in batches from a row source
 * (an async iterable reading PostgreSQL a batch at a time) and leave as bytes while the next batch
 * is read, so a year of tickets never sits in memory. What a value looks like in each format is
 * core's rule (`csvCell`, `spreadsheetCell`); the formats themselves are csv-stringify's and
 * exceljs's.
 */

/** A row of an export: a value per column key. */
export type ExportRow = Readonly<Record<string, CellValue | undefined>>;
/** Rows in batches, as a row source yields them. */
export type RowBatches = AsyncIterable<readonly ExportRow[]>;

export interface ExportSheet {
  /** The worksheet's name (XLSX). */
  title: string;
  columns: readonly ExportColumn[];
  context: ExportContext;
}

/** Refuses an export wider than `a` to `az` (spec 000 §9) with the catalogue's message. */
export function checkWidth(columns: readonly ExportColumn[]): void {
  const problem = exportColumnsProblem(columns.length);
  if (problem) throw new RangeError(problem);
}

const NUMERIC: ReadonlySet<string> = new Set([COLUMN_KIND.MONEY, COLUMN_KIND.COUNT, COLUMN_KIND.DECIMAL, COLUMN_KIND.PERCENT, COLUMN_KIND.QUANTITY]);

/**
 * A CSV file (UTF-8 with a byte-order mark, so spreadsheets read accents right): the headers with
 * their units (`Total (USD)`), then one line per row. Text that a spreadsheet would run as a
 * formula (`=`, `+`, `-`, `@` first) is escaped by csv-stringify; numbers are passed as numbers,
 * so a negative amount stays a number. Rows are written as the client reads them (back-pressure).
 */
export function csvFile(sheet: ExportSheet, batches: RowBatches): Readable {
  checkWidth(sheet.columns);
  const { columns, context } = sheet;
  const stringifier = stringify({
    bom: true,
    escape_formulas: true,
    record_delimiter: 'windows',
    cast: { number: (value, { index }) => csvCell(columns[index] as ExportColumn, value, context) },
  });
  const record = (row: ExportRow) =>
    columns.map((c) => {
      const value = row[c.key];
      if (value === null || value === undefined || value === '') return '';
      return NUMERIC.has(c.kind) ? Number(value) : csvCell(c, value, context);
    });
  (async () => {
    stringifier.write(columns.map((c) => columnHeader(c, context)));
    for await (const batch of batches) {
      for (const row of batch) {
        // Back-pressure: the next row waits while the client has not read the last ones.
        if (!stringifier.write(record(row))) await room(stringifier);
        if (stringifier.destroyed) return;
      }
    }
    stringifier.end();
  })().catch((error: unknown) => stringifier.destroy(error as Error));
  return stringifier;
}

/** Resolves once a stream wants more (its `drain`), or has gone (`close`: the client left). */
function room(stream: Writable): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!stream.writableNeedDrain || stream.destroyed) return resolve();
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** A value of each kind, to read the kind's number format from core's rule. */
const SAMPLE: Record<string, CellValue> = { text: 'x', money: 0, count: 0, decimal: 0, percent: 0, day: '2000-01-01', datetime: '2000-01-01T00:00:00.000Z' };

/** Rows written between two looks at the client's pace. */
const XLSX_ROWS_PER_TURN = 500;

/**
 * An XLSX workbook of one worksheet, through exceljs's streaming writer: money as numbers with
 * the currency's number format, days and times as real dates (the business's wall-clock time),
 * a bold, frozen header row, each row committed (and so released) as soon as it is written.
 */
export function xlsxFile(sheet: ExportSheet, batches: RowBatches): Readable {
  checkWidth(sheet.columns);
  const { columns, context } = sheet;
  const out = new PassThrough();

  (async () => {
    // Loaded on the first XLSX export, not at start-up.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    workbook.creator = 'Salondesk';
    const worksheet = workbook.addWorksheet(sheetName(sheet.title), { views: [{ state: 'frozen', ySplit: 1 }] });
    // Number formats are the columns' (money, counts, dates): each cell takes its column's style.
    worksheet.columns = columns.map((c, i) => {
      const numFmt = spreadsheetCell(c, SAMPLE[c.kind], context).numFmt;
      return { header: columnHeader(c, context), key: columnLetter(i), width: columnWidth(c, columnHeader(c, context)), ...(numFmt ? { style: { numFmt } } : {}) };
    });
    const header = worksheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    let written = 0;
    for await (const batch of batches) {
      for (const row of batch) {
        worksheet.addRow(columns.map((c) => spreadsheetCell(c, row[c.key], context).value)).commit();
        if (++written % XLSX_ROWS_PER_TURN === 0) {
          await room(out);
          if (out.destroyed) return;
        }
      }
      await room(out);
      if (out.destroyed) return;
    }
    worksheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** A worksheet name: at most 31 characters, none of `\ / ? * [ ] :`. */
const sheetName = (title: string): string => title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Export';

const columnWidth = (column: ExportColumn, header: string): number => {
  const base = column.kind === COLUMN_KIND.DATETIME ? 17 : column.kind === COLUMN_KIND.DAY ? 11 : column.kind === COLUMN_KIND.TEXT ? 20 : 12;
  return Math.min(40, Math.max(base, header.length + 2));
};
