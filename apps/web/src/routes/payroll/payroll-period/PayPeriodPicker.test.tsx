import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PayPeriodPicker } from './PayPeriodPicker';

const props = () => ({
  start: '2026-03-02',
  end: '2026-03-15',
  label: 'Mar 2 – 15, 2026',
  caption: 'Pay period · every two weeks',
  status: { label: 'Open', tone: 'success' as const },
  isCurrent: true,
  onPrevious: vi.fn(),
  onNext: vi.fn(),
  onCurrent: vi.fn(),
  onChange: vi.fn(),
});

describe('PayPeriodPicker', () => {
  it('moves between periods by click and keyboard and says which period and state it shows', async () => {
    const p = props();
    render(<PayPeriodPicker {...p} />);
    expect(screen.getByRole('group', { name: 'Pay period' }).textContent).toContain('Mar 2 – 15, 2026');
    expect(screen.getByText('Open')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Current period' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Previous pay period' }));
    expect(p.onPrevious).toHaveBeenCalledOnce();
    screen.getByRole('button', { name: 'Next pay period' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(p.onNext).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Current period' }));
    expect(p.onCurrent).toHaveBeenCalledOnce();
  });

  it('takes any range from its From and To, never backwards', () => {
    const p = props();
    render(<PayPeriodPicker {...p} />);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    expect(p.onChange).toHaveBeenLastCalledWith({ start: '2026-03-02', end: '2026-03-31' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-20' } });
    expect(p.onChange).toHaveBeenLastCalledWith({ start: '2026-03-20', end: '2026-03-20' });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-20' } });
    expect(p.onChange).toHaveBeenLastCalledWith({ start: '2026-02-20', end: '2026-02-20' });
  });
});
