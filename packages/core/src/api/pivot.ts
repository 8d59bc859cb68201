import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id } from '../models/ids';
import { wholeNumber } from '../models/input';
import {
  PIVOT_AGGREGATES,
  pivotConfiguration,
  pivotReport,
  REPORT_COLUMN_FORMATS,
  reportColumn,
  reportIdentifier,
  reportParameter,
  reportSource,
  type PivotConfiguration,
  type ReportSource,
} from '../models/reports';
import { PIVOT_PAGE_SIZE, PIVOT_PAGE_SIZE_MAX, type PivotPage } from '../rules/pivot';
import { defineEndpoint } from './endpoint';
import { reportRun } from './reportEngine';
import type { Transport } from './transport';

/**
 * Pivot reports (issue 11): run a saved pivot a page at a time, preview a configuration not yet
 * saved (the editor's live preview), and list the fields a source offers. Saving and listing
 * pivot reports are the catalogue's calls (`pivotreports/new`, `pivotreport/new/add`, `/update`).
 * Every figure is computed by PostgreSQL over all the source's rows (`GROUPING SETS`); a page
 * only chooses which rows come back, so subtotals and totals are the same on every page.
 */

const P = '/protected/business/{id}';
const business = z.object({ id });

const keyValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const cellValue = z.union([z.number(), z.string(), z.null()]);
const fieldInfo = z.object({ key: reportIdentifier, label: z.string(), format: z.enum(REPORT_COLUMN_FORMATS) });

/** One page of a pivot (core's `PivotPage`): its fields, every column key, the page's entries and the pivot's row count. */
export const pivotPage = z.object({
  rowFields: z.array(fieldInfo),
  columnFields: z.array(fieldInfo),
  values: z.array(z.object({ field: reportIdentifier, aggregate: z.enum(PIVOT_AGGREGATES), label: z.string(), format: z.enum(REPORT_COLUMN_FORMATS) })),
  columnKeys: z.array(z.array(keyValue)),
  entries: z.array(z.object({ row: z.array(keyValue), column: z.array(keyValue), values: z.array(cellValue) })),
  rowCount: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
// The wire shape is the rules' shape (a compile-time check).
const wireIsRules = (p: z.infer<typeof pivotPage>): PivotPage => p;
void wireIsRules;

/** Which page of a pivot, in rows (a cell row, a subtotal and the grand total each count one). */
export const pivotPaging = {
  page: z._default(wholeNumber(1, 1_000_000), 1),
  pageSize: z._default(wholeNumber(1, PIVOT_PAGE_SIZE_MAX), PIVOT_PAGE_SIZE),
};

/**
 * A saved pivot's run: the report (title, configuration) and the page; or, when the pivot takes
 * longer than `REPORT_LIMITS.queueAfterMs`, the kept run (the report engine's) computed by the job
 * queue, announced by the `reportRunFinished` notification when done.
 */
export const pivotRun = z.discriminatedUnion('status', [
  z.object({ status: z.literal('done'), report: pivotReport, result: pivotPage }),
  z.object({ status: z.literal('queued'), report: pivotReport, run: reportRun }),
]);
export type PivotRun = z.infer<typeof pivotRun>;

/** The preview of a configuration not yet saved. */
export const pivotPreviewBody = z.object({ configuration: pivotConfiguration, page: pivotPaging.page, pageSize: pivotPaging.pageSize });
export type PivotPreviewBody = z.input<typeof pivotPreviewBody>;

/** What a source offers a pivot: its fields (columns with their formats) and the parameters its runs take. */
export const pivotSourceFields = z.object({ source: reportSource, columns: z.array(reportColumn), parameters: z.array(reportParameter) });
export type PivotSourceFields = z.infer<typeof pivotSourceFields>;

/** A source in a query string: `?kind=datasource&source=3` or `?kind=function&source=sales_by_staff`. */
export const pivotSourceQuery = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('datasource'), source: id }),
  z.object({ kind: z.literal('function'), source: reportIdentifier }),
]);
export type PivotSourceQuery = z.infer<typeof pivotSourceQuery>;

/** A source as the query string names it. */
export const sourceOfQuery = (query: PivotSourceQuery): ReportSource =>
  query.kind === 'datasource' ? { kind: 'datasource', id: query.source } : { kind: 'function', name: query.source };
/** The query string naming a source. */
export const queryOfSource = (source: ReportSource): PivotSourceQuery =>
  source.kind === 'datasource' ? { kind: 'datasource', source: source.id } : { kind: 'function', source: source.name };

/** The sources a pivot can read in a business: its data sources (its own and those offered to every business) and the report functions. */
export const pivotSources = z.object({
  dataSources: z.array(z.object({ id, name: z.string(), description: z.string() })),
  functions: z.array(z.object({ name: reportIdentifier, title: z.string(), description: z.string() })),
});
export type PivotSources = z.infer<typeof pivotSources>;

export const pivotEndpoints = {
  /** One page of a saved pivot report, computed now from its source. */
  run: defineEndpoint({
    name: 'pivot.run',
    method: 'GET',
    path: `${P}/pivotreport/{reportId}/run`,
    access: 'business',
    permission: 'reporting.customreport',
    params: z.object({ id, reportId: id }),
    query: z.object(pivotPaging),
    response: pivotRun,
    errorMessage: MESSAGES.failedToFetchData,
  }),
  /** One page of a configuration not yet saved: the editor's live preview. */
  preview: defineEndpoint({
    name: 'pivot.preview',
    method: 'POST',
    path: `${P}/pivotreport/preview`,
    access: 'business',
    permission: 'reporting.customreport',
    params: business,
    body: pivotPreviewBody,
    response: pivotPage,
    errorMessage: MESSAGES.failedToRunQuery,
  }),
  /** What a pivot can read here: the data sources and report functions, by name. */
  sources: defineEndpoint({
    name: 'pivot.sources',
    method: 'GET',
    path: `${P}/pivotreport/sources`,
    access: 'business',
    permission: 'reporting.customreport',
    params: business,
    response: pivotSources,
    errorMessage: MESSAGES.failedToFetchData,
  }),
  /** The fields (columns and their formats) and parameters of a data source or a report function. */
  fields: defineEndpoint({
    name: 'pivot.fields',
    method: 'GET',
    path: `${P}/pivotreport/fields`,
    access: 'business',
    permission: 'reporting.customreport',
    params: business,
    query: pivotSourceQuery,
    response: pivotSourceFields,
    errorMessage: MESSAGES.failedToFetchReportParams,
  }),
} as const;

export function pivotClient(transport: Transport) {
  return {
    /** `client.pivot.run(1, 7, { page: 2 })` */
    run: (businessId: number, reportId: number, paging: { page?: number; pageSize?: number } = {}) =>
      transport.request(pivotEndpoints.run, { params: { id: businessId, reportId }, query: paging }),
    /** `client.pivot.preview(1, configuration, { pageSize: 50 })` */
    preview: (businessId: number, configuration: z.input<typeof pivotConfiguration> | PivotConfiguration, paging: { page?: number; pageSize?: number } = {}) =>
      transport.request(pivotEndpoints.preview, { params: { id: businessId }, body: { configuration, ...paging } }),
    /** `client.pivot.sources(1)` */
    sources: (businessId: number) => transport.request(pivotEndpoints.sources, { params: { id: businessId } }),
    /** `client.pivot.fields(1, { kind: 'datasource', id: 3 })` */
    fields: (businessId: number, source: ReportSource) => transport.request(pivotEndpoints.fields, { params: { id: businessId }, query: queryOfSource(source) }),
  };
}
