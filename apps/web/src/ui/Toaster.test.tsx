import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster';

const toasts = [
  { id: 1, tone: 'success' as const, message: 'Sucessfully Logged In', duration: 0 },
  { id: 2, tone: 'error' as const, message: 'Failed to fetch business data', duration: 0 },
];

describe('Toaster', () => {
  it('is a labelled live region: success as status, error as alert', () => {
    render(<Toaster toasts={toasts} onDismiss={() => undefined} />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByRole('status').textContent).toContain('Sucessfully Logged In');
    expect(within(region).getByRole('alert').textContent).toContain('Failed to fetch business data');
    expect(region.querySelector('[aria-live="polite"]')).toBeTruthy();
  });

  it('dismisses with its button or with Escape', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    render(<Toaster toasts={toasts} onDismiss={onDismiss} />);
    const [first, second] = screen.getAllByRole('button', { name: 'Dismiss notification' });
    await user.click(first!);
    expect(onDismiss).toHaveBeenLastCalledWith(1);
    second!.focus();
    await user.keyboard('{Escape}');
    expect(onDismiss).toHaveBeenLastCalledWith(2);
  });

  it('pauses while hovered or focused', async () => {
    const user = userEvent.setup();
    const onPause = vi.fn();
    const onResume = vi.fn();
    render(<Toaster toasts={toasts.slice(0, 1)} onDismiss={() => undefined} onPause={onPause} onResume={onResume} />);
    await user.hover(screen.getByRole('status'));
    expect(onPause).toHaveBeenCalledWith(1);
    await user.unhover(screen.getByRole('status'));
    expect(onResume).toHaveBeenCalledWith(1);
  });
});
