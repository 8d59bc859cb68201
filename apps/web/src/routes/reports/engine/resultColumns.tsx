import { formatReportValue, NUMERIC_FORMATS, type ReportColumn, type ReportValueDisplay } from '@salondesk/core';
import type { DataColumn } from '../../../ui/DataTable';

export type ResultRow = Readonly<Record<string, unknown>>;

/**
 * A report's columns (a custom report's, a question's) as data table columns: the first identifies the row and never folds, the
 * last money column is the amount (never folds either), the rest fold from the right.
 */
export function resultColumns(columns: readonly ReportColumn[], display: ReportValueDisplay): DataColumn<ResultRow>[] {
  const amount = [...columns].reverse().find((c) => c.format === 'money')?.key;
  return columns.map((c, index) => ({
    id: c.key,
    header: c.label,
    value: (row) => {
      const v = row[c.key];
      return typeof v === 'number' || typeof v === 'string' ? v : v === null || v === undefined ? null : String(v);
    },
    cell: (row) => formatReportValue(row[c.key], c.format, display),
    align: NUMERIC_FORMATS.includes(c.format) ? 'end' : 'start',
    priority: index === 0 || c.key === amount ? 'always' : index,
    size: NUMERIC_FORMATS.includes(c.format) ? 130 : 180,
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
