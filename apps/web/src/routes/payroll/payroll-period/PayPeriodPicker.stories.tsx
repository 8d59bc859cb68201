import type { Story } from '@ladle/react';
import { useState } from 'react';
import { PayPeriodPicker } from './PayPeriodPicker';

const periods = [
  { start: '2026-02-16', end: '2026-03-01', label: 'Feb 16 – Mar 1, 2026', closed: true },
  { start: '2026-03-02', end: '2026-03-15', label: 'Mar 2 – 15, 2026', closed: false },
  { start: '2026-03-16', end: '2026-03-29', label: 'Mar 16 – 29, 2026', closed: false },
];

/** Every two weeks: the open period, the closed one before it, the next one. */
export const EveryTwoWeeks: Story = () => {
  const [at, setAt] = useState(1);
  const [custom, setCustom] = useState<{ start: string; end: string } | null>(null);
  const p = periods[at] as (typeof periods)[number];
  return (
    <PayPeriodPicker
      start={custom?.start ?? p.start}
      end={custom?.end ?? p.end}
      label={custom ? `${custom.start} – ${custom.end}` : p.label}
      caption={custom ? 'Custom range' : 'Pay period · every two weeks'}
      status={custom ? null : p.closed ? { label: 'Closed', tone: 'neutral' } : { label: 'Open', tone: 'success' }}
      isCurrent={!custom && at === 1}
      onPrevious={() => (setCustom(null), setAt(Math.max(0, at - 1)))}
      onNext={() => (setCustom(null), setAt(Math.min(periods.length - 1, at + 1)))}
      onCurrent={() => (setCustom(null), setAt(1))}
      onChange={setCustom}
    />
  );
};

export const WithError: Story = () => (
  <PayPeriodPicker
    start="2024-01-01"
    end="2026-01-01"
    label="Jan 1, 2024 – Jan 1, 2026"
    caption="Custom range"
    isCurrent={false}
    onPrevious={() => undefined}
    onNext={() => undefined}
    onCurrent={() => undefined}
    onChange={() => undefined}
    error="A report covers at most 400 days."
  />
);
