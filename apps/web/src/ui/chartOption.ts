import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/** The ECharts option of a `Chart`: only the series and components `chartEngine` registers. */
export type ChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | PieSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption>;

/** How the values of a series read: money in the business's currency, a count, … */
export interface ChartMeasure {
  /** Series with the same unit share a value axis (at most two axes: left and right). */
  unit: string;
  /** A value in full, for the tooltip and the table: `$1,234.50`, `12`. */
  format: (value: number) => string;
  /** A value on the axis, shorter when it can be: `$1,200`. Defaults to `format`. */
  formatTick?: (value: number) => string;
  /** The smallest step between two ticks (100 for cents: whole amounts; 1 for counts). */
  minInterval?: number;
}

export interface ChartSeries {
  /** Stable key (React and ECharts). */
  key: string;
  /** The figure's name, shown in the legend, the tooltip and the table: "Net sales". */
  name: string;
  /** One value per day, in the order of `days`. */
  values: readonly number[];
  /** `pie`: the first series alone, a slice per point of the axis (days or categories). */
  kind: 'bar' | 'line' | 'pie';
  measure: ChartMeasure;
}

/**
 * What the points along the axis are: days by default; or categories (staff members, services),
 * named in the table's heading and in what a screen reader hears.
 */
export interface ChartAxis {
  /** The table's heading for the points: `Day`, `Staff`. */
  label: string;
  /** One point and several, in a sentence: `day`/`days`, `staff member`/`staff members`. */
  one: string;
  many: string;
  /** Whether the points are days (the summary reads "from … to …" and "highest on …"). */
  days: boolean;
}

export const DAY_AXIS: ChartAxis = { label: 'Day', one: 'day', many: 'days', days: true };

export interface ChartData {
  /** The days on the horizontal axis, `YYYY-MM-DD`. */
  days: readonly string[];
  series: readonly ChartSeries[];
  /** A day as the axis names it: `Mar 1`. */
  formatDay: (day: string) => string;
  /** A day in full, for the tooltip: `Sat, Mar 1, 2025`. */
  formatDayLong: (day: string) => string;
  /** What the points are; days by default. */
  axis?: ChartAxis;
}

/** Brand indigo, amber, teal, pink: distinct for the usual colour-vision deficiencies, each 3:1 on white. */
export const CHART_COLORS = ['#4f46e5', '#b45309', '#0f766e', '#be185d'] as const;
const TEXT = '#475569';
const LINE = '#cbd5e1';
const GRID_LINE = '#e2e8f0';
/** The dashboard's font (`--font-sans`): ECharts measures its labels with it, so it must be a real font, not `inherit`. */
const FONT = '"Inter var", Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The value axes of a chart: one per unit, in the order the series first use them. */
export function chartUnits(series: readonly ChartSeries[]): ChartMeasure[] {
  const units: ChartMeasure[] = [];
  for (const s of series) if (!units.some((u) => u.unit === s.measure.unit)) units.push(s.measure);
  if (units.length > 2) throw new Error(`A chart has at most two value axes; these series use ${units.map((u) => u.unit).join(', ')}.`);
  return units;
}

/** What the tooltip says for one day: the day in full, then each series' value in full. */
export function tooltipText(data: ChartData, index: number): string {
  const day = data.days[index];
  if (day === undefined) return '';
  const lines = data.series.map((s, i) => {
    const value = s.values[index];
    const swatch = `<span style="display:inline-block;width:8px;height:8px;border-radius:2px;margin-right:6px;background:${CHART_COLORS[i % CHART_COLORS.length]}"></span>`;
    return `<div>${swatch}${escapeHtml(s.name)}: <b>${escapeHtml(value === undefined ? '—' : s.measure.format(value))}</b></div>`;
  });
  return `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(data.formatDayLong(day))}</div>${lines.join('')}`;
}

