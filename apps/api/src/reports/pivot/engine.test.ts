import { fc, test } from '@fast-check/vitest';
import { type PivotConfiguration, type PivotPage, pivotGrid } from '@salondesk/core';
import { PIVOT_TEST_COLUMNS, type PivotTestRow, pageOf, pivotConfigArb, pivotTestRowArb, referencePivot } from '../../../../../packages/core/src/rules/pivot.arb';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { freshDatabaseUrl } from '../../test/harness';
import { pivotStatement, runPivot, type SqlRunner } from './engine';

/**
 * The engine against PostgreSQL: over generated sources (a VALUES relation with nulls in every
 * field), its pages must be exactly the in-memory reference pivot's (core's `referencePivot`,
 * computed level by level), whatever the page size, so every subtotal and total is over all the
 * rows and never over a page.
 */

const source = (rows: readonly PivotTestRow[]): SQL =>
  rows.length === 0
    ? sql`select null::text as staff, null::text as month, null::text as kind, null::int as quantity, null::int as total where false`
    : sql`select * from (values ${sql.join(
        rows.map((r) => sql`(${r.staff}::text, ${r.month}::text, ${r.kind}::text, ${r.quantity}::int, ${r.total}::int)`),
        sql`, `,
      )}) as t(staff, month, kind, quantity, total)`;

/** Averages compared to 9 significant places (PostgreSQL's numeric against JavaScript's doubles). */
const rounded = (page: Omit<PivotPage, 'page' | 'pageSize'>) => ({
  ...page,
  entries: page.entries.map((e) => ({ ...e, values: e.values.map((v) => (typeof v === 'number' ? Number(v.toPrecision(9)) : v)) })),
});
const dialect = new PgDialect();
const strip = ({ page: _p, pageSize: _s, ...rest }: PivotPage) => rest;

