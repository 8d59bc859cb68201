import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, id, instant } from '../models/ids';
import { text } from '../models/input';
import {
  DATA_SOURCE_SQL_MAX,
  REPORT_COLUMNS_MAX,
  REPORT_LEVELS,
  reportColumn,
  reportDescription,
  reportIdentifier,
  reportParameter,
  reportParameters,
  reportParameterValue,
  reportParameterValues,
  reportResult,
  reportSource,
  reportTitle,
  dataSource,
} from '../models/reports';
import { COLUMN_KIND as K } from '../rules/export';
import { PERIOD_REPORT_TYPE_NAMES } from '../rules/reportFunctions';
import { defineEndpoint } from './endpoint';
import { defineExport } from './exports';
import { defineOperation } from './proxy';
import type { Transport } from './transport';

/**
 * The report engine's calls (issue 11): running procedure/function reports (`custom/proc/{name}/run`,
 * spec 000 §7) and data sources with typed parameters, the parameters' choices (read again each
 * time a report opens), data sources (`datasources/get`, add, `{id}/update`, `{id}/delete`;
 * admins write them), period reports (`periodreport/{start}/{end}` with `detail` and `type`, spec
 * 001 §7), long runs kept on the server, and the admin cube (`io-request` `cube/periodreport`).
 * Paths are under `/protected/business/{id}`.
 */
const P = '/protected/business/{id}';
const business = z.object({ id });

// ——— Runs ———————————————————————————————————————————————————————————————————————

/** What a run is asked with: the values by parameter id, and whether it reads this location or the network's. */
export const reportRunBody = z.object({
  values: z._default(reportParameterValues, () => ({})),
  level: z._default(z.enum(REPORT_LEVELS), 'business'),
});
export type ReportRunBody = z.input<typeof reportRunBody>;

export const REPORT_RUN_STATES = ['queued', 'running', 'finished', 'failed'] as const;

/** A run kept on the server (a long one, sent to the job queue). */
export const reportRun = z.object({
  id,
  business_id: id,
  title: z.string(),
  source: reportSource,
  level: z.enum(REPORT_LEVELS),
  params: reportParameterValues,
  status: z.enum(REPORT_RUN_STATES),
  columns: z.array(reportColumn),
  row_count: z.int(),
  truncated: z.boolean(),
  error: z.nullable(z.string()),
  created_at: instant,
  finished_at: z.nullable(instant),
});
export type ReportRun = z.infer<typeof reportRun>;

/**
 * What a finished or failed kept run announces (the `reportRunFinished` notification's title and
 * body), one wording for the server that sends it and the screens that find the run done by
 * asking again. Null while the run is queued or running.
 */
type NoticeOf = Pick<ReportRun, 'status' | 'title' | 'row_count' | 'truncated' | 'error'>;
export function reportRunNotice(run: NoticeOf & { status: 'finished' | 'failed' }): { title: string; body: string };
export function reportRunNotice(run: NoticeOf): { title: string; body: string } | null;
export function reportRunNotice(run: NoticeOf): { title: string; body: string } | null {
  if (run.status === 'failed') return { title: 'Report run failed', body: `${run.title}: ${run.error ?? 'The report could not be run.'}`.slice(0, 1000) };
  if (run.status !== 'finished') return null;
  const count = run.row_count;
  return {
    title: 'Report run finished',
    body: `${run.title}: ${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}${run.truncated ? ' (cut at the row cap)' : ''}.`,
  };
}

/** A run's answer: its result now, or (too many rows, too long) the kept run to follow. */
export const reportRunAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('done'), result: reportResult, values: z.record(z.string(), reportParameterValue) }),
  z.object({ status: z.literal('queued'), run: reportRun }),
]);
export type ReportRunAnswer = z.infer<typeof reportRunAnswer>;

/** A page of a kept run's rows. */
export const reportRunPage = z.object({ run: reportRun, rows: z.array(z.record(z.string(), z.unknown())), offset: z.int(), limit: z.int() });
export type ReportRunPage = z.infer<typeof reportRunPage>;
export const REPORT_RUN_PAGE_MAX = 1_000;

// ——— Parameters ————————————————————————————————————————————————————————————————————

export const parameterChoice = z.object({ value: z.union([z.string(), z.number(), z.boolean()]), label: z.string() });