/**
 * The ECharts option for days × series: a category axis of days (short labels, thinned by
 * ECharts when they would overlap), a value axis per unit with formatted ticks and grid lines,
 * bars or lines, a tooltip for the whole day (its values in full), and a legend only when there
 * is more than one series. Pure: no ECharts code runs here, so it is tested without a canvas.
 */
export function chartOption(data: ChartData, options: { reducedMotion?: boolean } = {}): ChartOption {
  const pie = data.series[0];
  if (pie?.kind === 'pie') return pieOption(data, pie, options);
  const units = chartUnits(data.series);
  const legend = data.series.length > 1;
  return {
    animation: !options.reducedMotion,
    animationDuration: 300,
    color: [...CHART_COLORS],
    textStyle: { fontFamily: FONT, color: TEXT },
    grid: { left: 4, right: 4, top: legend ? 40 : 16, bottom: 4, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    ...(legend ? { legend: { top: 0, left: 0, itemWidth: 12, itemHeight: 12, textStyle: { color: TEXT } } } : {}),
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      textStyle: { fontFamily: FONT, fontSize: 12 },
      formatter: (params: unknown) => {
        const first = (Array.isArray(params) ? params[0] : params) as { dataIndex?: number } | undefined;
        return tooltipText(data, first?.dataIndex ?? -1);
      },
    },
    xAxis: {
      type: 'category',
      data: [...data.days],
      axisLabel: { formatter: (day: string) => data.formatDay(day), color: TEXT, hideOverlap: true },
      axisLine: { lineStyle: { color: LINE } },
      axisTick: { alignWithLabel: true, lineStyle: { color: LINE } },
    },
    yAxis: units.map((unit, i) => ({
      type: 'value' as const,
      position: i === 0 ? ('left' as const) : ('right' as const),
      ...(unit.minInterval !== undefined ? { minInterval: unit.minInterval } : {}),
      axisLabel: { formatter: (value: number) => (unit.formatTick ?? unit.format)(value), color: TEXT },
      splitLine: { show: i === 0, lineStyle: { color: GRID_LINE } },
    })),
    series: data.series.map((s): BarSeriesOption | LineSeriesOption => {
      const yAxisIndex = units.findIndex((u) => u.unit === s.measure.unit);
      const tooltip = { valueFormatter: (value: unknown) => (typeof value === 'number' ? s.measure.format(value) : '—') };
      return s.kind === 'bar'
        ? { type: 'bar', id: s.key, name: s.name, data: [...s.values], yAxisIndex, tooltip, itemStyle: { borderRadius: [3, 3, 0, 0] }, emphasis: { focus: 'none' }, barMaxWidth: 40 }
        : { type: 'line', id: s.key, name: s.name, data: [...s.values], yAxisIndex, tooltip, symbol: 'circle', symbolSize: 6, lineStyle: { width: 2 } };
    }),
  };
}

/**
 * A pie of one series: a slice per point (its label, its share), the legend naming the slices, a
 * tooltip with the value in full and its share. Values below zero cannot be a slice and count as 0.
 */
function pieOption(data: ChartData, series: ChartSeries, options: { reducedMotion?: boolean }): ChartOption {
  const total = series.values.reduce((sum, v) => sum + Math.max(0, v), 0);
  return {
    animation: !options.reducedMotion,
    animationDuration: 300,
    color: [...CHART_COLORS, '#7c3aed', '#0369a1', '#4d7c0f', '#c2410c'],
    textStyle: { fontFamily: FONT, color: TEXT },
    legend: { type: 'plain', bottom: 0, left: 0, itemWidth: 12, itemHeight: 12, textStyle: { color: TEXT } },
    tooltip: {
      trigger: 'item',
      confine: true,
      textStyle: { fontFamily: FONT, fontSize: 12 },
      formatter: (params: unknown) => {
        const index = (params as { dataIndex?: number }).dataIndex ?? -1;
        const point = data.days[index];
        const value = series.values[index];
        if (point === undefined || value === undefined) return '';
        const share = total > 0 ? ` (${((Math.max(0, value) / total) * 100).toFixed(1)}%)` : '';
        return `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(data.formatDayLong(point))}</div><div>${escapeHtml(series.name)}: <b>${escapeHtml(series.measure.format(value))}</b>${share}</div>`;
      },
    },
    series: [
      {
        type: 'pie',
        id: series.key,
        name: series.name,
        radius: ['0%', '70%'],
        center: ['50%', '45%'],
        label: { formatter: (p: { name?: string }) => data.formatDay(p.name ?? ''), color: TEXT },
        data: data.days.map((point, i) => ({ name: point, value: Math.max(0, series.values[i] ?? 0) })),
      },
    ],
  };
}

