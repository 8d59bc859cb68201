import { MESSAGES, type ReportColumn, type ReportParameter, type ReportParameterValues, type ReportSource, reportFunction } from '@salondesk/core';
import type { SQL } from 'drizzle-orm';
import { HttpError, notFound, pleaseLogIn } from '../../http/errors';
import type { HandlerContext } from '../../http/registry';
import { findDataSource, type ReportSourceOptions, type ReportTx, withReportSource } from '../engine/runner';

/**
 * A pivot's source, opened through the report engine's guarded runner (read-only, as the
 * reporting role, the rows of the businesses the user may see, a statement timeout, the row cap):
 * the relation to pivot and its columns.
 */
export function withPivotSource<T>(
  ctx: HandlerContext,
  source: ReportSource,
  values: ReportParameterValues,
  fn: (tx: ReportTx, relation: SQL, columns: ReportColumn[]) => Promise<T>,
  options?: ReportSourceOptions,
): Promise<T> {
  if (!ctx.auth) throw pleaseLogIn();
  if (!ctx.business) throw new HttpError(500, MESSAGES.serverError);
  return withReportSource({ db: ctx.db, business: ctx.business, auth: ctx.auth, now: ctx.now }, source, values, fn, options);
}

/** The parameters a source declares (a report function's, or a data source's offered in this business). */
export async function sourceParameters(ctx: HandlerContext, source: ReportSource): Promise<ReportParameter[]> {
  if (!ctx.business) throw new HttpError(500, MESSAGES.serverError);
  if (source.kind === 'function') {
    const fn = reportFunction(source.name);
    if (!fn) throw notFound();
    return [...fn.params];
  }
  const row = await findDataSource(ctx.db, ctx.business.id, source.id);
  if (!row) throw notFound();
  return row.settings.parameters ?? [];
}