/** A parameter as a report opens with it: its default (relative days resolved today, in the business's zone) and its choices. */
export const openedParameter = z.object({
  ...reportParameter.shape,
  default: reportParameterValue,
  choices: z.optional(z.array(parameterChoice)),
});
export type OpenedParameter = z.infer<typeof openedParameter>;

export const reportParamsAnswer = z.object({ title: z.string(), parameters: z.array(openedParameter), columns: z.array(reportColumn) });
export type ReportParamsAnswer = z.infer<typeof reportParamsAnswer>;

// ——— Data sources ————————————————————————————————————————————————————————————————

export const dataSourceSql = text(DATA_SOURCE_SQL_MAX, { trim: true, min: 1, tooShort: 'Write a SELECT' });
export const dataSourceSettings = z.object({
  parameters: z._default(reportParameters, () => []),
  columns: z.optional(z.array(reportColumn).check(z.maxLength(REPORT_COLUMNS_MAX))),
});

/** A new data source; `everywhere` offers it to every business (else only to this one). */
export const dataSourceInput = z.object({
  name: reportTitle,
  description: z._default(reportDescription, ''),
  sql: dataSourceSql,
  settings: z._default(dataSourceSettings, () => ({ parameters: [] })),
  everywhere: z._default(z.boolean(), false),
});
export type DataSourceInput = z.input<typeof dataSourceInput>;

export const dataSourceChanges = z
  .object({
    name: z.optional(reportTitle),
    description: z.optional(reportDescription),
    sql: z.optional(dataSourceSql),
    settings: z.optional(dataSourceSettings),
    everywhere: z.optional(z.boolean()),
  })
  .check(z.refine((v) => Object.values(v).some((x) => x !== undefined), { error: MESSAGES.nothingToChange }));

export type DataSourceChanges = z.input<typeof dataSourceChanges>;

/** A SELECT tried before it is saved: checked like a save, run with these values, a few rows back. */
export const dataSourceTestBody = z.object({ sql: dataSourceSql, settings: z._default(dataSourceSettings, () => ({ parameters: [] })), values: z._default(reportParameterValues, () => ({})) });
export type DataSourceTestBody = z.input<typeof dataSourceTestBody>;
export const DATA_SOURCE_TEST_ROWS = 100;

const dataSourceParams = z.object({ id, dataSourceId: id });
const levelQuery = z.object({ level: z._default(z.enum(REPORT_LEVELS), 'business') });

// ——— Period reports ——————————————————————————————————————————————————————————————

export const periodReportType = z.enum(PERIOD_REPORT_TYPE_NAMES as [string, ...string[]], { error: 'Must be prepaidbalance or staffsales/byvisit' });
/** A yes/no in a query string (`detail=true`, `1`, `false`, `0`); absent is false. */
export const queryFlag = z._default(
  z.pipe(
    z.enum(['true', 'false', '1', '0'], { error: 'Must be true or false' }),
    z.transform((v) => v === 'true' || v === '1'),
  ),
  false,
);
export const periodReportQuery = z.object({ type: periodReportType, detail: queryFlag, level: z._default(z.enum(REPORT_LEVELS), 'business') });
export const periodReport = z.object({ type: z.string(), title: z.string(), start: day, end: day, detail: z.boolean(), result: reportResult });
export type PeriodReport = z.infer<typeof periodReport>;

/** The admin cube's period report: any business the admin selects (`business`), the same figures. */
export const cubeQuery = z.object({ start: day, end: day, type: periodReportType, detail: queryFlag, business: z.optional(id) });

