import { fc } from '@fast-check/vitest';
import type { PivotAggregate, PivotConfiguration, ReportColumn } from '../models/reports';
import { describePivot, type PivotEntry, type PivotKeyValue, type PivotPage, pivotColumnLevels, pivotRowLevels } from './pivot';

/**
 * Pivots for property tests: a small source (a few text, integer and money fields with nulls), a
 * configuration over it, and a reference pivot computed in memory, row by row, level by level,
 * against which the grid (and, in the API's tests, PostgreSQL) is checked.
 */

/** The fields of the test source: three to group by, two to aggregate. */
export const PIVOT_TEST_COLUMNS: ReportColumn[] = [
  { key: 'staff', label: 'Staff', format: 'text' },
  { key: 'month', label: 'Month', format: 'text' },
  { key: 'kind', label: 'Kind', format: 'text' },
  { key: 'quantity', label: 'Quantity', format: 'number' },
  { key: 'total', label: 'Total', format: 'money' },
];
export type PivotTestRow = { staff: string | null; month: string | null; kind: string | null; quantity: number | null; total: number | null };

export const pivotTestRowArb: fc.Arbitrary<PivotTestRow> = fc.record({
  staff: fc.option(fc.constantFrom('Ana', 'Bo', 'Cy', 'Di'), { freq: 6 }),
  month: fc.option(fc.constantFrom('2026-01', '2026-02', '2026-03'), { freq: 8 }),
  kind: fc.option(fc.constantFrom('service', 'retail'), { freq: 8 }),
  quantity: fc.option(fc.integer({ min: -3, max: 20 }), { freq: 8 }),
  total: fc.option(fc.integer({ min: -50_000, max: 500_000 }), { freq: 10 }),
});

const GROUP_FIELDS = ['staff', 'month', 'kind'] as const;

/** A configuration over the test source: some group fields split between rows and columns, one to three values. */
export const pivotConfigArb = (aggregates: readonly PivotAggregate[] = ['sum', 'count', 'avg', 'min', 'max']): fc.Arbitrary<PivotConfiguration> =>
  fc
    .record({
      fields: fc.shuffledSubarray([...GROUP_FIELDS]),
      split: fc.nat(),
      values: fc.array(fc.record({ field: fc.constantFrom('quantity', 'total'), aggregate: fc.constantFrom(...aggregates) }), { minLength: 1, maxLength: 3 }),
      subtotals: fc.boolean(),
      grandTotals: fc.boolean(),
    })
    .map(({ fields, split, values, subtotals, grandTotals }) => {
      const cut = fields.length === 0 ? 0 : split % (fields.length + 1);
      return { source: { kind: 'datasource', id: 1 }, params: {}, rows: fields.slice(0, cut), columns: fields.slice(cut), values, subtotals, grandTotals };
    });

/** Values in PostgreSQL's order for the test source: numbers by value, texts by code unit, nulls last. */
export function compareKeyValues(a: PivotKeyValue, b: PivotKeyValue): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : 1;
}

/** Keys in pivot order: at each field, a value's rows before its total (a shorter key), values in order. */
export function compareKeys(a: readonly PivotKeyValue[], b: readonly PivotKeyValue[], length: number): number {
  for (let i = 0; i < length; i++) {
    const aTotal = i >= a.length;
    const bTotal = i >= b.length;
    if (aTotal !== bTotal) return aTotal ? 1 : -1;
    if (aTotal) return 0;
    const c = compareKeyValues(a[i] ?? null, b[i] ?? null);
    if (c !== 0) return c;
  }
  return 0;
}

function aggregate(values: (number | null)[], how: PivotAggregate): number | null {
  const present = values.filter((v): v is number => v !== null);
  if (how === 'count') return present.length;
  if (present.length === 0) return null;
  switch (how) {
    case 'sum':
      return present.reduce((s, v) => s + v, 0);
    case 'avg':
      return present.reduce((s, v) => s + v, 0) / present.length;
    case 'min':
      return Math.min(...present);
    default:
      return Math.max(...present);
  }
}

/**
 * The whole pivot computed in memory: for each row level × column level, the source's rows grouped
 * by that prefix (nulls are values), each value aggregated over the rows of the group. Entries in
 * pivot order; `rowCount` counts row keys. A grouping set over no rows at all gives no entry,
 * except the total over everything, which PostgreSQL also gives (`count` 0, the rest null).
 */
export function referencePivot(rows: readonly PivotTestRow[], config: PivotConfiguration): Omit<PivotPage, 'page' | 'pageSize'> {
  const n = config.rows.length;
  const m = config.columns.length;
  const entries: PivotEntry[] = [];
  const rowKeys = new Set<string>();
  const get = (r: PivotTestRow, f: string) => (r as Record<string, PivotKeyValue>)[f] ?? null;
  for (const rl of pivotRowLevels(config)) {
    for (const cl of pivotColumnLevels(config)) {
      const groups = new Map<string, { row: PivotKeyValue[]; column: PivotKeyValue[]; members: PivotTestRow[] }>();
      for (const r of rows) {
        const row = config.rows.slice(0, rl).map((f) => get(r, f));
        const column = config.columns.slice(0, cl).map((f) => get(r, f));
        const id = JSON.stringify([row, column]);
        let g = groups.get(id);
        if (!g) groups.set(id, (g = { row, column, members: [] }));
        g.members.push(r);
      }
      if (groups.size === 0 && rl === 0 && cl === 0) groups.set('[]', { row: [], column: [], members: [] });
      for (const g of groups.values()) {
        rowKeys.add(JSON.stringify(g.row));
        entries.push({ row: g.row, column: g.column, values: config.values.map((v) => aggregate(g.members.map((r) => get(r, v.field) as number | null), v.aggregate)) });
      }
    }
  }
  entries.sort((a, b) => compareKeys(a.row, b.row, n) || compareKeys(a.column, b.column, m));
  const leafColumns = new Map<string, PivotKeyValue[]>();
  for (const r of rows) {
    const key = config.columns.map((f) => get(r, f));
    leafColumns.set(JSON.stringify(key), key);
  }
  const columnKeys = m === 0 ? [[]] : [...[...leafColumns.values()].sort((a, b) => compareKeys(a, b, m)), ...(config.grandTotals ? [[]] : [])];
  return { ...describePivot(config, PIVOT_TEST_COLUMNS), columnKeys, entries, rowCount: rowKeys.size };
}

/** One page of a whole pivot, by rows, as the engine pages it. */
export function pageOf(whole: Omit<PivotPage, 'page' | 'pageSize'>, page: number, pageSize: number): PivotPage {
  const order: string[] = [];
  for (const e of whole.entries) {
    const id = JSON.stringify(e.row);
    if (order[order.length - 1] !== id) order.push(id);
  }
  const kept = new Set(order.slice((page - 1) * pageSize, page * pageSize));
  return { ...whole, entries: whole.entries.filter((e) => kept.has(JSON.stringify(e.row))), page, pageSize };
}
