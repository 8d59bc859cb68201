import {
  COLUMN_KIND,
  type CellValue,
  DATA_SOURCE_TEST_ROWS,
  type DataSource,
  endpoints,
  type ExportColumn,
  isAdmin,
  MESSAGES,
  operations,
  type OpenedParameter,
  PERIOD_REPORT_TYPES,
  type PeriodReport,
  type PeriodReportType,
  parameterDefault,
  REPORT_RUN_PAGE_MAX,
  type ReportColumn,
  type ReportColumnFormat,
  type ReportParameter,
  type ReportParameterValues,
  type ReportParamsAnswer,
  type ReportSource,
  reportFunction,
  reportParameterValues,
  staticChoices,
  dayInZone,
  rangeProblem,
  reportSlug,
  userCan,
} from '@salondesk/core';
import { asc, eq, isNull, or, sql } from 'drizzle-orm';
import { safeParse } from 'zod/mini';
import { findBusiness } from '../../businesses/queries';
import { contextOf } from '../../export/context';
import { type ExportPlan, implementExport } from '../../export/implementExport';
import { HttpError, invalidRequest, noPermission, notFound } from '../../http/errors';
import { type HandlerContext, type Implementation, businessOf, authOf } from '../../http/registry';
import { implement } from '../../http/registry';
import { implementOperation, type OperationImplementation } from '../../proxy/registry';
import { type DraftSource, findDataSource, openReportSource, type ReportRunContext, withReportSource } from './runner';
import { runContextOf } from './runContext';
import { DEFAULT_RUN_LIMITS, findRun, REPORT_RUN_JOB, type RunLimits, runChunks, runDraft, runOrQueue, runRows, toReportRun } from './runs';
import { dataSources } from './schema';

/**
 * The report engine's handlers: runs of report functions and data sources (answered now, or
 * queued when long), their parameters as a report opens, data sources (admins write them; each
 * save is checked by PostgreSQL itself under the reporting role), kept runs, period reports, the
 * admin cube, and the exports of results.
 */

type DataSourceRow = typeof dataSources.$inferSelect;

const toDataSource = (row: DataSourceRow): DataSource => ({
  id: row.id,
  business_id: row.business_id,
  name: row.name,
  description: row.description,
  sql: row.sql,
  settings: { parameters: row.settings.parameters ?? [], ...(row.settings.columns ? { columns: row.settings.columns } : {}) } as DataSource['settings'],
  updated_at: row.updated_at.toISOString(),
  metabase_id: row.metabase_id,
});

const requireAdmin = (ctx: HandlerContext) => {
  if (!isAdmin(authOf(ctx).user)) throw noPermission();
};

const enqueueOf = (ctx: HandlerContext) => (runId: number) => ctx.request.server.jobs.send(REPORT_RUN_JOB, { runId });

const READ_ONLY_SELECT = 'A data source is one read-only SELECT over the reporting views.';

/**
 * Checks a data source before it is kept: its declarations (core's `declarationProblems`, in the
 * runner) and its SQL, which PostgreSQL itself parses and plans as one statement under the
 * reporting role in a read-only transaction (nothing runs: `limit 0`), as a subquery — so only a
 * query is accepted, it may read only the reporting views, and a second statement is refused.
 * Query-sourced choices are read the same way. Problems are a 400 naming the SQL.
 */