export const reportEngineEndpoints = {
  /** Runs a procedure/function report (`reports.<name>`) with typed parameters. */
  run: defineEndpoint({
    name: 'reportEngine.run',
    method: 'POST',
    path: `${P}/custom/proc/{name}/run`,
    access: 'business',
    permission: 'reporting.customreport',
    params: z.object({ id, name: reportIdentifier }),
    body: reportRunBody,
    response: reportRunAnswer,
    errorMessage: MESSAGES.failedToRunQuery,
  }),
  /** A report function's parameters as the report opens: defaults for today, choices read now. */
  params: defineEndpoint({
    name: 'reportEngine.params',
    method: 'GET',
    path: `${P}/custom/proc/{name}/params`,
    access: 'business',
    permission: 'reporting.customreport',
    params: z.object({ id, name: reportIdentifier }),
    /** The scope the choices are read in: this location, or every location of the network the user may see. */
    query: levelQuery,
    response: reportParamsAnswer,
    errorMessage: MESSAGES.failedToFetchReportParams,
  }),
  dataSources: defineEndpoint({
    name: 'reportEngine.dataSources',
    method: 'GET',
    /** Spec 000 §7 Reports: `datasources: get` is `datasources/get`, beside `add`, `{id}/update`, `{id}/delete`. */
    path: `${P}/datasources/get`,
    access: 'business',
    permission: 'reporting.customreport',
    params: business,
    response: z.array(dataSource),
    errorMessage: MESSAGES.failedToFetchData,
  }),
  /** Admins only. */
  addDataSource: defineEndpoint({
    name: 'reportEngine.addDataSource',
    method: 'POST',
    path: `${P}/datasources/add`,
    access: 'business',
    params: business,
    body: dataSourceInput,
    response: dataSource,
    errorMessage: MESSAGES.failedToAddDataSource,
    successMessage: MESSAGES.successfullyAdded,
  }),
  /** Admins only. */
  updateDataSource: defineEndpoint({
    name: 'reportEngine.updateDataSource',
    method: 'POST',
    path: `${P}/datasources/{dataSourceId}/update`,
    access: 'business',
    params: dataSourceParams,
    body: dataSourceChanges,
    response: dataSource,
    errorMessage: MESSAGES.failedToUpdate,
    successMessage: MESSAGES.successfullyUpdated,
  }),
  /** Admins only. */
  deleteDataSource: defineEndpoint({
    name: 'reportEngine.deleteDataSource',
    method: 'POST',
    path: `${P}/datasources/{dataSourceId}/delete`,
    access: 'business',
    params: dataSourceParams,
    response: z.object({ id }),
    errorMessage: MESSAGES.failedToUpdate,
    successMessage: MESSAGES.successfullyDeleted,
  }),
  /** Admins only: checks a SELECT and its parameters as a save would, and runs it for a few rows. */
  testDataSource: defineEndpoint({
    name: 'reportEngine.testDataSource',
    method: 'POST',
    path: `${P}/datasources/test`,
    access: 'business',
    params: business,
    body: dataSourceTestBody,
    response: reportRunAnswer,
    errorMessage: MESSAGES.failedToRunQuery,
  }),
  runDataSource: defineEndpoint({
    name: 'reportEngine.runDataSource',
    method: 'POST',
    path: `${P}/datasources/{dataSourceId}/run`,
    access: 'business',
    permission: 'reporting.customreport',
    params: dataSourceParams,
    body: reportRunBody,
    response: reportRunAnswer,
    errorMessage: MESSAGES.failedToRunQuery,
  }),
  dataSourceParams: defineEndpoint({
    name: 'reportEngine.dataSourceParams',
    method: 'GET',
    path: `${P}/datasources/{dataSourceId}/params`,
    access: 'business',
    permission: 'reporting.customreport',
    params: dataSourceParams,
    query: levelQuery,
    response: reportParamsAnswer,
    errorMessage: MESSAGES.failedToFetchReportParams,
  }),
  /** A kept run and a page of its rows (`offset`, `limit` ≤ 1,000). */
  reportRun: defineEndpoint({
    name: 'reportEngine.reportRun',
    method: 'GET',
    path: `${P}/reportruns/{runId}`,
    access: 'business',
    params: z.object({ id, runId: id }),
    query: z.object({
      offset: z._default(z.pipe(z.transform((v: unknown) => (typeof v === 'string' && /^(0|[1-9]\d{0,8})$/.test(v) ? Number(v) : v)), z.int().check(z.minimum(0))), 0),
      limit: z._default(z.pipe(z.transform((v: unknown) => (typeof v === 'string' && /^[1-9]\d{0,3}$/.test(v) ? Number(v) : v)), z.int().check(z.minimum(1), z.maximum(REPORT_RUN_PAGE_MAX))), 100),
    }),
    response: reportRunPage,
    errorMessage: MESSAGES.failedToFetchData,
  }),
  /** spec 001 §7 `periodreport/{start}/{end}` with `detail` and `type` (`prepaidbalance`, `staffsales/byvisit`). */
  periodReport: defineEndpoint({
    name: 'reportEngine.periodReport',
    method: 'GET',
    path: `${P}/periodreport/{start}/{end}`,
    access: 'business',
    // The permission is each type's own (the report slug registry): prepaid balance needs
    // `reporting.giftcards`, staff sales by visit `reporting.staffreport`.
    params: z.object({ id, start: day, end: day }),
    query: periodReportQuery,
    response: periodReport,
    errorMessage: MESSAGES.failedToFetchReports,
  }),
} as const;

