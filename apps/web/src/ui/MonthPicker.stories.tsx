import type { Story } from '@ladle/react';
import { useState } from 'react';
import { MonthPicker } from './MonthPicker';

const shift = (value: string, delta: number) => {
  const [y, m] = value.split('-').map(Number) as [number, number];
  const index = y * 12 + m - 1 + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

export const Default: Story = () => {
  const [value, setValue] = useState('2026-03');
  return <MonthPicker label="Month" value={value} onChange={setValue} onPrevious={() => setValue(shift(value, -1))} onNext={() => setValue(shift(value, 1))} hint="Days in Los Angeles time" />;
};
export const AtTheLimits: Story = () => <MonthPicker label="Month" value="2000-01" min="2000-01" max="2000-01" onChange={() => undefined} onPrevious={() => undefined} onNext={() => undefined} />;
