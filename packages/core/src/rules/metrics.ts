/**
 * What dashboard cards and KPIs show (spec 001 §7 Dashboard): the metrics over a sales aggregate,
 * the KPI snapshot periods and the system-setting defaults. The column names live in
 * `metric-columns.ts`, which the SDK's models read without pulling these computations in.
 */
import { DASHBOARD_METRIC_COLUMNS, type DashboardMetric, METRIC_FORMAT, type MetricFormat, SNAPSHOT_PERIOD, SNAPSHOT_PERIOD_LABEL, type SnapshotPeriod } from './metric-columns';

export { DASHBOARD_METRIC_COLUMNS, type DashboardMetric, METRIC_FORMAT, type MetricFormat, SNAPSHOT_PERIOD, SNAPSHOT_PERIOD_LABEL, type SnapshotPeriod };

// ── Metrics: what dashboard cards and KPIs show ──────────────────────────────────────────────

/** The sums the server aggregates over a day or a period (integer cents and counts). */
export interface SalesAggregate {
  /** Tickets completed (status CHECKOUT with a checkout). */
  tickets: number;
  /** Line totals, tax included. */
  sales: number;
  subtotal: number;
  discounts: number;
  tax: number;
  tips: number;
  refunds: number;
  services: number;
  products: number;
  giftcards: number;
  serviceQuantity: number;
  productQuantity: number;
}

export const emptyAggregate = (): SalesAggregate => ({
  tickets: 0,
  sales: 0,
  subtotal: 0,
  discounts: 0,
  tax: 0,
  tips: 0,
  refunds: 0,
  services: 0,
  products: 0,
  giftcards: 0,
  serviceQuantity: 0,
  productQuantity: 0,
});

const ratio = (a: number, b: number): number => (b === 0 ? 0 : Math.round(a / b));
const percentOf = (a: number, b: number): number => (b === 0 ? 0 : Math.round((a * 1000) / b) / 10);

/**
 * Every metric a dashboard card or KPI can show, by column name. Money is cents (averages
 * rounded half away from zero to the cent); percents have one decimal.
 */
export const DASHBOARD_METRICS = {
  net: { label: 'Net sales', format: 'money', value: (a: SalesAggregate) => a.sales - a.refunds },
  sales: { label: 'Gross sales', format: 'money', value: (a: SalesAggregate) => a.sales },
  tickets: { label: 'Tickets', format: 'count', value: (a: SalesAggregate) => a.tickets },
  average: { label: 'Average ticket', format: 'money', value: (a: SalesAggregate) => (a.tickets === 0 ? 0 : Math.round(a.sales / a.tickets)) },
  services: { label: 'Service sales', format: 'money', value: (a: SalesAggregate) => a.services },
  products: { label: 'Retail sales', format: 'money', value: (a: SalesAggregate) => a.products },
  giftcards: { label: 'Prepaid sales', format: 'money', value: (a: SalesAggregate) => a.giftcards },
  tips: { label: 'Tips', format: 'money', value: (a: SalesAggregate) => a.tips },
  tax: { label: 'Tax', format: 'money', value: (a: SalesAggregate) => a.tax },
  discounts: { label: 'Discounts', format: 'money', value: (a: SalesAggregate) => a.discounts },
  refunds: { label: 'Refunds', format: 'money', value: (a: SalesAggregate) => a.refunds },
  retail_share: { label: 'Retail share', format: 'percent', value: (a: SalesAggregate) => percentOf(a.products, a.services + a.products) },
  tip_rate: { label: 'Tip rate', format: 'percent', value: (a: SalesAggregate) => percentOf(a.tips, a.sales) },
  discount_rate: { label: 'Discount rate', format: 'percent', value: (a: SalesAggregate) => percentOf(a.discounts, a.subtotal) },
  refund_rate: { label: 'Refund rate', format: 'percent', value: (a: SalesAggregate) => percentOf(a.refunds, a.sales) },
  services_per_ticket: { label: 'Services per ticket', format: 'decimal', value: (a: SalesAggregate) => ratio(a.serviceQuantity * 100, a.tickets) / 100 },
} as const satisfies Record<DashboardMetric, { label: string; format: MetricFormat; value: (a: SalesAggregate) => number }>;


export const isDashboardMetric = (column: string): column is DashboardMetric => Object.hasOwn(DASHBOARD_METRICS, column);

/** The value of one metric over an aggregate. */
export const metricValue = (column: DashboardMetric, aggregate: SalesAggregate): number => DASHBOARD_METRICS[column].value(aggregate);

/** System setting `default-dashboard-cards`: the cards a business starts with. */
export const DEFAULT_DASHBOARD_CARDS: readonly { column: DashboardMetric; title: string }[] = [
  { column: 'net', title: 'Net sales' },
  { column: 'tickets', title: 'Tickets' },
  { column: 'average', title: 'Average ticket' },
  { column: 'tips', title: 'Tips' },
];

/** System setting `uzeli-dashboard-kpi-params`: the KPIs one may add, with their labels and formats. */
export const DEFAULT_KPI_PARAMS: readonly { column: DashboardMetric; label: string; format: MetricFormat }[] = (
  ['average', 'retail_share', 'tip_rate', 'discount_rate', 'refund_rate', 'services_per_ticket', 'giftcards'] as const
).map((column) => ({ column, label: DASHBOARD_METRICS[column].label, format: DASHBOARD_METRICS[column].format }));

/** The system settings keys the dashboard reads its defaults from. */
export const DASHBOARD_SYSTEM_SETTINGS = { cards: 'default-dashboard-cards', kpis: 'uzeli-dashboard-kpi-params' } as const;

