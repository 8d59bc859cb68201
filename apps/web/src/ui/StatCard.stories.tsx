import type { Story } from '@ladle/react';
import { StatCard } from './StatCard';

export const Compared: Story = () => (
  <div className="grid max-w-3xl gap-4 sm:grid-cols-2">
    <StatCard
      title="Net sales"
      meaning="Gross sales less the refunds made in the same period."
      value="$12,480.00"
      caption="Today"
      comparisons={[
        { label: 'Yesterday', value: '$11,200.00', change: 11.4 },
        { label: 'Last month end', value: '$13,050.00', change: -4.4 },
      ]}
      onRemove={() => undefined}
      onHide={() => undefined}
    />
    <StatCard title="Tax collected" figure="Tax" meaning="Tax charged on the lines of completed tickets; part of gross sales." value="$812.20" caption="Today" />
    <StatCard title="Tickets" value="148" caption="Today" comparisons={[{ label: 'Yesterday', value: '0', change: null }]} />
  </div>
);
