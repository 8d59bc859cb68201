import { dayInZone, dayLabel, formatMoney, type ReportColumn, timeInZone } from '@salondesk/core';
import type { DataColumn } from '../../../ui/DataTable';

export type ResultRow = Readonly<Record<string, unknown>>;

/** A cell of a report's result as a person reads it: money in the business's currency, days and times in its zone. */
export function formatCell(column: ReportColumn, value: unknown, display: { symbol: string; timezone: string }): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.format) {
    case 'money':
      return typeof value === 'number' ? formatMoney(value, display.symbol) : String(value);
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('en-US') : String(value);
    case 'percent':
      return typeof value === 'number' ? `${value.toFixed(1)}%` : String(value);
    case 'day':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayLabel(value) : String(value);
    case 'instant':
      return typeof value === 'string' ? `${dayLabel(dayInZone(new Date(value), display.timezone))} ${timeInZone(value, display.timezone)}` : String(value);
    case 'boolean':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

const NUMERIC = new Set(['money', 'number', 'percent']);

/**
 * A report's columns as data table columns: the first identifies the row and never folds, the
 * last money column is the amount (never folds either), the rest fold from the right.
 */
export function resultColumns(columns: readonly ReportColumn[], display: { symbol: string; timezone: string }): DataColumn<ResultRow>[] {
  const amount = [...columns].reverse().find((c) => c.format === 'money')?.key;
  return columns.map((c, index) => ({
    id: c.key,
    header: c.label,
    value: (row) => {
      const v = row[c.key];
      return typeof v === 'number' || typeof v === 'string' ? v : v === null || v === undefined ? null : String(v);
    },
    cell: (row) => formatCell(c, row[c.key], display),
    align: NUMERIC.has(c.format) ? 'end' : 'start',
    priority: index === 0 || c.key === amount ? 'always' : index,
    size: NUMERIC.has(c.format) ? 130 : 180,
  }));
}

/**
 * A result row's key: the values of the key columns the source names (ids), else its position —
 * a report's rows are sums, not records, and keep their order.
 */
export const resultRowId = (keys: readonly string[]) => (row: ResultRow, index?: number): string => {
  const present = keys.filter((k) => row[k] !== undefined);
  return present.length > 0 ? present.map((k) => String(row[k] ?? '∅')).join(':') : String(index ?? JSON.stringify(row));
};
