import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type CounterDenomination, DenominationCounter } from './DenominationCounter';

const EUR: CounterDenomination[] = [
  { key: '1', value: 1, label: '1 c', kind: 'coin' },
  { key: '5000', value: 5000, label: '€50', kind: 'note' },
  { key: '200', value: 200, label: '€2', kind: 'coin' },
  { key: '1000', value: 1000, label: '€10', kind: 'note' },
];
const money = (minor: number) => `€${(minor / 100).toFixed(2)}`;

function Harness({ onCounts }: { onCounts?: (counts: Record<string, number>) => void }) {
  const [counts, setCounts] = useState<Record<string, number>>({});
  const total = EUR.reduce((sum, d) => sum + d.value * (counts[d.key] ?? 0), 0);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <DenominationCounter
        label="Closing count"
        denominations={EUR}
        counts={counts}
        onChange={(next) => {
          setCounts(next);
          onCounts?.(next);
        }}
        total={total}
        money={money}
        autoFocus
      />
    </form>
  );
}

const total = () => screen.getByRole('status', { name: 'Closing count total' }).textContent;

describe('DenominationCounter', () => {
  it('is counted from the keyboard alone: notes first, Enter to the next, the lines and total following the typing', async () => {
    const user = userEvent.setup();
    const onCounts = vi.fn();
    render(<Harness onCounts={onCounts} />);
    // Notes first, then coins, each largest first; the first count has focus.
    const fields = screen.getAllByRole('textbox');
    expect(fields.map((f) => f.getAttribute('aria-label'))).toEqual(['€50 count', '€10 count', '€2 count', '1 c count']);
    expect(document.activeElement).toBe(fields[0]);
    await user.keyboard('2{Enter}3{Enter}7{Enter}45');
    expect(document.activeElement).toBe(fields[3]);
    expect(onCounts).toHaveBeenLastCalledWith({ '5000': 2, '1000': 3, '200': 7, '1': 45 });
    // 2×50 + 3×10 + 7×2 + 0.45
    expect(total()).toBe('€144.45');
    expect(screen.getByRole('textbox', { name: '€2 count' }).closest('tr')?.textContent).toContain('€14.00');
    // ↑ goes back; typing over the selected count replaces it.
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(fields[1]);
    await user.keyboard('1');
    expect(total()).toBe('€124.45');
  });

  it('takes digits only: no letters, signs or decimals, so a count is never negative', async () => {
    const user = userEvent.setup();
    const onCounts = vi.fn();
    render(<Harness onCounts={onCounts} />);
    const fifty = screen.getByRole('textbox', { name: '€50 count' }) as HTMLInputElement;
    await user.type(fifty, '-3.5x');
    expect(fifty.value).toBe('35');
    expect(total()).toBe('€1750.00');
    // Emptied, the denomination is none and drops out of the counts.
    await user.clear(fifty);
    expect(onCounts).toHaveBeenLastCalledWith({});
    expect(total()).toBe('€0.00');
  });

  it('leaves Enter on the last count to the form, so it submits', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted();
        }}
      >
        <DenominationCounter label="Opening count" denominations={EUR} counts={{ '1': 4 }} onChange={() => undefined} total={4} money={money} />
        <button type="submit">Open the drawer</button>
      </form>,
    );
    await user.click(screen.getByRole('textbox', { name: '€50 count' }));
    await user.keyboard('{Enter}');
    expect(submitted).not.toHaveBeenCalled();
    await user.click(screen.getByRole('textbox', { name: '1 c count' }));
    await user.keyboard('{Enter}');
    expect(submitted).toHaveBeenCalledTimes(1);
  });
});
