import type { Story } from '@ladle/react';
import { useState } from 'react';
import { DateRangePicker, type RangePresetOption } from './DateRangePicker';

const presets: RangePresetOption[] = [
  { id: 'today', label: 'Today', start: '2025-03-12', end: '2025-03-12' },
  { id: 'yesterday', label: 'Yesterday', start: '2025-03-11', end: '2025-03-11' },
  { id: 'this-week', label: 'This week', start: '2025-03-10', end: '2025-03-12' },
  { id: 'last-7-days', label: 'Last 7 days', start: '2025-03-06', end: '2025-03-12' },
  { id: 'last-30-days', label: 'Last 30 days', start: '2025-02-11', end: '2025-03-12' },
  { id: 'this-month', label: 'This month', start: '2025-03-01', end: '2025-03-12' },
  { id: 'last-month', label: 'Last month', start: '2025-02-01', end: '2025-02-28' },
];

export const Presets: Story = () => {
  const [range, setRange] = useState({ start: '2025-02-01', end: '2025-02-28' });
  return <DateRangePicker {...range} presets={presets} max="2025-03-12" onChange={setRange} />;
};

export const Custom: Story = () => {
  const [range, setRange] = useState({ start: '2025-01-02', end: '2025-01-09' });
  return <DateRangePicker {...range} presets={presets} max="2025-03-12" onChange={setRange} />;
};

export const TooLong: Story = () => (
  <DateRangePicker start="2023-01-01" end="2025-03-12" presets={presets} max="2025-03-12" error="A report covers at most 400 days." onChange={() => undefined} />
);
