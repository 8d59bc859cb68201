import { z } from 'zod/mini';
import { DASHBOARD_METRIC_COLUMNS, METRIC_FORMAT, SNAPSHOT_PERIOD, type MetricFormat, type SnapshotPeriod } from './metricColumns';
import { day, id, instant } from './ids';
import { cents } from './transaction';
import { salesAggregate } from './sales';

export const dashboardMetric = z.enum(DASHBOARD_METRIC_COLUMNS);
export const metricFormat = z.enum(Object.values(METRIC_FORMAT) as [MetricFormat, ...MetricFormat[]]);
export const snapshotPeriod = z.enum(Object.values(SNAPSHOT_PERIOD) as [SnapshotPeriod, ...SnapshotPeriod[]]);

/** Dashboard day data (spec 001 §3): a day's sums and the month's total up to that day. */
export const dashboardDay = z.object({ day, totals: salesAggregate, monthtotal: cents });
export type DashboardDay = z.infer<typeof dashboardDay>;

export const dashboardCard = z.object({
  id,
  column: dashboardMetric,
  title: z.string(),
  /** Where it stands among the cards (lowest first). */
  order: z.int(),
  /** Hidden by the signed-in user on their own dashboard; others still see it. */
  hidden: z.boolean(),
});
export type DashboardCard = z.infer<typeof dashboardCard>;

export const dashboardKpi = z.object({
  id,
  column: dashboardMetric,
  label: z.string(),
  format: metricFormat,
  /** Shown in every location of the network. */
  global: z.boolean(),
  /** Hidden by the signed-in user on their own dashboard; others still see it. */
  hidden: z.boolean(),
  current: z.number(),
  previous: z.number(),
});
export type DashboardKpi = z.infer<typeof dashboardKpi>;

export const periodSnapshotSetting = z.object({ period: snapshotPeriod });
export type PeriodSnapshotSetting = z.infer<typeof periodSnapshotSetting>;

/** Yesterday up to the same local time as now: what today is fairly compared with early in the day. */
export const dashboardDaySoFar = z.object({ day, until: instant, totals: salesAggregate });
export type DashboardDaySoFar = z.infer<typeof dashboardDaySoFar>;

/** GET dashboard?type=home: the compared days, the queue now, the cards and the KPIs. */
export const dashboardHome = z.object({
  type: z.literal('home'),
  today: dashboardDay,
  /** Yesterday until the time it is now (in the business's zone). */
  yesterdaySoFar: dashboardDaySoFar,
  yesterday: dashboardDay,
  lastMonthEnd: dashboardDay,
  queue: z.object({ inQueue: z.number(), inService: z.number(), completed: z.number(), deleted: z.number() }),
  cards: z.array(dashboardCard),
  kpis: z.array(dashboardKpi),
  period: snapshotPeriod,
  /** Every location of this business's network is one the signed-in user may see (for `dashboardRights`). */
  seesEveryLocation: z.boolean(),
  periodRange: z.object({ current: z.object({ start: day, end: day }), previous: z.object({ start: day, end: day }) }),
  /** What can be added: the system settings `default-dashboard-cards` and `uzeli-dashboard-kpi-params`. */
  available: z.object({
    cards: z.array(z.object({ column: dashboardMetric, title: z.string() })),
    kpis: z.array(z.object({ column: dashboardMetric, label: z.string(), format: metricFormat })),
  }),
});
export type DashboardHome = z.infer<typeof dashboardHome>;

/** GET dashboard?type=chart: net sales per day, oldest first. */
export const dashboardChart = z.object({
  type: z.literal('chart'),
  points: z.array(z.object({ day, net: cents, tickets: z.number() })),
});
export type DashboardChart = z.infer<typeof dashboardChart>;
