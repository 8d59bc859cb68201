import type { Story } from '@ladle/react';
import { useState } from 'react';
import { AmountField, type AmountFieldReading } from './AmountField';

/** A stand-in for core's `parseAmount` (stories stay free of the SDK): whole or two-decimal amounts. */
const read = (text: string): AmountFieldReading => {
  const plain = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(plain)) return { ok: false, message: 'Write the amount in figures, like $180 or 180.50.' };
  const [whole = '0', fraction = ''] = plain.split('.');
  return { ok: true, cents: Number(whole) * 100 + Number(fraction.padEnd(2, '0')) };
};
const normalise = (cents: number) => (cents / 100).toFixed(2);

function Controlled(props: { initial?: string; label: string; symbol?: string; error?: string; optional?: boolean; disabled?: boolean }) {
  const [value, setValue] = useState(props.initial ?? '');
  const reading = value.trim() === '' ? null : read(value);
  return (
    <div className="max-w-xs space-y-2">
      <AmountField label={props.label} value={value} onChange={setValue} symbol={props.symbol ?? '$'} read={read} normalise={normalise} error={props.error} optional={props.optional} disabled={props.disabled} hint="For example $180 or 180.50" />
      <p className="text-xs text-slate-500">Read: {reading === null ? 'nothing yet' : reading.ok ? `${reading.cents} cents` : 'not an amount'}</p>
    </div>
  );
}

/** Type "$180", "180.5" or "1,250" and leave the field: it writes the amount back plainly. */
export const Price: Story = () => <Controlled label="Price" />;

/** Type "ten" and leave the field: it says what it wants, and the message follows the typing. */
export const Unreadable: Story = () => <Controlled label="Price" initial="ten" />;

export const ScreenError: Story = () => <Controlled label="Amount" initial="999.00" error="At most $120.00" />;

export const OtherCurrency: Story = () => <Controlled label="Price" symbol="MX$" initial="1250.00" />;

export const Disabled: Story = () => <Controlled label="Price" initial="85.00" disabled />;