/** The cube's period report through the proxy request (spec 001 §7 `io-request cube periodreport`): admins only, with a selected business. */
export const reportEngineOperations = {
  cubePeriodReport: defineOperation({
    name: 'reportEngine.cubePeriodReport',
    method: 'GET',
    dest: 'cube/periodreport',
    query: cubeQuery,
    response: periodReport,
    errorMessage: MESSAGES.failedToFetchReports,
  }),
} as const;

/** Values in a query string: the run's values as JSON (`{"start_day":"2026-01-01"}`). */
const valuesQuery = z._default(text(4_000), '{}');

const exportColumnsNote = [{ key: 'value', label: 'Value', kind: K.TEXT }] as const;

/**
 * Exports of report results (CSV, XLSX): a report function or a data source run with its values
 * (every row, streamed through a cursor), and a kept run's rows. Their columns are the source's
 * own, known only when the file is made (`columns` below is a placeholder for the registry).
 */
export const reportEngineExports = {
  customProc: defineExport({
    report: 'report',
    title: 'Report',
    path: `${P}/export/customproc`,
    access: 'business',
    permission: 'reporting.customreport',
    params: business,
    query: { name: reportIdentifier, values: valuesQuery, level: z._default(z.enum(REPORT_LEVELS), 'business') },
    columns: exportColumnsNote,
  }),
  dataSource: defineExport({
    report: 'datasource',
    title: 'Data source',
    path: `${P}/export/datasource/{dataSourceId}`,
    access: 'business',
    permission: 'reporting.customreport',
    params: dataSourceParams,
    query: { values: valuesQuery, level: z._default(z.enum(REPORT_LEVELS), 'business') },
    columns: exportColumnsNote,
  }),
  reportRun: defineExport({
    report: 'reportrun',
    title: 'Report run',
    path: `${P}/export/reportrun/{runId}`,
    access: 'business',
    params: z.object({ id, runId: id }),
    query: {},
    columns: exportColumnsNote,
  }),
} as const;


export function reportEngineClient(transport: Transport) {
  const e = reportEngineEndpoints;
  return {
    run: (businessId: number, name: string, body: ReportRunBody = {}) => transport.request(e.run, { params: { id: businessId, name }, body }),
    params: (businessId: number, name: string, level: 'business' | 'network' = 'business') => transport.request(e.params, { params: { id: businessId, name }, query: { level } }),
    dataSources: (businessId: number) => transport.request(e.dataSources, { params: { id: businessId } }),
    addDataSource: (businessId: number, body: DataSourceInput) => transport.request(e.addDataSource, { params: { id: businessId }, body }),
    updateDataSource: (businessId: number, dataSourceId: number, body: DataSourceChanges) =>
      transport.request(e.updateDataSource, { params: { id: businessId, dataSourceId }, body }),
    deleteDataSource: (businessId: number, dataSourceId: number) => transport.request(e.deleteDataSource, { params: { id: businessId, dataSourceId } }),
    testDataSource: (businessId: number, body: DataSourceTestBody) => transport.request(e.testDataSource, { params: { id: businessId }, body }),
    runDataSource: (businessId: number, dataSourceId: number, body: ReportRunBody = {}) => transport.request(e.runDataSource, { params: { id: businessId, dataSourceId }, body }),
    dataSourceParams: (businessId: number, dataSourceId: number, level: 'business' | 'network' = 'business') =>
      transport.request(e.dataSourceParams, { params: { id: businessId, dataSourceId }, query: { level } }),
    reportRun: (businessId: number, runId: number, page: { offset?: number; limit?: number } = {}) =>
      transport.request(e.reportRun, { params: { id: businessId, runId }, query: { offset: page.offset ?? 0, limit: page.limit ?? 100 } }),
    periodReport: (businessId: number, start: string, end: string, query: { type: string; detail?: boolean; level?: 'business' | 'network' }) =>
      transport.request(e.periodReport, {
        params: { id: businessId, start, end },
        query: { type: query.type, detail: query.detail ? 'true' : 'false', level: query.level ?? 'business' },
      }),
  };
}
