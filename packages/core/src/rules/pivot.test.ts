import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { PivotConfiguration } from '../models/reports';
import {
  aggregatesFor,
  GRAND_TOTAL_LABEL,
  PIVOT_ROW_KIND,
  type PivotGrid,
  type PivotGridRow,
  pivotExportColumns,
  pivotExportRows,
  pivotFields,
  pivotGrid,
  pivotGroupingSets,
  pivotProblems,
  TOTAL_LABEL,
} from './pivot';
import { PIVOT_TEST_COLUMNS, pageOf, pivotConfigArb, pivotTestRowArb, referencePivot } from './pivot.arb';

const config = (c: Partial<PivotConfiguration>): PivotConfiguration => ({
  source: { kind: 'datasource', id: 1 },
  params: {},
  rows: [],
  columns: [],
  values: [{ field: 'total', aggregate: 'sum' }],
  subtotals: true,
  grandTotals: true,
  ...c,
});

/** The cell rows of a grid under a row key prefix. */
const under = (grid: PivotGrid, prefix: readonly unknown[]) =>
  grid.rows.filter((r) => r.kind === PIVOT_ROW_KIND.CELLS && prefix.every((v, i) => r.key[i] === v));
const columnOf = (_grid: PivotGrid, i: number) => (row: PivotGridRow) => (row.values[i] ?? null) as number | null;

/** How values combine: the aggregate of a group from its parts' aggregates (sum, count, min, max). */
const combine = {
  sum: (xs: (number | null)[]) => (xs.every((x) => x === null) ? null : xs.reduce<number>((s, x) => s + (x ?? 0), 0)),
  count: (xs: (number | null)[]) => xs.reduce<number>((s, x) => s + (x ?? 0), 0),
  min: (xs: (number | null)[]) => (xs.every((x) => x === null) ? null : Math.min(...xs.filter((x): x is number => x !== null))),
  max: (xs: (number | null)[]) => (xs.every((x) => x === null) ? null : Math.max(...xs.filter((x): x is number => x !== null))),
} as const;

describe('pivot grouping sets', () => {
  it('gives the cells, each prefix of the rows and the totals', () => {
    expect(pivotGroupingSets(config({ rows: ['staff', 'kind'], columns: ['month'] }))).toEqual([
      ['staff', 'kind', 'month'],
      ['staff', 'kind'],
      ['staff', 'month'],
      ['staff'],
      ['month'],
      [],
    ]);
    expect(pivotGroupingSets(config({ rows: ['staff', 'kind'], columns: ['month'], subtotals: false, grandTotals: false }))).toEqual([['staff', 'kind', 'month']]);
  });

  it('with no rows or columns, is the one grand total', () => {
    expect(pivotGroupingSets(config({}))).toEqual([[]]);
    expect(pivotGroupingSets(config({ subtotals: false, grandTotals: false }))).toEqual([[]]);
  });

  test.prop([pivotConfigArb()])('each set is a prefix of the rows with all or none of the columns, once', (c) => {
    const sets = pivotGroupingSets(c);
    expect(sets[0]).toEqual([...c.rows, ...c.columns]);
    expect(new Set(sets.map((s) => JSON.stringify(s))).size).toBe(sets.length);
    for (const s of sets) {
      const rowPart = s.filter((f) => c.rows.includes(f));
      const columnPart = s.filter((f) => c.columns.includes(f));
      expect(rowPart).toEqual(c.rows.slice(0, rowPart.length));
      expect([0, c.columns.length]).toContain(columnPart.length);
      if (!c.grandTotals) expect(columnPart.length).toBe(c.columns.length);
      if (!c.subtotals) expect([0, c.rows.length]).toContain(rowPart.length);
    }
    const expected = (c.subtotals ? Math.max(1, c.rows.length) : 1) + (c.grandTotals && c.rows.length > 0 ? 1 : 0);
    expect(sets.length).toBe(expected * (c.grandTotals && c.columns.length > 0 ? 2 : 1));
  });

  it('reads each field once', () => {
    expect(pivotFields(config({ rows: ['staff'], columns: ['month'], values: [{ field: 'total', aggregate: 'sum' }, { field: 'total', aggregate: 'avg' }] }))).toEqual(['staff', 'month', 'total']);
  });
});

