import type { Story } from '@ladle/react';
import { SalesChart } from './SalesChart';

const points = Array.from({ length: 30 }, (_, i) => ({ day: `2025-03-${String(i + 1).padStart(2, '0')}`, value: 800_000 + ((i * 7919) % 600_000) }));

export const ThirtyDays: Story = () => (
  <div className="max-w-2xl rounded-2xl bg-white p-4 ring-1 ring-slate-200">
    <SalesChart
      points={points}
      title="Net sales, last 30 days"
      figure={{ label: 'Net sales', meaning: 'Gross sales less the refunds made in the same period.' }}
      format={(v) => `$${(v / 100).toFixed(2)}`}
    />
  </div>
);

export const Empty: Story = () => <SalesChart points={[]} title="Net sales" format={String} />;
