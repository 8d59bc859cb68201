import { describe, expect, it } from 'vitest';
import { type ChartData, type ChartMeasure, chartOption, chartSummary, dayAtPoint, type ChartGeometry, stepDay, tooltipText } from './chartOption';

const money: ChartMeasure = { unit: 'money', format: (c) => `$${(c / 100).toFixed(2)}`, formatTick: (c) => `$${c / 100}`, minInterval: 100 };
const count: ChartMeasure = { unit: 'count', format: (n) => `${n} tickets`, minInterval: 1 };
const days = ['2025-03-01', '2025-03-02', '2025-03-03'];
const data = (series: ChartData['series']): ChartData => ({ days, series, formatDay: (d) => `D${d.slice(8)}`, formatDayLong: (d) => `Day ${d}` });
const net = { key: 'net', name: 'Net sales', values: [12_000, 50_050, 0], kind: 'bar', measure: money } as const;
const tickets = { key: 'tickets', name: 'Tickets', values: [3, 9, 0], kind: 'line', measure: count } as const;

type Axis = { type?: string; data?: string[]; position?: string; minInterval?: number; axisLabel?: { formatter?: (v: never) => string }; splitLine?: { show?: boolean } };
const axes = (value: unknown): Axis[] => (Array.isArray(value) ? value : [value]) as Axis[];

describe('the ECharts option of a chart', () => {
  it('puts the days across with short labels and formatted values up the side, whole units apart', () => {
    const option = chartOption(data([net]));
    const [x] = axes(option.xAxis);
    expect(x?.type).toBe('category');
    expect(x?.data).toEqual(days);
    expect(x?.axisLabel?.formatter?.('2025-03-02' as never)).toBe('D02');
    const [y] = axes(option.yAxis);
    expect(y?.type).toBe('value');
    expect(y?.minInterval).toBe(100);
    expect(y?.axisLabel?.formatter?.(120_000 as never)).toBe('$1200');
    expect(y?.splitLine?.show).toBe(true);
    expect(option.series).toMatchObject([{ type: 'bar', name: 'Net sales', data: [12_000, 50_050, 0], yAxisIndex: 0 }]);
  });

  it('shows a legend only when there are several series, and gives each unit its own axis', () => {
    expect(chartOption(data([net])).legend).toBeUndefined();
    const option = chartOption(data([net, tickets]));
    expect(option.legend).toBeDefined();
    const ys = axes(option.yAxis);
    expect(ys.map((y) => y.position)).toEqual(['left', 'right']);
    expect(ys[1]?.axisLabel?.formatter?.(4 as never)).toBe('4 tickets');
    expect(ys[1]?.splitLine?.show).toBe(false);
    expect(option.series).toMatchObject([{ type: 'bar', yAxisIndex: 0 }, { type: 'line', yAxisIndex: 1 }]);
    // Two series of the same unit share one axis.
    expect(axes(chartOption(data([net, { ...net, key: 'gross', name: 'Gross sales' }])).yAxis)).toHaveLength(1);
    expect(() => chartOption(data([net, tickets, { ...net, key: 'rate', measure: { unit: 'percent', format: String } }]))).toThrow(/at most two value axes/);
  });

  it("the tooltip names the day in full and every series' value in full, escaped", () => {
    const text = tooltipText(data([net, { ...tickets, name: '<b>Tickets</b>' }]), 1);
    expect(text).toContain('Day 2025-03-02');
    expect(text).toContain('Net sales: <b>$500.50</b>');
    expect(text).toContain('&#60;b&#62;Tickets&#60;/b&#62;: <b>9 tickets</b>');
    const formatter = (chartOption(data([net])).tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(formatter([{ dataIndex: 0 }])).toContain('$120.00');
  });

  it('does not animate for people who ask for reduced motion', () => {
    expect(chartOption(data([net])).animation).toBe(true);
    expect(chartOption(data([net]), { reducedMotion: true }).animation).toBe(false);
  });
});

describe('what a screen reader hears of a chart', () => {
  it("says the span, each series' total and its best day", () => {
    expect(chartSummary('Net sales, last 3 days', data([net, tickets]))).toBe(
      'Net sales, last 3 days: 3 days from D01 to D03. Net sales total $620.50, highest on D02 ($500.50). Tickets total 12 tickets, highest on D02 (9 tickets).',
    );
    expect(chartSummary('Flat', data([{ ...net, values: [0, 0, 0] }]))).toBe('Flat: 3 days from D01 to D03. Net sales total $0.00.');
    expect(chartSummary('Nothing', { ...data([net]), days: [] })).toBe('Nothing: no days to show.');
  });
});

describe('drill-down', () => {
  // A plotting area from x = 40 to 340 (three columns of 100 px) and y = 10 to 210, as ECharts reports it.
  const geometry: ChartGeometry = {
    containPixel: (_finder, [x = 0, y = 0]) => x >= 40 && x <= 340 && y >= 10 && y <= 210,
    convertFromPixel: (_finder, [x = 0]) => [Math.min(2, Math.floor((x - 40) / 100)), 0],
  };

  it('opens the day of the column clicked, wherever in the column, and nothing outside the plot', () => {
    expect(dayAtPoint(geometry, days, [45, 200])).toBe('2025-03-01');
    expect(dayAtPoint(geometry, days, [190, 15])).toBe('2025-03-02');
    expect(dayAtPoint(geometry, days, [339, 100])).toBe('2025-03-03');
    expect(dayAtPoint(geometry, days, [20, 100])).toBeNull();
    expect(dayAtPoint(geometry, days, [100, 230])).toBeNull();
    expect(dayAtPoint({ ...geometry, convertFromPixel: () => Number.NaN }, days, [100, 100])).toBeNull();
  });

  it('the keyboard steps between days and jumps to the ends', () => {
    expect(stepDay(3, null, 'ArrowRight')).toBe(0);
    expect(stepDay(3, null, 'ArrowLeft')).toBe(2);
    expect(stepDay(3, 1, 'ArrowRight')).toBe(2);
    expect(stepDay(3, 2, 'ArrowRight')).toBe(2);
    expect(stepDay(3, 0, 'ArrowLeft')).toBe(0);
    expect(stepDay(3, 1, 'Home')).toBe(0);
    expect(stepDay(3, 0, 'End')).toBe(2);
    expect(stepDay(3, 1, 'a')).toBeNull();
    expect(stepDay(0, null, 'ArrowRight')).toBeNull();
  });
});

describe('a pie', () => {
  it('is one series of slices, one per point, negative values counted as nothing', () => {
    const measure: ChartMeasure = { unit: 'money', format: (c) => `$${(c / 100).toFixed(2)}` };
    const option = chartOption({ days: ['Cut', 'Colour', 'Refund'], series: [{ key: 'g', name: 'Gross sales', values: [3_000, 1_000, -500], kind: 'pie', measure }], formatDay: (d) => d, formatDayLong: (d) => d });
    const series = option.series as { type: string; data: { name: string; value: number }[] }[];
    expect(series).toHaveLength(1);
    expect(series[0]?.type).toBe('pie');
    expect(series[0]?.data).toEqual([{ name: 'Cut', value: 3_000 }, { name: 'Colour', value: 1_000 }, { name: 'Refund', value: 0 }]);
    expect(option.xAxis).toBeUndefined();
  });
});
