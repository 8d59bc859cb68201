import { reportRunNotice, type PivotReport, pivotExportColumns, pivotExportRows, pivotGrid, type ReportColumn, type ReportColumnFormat, type ReportRun, REPORT_LIMITS, COLUMN_KIND } from '@salondesk/core';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import { findBusiness } from '../../businesses/queries';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/errors';
import { defineJob } from '../../jobs/defineJob';
import type { Notifier } from '../../realtime/notify';
import { rows } from '../../db/executor';
import { PIVOT_SELECT, type PivotReportRow, toPivotReport } from '../catalogue/queries';
import { type ReportRunContext, reportScope, withReportSource } from '../engine/runner';
import { toReportRun } from '../engine/runs';
import { REPORT_RUN_CHUNK_ROWS, reportRunChunks, reportRuns } from '../engine/schema';
import { runPivot } from './engine';

/**
 * Long pivots, through the report engine's queue path: a pivot still computing after
 * `queueAfterMs` is kept as a report run (`report_runs`), computed whole by the `reports.pivot`
 * job with the full statement timeout, its grid stored as the run's rows (row headings, then a
 * column per column key and value, subtotal and grand-total rows in place — what its export
 * holds), and announced with the `reportRunFinished` notification to the business's room, like
 * every kept run: the kept run's page and its CSV/XLSX export are the engine's.
 */

export const PIVOT_RUN_JOB = 'reports.pivot';

/** A kept run's columns from a pivot's export columns (labels at most 80 characters). */
const FORMAT_OF_KIND: Record<string, ReportColumnFormat> = {
  [COLUMN_KIND.TEXT]: 'text',
  [COLUMN_KIND.MONEY]: 'money',
  [COLUMN_KIND.COUNT]: 'number',
  [COLUMN_KIND.DECIMAL]: 'number',
  [COLUMN_KIND.PERCENT]: 'percent',
  [COLUMN_KIND.DAY]: 'day',
  [COLUMN_KIND.DATETIME]: 'instant',
};

/** Keeps a pivot's run and sends it to the job queue; answers the kept run. */
export async function queuePivotRun(ctx: ReportRunContext & { userId: number | null }, report: PivotReport, enqueue: (runId: number, reportId: number) => Promise<unknown>): Promise<ReportRun> {
  const scope = await reportScope(ctx, 'business');
  const [row] = await ctx.db
    .insert(reportRuns)
    .values({
      business_id: ctx.business.id,
      user_id: ctx.userId,
      title: report.title,
      source: report.configuration.source,
      level: 'business',
      params: report.configuration.params,
      scope,
      status: 'queued',
    })
    .returning();
  if (!row) throw new Error('pivot run not kept');
  await enqueue(row.id, report.id);
  return toReportRun(row);
}

/** Computes a kept pivot run: the whole pivot, laid out, stored a chunk at a time; then the room is told. */
export async function executePivotRun(db: Database, notifier: Notifier, now: () => Date, runId: number, reportId: number, signal?: AbortSignal): Promise<void> {
  const [run] = await db.select().from(reportRuns).where(eq(reportRuns.id, runId)).limit(1);
  if (!run || run.status === 'finished') return;
  const business = await findBusiness(db, run.business_id);
  if (!business) return;
  const [reportRow] = await rows<PivotReportRow>(db, sql`${PIVOT_SELECT} where r.id = ${reportId} and r.business_id = ${business.id}`);
  await db.update(reportRuns).set({ status: 'running', error: null }).where(eq(reportRuns.id, run.id));
  await db.delete(reportRunChunks).where(eq(reportRunChunks.run_id, run.id));
  let count = 0;
  let columns: ReportColumn[] = [];
  try {
    if (!reportRow) throw new HttpError(404, 'The pivot report is no longer there.');
    const { configuration } = toPivotReport(reportRow);
    const whole = await withReportSource(
      { db, business, businesses: run.scope, now },
      configuration.source,
      configuration.params,
      (tx, relation, sourceColumns) => runPivot(tx, relation, sourceColumns, configuration, null),
      { statementTimeoutMs: REPORT_LIMITS.statementTimeoutMs, signal },
    );
    const grid = pivotGrid(whole);
    columns = pivotExportColumns(grid, whole.values).map((c) => ({ key: c.key, label: c.label.slice(0, 80), format: FORMAT_OF_KIND[c.kind] ?? 'text' }));
    const all = pivotExportRows(grid);
    for (let chunk = 0; chunk * REPORT_RUN_CHUNK_ROWS < all.length; chunk++) {
      await db.insert(reportRunChunks).values({ run_id: run.id, chunk, rows: all.slice(chunk * REPORT_RUN_CHUNK_ROWS, (chunk + 1) * REPORT_RUN_CHUNK_ROWS) });
    }
    count = all.length;
  } catch (error) {
    const message = error instanceof HttpError ? error.message : 'The report could not be run.';
    await db.update(reportRuns).set({ status: 'failed', error: message, finished_at: now() }).where(eq(reportRuns.id, run.id));
    await notifier.notify({ kind: 'reportRunFinished', businessId: business.id, networkId: business.network_id, ...reportRunNotice({ ...run, status: 'failed', error: message }), reportId: String(run.id) });
    if (error instanceof HttpError) return;
    throw error;
  }
  await db.update(reportRuns).set({ status: 'finished', columns, row_count: count, truncated: false, finished_at: now() }).where(eq(reportRuns.id, run.id));
  await notifier.notify({ kind: 'reportRunFinished', businessId: business.id, networkId: business.network_id, ...reportRunNotice({ ...run, status: 'finished', row_count: count, truncated: false }), reportId: String(run.id) });
}

/** The job that computes kept pivot runs. */
export const pivotRunJob = () =>
  defineJob({
    name: PIVOT_RUN_JOB,
    payload: z.object({ runId: z.int().check(z.minimum(1)), reportId: z.int().check(z.minimum(1)) }),
    retry: { limit: 1, delaySeconds: 30, backoff: false },
    timeoutSeconds: Math.ceil(REPORT_LIMITS.statementTimeoutMs / 1000) * 3,
    logFields: (p) => ({ runId: p.runId, reportId: p.reportId }),
    async handler(payload, ctx) {
      await executePivotRun(ctx.db, ctx.notifier, ctx.now, payload.runId, payload.reportId, ctx.signal);
    },
  });