async function checkDataSource(ctx: HandlerContext, draft: DraftSource): Promise<void> {
  const first = /^[a-z]+/i.exec(draft.sql.replace(/^(\s+|--[^\n]*(\n|$)|\/\*[\s\S]*?\*\/)*/, ''))?.[0]?.toLowerCase();
  if (first === undefined ? !/^\s*\(/.test(draft.sql) : !['select', 'with', 'values', 'table'].includes(first)) {
    throw invalidRequest([{ path: ['sql'], message: READ_ONLY_SELECT }]);
  }
  try {
    await withReportSource(runContextOf(ctx), draft, {}, async (tx, relation) => {
      await tx.rows(sql`select * from (${relation}) as src limit ${0}`);
    }, { rowCap: 1, statementTimeoutMs: 10_000, resolveOnly: true });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // Problems of the declarations name their parameter already.
    if (error.issues?.length) throw error;
    if (error.status === 400 || error.status === 403 || error.status === 408) throw invalidRequest([{ path: ['sql'], message: error.message }]);
    throw error;
  }
}

/** The parameters of a source as a report opens: defaults for today (the business's), choices read now. */
async function openedParameters(ctx: HandlerContext, source: ReportSource, title: string, level: 'business' | 'network'): Promise<ReportParamsAnswer> {
  const open = await openReportSource(runContextOf(ctx), source, {}, { level, resolveOnly: true, rowCap: 1, statementTimeoutMs: DEFAULT_RUN_LIMITS.queueAfterMs });
  try {
    const today = dayInZone(ctx.now(), businessOf(ctx).timezone);
    const parameters: OpenedParameter[] = open.parameters.map((p: ReportParameter) => {
      const choices = p.type === 'choice' ? (p.config.valueType === 'query' ? [...(open.choices.get(p.id) ?? [])] : staticChoices(p)) : undefined;
      return {
        ...p,
        default: open.tx.values[p.id] ?? parameterDefault(p, { today, queryChoices: open.choices }),
        ...(choices ? { choices } : {}),
      };
    });
    return { title, parameters, columns: open.columns };
  } finally {
    await open.close();
  }
}

const CUSTOM_PROC_FORMAT: Record<ReportColumnFormat, ExportColumn['kind']> = {
  text: COLUMN_KIND.TEXT,
  number: COLUMN_KIND.COUNT,
  money: COLUMN_KIND.MONEY,
  percent: COLUMN_KIND.PERCENT,
  day: COLUMN_KIND.DAY,
  instant: COLUMN_KIND.DATETIME,
  boolean: COLUMN_KIND.TEXT,
};

/** A report's columns as an export writes them. */
export const exportColumnsOf = (columns: readonly ReportColumn[]): ExportColumn[] => columns.map((c) => ({ key: c.key, label: c.label, kind: CUSTOM_PROC_FORMAT[c.format] }));

/** A result row as an export writes it: booleans as Yes/No, anything else as it is. */
const exportRow = (columns: readonly ReportColumn[]) => (row: Record<string, unknown>): Record<string, CellValue> => {
  const out: Record<string, CellValue> = {};
  for (const c of columns) {
    const v = row[c.key];
    out[c.key] = typeof v === 'boolean' ? (v ? 'Yes' : 'No') : v === undefined ? null : (v as CellValue);
  }
  return out;
};

/** The values of an export's query string (`values` as JSON), checked like a run's body. */
function valuesOfQuery(text: string): ReportParameterValues {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidRequest([{ path: ['query', 'values'], message: 'Must be JSON: {"start_day":"2026-01-01"}' }]);
  }
  const checked = safeParse(reportParameterValues, parsed);
  if (!checked.success) throw invalidRequest([{ path: ['query', 'values'], message: checked.error.issues[0]?.message ?? 'Invalid values' }]);
  return checked.data;
}

/**
 * Rows of a source streamed from the guarded transaction, as an export's row source: the
 * transaction opens in `plan` (so bad values are a 400) and closes when the file is written, or
 * when the client goes away.
 */
async function streamedSource(ctx: HandlerContext, source: ReportSource, values: ReportParameterValues, level: 'business' | 'network') {
  const open = await openReportSource(runContextOf(ctx), source, values, { level });
  const toRow = exportRow(open.columns);
  const batches = open.tx.batches(sql`select * from (${open.relation}) as src`, 2_000);
  const iterator: AsyncIterator<Record<string, CellValue>[]> = {
    async next() {
      try {
        const next = await batches.next();
        if (next.done) {
          await open.close();
          return { done: true, value: undefined };
        }
        return { done: false, value: next.value.map(toRow) };
      } catch (error) {
        await open.close();
        throw error;
      }
    },
    async return() {
      await batches.return(undefined);
      await open.close();
      return { done: true, value: undefined };
    },
  };
  return { columns: open.columns, rows: { [Symbol.asyncIterator]: () => iterator } };
}

/** A data source's range for the file name: its start and end values when it has them, else today. */
function rangeOfValues(ctx: HandlerContext, values: ReportParameterValues): { start: string; end: string } {
  const today = dayInZone(ctx.now(), businessOf(ctx).timezone);
  const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
  const start = day(values.start_day) ?? day(values.start) ?? today;
  const end = day(values.end_day) ?? day(values.end) ?? start;
  return start <= end ? { start, end } : { start: end, end: start };
}

const fileNameOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'report';

/** A period report: its type's function, in summary or detail, over a range of one business (or its network). */
export async function periodReportOf(ctx: ReportRunContext, type: PeriodReportType, start: string, end: string, detail: boolean, level: 'business' | 'network'): Promise<PeriodReport> {
  const problem = rangeProblem(start, end, 400);
  if (problem) throw invalidRequest([{ path: ['params', 'end'], message: problem }]);
  const kind = PERIOD_REPORT_TYPES[type];
  const name = detail ? kind.detail : kind.summary;
  const fn = reportFunction(name);
  if (!fn) throw notFound();
  const values: ReportParameterValues = { start_day: start, end_day: end, ...(detail ? kind.detailParams : {}) };
  const result = await withReportSource(
    ctx,
    { kind: 'function', name },
    values,
    async (tx, relation, columns) => {
      const r = await tx.rows(sql`select * from (${relation}) as src`);
      // A summary of the prepaid balance is one row per location: no day.
      const shown = type === 'prepaidbalance' && !detail ? columns.filter((c) => c.key !== 'day') : columns;
      return { columns: shown, rows: r.rows, truncated: r.truncated };
    },
    { level, rowCap: 50_000, statementTimeoutMs: 60_000 },
  );
  return { type, title: kind.title, start, end, detail, result };
}

