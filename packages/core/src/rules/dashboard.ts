import { addDays, differenceInCalendarDays, endOfMonth, format, parseISO, startOfMonth, startOfWeek, startOfYear, subMonths } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';

/**
 * Home dashboard rules (spec 001 §7 Dashboard, §9 "the dashboard compares today, yesterday and
 * last month's end"). Days are `YYYY-MM-DD` in the business's time zone; `now` is an argument.
 */

/** Today's date in a time zone: `dayInZone(new Date('2024-03-10T07:30:00Z'), 'America/Los_Angeles')` → `2024-03-09`. */
export const dayInZone = (now: Date, timeZone: string): string => formatInTimeZone(now, timeZone, 'yyyy-MM-dd');

/** Calendar arithmetic on `YYYY-MM-DD` (no time zone involved: a day is a day, DST or not). */
export const addDaysTo = (day: string, days: number): string => format(addDays(parseISO(day), days), 'yyyy-MM-dd');

/** Days from `start` to `end`, both included. */
export const daysBetween = (start: string, end: string): number => differenceInCalendarDays(parseISO(end), parseISO(start)) + 1;

export interface ComparisonDays {
  today: string;
  yesterday: string;
  /** The last day of the previous month. */
  lastMonthEnd: string;
}

/** The three days the home dashboard compares. */
export function comparisonDays(now: Date, timeZone: string): ComparisonDays {
  const today = dayInZone(now, timeZone);
  const parsed = parseISO(today);
  return {
    today,
    yesterday: addDaysTo(today, -1),
    lastMonthEnd: format(endOfMonth(subMonths(parsed, 1)), 'yyyy-MM-dd'),
  };
}

/** The first day of the month a day falls in (month-to-date totals start there). */
export const monthStart = (day: string): string => format(startOfMonth(parseISO(day)), 'yyyy-MM-dd');

/**
 * Percent change from `previous` to `current`, one decimal; null when there is nothing to compare
 * with (previous is zero).
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** Periods a KPI snapshot can cover (periodsnapshotsetting). */
export const SNAPSHOT_PERIOD = { DAY: 'day', WEEK: 'week', MONTH: 'month', YEAR: 'year' } as const;
export type SnapshotPeriod = (typeof SNAPSHOT_PERIOD)[keyof typeof SNAPSHOT_PERIOD];
export const SNAPSHOT_PERIOD_LABEL: Record<SnapshotPeriod, string> = { day: 'Today', week: 'Week to date', month: 'Month to date', year: 'Year to date' };

export interface DayRange {
  start: string;
  end: string;
}

/**
 * The period to date that ends on `today`, and the same stretch of the period before it (for
 * the comparison): month to date on the 12th → the 1st–12th, and the 1st–12th of last month
 * (clamped to that month's end).
 */
export function periodToDate(today: string, period: SnapshotPeriod, weekStartsOn: 0 | 1 = 0): { current: DayRange; previous: DayRange } {
  const t = parseISO(today);
  const iso = (d: Date) => format(d, 'yyyy-MM-dd');
  if (period === 'day') return { current: { start: today, end: today }, previous: { start: addDaysTo(today, -1), end: addDaysTo(today, -1) } };
  if (period === 'week') {
    const start = startOfWeek(t, { weekStartsOn });
    const length = differenceInCalendarDays(t, start);
    return { current: { start: iso(start), end: today }, previous: { start: iso(addDays(start, -7)), end: iso(addDays(start, length - 7)) } };
  }
  if (period === 'month') {
    const start = startOfMonth(t);
    const prevStart = startOfMonth(subMonths(t, 1));
    const prevEnd = addDays(prevStart, differenceInCalendarDays(t, start));
    const prevMonthEnd = endOfMonth(prevStart);
    return { current: { start: iso(start), end: today }, previous: { start: iso(prevStart), end: iso(prevEnd > prevMonthEnd ? prevMonthEnd : prevEnd) } };
  }
  const start = startOfYear(t);
  const prevStart = startOfYear(subMonths(start, 1));
  const prevEnd = addDays(prevStart, differenceInCalendarDays(t, start));
  return { current: { start: iso(start), end: today }, previous: { start: iso(prevStart), end: iso(prevEnd) } };
}

/** The longest range a sales report may cover, in days. */
export const MAX_REPORT_DAYS = 400;

/** Why a report range is not acceptable, or null. */
export function rangeProblem(start: string, end: string, maxDays = MAX_REPORT_DAYS): string | null {
  const span = daysBetween(start, end);
  if (Number.isNaN(span)) return 'Both days must be dates as YYYY-MM-DD.';
  if (span < 1) return 'The end day must not be before the start day.';
  if (span > maxDays) return `A report covers at most ${maxDays} days.`;
  return null;
}

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

export const METRIC_FORMAT = { MONEY: 'money', COUNT: 'count', PERCENT: 'percent', DECIMAL: 'decimal' } as const;
export type MetricFormat = (typeof METRIC_FORMAT)[keyof typeof METRIC_FORMAT];

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
} as const satisfies Record<string, { label: string; format: MetricFormat; value: (a: SalesAggregate) => number }>;
export type DashboardMetric = keyof typeof DASHBOARD_METRICS;
export const DASHBOARD_METRIC_COLUMNS = Object.keys(DASHBOARD_METRICS) as [DashboardMetric, ...DashboardMetric[]];
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
