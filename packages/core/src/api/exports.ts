import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, id } from '../models/ids';
import { text, wholeNumber } from '../models/input';
import { historyAction } from '../models/transaction';
import { COLUMN_KIND as K, EXPORT_FORMAT, type ExportColumn, exportColumns, type ExportFormat } from '../rules/export';
import { APPOINTMENT_FIGURES, FIGURES } from '../rules/figures';
import type { DashboardMetric } from '../models/metricColumns';
import { TRANSACTION_STATUS_LABELS } from '../rules/transactions';
import type { PermissionKey } from '../rules/acl';
import { type Access, defineEndpoint, type Endpoint, type EndpointInput, fillPath } from './endpoint';
import type { DownloadedFile, DownloadOptions, Transport } from './transport';

/**
 * Exports: CSV and XLSX files of every list and report, made on the server and streamed (issue
 * 10). Each export is defined once here: its path, who may call it (exactly as the screen's own
 * call), its query (the screen's parameters plus `format`), its title and its columns. The
 * server reads the rows (`apps/api/src/export/`); the screens offer the download and print the
 * same title. A successful answer is the file (`Content-Disposition: attachment`), not the JSON
 * envelope; a refusal is the envelope, like every call.
 */

export const exportFormat = z.enum([EXPORT_FORMAT.CSV, EXPORT_FORMAT.XLSX], { error: 'Must be csv or xlsx' });

/** The body of a successful export is a file, never JSON: nothing to parse. */
export const exportFile = z.never();

/** A range of business days, as every report takes it. */
const range = { start: day, end: day };

export interface ExportConfig<P extends z.ZodMiniObject | undefined, Q extends z.core.$ZodLooseShape, C extends readonly ExportColumn[]> {
  /** The file-name part and the last path segment: `transactions`. */
  report: string;
  /** What the report is called on screen, in print and in the spreadsheet: `Transactions`. */
  title: string;
  path: string;
  access: Extract<Access, 'business' | 'admin'>;
  permission?: PermissionKey;
  params?: P;
  /** The screen's parameters (`format` is added). */
  query: Q;
  columns: C;
  errorMessage?: string;
}

/** An export: an endpoint (with `download`) plus its report name, title and columns. */
export type ExportEndpoint<
  P extends z.ZodMiniObject | undefined = z.ZodMiniObject | undefined,
  Q extends z.core.$ZodLooseShape = z.core.$ZodLooseShape,
  C extends readonly ExportColumn[] = readonly ExportColumn[],
> = Endpoint<P, z.ZodMiniObject<Q & { format: typeof exportFormat }>, undefined, typeof exportFile> & {
  readonly report: string;
  readonly title: string;
  readonly columns: C;
};

// biome-ignore lint: the widest export, for registries
export type AnyExportEndpoint = ExportEndpoint<any, any, any>;

/** Defines one export: `defineExport({ report: 'staff', title: 'Staff', path, access, query: {}, columns })`. */
export function defineExport<P extends z.ZodMiniObject | undefined, Q extends z.core.$ZodLooseShape, const C extends readonly ExportColumn[]>(
  config: ExportConfig<P, Q, C>,
): ExportEndpoint<P, Q, C> {
  const endpoint = defineEndpoint({
    name: `exports.${config.report}`,
    method: 'GET',
    path: config.path,
    access: config.access,
    ...(config.permission ? { permission: config.permission } : {}),
    ...(config.params ? { params: config.params } : {}),
    query: z.object({ ...config.query, format: exportFormat }),
    response: exportFile,
    download: true,
    errorMessage: config.errorMessage ?? MESSAGES.exportFailed,
  });
  return Object.freeze({ ...endpoint, report: config.report, title: config.title, columns: exportColumns(config.columns) }) as unknown as ExportEndpoint<P, Q, C>;
}

const B = '/protected/business/{id}/export';
const business = z.object({ id });
/** A column of a figure: its key, its one label (`FIGURES`) and the kind its format says. */
const figure = <M extends DashboardMetric>(key: M): ExportColumn<M> => ({ key, label: FIGURES[key].label, kind: METRIC_KIND[FIGURES[key].format] });
const METRIC_KIND = { money: K.MONEY, count: K.COUNT, percent: K.PERCENT, decimal: K.DECIMAL } as const;

