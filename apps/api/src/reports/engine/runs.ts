import {
  REPORT_LIMITS,
  type ReportColumn,
  type ReportLevel,
  type ReportParameterValue,
  type ReportParameterValues,
  type ReportResult,
  type ReportRun,
  type ReportRunAnswer,
  reportRunNotice,
  type ReportSource,
} from '@salondesk/core';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import { findBusiness } from '../../businesses/queries';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/errors';
import { defineJob } from '../../jobs/defineJob';
import { deleteOlderThan, RETENTION } from '../../jobs/retention';
import type { Notifier } from '../../realtime/notify';
import { type DraftSource, reportScope, type ReportRunContext, withReportSource } from './runner';
import { REPORT_RUN_CHUNK_ROWS, reportRunChunks, reportRuns } from './schema';

/**
 * Report runs: a run is answered at once when it is small and quick; one that would return more
 * than `queueAboveRows` rows or is still going after `queueAfterMs` is kept (`report_runs`), sent
 * to the job queue (`reports.run`), its rows stored a chunk at a time, and its end announced with
 * the `reportRunFinished` notification to the business's room, linking to the result.
 */

export interface RunLimits {
  queueAboveRows: number;
  queueAfterMs: number;
}

export const DEFAULT_RUN_LIMITS: RunLimits = { queueAboveRows: REPORT_LIMITS.queueAboveRows, queueAfterMs: REPORT_LIMITS.queueAfterMs };

export const REPORT_RUN_JOB = 'reports.run';

type RunRow = typeof reportRuns.$inferSelect;

export const toReportRun = (row: RunRow): ReportRun => ({
  id: row.id,
  business_id: row.business_id,
  title: row.title,
  source: row.source,
  level: row.level as ReportLevel,
  params: row.params,
  status: row.status,
  columns: row.columns,
  row_count: row.row_count,
  truncated: row.truncated,
  error: row.error,
  created_at: row.created_at.toISOString(),
  finished_at: row.finished_at?.toISOString() ?? null,
});

const TIMED_OUT = 408;

export interface RunRequest {
  ctx: ReportRunContext & { userId: number | null };
  source: ReportSource;
  title: string;
  values: ReportParameterValues;
  level: ReportLevel;
  limits: RunLimits;
  /** Sends the kept run to the job queue. */
  enqueue: (runId: number) => Promise<unknown>;
}

/**
 * Runs a source for a person waiting on the answer: the rows now, or — more than
 * `queueAboveRows` rows, or a statement still going after `queueAfterMs` — a kept run sent to
 * the job queue. Bad values are a 400 either way, before anything is kept.
 */
export async function runOrQueue(request: RunRequest): Promise<ReportRunAnswer> {
  const { ctx, source, values, level, limits } = request;
  let bound: Record<string, ReportParameterValue> | null = null;
  try {
    const result = await withReportSource(
      ctx,
      source,
      values,
      async (tx, relation, columns): Promise<ReportResult> => {
        bound = { ...tx.values };
        const { rows, truncated } = await tx.rows(sql`select * from (${relation}) as src`);
        return { columns, rows, truncated };
      },
      { level, rowCap: limits.queueAboveRows, statementTimeoutMs: limits.queueAfterMs },
    );
    if (!result.truncated) return { status: 'done', result, values: bound ?? {} };
  } catch (error) {
    // Too long to wait for: it goes to the queue (its values were good: they were bound).
    if (!(error instanceof HttpError && error.status === TIMED_OUT && bound !== null)) throw error;
  }
  const scope = await reportScope(ctx, level);
  const [row] = await ctx.db
    .insert(reportRuns)
    .values({ business_id: ctx.business.id, user_id: ctx.userId, title: request.title, source, level, params: bound ?? {}, scope, status: 'queued' })
    .returning();
  if (!row) throw new Error('report run not kept');
  await request.enqueue(row.id);
  return { status: 'queued', run: toReportRun(row) };
}

/** Runs a draft (an unsaved data source) for a few rows: never queued. */
export async function runDraft(ctx: ReportRunContext, draft: DraftSource, values: ReportParameterValues, rows: number): Promise<ReportRunAnswer> {
  let bound: Record<string, ReportParameterValue> = {};
  const result = await withReportSource(
    ctx,
    draft,
    values,
    async (tx, relation, columns): Promise<ReportResult> => {
      bound = { ...tx.values };
      const r = await tx.rows(sql`select * from (${relation}) as src`);
      return { columns, rows: r.rows, truncated: r.truncated };
    },
    { rowCap: rows, statementTimeoutMs: REPORT_LIMITS.queueAfterMs },
  );
  return { status: 'done', result, values: bound };
}

/** A kept run of this business. */
export async function findRun(db: Database, businessId: number, runId: number): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(reportRuns)
    .where(and(eq(reportRuns.id, runId), eq(reportRuns.business_id, businessId)))
    .limit(1);
  return row;
}

