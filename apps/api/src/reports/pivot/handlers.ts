import { endpoints, exportEndpoints, exportTooWide, MESSAGES, pivotExportColumns, pivotExportFits, pivotExportWidth, pivotExportRows, pivotGrid, pivotReportScope, REPORT_FUNCTION_NAMES, REPORT_FUNCTIONS, sourceOfQuery } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { contextOf } from '../../export/context';
import { rows } from '../../db/executor';
import { implementExport, todayIn } from '../../export/implementExport';
import { HttpError, pleaseLogIn } from '../../http/errors';
import { type HandlerContext, implement } from '../../http/registry';
import { pivotReportFor } from '../catalogue/queries';
import { runPivot } from './engine';
import { PIVOT_RUN_JOB, queuePivotRun } from './runs';
import { sourceParameters, withPivotSource } from './source';
import { DEFAULT_RUN_LIMITS, type RunLimits } from '../engine/runs';

/** The runner's answer to a statement cancelled by its timeout. */
const TIMED_OUT = 408;

/** The signed-in user and the (already access-checked) business of the path. */
function scoped(ctx: HandlerContext) {
  if (!ctx.auth) throw pleaseLogIn();
  if (!ctx.business) throw new HttpError(500, MESSAGES.serverError);
  return { auth: ctx.auth, business: ctx.business };
}

/**
 * The pivot calls: a saved pivot's page (the report read through the catalogue, so its visibility
 * rule holds), a configuration's preview, a source's fields, and a saved pivot's export. Each runs
 * through the guarded runner of the source (read-only, the user's businesses, a time limit).
 */
export interface PivotOptions {
  /** When a run goes to the job queue (the report engine's limits; tests lower them). */
  limits?: Partial<RunLimits>;
}

export function pivotHandlers(options: PivotOptions = {}) {
  const e = endpoints.pivot;
  const limits: RunLimits = { ...DEFAULT_RUN_LIMITS, ...options.limits };
  return [
    implement(e.run, async ({ params, query }, ctx) => {
      const { auth, business } = scoped(ctx);
      const report = await pivotReportFor(ctx.db, business.id, params.reportId, pivotReportScope(auth.user));
      const { configuration } = report;
      try {
        const result = await withPivotSource(ctx, configuration.source, configuration.params, (tx, relation, columns) => runPivot(tx, relation, columns, configuration, query), {
          statementTimeoutMs: limits.queueAfterMs,
        });
        return { status: 'done' as const, report, result };
      } catch (error) {
        // Too long to wait for: the whole pivot is computed by the job queue and kept.
        if (!(error instanceof HttpError && error.status === TIMED_OUT)) throw error;
        const run = await queuePivotRun({ db: ctx.db, business, auth, now: ctx.now, userId: auth.user.id }, report, (runId, reportId) =>
          ctx.request.server.jobs.send(PIVOT_RUN_JOB, { runId, reportId }),
        );
        return { status: 'queued' as const, report, run };
      }
    }),

    implement(e.preview, async ({ body }, ctx) => {
      scoped(ctx);
      const { configuration, page, pageSize } = body;
      return withPivotSource(ctx, configuration.source, configuration.params, (tx, relation, columns) => runPivot(tx, relation, columns, configuration, { page, pageSize }));
    }),

    implement(e.sources, async (_request, ctx) => {
      const { business } = scoped(ctx);
      return {
        dataSources: await rows<{ id: number; name: string; description: string }>(
          ctx.db,
          sql`select id, name, description from data_sources where business_id is null or business_id = ${business.id} order by lower(name), id`,
        ),
        functions: REPORT_FUNCTION_NAMES.map((name) => ({ name, title: REPORT_FUNCTIONS[name].title, description: REPORT_FUNCTIONS[name].description })),
      };
    }),

    implement(e.fields, async ({ query }, ctx) => {
      scoped(ctx);
      const source = sourceOfQuery(query);
      const parameters = await sourceParameters(ctx, source);
      return withPivotSource(ctx, source, {}, async (_tx, _relation, columns) => ({ source, columns, parameters }));
    }),

    /** Every row of the pivot, laid out as its viewer shows it (headings, value columns, subtotals and totals in place). */
    implementExport(exportEndpoints.pivotReport, async ({ params }, ctx) => {
      const { auth, business } = scoped(ctx);
      const report = await pivotReportFor(ctx.db, business.id, params.reportId, pivotReportScope(auth.user));
      const { configuration } = report;
      const whole = await withPivotSource(ctx, configuration.source, configuration.params, (tx, relation, columns) => runPivot(tx, relation, columns, configuration, null));
      const grid = pivotGrid(whole);
      // Wider than a to az: refused before the file starts (spec 000 §9).
      if (!pivotExportFits(grid)) throw new HttpError(400, exportTooWide(pivotExportWidth(grid)));
      const columns = pivotExportColumns(grid, whole.values);
      const today = todayIn(ctx, business.timezone);
      return {
        business: business.name,
        start: today,
        end: today,
        context: contextOf(business),
        title: report.title,
        // Named after the report: luxe-los-angeles_sales-by-staff-and-month_2026-11-23.csv
        report: report.title,
        columns,
        rows: (async function* () {
          yield pivotExportRows(grid);
        })(),
      };
    }),
  ];
}
