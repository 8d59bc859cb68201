import type { Story } from '@ladle/react';
import { useState } from 'react';
import { type CounterDenomination, DenominationCounter } from './DenominationCounter';

/** US dollars as core lists them (stories stay free of the SDK). */
const USD: CounterDenomination[] = [
  { key: '10000', value: 10000, label: '$100', kind: 'note' },
  { key: '5000', value: 5000, label: '$50', kind: 'note' },
  { key: '2000', value: 2000, label: '$20', kind: 'note' },
  { key: '1000', value: 1000, label: '$10', kind: 'note' },
  { key: '500', value: 500, label: '$5', kind: 'note' },
  { key: '100', value: 100, label: '$1', kind: 'note' },
  { key: '25', value: 25, label: '25¢', kind: 'coin' },
  { key: '10', value: 10, label: '10¢', kind: 'coin' },
  { key: '5', value: 5, label: '5¢', kind: 'coin' },
  { key: '1', value: 1, label: '1¢', kind: 'coin' },
];
const money = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);
const sum = (denominations: readonly CounterDenomination[], counts: Record<string, number>) => denominations.reduce((total, d) => total + d.value * (counts[d.key] ?? 0), 0);

function Controlled({ initial = {}, disabled }: { initial?: Record<string, number>; disabled?: boolean }) {
  const [counts, setCounts] = useState<Record<string, number>>(initial);
  return (
    <div className="max-w-md">
      <DenominationCounter label="Closing count" denominations={USD} counts={counts} onChange={setCounts} total={sum(USD, counts)} money={money} autoFocus disabled={disabled} />
    </div>
  );
}

/** Type a count, press Enter: the next denomination is focused, the line and the total follow. */
export const Empty: Story = () => <Controlled />;

/** A float of $200 as a drawer opens. */
export const Float: Story = () => <Controlled initial={{ '2000': 5, '1000': 5, '500': 4, '100': 20, '25': 40, '10': 50, '5': 40, '1': 100 }} />;

export const Disabled: Story = () => <Controlled initial={{ '2000': 3 }} disabled />;