/** Rows `offset` to `offset + limit` of a finished run, from its chunks. */
export async function runRows(db: Database, runId: number, offset: number, limit: number): Promise<Record<string, unknown>[]> {
  const first = Math.floor(offset / REPORT_RUN_CHUNK_ROWS);
  const last = Math.floor((offset + limit - 1) / REPORT_RUN_CHUNK_ROWS);
  const chunks = await db
    .select({ chunk: reportRunChunks.chunk, rows: reportRunChunks.rows })
    .from(reportRunChunks)
    .where(and(eq(reportRunChunks.run_id, runId), gte(reportRunChunks.chunk, first), lt(reportRunChunks.chunk, last + 1)))
    .orderBy(asc(reportRunChunks.chunk));
  const all = chunks.flatMap((c) => c.rows);
  const skip = offset - first * REPORT_RUN_CHUNK_ROWS;
  return all.slice(skip, skip + limit);
}

/** Every row of a finished run, a chunk at a time (its exports). */
export async function* runChunks(db: Database, runId: number): AsyncGenerator<Record<string, unknown>[]> {
  for (let chunk = 0; ; chunk++) {
    const [row] = await db
      .select({ rows: reportRunChunks.rows })
      .from(reportRunChunks)
      .where(and(eq(reportRunChunks.run_id, runId), eq(reportRunChunks.chunk, chunk)))
      .limit(1);
    if (!row) return;
    yield row.rows;
  }
}

/**
 * Runs a kept run: the rows through a cursor, stored a chunk at a time (at most `rowCap`), then
 * the run marked finished (or failed, with the reason) and the business's room told.
 */
export async function executeRun(db: Database, notifier: Notifier, now: () => Date, runId: number, signal?: AbortSignal): Promise<void> {
  const [run] = await db.select().from(reportRuns).where(eq(reportRuns.id, runId)).limit(1);
  if (!run || run.status === 'finished') return;
  const business = await findBusiness(db, run.business_id);
  if (!business) return;
  await db.update(reportRuns).set({ status: 'running', error: null }).where(eq(reportRuns.id, run.id));
  await db.delete(reportRunChunks).where(eq(reportRunChunks.run_id, run.id));
  let count = 0;
  let truncated = false;
  let columns: ReportColumn[] = [];
  try {
    await withReportSource(
      { db, business, businesses: run.scope, now },
      run.source,
      run.params,
      async (tx, relation, cols) => {
        columns = cols;
        let chunk = 0;
        let buffer: Record<string, unknown>[] = [];
        const flush = async () => {
          if (buffer.length === 0) return;
          await db.insert(reportRunChunks).values({ run_id: run.id, chunk: chunk++, rows: buffer });
          buffer = [];
        };
        // One row past the cap says the result was cut.
        for await (const batch of tx.batches(sql`select * from (${relation}) as src limit ${REPORT_LIMITS.rowCap + 1}`, REPORT_RUN_CHUNK_ROWS)) {
          for (const row of batch) {
            if (count === REPORT_LIMITS.rowCap) {
              truncated = true;
              break;
            }
            buffer.push(row);
            count++;
            if (buffer.length === REPORT_RUN_CHUNK_ROWS) await flush();
          }
          if (truncated) break;
        }
        await flush();
      },
      { level: run.level as ReportLevel, rowCap: REPORT_LIMITS.rowCap + 1, statementTimeoutMs: REPORT_LIMITS.statementTimeoutMs, signal },
    );
  } catch (error) {
    const message = error instanceof HttpError ? error.message : 'The report could not be run.';
    await db.update(reportRuns).set({ status: 'failed', error: message, finished_at: now() }).where(eq(reportRuns.id, run.id));
    await notifier.notify({ kind: 'reportRunFinished', businessId: business.id, networkId: business.network_id, ...reportRunNotice({ ...run, status: 'failed', error: message }), reportId: String(run.id) });
    if (error instanceof HttpError) return;
    throw error;
  }
  await db.update(reportRuns).set({ status: 'finished', columns, row_count: count, truncated, finished_at: now() }).where(eq(reportRuns.id, run.id));
  await notifier.notify({ kind: 'reportRunFinished', businessId: business.id, networkId: business.network_id, ...reportRunNotice({ ...run, status: 'finished', row_count: count, truncated: truncated }), reportId: String(run.id) });
}

/** The job that runs kept report runs. */
export const reportRunJob = () =>
  defineJob({
    name: REPORT_RUN_JOB,
    payload: z.object({ runId: z.int().check(z.minimum(1)) }),
    retry: { limit: 1, delaySeconds: 30, backoff: false },
    timeoutSeconds: Math.ceil(REPORT_LIMITS.statementTimeoutMs / 1000) * 3,
    logFields: (p) => ({ runId: p.runId }),
    async handler(payload, ctx) {
      await executeRun(ctx.db, ctx.notifier, ctx.now, payload.runId, ctx.signal);
    },
  });

/** Deletes kept runs asked more than `RETENTION.reportRuns` ago, their rows with them (housekeeping). */
export const sweepReportRuns = (db: Database, now: Date): Promise<number> => deleteOlderThan(db, reportRuns, reportRuns.created_at, now, RETENTION.reportRuns);
