import { dayLabel, FIGURES, formatMoneyShort, shortDayLabel, type DashboardMetric } from '@salondesk/core';
import { useNavigate } from 'react-router-dom';
import type { ChartMeasure, ChartProps, ChartSeries } from '../ui/Chart';
import type { useBusinessDisplay } from './useBusinessDisplay';

type Display = ReturnType<typeof useBusinessDisplay>;

/**
 * A figure (`FIGURES`) as a chart series: its label and meaning, its values formatted as the
 * figure is everywhere else (money in the business's currency, counts), whole-unit ticks.
 */
export function figureSeries(display: Display, column: DashboardMetric, values: readonly number[], kind: ChartSeries['kind']): ChartSeries & { meaning: string } {
  const figure = FIGURES[column];
  const measure: ChartMeasure =
    figure.format === 'money'
      ? { unit: 'money', format: display.money, formatTick: (cents) => formatMoneyShort(cents, display.symbol), minInterval: 100 }
      : { unit: figure.format, format: (value) => display.metric(value, figure.format), ...(figure.format === 'count' ? { minInterval: 1 } : {}) };
  return { key: column, name: figure.label, meaning: figure.meaning, values, kind, measure };
}

/** The tickets of one day: the transactions screen's range (`?start=&end=`) of that day alone. */
export const ticketsOfDayPath = (businessId: number, day: string): string => `/${businessId}/transactions?${new URLSearchParams({ start: day, end: day })}`;

/**
 * What a chart of days needs from the app: how days read, and — when the user may see tickets —
 * the drill-down to a day's tickets.
 */
export function useDayChart(businessId: number, canSeeTickets: boolean): Pick<ChartProps, 'formatDay' | 'formatDayLong' | 'onOpenDay' | 'dayHref'> {
  const navigate = useNavigate();
  return {
    formatDay: shortDayLabel,
    formatDayLong: dayLabel,
    ...(canSeeTickets
      ? { onOpenDay: (day: string) => void navigate(ticketsOfDayPath(businessId, day)), dayHref: (day: string) => ticketsOfDayPath(businessId, day) }
      : {}),
  };
}
