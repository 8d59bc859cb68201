import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

const NUMERIC: ReadonlySet<string> = new Set([COLUMN_KIND.MONEY, COLUMN_KIND.COUNT, COLUMN_KIND.DECIMAL, COLUMN_KIND.PERCENT]);

/**
 * A CSV file (UTF-8 with a byte-order mark, so spreadsheets read accents right): the headers with
 * their units (`Total (USD)`), then one line per row. Text that a spreadsheet would run as a
 * formula (`=`, `+`, `-`, `@` first) is escaped by csv-stringify; numbers are passed as numbers,
 * so a negative amount stays a number.
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
  async function* records() {
    yield columns.map((c) => columnHeader(c, context));
    for await (const batch of batches) {
      for (const row of batch) {
        yield columns.map((c) => {
          const value = row[c.key];
          if (value === null || value === undefined || value === '') return '';
          return NUMERIC.has(c.kind) ? Number(value) : csvCell(c, value, context);
        });
      }
    }
  }
  const out = new PassThrough();
  // Back-pressure end to end: the generator is pulled only as fast as the client reads.
  pipeline(Readable.from(records()), stringifier, out).catch((error: unknown) => out.destroy(error as Error));
  return out;
}

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
  /** Waits while the client has not read what was already written (or until it has gone). */
  const room = () =>
    new Promise<void>((resolve) => {
      if (!out.writableNeedDrain || out.destroyed) return resolve();
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });

  (async () => {
    // Loaded on the first XLSX export, not at start-up.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    workbook.creator = 'Salondesk';
    const worksheet = workbook.addWorksheet(sheetName(sheet.title), { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = columns.map((c, i) => ({ header: columnHeader(c, context), key: columnLetter(i), width: columnWidth(c, columnHeader(c, context)) }));
    worksheet.getRow(1).font = { bold: true };
    worksheet.getRow(1).commit();
    let written = 0;
    for await (const batch of batches) {
      for (const row of batch) {
        const excelRow = worksheet.addRow(columns.map(() => null));
        columns.forEach((c, i) => {
          const cell = spreadsheetCell(c, row[c.key], context);
          if (cell.value === null) return;
          const target = excelRow.getCell(i + 1);
          target.value = cell.value;
          if (cell.numFmt) target.numFmt = cell.numFmt;
        });
        excelRow.commit();
        if (++written % XLSX_ROWS_PER_TURN === 0) {
          await room();
          if (out.destroyed) return;
        }
      }
      await room();
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
