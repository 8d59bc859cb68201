/** The names behind dashboard cards and KPIs, without their computations (the SDK's models read this). */

/** Periods a KPI snapshot can cover (periodsnapshotsetting). */
export const SNAPSHOT_PERIOD = { DAY: 'day', WEEK: 'week', MONTH: 'month', YEAR: 'year' } as const;
export type SnapshotPeriod = (typeof SNAPSHOT_PERIOD)[keyof typeof SNAPSHOT_PERIOD];
export const SNAPSHOT_PERIOD_LABEL: Record<SnapshotPeriod, string> = { day: 'Today', week: 'Week to date', month: 'Month to date', year: 'Year to date' };

export const METRIC_FORMAT = { MONEY: 'money', COUNT: 'count', PERCENT: 'percent', DECIMAL: 'decimal' } as const;
export type MetricFormat = (typeof METRIC_FORMAT)[keyof typeof METRIC_FORMAT];

/** Every figure a card or KPI can show, by column name (defined by `FIGURES` in `figures.ts`). */
export const DASHBOARD_METRIC_COLUMNS = [
  'net',
  'sales',
  'tickets',
  'average',
  'services',
  'products',
  'giftcards',
  'tips',
  'tax',
  'discounts',
  'refunds',
  'collected',
  'retail_share',
  'tip_rate',
  'discount_rate',
  'refund_rate',
  'services_per_ticket',
] as const;
export type DashboardMetric = (typeof DASHBOARD_METRIC_COLUMNS)[number];
