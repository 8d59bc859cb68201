/**
 * What dashboard cards and KPIs start with (spec 001 §7 Dashboard): the system-setting defaults,
 * and the KPI snapshot periods. The figures themselves (labels, meanings, computations) are
 * `FIGURES` in `figures.ts`; the column names live in `metric-columns.ts`, which the SDK's models
 * read without pulling the computations in.
 */
import { FIGURES } from './figures';
import type { DashboardMetric, MetricFormat } from '../models/metricColumns';

export { DASHBOARD_METRIC_COLUMNS, type DashboardMetric, METRIC_FORMAT, type MetricFormat, SNAPSHOT_PERIOD, SNAPSHOT_PERIOD_LABEL, type SnapshotPeriod } from '../models/metricColumns';

/** System setting `default-dashboard-cards`: the cards a business starts with. */
export const DEFAULT_DASHBOARD_CARDS: readonly { column: DashboardMetric; title: string }[] = (['net', 'tickets', 'average', 'tips'] as const).map((column) => ({
  column,
  title: FIGURES[column].label,
}));

/** System setting `uzeli-dashboard-kpi-params`: the KPIs one may add, with their labels and formats. */
export const DEFAULT_KPI_PARAMS: readonly { column: DashboardMetric; label: string; format: MetricFormat }[] = (
  ['average', 'retail_share', 'tip_rate', 'discount_rate', 'refund_rate', 'services_per_ticket', 'giftcards'] as const
).map((column) => ({ column, label: FIGURES[column].label, format: FIGURES[column].format }));

/** The system settings keys the dashboard reads its defaults from. */
export const DASHBOARD_SYSTEM_SETTINGS = { cards: 'default-dashboard-cards', kpis: 'uzeli-dashboard-kpi-params' } as const;
