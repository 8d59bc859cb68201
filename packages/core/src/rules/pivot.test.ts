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
  placePivotField,
  type PivotLayout,
  type PivotSpot,
  PIVOT_ZONES,
  removePivotField,
  shiftPivotField,
  TOTAL_LABEL,
} from './pivot';
import { PIVOT_GROUP_FIELDS_MAX, PIVOT_VALUES_MAX } from '../models/reports';
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

describe('moving fields in the editor', () => {
  const FIELDS = ['staff', 'month', 'kind', 'item', 'day', 'quantity', 'total'];
  const layoutArb: fc.Arbitrary<PivotLayout> = fc
    .record({
      grouped: fc.shuffledSubarray(FIELDS, { maxLength: PIVOT_GROUP_FIELDS_MAX }),
      cut: fc.nat(),
      values: fc.array(fc.record({ field: fc.constantFrom(...FIELDS), aggregate: fc.constantFrom('sum', 'count', 'avg', 'min', 'max' as const) }), { maxLength: PIVOT_VALUES_MAX }),
    })
    .map(({ grouped, cut, values }) => ({ rows: grouped.slice(0, cut % (grouped.length + 1)), columns: grouped.slice(cut % (grouped.length + 1)), values }));
  const spotIn = (layout: PivotLayout) =>
    fc.constantFrom(...PIVOT_ZONES).chain((zone) => fc.nat({ max: layout[zone].length }).map((index): PivotSpot => ({ zone, index })));
  const existing = (layout: PivotLayout) =>
    fc.constantFrom(...PIVOT_ZONES.filter((z) => layout[z].length > 0)).chain((zone) => fc.nat({ max: layout[zone].length - 1 }).map((index): PivotSpot => ({ zone, index })));
  const fieldAt = (layout: PivotLayout, spot: PivotSpot) => (spot.zone === 'values' ? layout.values[spot.index]?.field : layout[spot.zone][spot.index]) as string;

  test.prop([layoutArb.chain((l) => fc.tuple(fc.constant(l), fc.constantFrom(...FIELDS), spotIn(l)))])('a field put on the rows or columns groups them once; the limits hold', ([layout, field, to]) => {
    const next = placePivotField(layout, field, to, null, 'sum');
    const grouped = [...next.rows, ...next.columns];
    expect(new Set(grouped).size).toBe(grouped.length);
    expect(grouped.length).toBeLessThanOrEqual(PIVOT_GROUP_FIELDS_MAX);
    expect(next.values.length).toBeLessThanOrEqual(PIVOT_VALUES_MAX);
    if (next !== layout) {
      if (to.zone === 'values') expect(next.values).toContainEqual({ field, aggregate: 'sum' });
      else expect(next[to.zone]).toContain(field);
    }
  });

  test.prop([layoutArb.filter((l) => l.rows.length + l.columns.length + l.values.length > 0).chain((l) => fc.tuple(fc.constant(l), existing(l), spotIn(l)))])(
    'a field dragged from one place to another leaves the first; to its own zone, the zone keeps its fields',
    ([layout, from, to]) => {
      const field = fieldAt(layout, from);
      const next = placePivotField(layout, field, to, from, 'count');
      if (from.zone === to.zone) {
        expect([...next[to.zone]].map((x) => JSON.stringify(x)).sort()).toEqual([...layout[to.zone]].map((x) => JSON.stringify(x)).sort());
        // Taken and put back where it was: nothing moves.
        expect(placePivotField(layout, field, from, from, 'count')).toEqual(layout);
      } else if (next !== layout) {
        const count = (l: PivotLayout) => l.rows.length + l.columns.length + l.values.length;
        expect(count(next)).toBeLessThanOrEqual(count(layout));
        if (to.zone === 'values' && from.zone !== 'values') expect(next.values.length).toBe(layout.values.length + 1);
      }
    },
  );

  test.prop([layoutArb.filter((l) => l.rows.length + l.columns.length + l.values.length > 0).chain((l) => fc.tuple(fc.constant(l), existing(l), fc.integer({ min: -3, max: 3 })))])(
    'moving a field within its zone and removing it keep the other fields in order',
    ([layout, spot, delta]) => {
      const shifted = shiftPivotField(layout, spot, delta);
      expect([...shifted[spot.zone]].map((x) => JSON.stringify(x)).sort()).toEqual([...layout[spot.zone]].map((x) => JSON.stringify(x)).sort());
      const removed = removePivotField(layout, spot);
      expect(removed[spot.zone]).toEqual(layout[spot.zone].filter((_, i) => i !== spot.index));
    },
  );

  it('moves a field from the columns to the rows, and keeps a value’s aggregate when it moves among the values', () => {
    const layout: PivotLayout = { rows: ['staff'], columns: ['month'], values: [{ field: 'total', aggregate: 'avg' }, { field: 'quantity', aggregate: 'sum' }] };
    expect(placePivotField(layout, 'month', { zone: 'rows', index: 0 }, { zone: 'columns', index: 0 }, 'sum')).toEqual({ rows: ['month', 'staff'], columns: [], values: layout.values });
    expect(placePivotField(layout, 'staff', { zone: 'columns', index: 1 }, null, 'sum')).toEqual({ rows: [], columns: ['month', 'staff'], values: layout.values });
    expect(placePivotField(layout, 'total', { zone: 'values', index: 2 }, { zone: 'values', index: 0 }, 'sum').values).toEqual([
      { field: 'quantity', aggregate: 'sum' },
      { field: 'total', aggregate: 'avg' },
    ]);
    expect(placePivotField(layout, 'staff', { zone: 'values', index: 2 }, null, 'count').values).toHaveLength(3);
  });
});
