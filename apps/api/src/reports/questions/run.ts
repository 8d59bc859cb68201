import { QUESTION_ROWS_MAX, type QuestionResult, type ReportColumn, type ReportParameterValues, type ReportSource } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { type ReportRunContext, withReportSource } from '../engine/runner';

/**
 * The questions service's runs, through the guarded runner (read-only transaction as the
 * reporting role, rows limited to the businesses of the run, statement timeout, bound
 * parameters): a query reads at most `QUESTION_ROWS_MAX` rows of its source; `truncated` says
 * there were more.
 */
export function runQuestion(ctx: ReportRunContext, source: ReportSource, values: ReportParameterValues): Promise<QuestionResult> {
  return withReportSource(
    ctx,
    source,
    values,
    async (tx, relation, columns) => {
      const { rows, truncated } = await tx.rows(sql`select * from (${relation}) as src`);
      return { columns, rows, truncated };
    },
    { rowCap: QUESTION_ROWS_MAX },
  );
}

/** The columns a source gives with these values (what a card's visualisation may name), without reading its rows. */
export function questionColumns(ctx: ReportRunContext, source: ReportSource, values: ReportParameterValues): Promise<ReportColumn[]> {
  return withReportSource(ctx, source, values, async (_tx, _relation, columns) => columns, { rowCap: 1 });
}