/**
 * What a screen reader hears for the chart as a whole: each series' total over the days and its
 * best day, `Net sales, last 30 days: 30 days from Mar 1 to Mar 30. Net sales total $12,345.00,
 * highest on Mar 14 ($980.00).`
 */
export function chartSummary(title: string, data: ChartData): string {
  const axis = data.axis ?? DAY_AXIS;
  const first = data.days[0];
  const last = data.days.at(-1);
  if (first === undefined || last === undefined) return `${title}: no ${axis.many} to show.`;
  const span = !axis.days
    ? `${data.days.length} ${data.days.length === 1 ? axis.one : axis.many}`
    : data.days.length === 1
      ? `1 day, ${data.formatDay(first)}`
      : `${data.days.length} days from ${data.formatDay(first)} to ${data.formatDay(last)}`;
  const parts = data.series.map((s) => {
    const total = s.values.reduce((sum, v) => sum + v, 0);
    let best = 0;
    s.values.forEach((v, i) => {
      if (v > (s.values[best] ?? -Infinity)) best = i;
    });
    const bestDay = data.days[best];
    // A best day only when the days differ: "highest on Mar 1 ($0.00)" of a flat line says nothing.
    const differ = s.values.some((v) => v !== s.values[0]);
    return `${s.name} total ${s.measure.format(total)}${bestDay !== undefined && differ ? `, highest ${axis.days ? 'on' : 'for'} ${data.formatDay(bestDay)} (${s.measure.format(s.values[best] ?? 0)})` : ''}.`;
  });
  return `${title}: ${span}. ${parts.join(' ')}`;
}

/**
 * The day under a point of the drawing, from the category index ECharts gives for it (or none
 * outside the plotting area): a click anywhere in a day's column opens that day, not only on
 * its bar, so a short bar is as easy to hit as a tall one.
 */
export function dayAt(days: readonly string[], index: number | undefined | null): string | null {
  if (index === undefined || index === null || !Number.isInteger(index)) return null;
  return days[index] ?? null;
}

/** The day the keyboard moves to from `index` with `key` (arrows step, Home/End jump); null for other keys. */
export function stepDay(count: number, index: number | null, key: string): number | null {
  if (count === 0) return null;
  const at = index ?? -1;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return index === null ? 0 : Math.min(count - 1, at + 1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return index === null ? count - 1 : Math.max(0, at - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The part of an ECharts instance that tells which day a point of the drawing is over. */
export interface ChartGeometry {
  containPixel(finder: { gridIndex: number }, point: number[]): boolean;
  convertFromPixel(finder: { gridIndex: number }, point: number[]): number[] | number;
}

/**
 * Drill-down: the day whose column holds the point clicked (pixels within the drawing), or null
 * outside the plotting area.
 */
export function dayAtPoint(chart: ChartGeometry, days: readonly string[], point: [number, number]): string | null {
  if (!chart.containPixel({ gridIndex: 0 }, point)) return null;
  const value = chart.convertFromPixel({ gridIndex: 0 }, point);
  const index = Array.isArray(value) ? value[0] : value;
  return index === undefined || !Number.isFinite(index) ? null : dayAt(days, Math.round(index));
}
