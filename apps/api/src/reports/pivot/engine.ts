import {
  describePivot,
  PIVOT_COLUMN_KEYS_MAX,
  type PivotAggregate,
  type PivotCellValue,
  type PivotConfiguration,
  type PivotEntry,
  type PivotKeyValue,
  type PivotPage,
  pivotGroupFields,
  pivotGroupingSets,
  pivotProblems,
  type ReportColumn,
  tooManyPivotColumns,
} from '@salondesk/core';
import { type SQL, sql } from 'drizzle-orm';
import { HttpError, invalidRequest } from '../../http/errors';

/**
 * The pivot engine: one PostgreSQL statement over a report source's relation (a data source or a
 * report function, handed by the guarded runner) computing every figure of a pivot with
 * `GROUP BY GROUPING SETS` — the cells, each row subtotal (a prefix of the row fields) and the
 * grand totals — over all the source's rows (the cells by one GROUP BY over every row, the sets
 * over the cells), then keeping one page of rows. Totals are told from
 * null values by `GROUPING()`; an average of a subtotal is the average of its underlying rows (their
 * sum over their count), never an average of averages. No name from the request reaches the SQL: fields are checked against the source's
 * columns and read as quoted identifiers of those columns, aliased `g0…`/`v0…`; aggregates come
 * from a fixed table.
 */

