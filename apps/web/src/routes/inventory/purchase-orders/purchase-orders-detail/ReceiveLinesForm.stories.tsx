import type { Story } from '@ladle/react';
import { useState } from 'react';
import { type ReceiveLine, ReceiveLinesForm } from './ReceiveLinesForm';

const lines: ReceiveLine[] = [
  { id: 1, product: 'Hydrating Shampoo 250 ml', unit: 'each', ordered: 12, received: 4, remaining: 8, onHand: 7 },
  { id: 2, product: 'Permanent Colour 6N', unit: 'g', ordered: 500, received: 120.5, remaining: 379.5, onHand: 240.25 },
  { id: 3, product: 'Styling Wax', unit: 'each', ordered: 6, received: 6, remaining: 0, onHand: 9 },
];
const format = (q: number, unit: string) => `${q.toLocaleString('en-US', { maximumFractionDigits: 3 })} ${unit}`;

export const PartlyReceived: Story = () => {
  const [values, setValues] = useState<Record<number, string>>({});
  return (
    <ReceiveLinesForm
      lines={lines}
      values={values}
      onChange={(id, typed) => setValues((v) => ({ ...v, [id]: typed }))}
      onFillRemaining={() => setValues(Object.fromEntries(lines.filter((l) => l.remaining > 0).map((l) => [l.id, String(l.remaining)])))}
      formatQuantity={format}
    />
  );
};

export const WithProblems: Story = () => (
  <ReceiveLinesForm
    lines={lines}
    values={{ 1: '9', 2: '12.3456' }}
    errors={{ 1: 'This receipt is more than was ordered: receive at most what is still to come.', 2: 'Enter a quantity above 0 with at most 3 decimals.' }}
    onChange={() => undefined}
    onFillRemaining={() => undefined}
    formatQuantity={format}
  />
);