describe('pivot engine', () => {
  let database: DatabaseHandle;
  let runner: SqlRunner;
  beforeAll(async () => {
    database = openDatabase(await freshDatabaseUrl(), { max: 2 });
    runner = { rows: (query) => database.db.execute(query) };
  });
  afterAll(() => database.close());

  test.prop([fc.array(pivotTestRowArb, { maxLength: 30 }), pivotConfigArb()], { numRuns: 60 })(
    'gives the reference pivot: every cell, subtotal and grand total over all the rows',
    async (rows, config) => {
      const all = await runPivot(runner, source(rows), PIVOT_TEST_COLUMNS, config, null);
      expect(rounded(strip(all))).toEqual(rounded(referencePivot(rows, config)));
    },
  );

  test.prop([fc.array(pivotTestRowArb, { maxLength: 30 }), pivotConfigArb(), fc.integer({ min: 1, max: 5 })], { numRuns: 40 })(
    'pages by rows without changing a total: the pages together are the whole pivot',
    async (rows, config, size) => {
      const whole = referencePivot(rows, config);
      const pages = Math.max(1, Math.ceil(whole.rowCount / size));
      const got: PivotPage[] = [];
      for (let page = 1; page <= pages + 1; page++) got.push(await runPivot(runner, source(rows), PIVOT_TEST_COLUMNS, config, { page, pageSize: size }));
      for (const [i, page] of got.entries()) {
        expect(page.rowCount).toBe(whole.rowCount);
        expect(rounded(strip(page))).toEqual(rounded(strip(pageOf(whole, i + 1, size))));
      }
      // The page after the last is empty.
      expect(got[pages]?.entries).toEqual([]);
      expect(got.slice(0, pages).flatMap((p) => pivotGrid(p).rows)).toEqual(pivotGrid(await runPivot(runner, source(rows), PIVOT_TEST_COLUMNS, config, null)).rows);
    },
  );

  it('tells a total from a null value of the source', async () => {
    const rows: PivotTestRow[] = [
      { staff: null, month: '2026-01', kind: 'service', quantity: 1, total: 100 },
      { staff: 'Ana', month: null, kind: 'service', quantity: 2, total: 200 },
    ];
    const config: PivotConfiguration = {
      source: { kind: 'datasource', id: 1 },
      params: {},
      rows: ['staff'],
      columns: ['month'],
      values: [{ field: 'total', aggregate: 'sum' }],
      subtotals: true,
      grandTotals: true,
    };
    const page = await runPivot(runner, source(rows), PIVOT_TEST_COLUMNS, config, null);
    expect(page.columnKeys).toEqual([['2026-01'], [null], []]);
    expect(page.entries).toEqual([
      { row: ['Ana'], column: [null], values: [200] },
      { row: ['Ana'], column: [], values: [200] },
      { row: [null], column: ['2026-01'], values: [100] },
      { row: [null], column: [], values: [100] },
      { row: [], column: ['2026-01'], values: [100] },
      { row: [], column: [null], values: [200] },
      { row: [], column: [], values: [300] },
    ]);
  });

  it('averages a subtotal over the rows, not over the averages of its cells', async () => {
    const rows: PivotTestRow[] = [
      { staff: 'Ana', month: '2026-01', kind: 'service', quantity: 1, total: 100 },
      { staff: 'Ana', month: '2026-01', kind: 'service', quantity: 1, total: 200 },
      { staff: 'Ana', month: '2026-01', kind: 'service', quantity: 1, total: 300 },
      { staff: 'Ana', month: '2026-01', kind: 'retail', quantity: 1, total: 1000 },
    ];
    const config: PivotConfiguration = {
      source: { kind: 'datasource', id: 1 },
      params: {},
      rows: ['staff', 'kind'],
      columns: [],
      values: [{ field: 'total', aggregate: 'avg' }],
      subtotals: true,
      grandTotals: false,
    };
    const page = await runPivot(runner, source(rows), PIVOT_TEST_COLUMNS, config, null);
    // Cells: retail 1000, service 200; Ana's subtotal is (100 + 200 + 300 + 1000) / 4 = 400, not (1000 + 200) / 2.
    expect(page.entries.map((e) => [e.row, Number(e.values[0])])).toEqual([
      [['Ana', 'retail'], 1000],
      [['Ana', 'service'], 200],
      [['Ana'], 400],
    ]);
  });

  it('refuses a field the source does not offer and never puts it in the SQL', async () => {
    const config: PivotConfiguration = {
      source: { kind: 'datasource', id: 1 },
      params: {},
      rows: ['staff'],
      columns: [],
      values: [{ field: 'total', aggregate: 'sum' }],
      subtotals: true,
      grandTotals: true,
    };
    const evil = { ...config, rows: ['secret'] };
    await expect(runPivot(runner, source([]), PIVOT_TEST_COLUMNS, evil, null)).rejects.toMatchObject({
      status: 400,
      issues: [{ path: ['configuration', 'rows', 0], message: 'The source has no field secret' }],
    });
    await expect(runPivot(runner, source([]), PIVOT_TEST_COLUMNS, { ...config, values: [{ field: 'staff', aggregate: 'sum' }] }, null)).rejects.toMatchObject({
      status: 400,
      issues: [{ path: ['configuration', 'values', 0, 'aggregate'], message: 'Sum cannot be taken of Staff' }],
    });
    // Fields are quoted identifiers: even a name that passed the check could not escape its quotes.
    const statement = dialect.sqlToQuery(pivotStatement(sql`select 1`, config, { page: 2, pageSize: 10 }));
    expect(statement.sql).toContain('src."staff" as g0');
    expect(statement.params).toEqual([10, 20]);
  });

  it('uses a plain GROUP BY without subtotals or totals, and GROUPING SETS with them', () => {
    const config: PivotConfiguration = {
      source: { kind: 'datasource', id: 1 },
      params: {},
      rows: ['staff'],
      columns: ['month'],
      values: [{ field: 'total', aggregate: 'sum' }],
      subtotals: false,
      grandTotals: false,
    };
    const plain = dialect.sqlToQuery(pivotStatement(sql`select 1`, config, null)).sql;
    expect(plain).toMatch(/group by g0, g1/);
    expect(plain).not.toMatch(/grouping sets/);
    const sets = dialect.sqlToQuery(pivotStatement(sql`select 1`, { ...config, grandTotals: true }, null)).sql;
    expect(sets).toMatch(/group by grouping sets \(\(g0, g1\), \(g0\), \(g1\), \(\)\)/);
  });
});
