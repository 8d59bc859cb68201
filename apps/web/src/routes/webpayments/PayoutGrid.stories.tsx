import type { Story } from '@ladle/react';
import { PayoutGrid, type PayoutGridRow } from './PayoutGrid';

const money = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);
const short = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const long = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];
const rows: PayoutGridRow[] = [
  { id: 1, label: 'po_1Q2w', detail: 'Arrives Mar 4', reconciled: true, amount: 28190, cells: [{ day: '2026-03-02', count: 4, amount: 29000 }] },
  { id: 2, label: 'po_1Q3x', detail: 'Arrives Mar 5', reconciled: false, amount: 14200, cells: [{ day: '2026-03-03', count: 3, amount: 19500 }] },
  { id: 3, label: 'po_1Q4y', detail: 'Arrives Mar 7', reconciled: true, amount: 40550, cells: [{ day: '2026-03-04', count: 2, amount: 12000 }, { day: '2026-03-05', count: 5, amount: 30000 }] },
];

export const Grid: Story = () => <PayoutGrid caption="Payouts by checkout day" days={days} rows={rows} money={money} formatDay={short} formatDayLong={long} onOpenCell={(row, day) => alert(`${row.label} ${day}`)} />;
export const Empty: Story = () => <PayoutGrid caption="Payouts by checkout day" days={[]} rows={[]} money={money} formatDay={short} formatDayLong={long} onOpenCell={() => undefined} />;