describe('pivot problems', () => {
  it('names a field the source lacks, a field grouped twice and an aggregate its format cannot take', () => {
    expect(pivotProblems(config({ rows: ['staff', 'tips'], columns: ['staff'], values: [{ field: 'staff', aggregate: 'sum' }, { field: 'nope', aggregate: 'count' }] }), PIVOT_TEST_COLUMNS)).toEqual([
      { path: ['rows', 1], message: 'The source has no field tips' },
      { path: ['columns', 0], message: 'Staff is already on the rows or columns' },
      { path: ['values', 0, 'aggregate'], message: 'Sum cannot be taken of Staff' },
      { path: ['values', 1, 'field'], message: 'The source has no field nope' },
    ]);
    expect(pivotProblems(config({ rows: ['staff'], columns: ['month'], values: [{ field: 'staff', aggregate: 'max' }, { field: 'total', aggregate: 'avg' }] }), PIVOT_TEST_COLUMNS)).toEqual([]);
  });

  it('lets every field be counted, numbers summed and averaged, ordered fields compared', () => {
    expect(aggregatesFor('money')).toEqual(['sum', 'count', 'avg', 'min', 'max']);
    expect(aggregatesFor('text')).toEqual(['count', 'min', 'max']);
    expect(aggregatesFor('boolean')).toEqual(['count']);
  });

  test.prop([pivotConfigArb()])('a generated configuration over the test source has none', (c) => {
    expect(pivotProblems(c, PIVOT_TEST_COLUMNS)).toEqual([]);
  });
});

