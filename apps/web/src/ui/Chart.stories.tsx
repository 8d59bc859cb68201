import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Chart } from './Chart';
import type { ChartMeasure } from './chartOption';

const days = Array.from({ length: 30 }, (_, i) => `2025-03-${String(i + 1).padStart(2, '0')}`);
const money: ChartMeasure = {
  unit: 'money',
  format: (c) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  formatTick: (c) => `$${(c / 100).toLocaleString('en-US')}`,
  minInterval: 100,
};
const count: ChartMeasure = { unit: 'count', format: (n) => n.toLocaleString('en-US'), minInterval: 1 };
const net = days.map((_, i) => 800_000 + ((i * 7919) % 600_000));
const tickets = net.map((v) => Math.round(v / 9_000));
const formatDay = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const formatDayLong = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const frame = 'max-w-3xl rounded-2xl bg-white p-4 ring-1 ring-slate-200';

/** One series: no legend. A click in a day's column, or Enter after the arrow keys, opens it. */
export const ThirtyDays: Story = () => {
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <div className={frame}>
      <Chart
        title="Net sales, last 30 days"
        days={days}
        series={[{ key: 'net', name: 'Net sales', meaning: 'Gross sales less the refunds made in the same period.', values: net, kind: 'bar', measure: money }]}
        formatDay={formatDay}
        formatDayLong={formatDayLong}
        onOpenDay={setOpened}
        dayHref={(d) => `#tickets-${d}`}
      />
      <p className="mt-2 text-sm text-slate-600">Opened: {opened ?? 'nothing yet'}</p>
    </div>
  );
};

/** Bars and a line with an axis each, and the legend. */
export const SalesAndTickets: Story = () => (
  <div className={frame}>
    <Chart
      title="Net sales and tickets, last 30 days"
      days={days}
      series={[
        { key: 'net', name: 'Net sales', values: net, kind: 'bar', measure: money },
        { key: 'tickets', name: 'Tickets', values: tickets, kind: 'line', measure: count },
      ]}
      formatDay={formatDay}
      formatDayLong={formatDayLong}
    />
  </div>
);

/** Narrow: the axis thins its labels; the width follows the container. */
export const Narrow: Story = () => (
  <div className={`${frame} max-w-xs`}>
    <Chart title="Net sales" days={days} series={[{ key: 'net', name: 'Net sales', values: net, kind: 'bar', measure: money }]} formatDay={formatDay} formatDayLong={formatDayLong} height={200} />
  </div>
);

export const NoDays: Story = () => (
  <div className={frame}>
    <Chart title="Net sales" days={[]} series={[{ key: 'net', name: 'Net sales', values: [], kind: 'bar', measure: money }]} formatDay={formatDay} formatDayLong={formatDayLong} />
  </div>
);

export const CouldNotLoad: Story = () => (
  <div className={frame}>
    <Chart
      title="Net sales"
      days={days.slice(0, 5)}
      series={[{ key: 'net', name: 'Net sales', values: net.slice(0, 5), kind: 'bar', measure: money }]}
      formatDay={formatDay}
      formatDayLong={formatDayLong}
      loadEngine={() => Promise.reject(new Error('offline'))}
    />
  </div>
);

const staffNames = ['Ava', 'Mia', 'Noah', 'Zoe', 'Leo'];
const staffAxis = { label: 'Staff', one: 'staff member', many: 'staff members', days: false };
const staffSales = [412_000, 388_500, 301_200, 255_000, 120_750];

/** Categories instead of days (a question's bar chart): the axis names what the points are. */
export const ByStaff: Story = () => (
  <div className={frame}>
    <Chart title="Gross sales by staff" days={staffNames} axis={staffAxis} series={[{ key: 'gross', name: 'Gross sales', values: staffSales, kind: 'bar', measure: money }]} formatDay={(d) => d} formatDayLong={(d) => d} />
  </div>
);

/** A pie of one series, a slice per category. */
export const Pie: Story = () => (
  <div className={frame}>
    <Chart title="Service mix" days={staffNames} axis={staffAxis} series={[{ key: 'gross', name: 'Gross sales', values: staffSales, kind: 'pie', measure: money }]} formatDay={(d) => d} formatDayLong={(d) => d} height={300} />
  </div>
);
