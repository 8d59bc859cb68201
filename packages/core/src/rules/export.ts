import { exportTooWide } from '../messages';

/**
 * Exports (CSV and XLSX files of a list or report): the spreadsheet column letters, the column
 * model the server and the screens share, how each kind of value is written, and file names.
 */

// ── Spreadsheet column letters (spec 000 §9: "a to az supported") ─────────────────────────

/** The widest export: columns `a` to `az`. */
export const MAX_EXPORT_COLUMNS = 52;

/** The letter of a column from its index: 0 → `a`, 25 → `z`, 26 → `aa`, 51 → `az`; a RangeError beyond. */
export function columnLetter(index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`A column index is a whole number from 0, not ${index}`);
  if (index >= MAX_EXPORT_COLUMNS) throw new RangeError(exportTooWide(index + 1));
  const letter = (n: number) => String.fromCharCode(97 + n);
  return index < 26 ? letter(index) : `a${letter(index - 26)}`;
}

/** The index of a column letter (`a` → 0, `az` → 51, either case), or null for anything else. */
export function columnIndex(letters: string): number | null {
  const text = letters.toLowerCase();
  if (/^[a-z]$/.test(text)) return text.charCodeAt(0) - 97;
  if (/^a[a-z]$/.test(text)) return 26 + text.charCodeAt(1) - 97;
  return null;
}

/** Why an export of `count` columns cannot be written (more than `a` to `az`), or null. */
export const exportColumnsProblem = (count: number): string | null => (count > MAX_EXPORT_COLUMNS ? exportTooWide(count) : null);

// ── The column model ──────────────────────────────────────────────────────────────────────

/** What a column holds; it decides the header's unit, how a CSV writes it and a spreadsheet's number format. */
export const COLUMN_KIND = {
  TEXT: 'text',
  /** Integer cents; written in major units, the currency in the header. */
  MONEY: 'money',
  /** A whole number. */
  COUNT: 'count',
  /** A number with two decimals (hours, ratios). */
  DECIMAL: 'decimal',
  /** A percent as the figures give it (12.5 for 12.5 %). */
  PERCENT: 'percent',
  /** A stock quantity with up to three decimals (12.5 g), never rounded to whole units. */
  QUANTITY: 'quantity',
  /** A business day, `YYYY-MM-DD`. */
  DAY: 'day',
  /** An instant (ISO-8601), written as the wall-clock time in the export's time zone. */
  DATETIME: 'datetime',
} as const;
export type ColumnKind = (typeof COLUMN_KIND)[keyof typeof COLUMN_KIND];

/** One column of an export or a table: its key in a row, its label and what it holds. */
export interface ExportColumn<K extends string = string> {
  readonly key: K;
  readonly label: string;
  readonly kind: ColumnKind;
}

/** Defines columns once, keeping their keys' types: `exportColumns([{ key: 'total', label: 'Total', kind: 'money' }])`. */
export function exportColumns<const C extends readonly ExportColumn[]>(columns: C): C {
  const problem = exportColumnsProblem(columns.length);
  if (problem) throw new RangeError(problem);
  const keys = new Set(columns.map((c) => c.key));
  if (keys.size !== columns.length) throw new Error('Two export columns share a key');
  return columns;
}

/** What the values of an export are read in: the business's currency and time zone. */
export interface ExportContext {
  /** The currency code every money column is in (`USD`), or null when each row is in its own (aggregate sales). */
  currency: string | null;
  /** The symbol of that currency (`$`), for a spreadsheet's number format; null with `currency` null. */
  currencySymbol: string | null;
  /** Where instants are read (`America/Los_Angeles`; `UTC` for platform-wide lists). */
  timeZone: string;
}

/** A column's header: the label with its unit, `Total (USD)`, `Checked in (America/Los_Angeles)`, `Tip rate (%)`. */
export function columnHeader(column: ExportColumn, context: ExportContext): string {
  switch (column.kind) {
    case COLUMN_KIND.MONEY:
      return `${column.label} (${context.currency ?? 'local currency'})`;
    case COLUMN_KIND.PERCENT:
      return `${column.label} (%)`;
    case COLUMN_KIND.DATETIME:
      return `${column.label} (${context.timeZone})`;
    default:
      return column.label;
  }
}

/** A value of a row: text, a number (cents for money), a day, an ISO instant, or nothing. */
export type CellValue = string | number | null;

const isBlank = (value: CellValue | undefined): value is null | undefined => value === null || value === undefined || value === '';