describe('pivot grid', () => {
  test.prop([fc.array(pivotTestRowArb, { maxLength: 40 }), pivotConfigArb(['sum', 'count', 'min', 'max'])])(
    'a subtotal is its cells combined, the grand total its subtotals combined and all cells combined; the total column its columns combined',
    (rows, c) => {
      const whole = referencePivot(rows, c);
      const grid = pivotGrid(whole);
      const n = c.rows.length;
      const m = c.columns.length;
      if (rows.length === 0) return;
      /** A group's value from its parts': blank when every part is blank (no row of the source there). */
      const expected = (how: (xs: (number | null)[]) => number | null, parts: (number | null)[]) => (parts.every((x) => x === null) ? null : how(parts));
      grid.columns.forEach((column, i) => {
        const how = combine[c.values[column.value]?.aggregate as keyof typeof combine];
        const value = columnOf(grid, i);
        for (const row of grid.rows) {
          if (row.kind === PIVOT_ROW_KIND.SUBTOTAL || (row.kind === PIVOT_ROW_KIND.TOTAL && n > 0)) {
            expect(value(row), `${row.id} ${column.label}`).toEqual(expected(how, under(grid, row.key).map(value)));
          }
          if (row.kind === PIVOT_ROW_KIND.TOTAL && c.subtotals && n > 1) {
            const firstLevel = grid.rows.filter((r) => r.kind === PIVOT_ROW_KIND.SUBTOTAL && r.key.length === 1).map(value);
            expect(value(row), `${row.id} ${column.label} from subtotals`).toEqual(expected(how, firstLevel));
          }
          if (column.total && m > 0) {
            const parts = grid.columns.flatMap((other, j) => (!other.total && other.value === column.value ? [(row.values[j] ?? null) as number | null] : []));
            expect(value(row), `${row.id} total column`).toEqual(expected(how, parts));
          }
        }
      });
    },
  );

  test.prop([fc.array(pivotTestRowArb, { maxLength: 40 }), pivotConfigArb(), fc.integer({ min: 1, max: 7 })])('paging never changes a row: the pages laid out are the whole laid out', (rows, c, size) => {
    const whole = referencePivot(rows, c);
    const grid = pivotGrid(whole);
    const pages = Math.max(1, Math.ceil(whole.rowCount / size));
    const paged = Array.from({ length: pages }, (_, i) => pivotGrid(pageOf(whole, i + 1, size)));
    expect(paged.flatMap((g) => g.rows)).toEqual(grid.rows);
    for (const g of paged) {
      expect(g.columns).toEqual(grid.columns);
      expect(g.headerRows).toEqual(grid.headerRows);
    }
  });

  test.prop([fc.array(pivotTestRowArb, { maxLength: 40 }), fc.constantFrom('sum', 'count', 'avg', 'min', 'max' as const)])('with no rows or columns, one grand total over every row', (rows, aggregate) => {
    const grid = pivotGrid(referencePivot(rows, config({ values: [{ field: 'quantity', aggregate }] })));
    expect(grid.rows).toHaveLength(1);
    expect(grid.rows[0]?.kind).toBe(PIVOT_ROW_KIND.TOTAL);
    expect(grid.rows[0]?.headings).toEqual([TOTAL_LABEL]);
    expect(grid.columns).toHaveLength(1);
    const present = rows.map((r) => r.quantity).filter((q): q is number => q !== null);
    const expected = { sum: present.length ? present.reduce((s, q) => s + q, 0) : null, count: present.length, avg: present.length ? present.reduce((s, q) => s + q, 0) / present.length : null, min: present.length ? Math.min(...present) : null, max: present.length ? Math.max(...present) : null }[aggregate];
    expect(grid.rows[0]?.values[0]).toBe(expected);
  });

  it('groups column headers, places subtotals after their group and the grand total last', () => {
    const rows = [
      { staff: 'Ana', month: '2026-01', kind: 'service', quantity: 1, total: 1000 },
      { staff: 'Ana', month: '2026-02', kind: 'retail', quantity: 2, total: 500 },
      { staff: 'Bo', month: '2026-01', kind: 'service', quantity: 1, total: 2000 },
      { staff: 'Bo', month: null, kind: 'service', quantity: 1, total: 300 },
    ];
    const grid = pivotGrid(referencePivot(rows, config({ rows: ['staff', 'kind'], columns: ['month'], values: [{ field: 'total', aggregate: 'sum' }, { field: 'quantity', aggregate: 'count' }] })));
    expect(grid.corner).toEqual(['Staff', 'Kind']);
    expect(grid.headerRows).toEqual([
      [
        { label: '2026-01', span: 2, rowSpan: 1, total: false },
        { label: '2026-02', span: 2, rowSpan: 1, total: false },
        { label: '(blank)', span: 2, rowSpan: 1, total: false },
        { label: GRAND_TOTAL_LABEL, span: 2, rowSpan: 1, total: true },
      ],
      ['Sum of Total', 'Count of Quantity', 'Sum of Total', 'Count of Quantity', 'Sum of Total', 'Count of Quantity', 'Sum of Total', 'Count of Quantity'].map((label, i) => ({ label, span: 1, rowSpan: 1, total: i >= 6 })),
    ]);
    expect(grid.rows.map((r) => [r.kind, r.headings])).toEqual([
      ['cells', ['Ana', 'retail']],
      ['cells', ['Ana', 'service']],
      ['subtotal', ['Ana', 'Total']],
      ['cells', ['Bo', 'service']],
      ['subtotal', ['Bo', 'Total']],
      ['total', [GRAND_TOTAL_LABEL, '']],
    ]);
    expect(grid.rows.map((r) => r.values)).toEqual([
      [null, null, 500, 1, null, null, 500, 1],
      [1000, 1, null, null, null, null, 1000, 1],
      [1000, 1, 500, 1, null, null, 1500, 2],
      [2000, 1, null, null, 300, 1, 2300, 2],
      [2000, 1, null, null, 300, 1, 2300, 2],
      [3000, 2, 500, 1, 300, 1, 3800, 4],
    ]);
    const columns = pivotExportColumns(grid, [
      { field: 'total', aggregate: 'sum', label: 'Sum of Total', format: 'money' },
      { field: 'quantity', aggregate: 'count', label: 'Count of Quantity', format: 'number' },
    ]);
    expect(columns.map((c) => [c.label, c.kind])).toEqual([
      ['Staff', 'text'],
      ['Kind', 'text'],
      ['2026-01 / Sum of Total', 'money'],
      ['2026-01 / Count of Quantity', 'count'],
      ['2026-02 / Sum of Total', 'money'],
      ['2026-02 / Count of Quantity', 'count'],
      ['(blank) / Sum of Total', 'money'],
      ['(blank) / Count of Quantity', 'count'],
      ['Grand total / Sum of Total', 'money'],
      ['Grand total / Count of Quantity', 'count'],
    ]);
    expect(pivotExportRows(grid)[2]).toEqual({ r0: 'Ana', r1: 'Total', c0: 1000, c1: 1, c2: 500, c3: 1, c4: null, c5: null, c6: 1500, c7: 2 });
  });

  it('spans a column field’s value over the keys below it', () => {
    const rows = [
      { staff: 'Ana', month: '2026-01', kind: 'service', quantity: 1, total: 1 },
      { staff: 'Ana', month: '2026-01', kind: 'retail', quantity: 1, total: 1 },
      { staff: 'Bo', month: '2026-02', kind: 'service', quantity: 1, total: 1 },
    ];
    const grid = pivotGrid(referencePivot(rows, config({ columns: ['month', 'kind'] })));
    expect(grid.headerRows.map((r) => r.map((c) => [c.label, c.span, c.rowSpan]))).toEqual([
      [
        ['2026-01', 2, 1],
        ['2026-02', 1, 1],
        [GRAND_TOTAL_LABEL, 1, 2],
      ],
      [
        ['retail', 1, 1],
        ['service', 1, 1],
        ['service', 1, 1],
      ],
    ]);
    expect(grid.rows).toHaveLength(1);
    expect(grid.rows[0]?.values).toEqual([1, 1, 1, 3]);
  });
});