/** The figures of aggregate sales, as its screen shows them. */
export const AGGREGATE_SALES_FIGURES = ['tickets', 'sales', 'tax', 'tips', 'refunds', 'net', 'average', 'collected'] as const satisfies readonly DashboardMetric[];
/** The figures of each day of the sales by day export. */
export const DAILY_SALES_FIGURES = ['tickets', 'sales', 'discounts', 'tax', 'tips', 'refunds', 'net', 'collected', 'services', 'products', 'giftcards'] as const satisfies readonly DashboardMetric[];

export const exportEndpoints = {
  /** Every ticket of a range, as the transactions list shows them (`?start=&end=&q=&status=`). */
  transactions: defineExport({
    report: 'transactions',
    title: 'Transactions',
    path: `${B}/transactions`,
    access: 'business',
    permission: 'reporting.transactionreport',
    params: business,
    query: {
      ...range,
      /** Words of the ticket number, customer, phone or staff (the list's search). */
      q: z._default(text(100, { trim: true }), ''),
      /** A status label of the list's filter; empty for all. */
      status: z._default(z.enum(['', ...TRANSACTION_STATUS_LABELS] as [string, ...string[]], { error: 'Must be a status of the list' }), ''),
    },
    columns: [
      { key: 'ticket', label: 'Ticket', kind: K.COUNT },
      { key: 'day', label: 'Day', kind: K.DAY },
      { key: 'checkin_at', label: 'Checked in', kind: K.DATETIME },
      { key: 'checkout_at', label: 'Checked out', kind: K.DATETIME },
      { key: 'customer', label: 'Customer', kind: K.TEXT },
      { key: 'phone', label: 'Phone', kind: K.TEXT },
      { key: 'staff', label: 'Staff', kind: K.TEXT },
      { key: 'status', label: 'Status', kind: K.TEXT },
      { key: 'tender', label: 'Tender', kind: K.TEXT },
      { key: 'lines', label: 'Lines', kind: K.COUNT },
      { key: 'total', label: 'Total', kind: K.MONEY },
      { key: 'tips', label: FIGURES.tips.label, kind: K.MONEY },
      { key: 'refunded', label: 'Refunded', kind: K.MONEY },
      { key: 'cash', label: 'Cash', kind: K.MONEY },
      { key: 'credit', label: 'Card', kind: K.MONEY },
      { key: 'gift', label: 'Gift card', kind: K.MONEY },
    ],
  }),
  /** Gross sales per staff member over a range (the sales summary's "By staff"). */
  salesByStaff: defineExport({
    report: 'sales-by-staff',
    title: 'Sales by staff',
    path: `${B}/sales-by-staff`,
    access: 'business',
    permission: 'reporting.transactionreport',
    params: business,
    query: range,
    columns: [
      { key: 'staff', label: 'Staff', kind: K.TEXT },
      { key: 'quantity', label: 'Quantity', kind: K.COUNT },
      figure('sales'),
    ],
  }),
  /** Gross sales per item over a range: every item, not only the summary's top ten. */
  salesByItem: defineExport({
    report: 'sales-by-item',
    title: 'Sales by item',
    path: `${B}/sales-by-item`,
    access: 'business',
    permission: 'reporting.transactionreport',
    params: business,
    query: range,
    columns: [
      { key: 'kind', label: 'Kind', kind: K.TEXT },
      { key: 'item', label: 'Item', kind: K.TEXT },
      { key: 'quantity', label: 'Quantity', kind: K.COUNT },
      figure('sales'),
    ],
  }),
  /** The figures of each business day of a range (the sales summary's chart, as rows). */
  salesByDay: defineExport({
    report: 'sales-by-day',
    title: 'Sales by day',
    path: `${B}/sales-by-day`,
    access: 'business',
    permission: 'reporting.transactionreport',
    params: business,
    query: range,
    columns: [{ key: 'day', label: 'Day', kind: K.DAY }, ...DAILY_SALES_FIGURES.map((f) => figure(f))],
  }),
  /** Every location of the network the user may see, side by side, each in its own currency. */
  aggregateSales: defineExport({
    report: 'aggregate-sales',
    title: 'Aggregate sales',
    path: `${B}/aggregate-sales`,
    access: 'business',
    permission: 'reporting.transactionreport',
    params: business,
    query: range,
    columns: [{ key: 'location', label: 'Location', kind: K.TEXT }, { key: 'currency', label: 'Currency', kind: K.TEXT }, ...AGGREGATE_SALES_FIGURES.map((f) => figure(f))],
  }),
  /** The staff list (`deleted=1` adds the deleted members, as the list's call does). */
  staff: defineExport({
    report: 'staff',
    title: 'Staff',
    path: `${B}/staff`,
    access: 'business',
    permission: 'operation.view-staff',
    params: business,
    query: { deleted: z.optional(z.enum(['0', '1'], { error: 'Must be 0 or 1' })) },
    columns: [
      { key: 'name', label: 'Staff member', kind: K.TEXT },
      { key: 'full_name', label: 'Full name', kind: K.TEXT },
      { key: 'nickname', label: 'Nickname', kind: K.TEXT },
      { key: 'username', label: 'Username', kind: K.TEXT },
      { key: 'status', label: 'Status', kind: K.TEXT },
      { key: 'visible', label: 'Visible in appointments', kind: K.TEXT },
      { key: 'order', label: 'Order', kind: K.COUNT },
    ],
  }),
  /** The staff monthly report of one month (appointments, not tickets). */
  staffMonthlyReport: defineExport({
    report: 'staff-monthly-report',
    title: 'Staff monthly report',
    path: `${B}/staff-monthly-report`,
    access: 'business',
    permission: 'operation.view-staff',
    params: business,
    query: {
      year: wholeNumber(2000, 2100, { tooSmall: 'Must be a year from 2000', tooLarge: 'Must be a year up to 2100' }),
      month: wholeNumber(1, 12, { tooSmall: 'Must be a month from 1 to 12', tooLarge: 'Must be a month from 1 to 12' }),
    },
    columns: [
      { key: 'staff', label: 'Staff member', kind: K.TEXT },
      { key: 'appointments', label: APPOINTMENT_FIGURES.appointments.label, kind: K.COUNT },
      { key: 'completed', label: 'Completed', kind: K.COUNT },
      { key: 'cancelled', label: 'Cancelled or no-show', kind: K.COUNT },
      { key: 'hours', label: APPOINTMENT_FIGURES.bookedHours.label, kind: K.DECIMAL },
      { key: 'value', label: APPOINTMENT_FIGURES.bookedValue.label, kind: K.MONEY },
    ],
  }),
  /** The catalogue: every service and (for those who may view inventory) product, by category. */
  catalogue: defineExport({
    report: 'catalogue',
    title: 'Catalogue',
    path: `${B}/catalogue`,
    access: 'business',
    permission: 'operation.view-service',
    params: business,
    query: { scope: z._default(z.enum(['all', 'current'], { error: 'Must be all or current' }), 'all') },
    columns: [
      { key: 'category', label: 'Category', kind: K.TEXT },
      { key: 'type', label: 'Type', kind: K.TEXT },
      { key: 'name', label: 'Name', kind: K.TEXT },
      { key: 'price', label: 'Price', kind: K.MONEY },
      { key: 'duration', label: 'Duration (minutes)', kind: K.COUNT },
      { key: 'stock', label: 'Stock', kind: K.QUANTITY },
      { key: 'status', label: 'Status', kind: K.TEXT },
    ],
  }),
  /** Who did what to which ticket over a range (platform admins, as the history's call). */
  transactionHistory: defineExport({
    report: 'transaction-history',
    title: 'Transaction history',
    path: '/protected/admin/{id}/export/transaction-history',
    access: 'admin',
    params: business,
    query: { ...range, q: z._default(text(100), ''), action: z.optional(historyAction) },
    columns: [
      { key: 'at', label: 'When', kind: K.DATETIME },
      { key: 'day', label: 'Day', kind: K.DAY },
      { key: 'ticket', label: 'Ticket', kind: K.COUNT },
      { key: 'ticket_day', label: 'Ticket day', kind: K.DAY },
      { key: 'action', label: 'Action', kind: K.TEXT },
      { key: 'by', label: 'By', kind: K.TEXT },
      { key: 'reason', label: 'Reason', kind: K.TEXT },
      { key: 'note', label: 'Note', kind: K.TEXT },
      { key: 'amount', label: 'Amount', kind: K.MONEY },
    ],
  }),
  /** The platform's setting types (admins). */
  settingTypes: defineExport({
    report: 'setting-types',
    title: 'Setting types',
    path: '/protected/admin/export/setting-types',
    access: 'admin',
    query: {},
    columns: [
      { key: 'name', label: 'Name', kind: K.TEXT },
      { key: 'prettyname', label: 'Label', kind: K.TEXT },
      { key: 'group', label: 'Group', kind: K.TEXT },
      { key: 'type', label: 'Type', kind: K.TEXT },
      { key: 'visible', label: 'Visible to', kind: K.TEXT },
      { key: 'editable', label: 'Editable', kind: K.TEXT },
      { key: 'cancopy', label: 'Copyable', kind: K.TEXT },
      { key: 'isunique', label: 'Unique per location', kind: K.TEXT },
      { key: 'description', label: 'Description', kind: K.TEXT },
    ],
  }),
  /** The platform's system settings (admins). */
  systemSettings: defineExport({
    report: 'system-settings',
    title: 'System settings',
    path: '/protected/admin/export/system-settings',
    access: 'admin',
    query: {},
    columns: [
      { key: 'key', label: 'Key', kind: K.TEXT },
      { key: 'value', label: 'Value (JSON)', kind: K.TEXT },
      { key: 'updated_at', label: 'Updated', kind: K.DATETIME },
    ],
  }),
  /** The admin notifications, newest first, with whether the calling admin read each. */
  notifications: defineExport({
    report: 'notifications',
    title: 'Notifications',
    path: '/protected/admin/export/notifications',
    access: 'admin',
    query: {},
    columns: [
      { key: 'at', label: 'When', kind: K.DATETIME },
      { key: 'title', label: 'Title', kind: K.TEXT },
      { key: 'body', label: 'Message', kind: K.TEXT },
      { key: 'from', label: 'From', kind: K.TEXT },
      { key: 'read', label: 'Read', kind: K.TEXT },
    ],
  }),
  /**
   * A saved pivot report as its viewer lays it out: the row headings, then a column per column key
   * and value (`2026-01 / Sum of Total`), subtotal and grand-total rows in place. Its columns
   * depend on the pivot, so the server gives them with the rows (`ExportPlan.columns`).
   */
  pivotReport: defineExport({
    report: 'pivot',
    title: 'Pivot report',
    path: `${B}/pivotreport/{reportId}`,
    access: 'business',
    permission: 'reporting.customreport',
    params: z.object({ id, reportId: id }),
    query: {},
    columns: [],
  }),
} as const;

export type ExportName = keyof typeof exportEndpoints;
/** Every export as a flat list. */
export const allExports: readonly AnyExportEndpoint[] = /* @__PURE__ */ Object.values(exportEndpoints) as AnyExportEndpoint[];

/** The path and query string of an export, relative to the API: `/protected/business/1/export/staff?format=csv`. */
export function exportPath<E extends AnyExportEndpoint>(
  endpoint: E,
  input: { params?: Record<string, string | number>; query: Record<string, string | number | undefined> & { format: ExportFormat } },
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query)) if (value !== undefined && value !== '') search.set(key, String(value));
  return `${fillPath(endpoint.path, input.params)}?${search.toString()}`;
}

export function exportsClient(transport: Transport) {
  return {
    /**
     * Downloads an export as a file: `client.exports.download(exportEndpoints.staff, { params: { id: 1 }, query: { format: 'csv' } })`.
     * The server streams it; `onProgress` hears the bytes as they arrive.
     */
    download: <E extends AnyExportEndpoint>(endpoint: E, input: EndpointInput<E>, options?: DownloadOptions): Promise<DownloadedFile> =>
      transport.download(endpoint, input, options),
  };
}