/** Cents as major units with two decimals and no symbol or grouping: `-1234.5` cents → `-12.35`. */
export function centsToDecimal(cents: number): string {
  const whole = Math.round(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const QUARTER_HOUR = 15 * 60_000;
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

/**
 * How far a time zone's wall clock is from UTC at an instant, in milliseconds. Exports convert
 * tens of thousands of instants, so the offset is read from `Intl` once per zone and quarter of an
 * hour (every change of offset in the time-zone database falls on a quarter hour) and remembered.
 */
function zoneOffset(epochMs: number, timeZone: string): number {
  const bucket = Math.floor(epochMs / QUARTER_HOUR);
  const key = `${timeZone}|${bucket}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    zoneFormats.set(timeZone, format);
  }
  const at = bucket * QUARTER_HOUR;
  const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const parts = format.formatToParts(new Date(at));
  const wall = Date.UTC(part(parts, 'year'), part(parts, 'month') - 1, part(parts, 'day'), part(parts, 'hour'), part(parts, 'minute'), part(parts, 'second'));
  const offset = wall - at;
  if (offsets.size > 100_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** An instant as the wall-clock time in a time zone, `YYYY-MM-DD HH:mm`. */
export const localDateTime = (instant: string, timeZone: string): string => localDate(instant, timeZone).toISOString().slice(0, 16).replace('T', ' ');

/** How a CSV writes a value: money in major units (`12.50`), instants as local `YYYY-MM-DD HH:mm`, days as they are. */
export function csvCell(column: ExportColumn, value: CellValue | undefined, context: ExportContext): string {
  if (isBlank(value)) return '';
  switch (column.kind) {
    case COLUMN_KIND.MONEY:
      return centsToDecimal(Number(value));
    case COLUMN_KIND.COUNT:
      return String(Math.round(Number(value)));
    case COLUMN_KIND.DECIMAL:
      return Number(value).toFixed(2);
    case COLUMN_KIND.QUANTITY:
      return String(Math.round(Number(value) * 1000) / 1000);
    case COLUMN_KIND.PERCENT:
      return Number(value).toFixed(1);
    case COLUMN_KIND.DATETIME:
      return localDateTime(String(value), context.timeZone);
    default:
      return String(value);
  }
}

/** A spreadsheet cell: a real number or date with its number format, or text. */
export interface SpreadsheetCell {
  value: string | number | Date | null;
  numFmt?: string;
}

/** A symbol as literal text in a number format: `"Rs"`. */
const quoted = (symbol: string) => `"${symbol.replace(/"/g, '""')}"`;

/** The number format of money columns: `"$"#,##0.00` (negatives with a minus before the symbol). */
export function moneyFormat(context: ExportContext): string {
  if (!context.currencySymbol) return '#,##0.00';
  const s = quoted(context.currencySymbol);
  return `${s}#,##0.00;-${s}#,##0.00`;
}

/** A day as a spreadsheet date (midnight; a spreadsheet date has no time zone). */
const dayDate = (day: string): Date => new Date(`${day}T00:00:00Z`);

/**
 * An instant as a spreadsheet date-time holding its wall-clock time in the time zone: a
 * spreadsheet has no time zones, so 23:30 in Los Angeles is written as 23:30 of that local day.
 */
export function localDate(instant: string, timeZone: string): Date {
  const epochMs = Date.parse(instant);
  return new Date(epochMs + zoneOffset(epochMs, timeZone));
}

/** How a spreadsheet holds a value: money as a number of major units with the currency's format, days and times as dates, percents as fractions. */
export function spreadsheetCell(column: ExportColumn, value: CellValue | undefined, context: ExportContext): SpreadsheetCell {
  if (isBlank(value)) return { value: null };
  switch (column.kind) {
    case COLUMN_KIND.MONEY:
      return { value: Math.round(Number(value)) / 100, numFmt: moneyFormat(context) };
    case COLUMN_KIND.COUNT:
      return { value: Math.round(Number(value)), numFmt: '#,##0' };
    case COLUMN_KIND.DECIMAL:
      return { value: Number(value), numFmt: '#,##0.00' };
    case COLUMN_KIND.QUANTITY:
      return { value: Number(value), numFmt: '#,##0.###' };
    case COLUMN_KIND.PERCENT:
      return { value: Number(value) / 100, numFmt: '0.0%' };
    case COLUMN_KIND.DAY:
      return { value: dayDate(String(value)), numFmt: 'yyyy-mm-dd' };
    case COLUMN_KIND.DATETIME:
      return { value: localDate(String(value), context.timeZone), numFmt: 'yyyy-mm-dd hh:mm' };
    default:
      return { value: String(value) };
  }
}

// ── File names ────────────────────────────────────────────────────────────────────────────

export const EXPORT_FORMAT = { CSV: 'csv', XLSX: 'xlsx' } as const;
export type ExportFormat = (typeof EXPORT_FORMAT)[keyof typeof EXPORT_FORMAT];
export const EXPORT_FORMAT_LABEL: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'XLSX' };
export const EXPORT_CONTENT_TYPE: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const FILE_PART_MAX = 60;

/**
 * A name as a file-name part: lower-case ASCII letters and digits joined by `-`, accents
 * dropped (`Café Olé` → `cafe-ole`), at most 60 characters; `fallback` when nothing is left.
 */
export function fileNamePart(name: string, fallback: string): string {
  const part = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, FILE_PART_MAX)
    .replace(/-+$/, '');
  return part === '' ? fallback : part;
}

/**
 * An export's file name: the business, the report and the range, safe characters only:
 * `luxe-los-angeles_transactions_2026-10-01_2026-10-31.xlsx`. Platform-wide lists (no business)
 * are named `salondesk_…`; a list with no range carries the day it was taken (`start` = `end`).
 */
export function exportFileName(parts: { business: string | null; report: string; start: string; end: string; format: ExportFormat }): string {
  const business = parts.business === null ? 'salondesk' : fileNamePart(parts.business, 'business');
  const range = parts.start === parts.end ? parts.start : `${parts.start}_${parts.end}`;
  return `${business}_${fileNamePart(parts.report, 'export')}_${range}.${parts.format}`;
}

/** What a file name may hold: the characters `exportFileName` writes. */
export const SAFE_FILE_NAME = /^[a-z0-9-]+_[a-z0-9-]+_\d{4}-\d{2}-\d{2}(_\d{4}-\d{2}-\d{2})?\.(csv|xlsx)$/;
