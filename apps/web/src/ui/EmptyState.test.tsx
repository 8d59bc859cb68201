import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('announces a failed load and offers "Try again" before the other actions', async () => {
    const onRetry = vi.fn();
    render(<EmptyState tone="error" title="Failed to fetch employees!" onRetry={onRetry} actions={<a href="/home">Home</a>} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch employees!');
    const [first] = screen.getAllByRole('button');
    expect(first?.textContent).toBe('Try again');
    await userEvent.click(first as HTMLElement);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('cannot be retried twice while a retry is under way', () => {
    render(<EmptyState tone="error" title="Failed" onRetry={() => {}} retrying />);
    expect((screen.getByRole('button', { name: /Try again/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers no button when there is nothing to retry', () => {
    render(<EmptyState title="No shifts yet" />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