export interface EngineOptions {
  /** When a run goes to the job queue (tests lower them). */
  limits?: Partial<RunLimits>;
  /** Report SQL signs in with this instead of the runner role's stored password (`SALONDESK_REPORTING_DATABASE_URL`). */
  databaseUrl?: string;
}

export function reportEngineHandlers(options: EngineOptions = {}): Implementation[] {
  const e = endpoints.reportEngine;
  const x = endpoints.reportEngineExports;
  const limits: RunLimits = { ...DEFAULT_RUN_LIMITS, ...options.limits };

  return [
    implement(e.run, async ({ params, body }, ctx) => {
      const fn = reportFunction(params.name);
      if (!fn) throw new HttpError(404, `There is no report function ${params.name}.`);
      return runOrQueue({ ctx: runContextOf(ctx), source: { kind: 'function', name: fn.name }, title: fn.title, values: body.values, level: body.level, limits, enqueue: enqueueOf(ctx) });
    }),

    implement(e.params, async ({ params, query }, ctx) => {
      const fn = reportFunction(params.name);
      if (!fn) throw new HttpError(404, `There is no report function ${params.name}.`);
      return openedParameters(ctx, { kind: 'function', name: fn.name }, fn.title, query.level);
    }),

    implement(e.dataSources, async (_request, ctx) => {
      const business = businessOf(ctx);
      const list = await ctx.db
        .select()
        .from(dataSources)
        .where(or(isNull(dataSources.business_id), eq(dataSources.business_id, business.id)))
        .orderBy(asc(dataSources.name), asc(dataSources.id));
      return list.map(toDataSource);
    }),

    implement(e.addDataSource, async ({ body }, ctx) => {
      requireAdmin(ctx);
      const business = businessOf(ctx);
      await checkDataSource(ctx, { kind: 'sql', sql: body.sql, parameters: body.settings.parameters, columns: body.settings.columns });
      const [row] = await ctx.db
        .insert(dataSources)
        .values({
          business_id: body.everywhere ? null : business.id,
          name: body.name,
          description: body.description,
          sql: body.sql,
          settings: { parameters: body.settings.parameters, ...(body.settings.columns ? { columns: body.settings.columns } : {}) },
          created_by: authOf(ctx).user.id,
        })
        .returning();
      if (!row) throw new Error('data source not added');
      return toDataSource(row);
    }),

    implement(e.updateDataSource, async ({ params, body }, ctx) => {
      requireAdmin(ctx);
      const business = businessOf(ctx);
      const existing = await findDataSource(ctx.db, business.id, params.dataSourceId);
      if (!existing) throw notFound();
      const next = {
        name: body.name ?? existing.name,
        description: body.description ?? existing.description,
        sql: body.sql ?? existing.sql,
        settings: body.settings ? { parameters: body.settings.parameters, ...(body.settings.columns ? { columns: body.settings.columns } : {}) } : existing.settings,
        business_id: body.everywhere === undefined ? existing.business_id : body.everywhere ? null : business.id,
      };
      await checkDataSource(ctx, { kind: 'sql', sql: next.sql, parameters: next.settings.parameters ?? [], columns: next.settings.columns });
      const [row] = await ctx.db
        .update(dataSources)
        .set({ ...next, updated_at: ctx.now() })
        .where(eq(dataSources.id, existing.id))
        .returning();
      if (!row) throw notFound();
      return toDataSource(row);
    }),

    implement(e.deleteDataSource, async ({ params }, ctx) => {
      requireAdmin(ctx);
      const existing = await findDataSource(ctx.db, businessOf(ctx).id, params.dataSourceId);
      if (!existing) throw notFound();
      await ctx.db.delete(dataSources).where(eq(dataSources.id, existing.id));
      return { id: existing.id };
    }),

    implement(e.testDataSource, async ({ body }, ctx) => {
      requireAdmin(ctx);
      const draft: DraftSource = { kind: 'sql', sql: body.sql, parameters: body.settings.parameters, columns: body.settings.columns };
      await checkDataSource(ctx, draft);
      return runDraft(runContextOf(ctx), draft, body.values, DATA_SOURCE_TEST_ROWS);
    }),

    implement(e.runDataSource, async ({ params, body }, ctx) => {
      const found = await findDataSource(ctx.db, businessOf(ctx).id, params.dataSourceId);
      if (!found) throw notFound();
      return runOrQueue({ ctx: runContextOf(ctx), source: { kind: 'datasource', id: found.id }, title: found.name, values: body.values, level: body.level, limits, enqueue: enqueueOf(ctx) });
    }),

    implement(e.dataSourceParams, async ({ params, query }, ctx) => {
      const found = await findDataSource(ctx.db, businessOf(ctx).id, params.dataSourceId);
      if (!found) throw notFound();
      return openedParameters(ctx, { kind: 'datasource', id: found.id }, found.name, query.level);
    }),

    implement(e.reportRun, async ({ params, query }, ctx) => {
      const run = await findRun(ctx.db, businessOf(ctx).id, params.runId);
      // A run is its asker's (their scope, their parameters); admins may open any.
      if (!run || (run.user_id !== authOf(ctx).user.id && !isAdmin(authOf(ctx).user))) throw notFound();
      const limit = Math.min(query.limit, REPORT_RUN_PAGE_MAX);
      const rows = run.status === 'finished' ? await runRows(ctx.db, run.id, query.offset, limit) : [];
      return { run: toReportRun(run), rows, offset: query.offset, limit };
    }),

    implement(e.periodReport, async ({ params, query }, ctx) => {
      // Each period report needs the permission its slug names (core's report slug registry).
      const permission = reportSlug(query.type)?.permission;
      if (permission && !userCan(authOf(ctx).user, permission)) throw noPermission();
      return periodReportOf(runContextOf(ctx), query.type as PeriodReportType, params.start, params.end, query.detail, query.level);
    }),

    implementExport(x.customProc, async ({ query }, ctx) => {
      const fn = reportFunction(query.name);
      if (!fn) throw new HttpError(404, `There is no report function ${query.name}.`);
      const values = valuesOfQuery(query.values);
      const business = businessOf(ctx);
      const stream = await streamedSource(ctx, { kind: 'function', name: fn.name }, values, query.level);
      return {
        business: business.name,
        ...rangeOfValues(ctx, values),
        context: contextOf(business),
        columns: exportColumnsOf(stream.columns),
        title: fn.title,
        report: fileNameOf(fn.title),
        rows: stream.rows,
      } as unknown as ExportPlan<typeof x.customProc>;
    }),

    implementExport(x.dataSource, async ({ params, query }, ctx) => {
      const found = await findDataSource(ctx.db, businessOf(ctx).id, params.dataSourceId);
      if (!found) throw notFound();
      const values = valuesOfQuery(query.values);
      const business = businessOf(ctx);
      const stream = await streamedSource(ctx, { kind: 'datasource', id: found.id }, values, query.level);
      return {
        business: business.name,
        ...rangeOfValues(ctx, values),
        context: contextOf(business),
        columns: exportColumnsOf(stream.columns),
        title: found.name,
        report: fileNameOf(found.name),
        rows: stream.rows,
      } as unknown as ExportPlan<typeof x.dataSource>;
    }),

    implementExport(x.reportRun, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const run = await findRun(ctx.db, business.id, params.runId);
      if (!run || (run.user_id !== authOf(ctx).user.id && !isAdmin(authOf(ctx).user))) throw notFound();
      if (run.status !== 'finished') throw new HttpError(409, 'This report run has not finished yet.');
      const toRow = exportRow(run.columns);
      async function* rows() {
        for await (const chunk of runChunks(ctx.db, run!.id)) yield chunk.map(toRow);
      }
      return {
        business: business.name,
        ...rangeOfValues(ctx, run.params),
        context: contextOf(business),
        columns: exportColumnsOf(run.columns),
        title: run.title,
        report: fileNameOf(run.title),
        rows: rows(),
      } as unknown as ExportPlan<typeof x.reportRun>;
    }),
  ] as Implementation[];
}

/** The admin cube's period report (`io-request` `cube/periodreport`): admins only, on a selected business. */
export function reportEngineOperationHandlers(): OperationImplementation[] {
  return [
    implementOperation(operations.reportEngine.cubePeriodReport, async ({ query }, ctx) => {
      const auth = authOf(ctx);
      if (!isAdmin(auth.user)) throw new HttpError(403, MESSAGES.cubeAdminOnly);
      if (query.business === undefined) throw new HttpError(400, MESSAGES.noSelectedBusiness);
      const selected = await findBusiness(ctx.db, query.business);
      if (!selected) throw new HttpError(404, MESSAGES.noSelectedBusiness);
      return periodReportOf({ db: ctx.db, business: selected, auth, now: ctx.now }, query.type as PeriodReportType, query.start, query.end, query.detail, 'business');
    }),
  ] as OperationImplementation[];
}

