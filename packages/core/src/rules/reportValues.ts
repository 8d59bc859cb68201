import type { ReportColumnFormat } from '../models/reports';
import { dayInZone, dayLabel, timeInZone } from './dashboard';
import { formatMoney } from './money';

/** How a business shows a report's values: its currency symbol, and the time zone its instants are read in. */
export interface ReportValueDisplay {
  symbol: string;
  timezone: string;
}

/** A value a database may send for a number (`numeric` comes as a string, `bigint` as a bigint) as a number; anything else 0. */
export function numericValue(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (typeof value === 'bigint') return Number(value);
  return 0;
}

const isNumeric = (value: unknown): boolean =>
  typeof value === 'number' || typeof value === 'bigint' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));

/**
 * A value of a report — a custom report's result, a question's, a pivot's cell — as a person
 * reads it, by its column's format; one definition for every report screen and the embeds:
 * money from cents with the business's symbol (an average rounded to the cent, `$1,234.50`),
 * numbers with separators and at most two decimals, percentages with at most one (`12.3%`),
 * booleans as Yes/No, days as `Sat, Mar 1, 2025`, instants as the day and time in the business's
 * zone; nothing (null, undefined, '') as an empty string. A value that is not of its format's kind
 * is shown as it is.
 */
export function formatReportValue(value: unknown, format: ReportColumnFormat, display: ReportValueDisplay): string {
  if (value === null || value === undefined || value === '') return '';
  switch (format) {
    case 'money':
      return isNumeric(value) ? formatMoney(Math.round(numericValue(value)), display.symbol) : String(value);
    case 'number':
      return isNumeric(value) ? numericValue(value).toLocaleString('en-US', { maximumFractionDigits: 2 }) : String(value);
    case 'percent':
      return isNumeric(value) ? `${numericValue(value).toLocaleString('en-US', { maximumFractionDigits: 1 })}%` : String(value);
    case 'boolean':
      return value === true || value === 't' || value === 'true' ? 'Yes' : value === false || value === 'f' || value === 'false' ? 'No' : String(value);
    case 'day': {
      const day = typeof value === 'string' ? value.slice(0, 10) : value instanceof Date ? value.toISOString().slice(0, 10) : null;
      return day && /^\d{4}-\d{2}-\d{2}$/.test(day) && Number.isFinite(Date.parse(day)) ? dayLabel(day) : String(value);
    }
    case 'instant': {
      const at = typeof value === 'string' || value instanceof Date ? new Date(value) : null;
      if (!at || !Number.isFinite(at.getTime())) return String(value);
      const iso = at.toISOString();
      return `${dayLabel(dayInZone(at, display.timezone))} ${timeInZone(iso, display.timezone)}`;
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
