import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PayoutGrid, type PayoutGridRow } from './PayoutGrid';

const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
const rows: PayoutGridRow[] = [
  { id: 1, label: 'po_A', reconciled: true, amount: 9680, cells: [{ day: '2026-03-02', count: 2, amount: 10000 }] },
  { id: 2, label: 'po_B', reconciled: false, amount: 4000, cells: [{ day: '2026-03-03', count: 1, amount: 5000 }] },
];

describe('PayoutGrid', () => {
  it('puts each payout’s charges under their checkout day, says which payouts are not reconciled, and opens a cell', async () => {
    const onOpenCell = vi.fn();
    render(<PayoutGrid caption="Payouts by checkout day" days={['2026-03-02', '2026-03-03']} rows={rows} money={money} formatDay={(d) => d.slice(5)} formatDayLong={(d) => `day ${d}`} onOpenCell={onOpenCell} />);
    const table = screen.getByRole('table', { name: 'Payouts by checkout day' });
    const a = within(table).getByRole('rowheader', { name: 'po_A' }).closest('tr') as HTMLElement;
    const b = within(table).getByRole('rowheader', { name: /po_B/ }).closest('tr') as HTMLElement;
    expect(within(a).queryByText('Not reconciled')).toBeNull();
    expect(within(b).getByText('Not reconciled')).toBeTruthy();
    // po_B paid nothing of Mar 2: that cell is empty; its Mar 3 cell is a button.
    expect(within(b).getAllByRole('cell')[1]?.textContent).toBe('None');
    await userEvent.click(within(b).getByRole('button', { name: '1 charge of day 2026-03-03 in payout po_B: $50.00' }));
    expect(onOpenCell).toHaveBeenCalledWith(rows[1], '2026-03-03');
  });

  it('says when there is no payout', () => {
    render(<PayoutGrid caption="Payouts" days={[]} rows={[]} money={money} formatDay={(d) => d} formatDayLong={(d) => d} onOpenCell={() => undefined} empty="No payout yet." />);
    expect(screen.getByText('No payout yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
