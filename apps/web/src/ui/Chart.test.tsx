import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Chart } from './Chart';
import type { ChartMeasure } from './chartOption';

const money: ChartMeasure = { unit: 'money', format: (c) => `$${(c / 100).toFixed(2)}`, minInterval: 100 };
const days = ['2025-03-01', '2025-03-02', '2025-03-03'];
const props = {
  title: 'Net sales, last 3 days',
  days,
  series: [{ key: 'net', name: 'Net sales', meaning: 'Gross sales less refunds.', values: [12_000, 50_050, 0], kind: 'bar' as const, measure: money }],
  formatDay: (d: string) => `Mar ${Number(d.slice(8))}`,
  formatDayLong: (d: string) => `Day ${d}`,
};
// jsdom cannot draw: the engine is left loading (or fails), and the chart's own behaviour is tested.
const never = () => new Promise<never>(() => {});
const failing = () => Promise.reject(new Error('offline'));

describe('Chart', () => {
  it('is named by its summary, names its figure with its meaning, and holds every value in a table', () => {
    render(<Chart {...props} loadEngine={never} />);
    const chart = screen.getByRole('group', { name: /^Net sales, last 3 days: 3 days from Mar 1 to Mar 3\. Net sales total \$620\.50, highest on Mar 2/ });
    expect(chart.getAttribute('aria-roledescription')).toBe('chart');
    expect(screen.getByRole('button', { name: 'Net sales' })).toHaveProperty('textContent', 'Net sales');
    const table = screen.getByRole('table', { name: 'Net sales, last 3 days' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['DayNet sales', 'Day 2025-03-01$120.00', 'Day 2025-03-02$500.50', 'Day 2025-03-03$0.00']);
  });

  it('opens a day with the keyboard: arrows choose it (and say it), Enter opens it', async () => {
    const opened: string[] = [];
    const user = userEvent.setup();
    render(<Chart {...props} loadEngine={never} onOpenDay={(d) => opened.push(d)} dayHref={(d) => `/tickets?day=${d}`} />);
    const chart = screen.getByRole('group', { name: /^Net sales, last 3 days/ });
    expect(chart).toHaveProperty('tabIndex', 0);
    await user.tab();
    expect(document.activeElement).toBe(chart);
    await user.keyboard('{Enter}');
    expect(opened).toEqual([]);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByText('Day 2025-03-02: Net sales $500.50. Enter opens its tickets.')).toBeTruthy();
    await user.keyboard('{Enter}');
    await user.keyboard('{End}{Enter}');
    expect(opened).toEqual(['2025-03-02', '2025-03-03']);
  });

  it('shows its table on demand, each day a link that opens it', async () => {
    const opened: string[] = [];
    const user = userEvent.setup();
    render(<Chart {...props} loadEngine={never} onOpenDay={(d) => opened.push(d)} dayHref={(d) => `/tickets?day=${d}`} />);
    // Hidden, the table has no links: the keyboard would land on something not shown.
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    const toggle = screen.getByRole('button', { name: 'Show values' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide values' }).getAttribute('aria-expanded')).toBe('true');
    const link = screen.getByRole('link', { name: 'Day 2025-03-02' });
    expect(link.getAttribute('href')).toBe('/tickets?day=2025-03-02');
    await user.click(link);
    expect(opened).toEqual(['2025-03-02']);
  });

  it('without drill-down, Enter opens nothing and no day is a link', async () => {
    const user = userEvent.setup();
    render(<Chart {...props} loadEngine={never} />);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Day 2025-03-01: Net sales $120.00.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show values' }));
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('when the drawing cannot load, says so and shows the values instead', async () => {
    render(<Chart {...props} loadEngine={failing} onOpenDay={() => {}} dayHref={(d) => `/t/${d}`} />);
    await act(async () => {});
    expect(screen.getByText('The chart could not be drawn. Its values are in the table below.')).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('says when there is no day to show', () => {
    render(<Chart {...props} days={[]} series={[{ ...props.series[0]!, values: [] }]} loadEngine={never} />);
    expect(screen.getByText('Net sales, last 3 days: no days to show.')).toBeTruthy();
  });
});

describe('Chart over categories', () => {
  const staff = { unit: 'money', format: (c: number) => `$${(c / 100).toFixed(2)}` };
  const categoryProps = {
    title: 'Gross sales by staff',
    days: ['Ava', 'Noah', 'Zoe'],
    series: [{ key: 'gross', name: 'Gross sales', values: [5_000, 9_000, 1_000], kind: 'bar' as const, measure: staff }],
    formatDay: (d: string) => d,
    formatDayLong: (d: string) => d,
    axis: { label: 'Staff', one: 'staff member', many: 'staff members', days: false },
  };

  it('names its points as the axis says, in the summary, the caption and the table', () => {
    render(<Chart {...categoryProps} loadEngine={never} />);
    expect(screen.getByRole('group', { name: 'Gross sales by staff: 3 staff members. Gross sales total $150.00, highest for Noah ($90.00).' })).toBeTruthy();
    expect(screen.getByText(/of one staff member/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Gross sales by staff' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['StaffGross sales', 'Ava$50.00', 'Noah$90.00', 'Zoe$10.00']);
  });

  it('draws a pie as slices of one series', () => {
    render(<Chart {...categoryProps} series={[{ ...categoryProps.series[0]!, kind: 'pie' }]} loadEngine={never} />);
    expect(screen.getByText(/Each slice/)).toBeTruthy();
    expect(screen.getByRole('group', { name: /^Gross sales by staff: 3 staff members/ })).toBeTruthy();
  });

  it('says there is nothing to show in its own words', () => {
    render(<Chart {...categoryProps} days={[]} series={[{ ...categoryProps.series[0]!, values: [] }]} loadEngine={never} />);
    expect(screen.getByText('Gross sales by staff: no staff members to show.')).toBeTruthy();
  });
});