/** What a statement runs on: the guarded runner's transaction (`ReportTx`), or any executor giving rows. */
export interface SqlRunner {
  rows(query: SQL): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface PivotPaging {
  /** From 1. */
  page: number;
  pageSize: number;
}

/** The SQL of each aggregate, over a value field's alias. */
const AGGREGATE_SQL: Record<PivotAggregate, (column: SQL) => SQL> = {
  sum: (c) => sql`sum(${c})`,
  count: (c) => sql`count(${c})`,
  avg: (c) => sql`avg(${c})`,
  min: (c) => sql`min(${c})`,
  max: (c) => sql`max(${c})`,
};

/** Refuses a configuration its source cannot serve (400, with where and why). */
export function checkPivot(config: PivotConfiguration, columns: readonly ReportColumn[]): void {
  const problems = pivotProblems(config, columns);
  if (problems.length > 0) throw invalidRequest(problems.map((p) => ({ path: ['configuration', ...p.path], message: p.message })));
}

const join = (parts: SQL[], separator = sql`, `): SQL => sql.join(parts, separator);
const alias = (prefix: 'g' | 't' | 'v' | 'a' | 'p' | 'q', i: number) => sql.raw(`${prefix}${i}`);

/**
 * The statement of one page of a pivot. Its one row holds `row_count` (rows of the whole pivot),
 * `column_keys` (every column key, at most `PIVOT_COLUMN_KEYS_MAX + 1`) and `entries` (the page's,
 * in order), each entry `[t0…, g0…, a0…]`: the grouping flags, the keys, the values.
 */
export function pivotStatement(relation: SQL, config: PivotConfiguration, paging: PivotPaging | null): SQL {
  const groups = pivotGroupFields(config);
  const n = config.rows.length;
  const m = config.columns.length;
  const valueFields = [...new Set(config.values.map((v) => v.field))];
  const g = groups.map((_, i) => alias('g', i));
  const t = groups.map((_, i) => alias('t', i));

  const selected = [...groups.map((f, i) => sql`src.${sql.identifier(f)} as ${g[i]}`), ...valueFields.map((f, i) => sql`src.${sql.identifier(f)} as ${alias('v', i)}`)];
  const sets = pivotGroupingSets(config);
  const setsSql = sql`grouping sets (${join(sets.map((set) => sql`(${join(set.map((f) => g[groups.indexOf(f)] as SQL))})`))})`;
  // One grouping set (no subtotals, no totals): one plain GROUP BY over the source's rows.
  const single = sets.length === 1;
  const cellsOnly = groups.length === 0 ? sql`` : sql`group by ${join(g)}`;
  const value = (i: number) => alias('v', valueFields.indexOf(config.values[i]?.field as string));
  // Several: the cells first (one hashed GROUP BY over every row), then the grouping sets over the
  // cells, each figure re-aggregated from its cells' parts — a sum of sums, a sum of counts, a
  // minimum of minimums, an average as the sum of sums over the sum of counts (the average of the
  // rows, never of the cells' averages). The same figures as grouping sets over every row, read
  // once instead of once per set.
  const parts = config.values.flatMap((v, i) => {
    const part = alias('p', i);
    if (v.aggregate === 'avg') return [sql`sum(${value(i)}) as ${part}`, sql`count(${value(i)}) as ${alias('q', i)}`];
    return [sql`${AGGREGATE_SQL[v.aggregate](value(i))} as ${part}`];
  });
  const finals = config.values.map((v, i) => {
    const part = alias('p', i);
    switch (v.aggregate) {
      case 'sum':
        return sql`sum(${part}) as ${alias('a', i)}`;
      case 'count':
        return sql`coalesce(sum(${part}), 0) as ${alias('a', i)}`;
      case 'avg':
        return sql`sum(${part})::numeric / nullif(sum(${alias('q', i)}), 0) as ${alias('a', i)}`;
      default:
        return sql`${AGGREGATE_SQL[v.aggregate](part)} as ${alias('a', i)}`;
    }
  });
  const direct = config.values.map((v, i) => sql`${AGGREGATE_SQL[v.aggregate](value(i))} as ${alias('a', i)}`);
  // A total after the values of its level, values in order with nulls last.
  const orderOf = (from: number, to: number) => groups.slice(from, to).flatMap((_, k) => [t[from + k] as SQL, sql`${g[from + k]} asc nulls last`]);
  const rowOrder = orderOf(0, n);
  const columnOrder = orderOf(n, n + m);
  const flags = groups.length === 0 ? [] : t.map((alias_, i) => sql`grouping(${g[i]}) as ${alias_}`);
  const rank = rowOrder.length === 0 ? sql`1` : sql`dense_rank() over (order by ${join(rowOrder)})`;
  const inPage = paging ? sql`where rn > ${(paging.page - 1) * paging.pageSize} and rn <= ${paging.page * paging.pageSize}` : sql``;
  const entry = join([...t.map((x) => sql`${x}`), ...g.map((x) => sql`${x}`), ...config.values.map((_, i) => alias('a', i))]);
  const columnKeys =
    m === 0
      ? sql`'[[]]'::json`
      : sql`(select coalesce(json_agg(json_build_array(${join(g.slice(n))})), '[]'::json) from (
          select ${join(g.slice(n))} from cube where ${join(t.slice(n).map((x) => sql`${x} = 0`), sql` and `)}
          group by ${join(g.slice(n))} order by ${join(g.slice(n).map((x) => sql`${x} asc nulls last`))} limit ${PIVOT_COLUMN_KEYS_MAX + 1}
        ) as keys)`;

  const cube = single
    ? sql`cube as (
      select ${join([...g.map((x) => sql`${x}`), ...flags, ...direct])} from src ${cellsOnly}
    )`
    : sql`cells as (
      select ${join([...g.map((x) => sql`${x}`), ...parts])} from src group by ${join(g)}
    ), cube as (
      select ${join([...g.map((x) => sql`${x}`), ...flags, ...finals])} from cells group by ${setsSql}
    )`;

  return sql`with src as (
      select ${join(selected)} from (${relation}) as src
    ), ${cube}, ranked as (
      select cube.*, ${rank} as rn from cube
    )
    select
      (select coalesce(max(rn), 0) from ranked)::int as row_count,
      ${columnKeys} as column_keys,
      (select coalesce(json_agg(json_build_array(${entry}) order by ${join([sql`rn`, ...columnOrder])}), '[]'::json) from ranked ${inPage}) as entries`;
}

interface StatementRow {
  row_count: number;
  column_keys: PivotKeyValue[][];
  entries: unknown[][];
}

/** An entry of the statement as the result gives it: flags → how many of the row and column fields it is grouped by. */
function toEntry(raw: unknown[], n: number, m: number, values: number): PivotEntry {
  const k = n + m;
  const flags = raw.slice(0, k) as number[];
  const keys = raw.slice(k, 2 * k) as PivotKeyValue[];
  const rowLevel = flags.slice(0, n).filter((f) => f === 0).length;
  const columnLevel = flags.slice(n).filter((f) => f === 0).length;
  return {
    row: keys.slice(0, rowLevel),
    column: keys.slice(n, n + columnLevel),
    values: raw.slice(2 * k, 2 * k + values) as PivotCellValue[],
  };
}

/**
 * Runs one page of a pivot over a source (`paging` null: every row, for exports) and returns it
 * with its fields described from the source's columns. Refuses a configuration the source cannot
 * serve (400) and a pivot with more than `PIVOT_COLUMN_KEYS_MAX` column keys (400).
 */
export async function runPivot(
  db: SqlRunner,
  relation: SQL,
  columns: readonly ReportColumn[],
  config: PivotConfiguration,
  paging: PivotPaging | null,
): Promise<PivotPage> {
  checkPivot(config, columns);
  const { rows } = await db.rows(pivotStatement(relation, config, paging));
  const result = rows[0] as unknown as StatementRow;
  const n = config.rows.length;
  const m = config.columns.length;
  const leafKeys = result.column_keys;
  if (leafKeys.length > PIVOT_COLUMN_KEYS_MAX) throw new HttpError(400, tooManyPivotColumns());
  const columnKeys = m === 0 ? [[]] : [...leafKeys, ...(config.grandTotals ? [[]] : [])];
  return {
    ...describePivot(config, columns),
    columnKeys,
    entries: result.entries.map((raw) => toEntry(raw, n, m, config.values.length)),
    rowCount: result.row_count,
    page: paging?.page ?? 1,
    pageSize: paging?.pageSize ?? Math.max(1, result.row_count),
  };
}
