import { QUESTION_ROWS_MAX, type QuestionResult, type ReportColumn, type ReportParameterValues, type ReportSource } from '@salondesk/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { HandlerContext } from '../../http/registry';

type Executor = Pick<Database, 'execute'>;

/**
 * The guarded runner's shape (rengine's `withReportSource`): opens a read-only transaction limited
 * to the businesses `ctx` may see and hands `fn` the source as a relation plus its columns.
 */
export type WithReportSource = <T>(
  ctx: HandlerContext,
  source: ReportSource,
  values: ReportParameterValues,
  fn: (tx: Executor, relation: SQL, columns: ReportColumn[]) => Promise<T>,
) => Promise<T>;

/** A value from PostgreSQL as JSON carries it: counts and sums (`bigint`, `numeric` as text) as numbers, days as `YYYY-MM-DD`. */
function jsonCell(value: unknown, column: ReportColumn | undefined): unknown {
  if (value instanceof Date) return column?.format === 'day' ? value.toISOString().slice(0, 10) : value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && column && (column.format === 'number' || column.format === 'money' || column.format === 'percent')) {
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  return value;
}

/**
 * The questions service's runs, over the guarded runner: a query reads at most
 * `QUESTION_ROWS_MAX` rows of the source (one more tells that there were more).
 */
export function questionRunner(withReportSource: WithReportSource) {
  const read = (ctx: HandlerContext, source: ReportSource, values: ReportParameterValues): Promise<QuestionResult> =>
    withReportSource(ctx, source, values, async (tx, relation, columns) => {
      const { rows } = await tx.execute(sql`select * from (${relation}) as src limit ${QUESTION_ROWS_MAX + 1}`);
      const byKey = new Map(columns.map((c) => [c.key, c]));
      const kept = (rows as Record<string, unknown>[]).slice(0, QUESTION_ROWS_MAX).map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, jsonCell(v, byKey.get(k))])));
      return { columns, rows: kept, truncated: rows.length > QUESTION_ROWS_MAX };
    });
  return {
    run: read,
    /** The columns a source gives with these values, without reading its rows. */
    columns: (ctx: HandlerContext, source: ReportSource, values: ReportParameterValues): Promise<ReportColumn[]> =>
      withReportSource(ctx, source, values, async (_tx, _relation, columns) => columns),
  };
}
export type QuestionRunner = ReturnType<typeof questionRunner>;
