import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActivityList } from './ActivityList';

const items = [
  { id: 2, who: 'Marco Reyes', what: 'Cleared every schedule of Ana Ruiz from 2025-06-02 (14 entries)', when: 'Mon, Jun 2, 2025, 14:05 PDT', at: '2025-06-02T21:05:00.000Z' },
  { id: 1, who: 'Olivia Laurent', what: 'Added draft 2025-06-03 09:00–13:00 for Ana Ruiz', when: 'Sun, Jun 1, 2025, 18:12 PDT', at: '2025-06-02T01:12:00.000Z' },
];

describe('ActivityList', () => {
  it('lists who changed what and when, in the order given', () => {
    render(<ActivityList label="Schedule activity" status="ready" items={items} />);
    const rows = within(screen.getByRole('list', { name: 'Schedule activity' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Marco Reyes · Mon, Jun 2, 2025, 14:05 PDTCleared every schedule of Ana Ruiz from 2025-06-02 (14 entries)',
      'Olivia Laurent · Sun, Jun 1, 2025, 18:12 PDTAdded draft 2025-06-03 09:00–13:00 for Ana Ruiz',
    ]);
    expect(rows[0]?.querySelector('time')?.getAttribute('datetime')).toBe('2025-06-02T21:05:00.000Z');
  });

  it('says when it is loading, empty or failed, and retries', async () => {
    const { rerender } = render(<ActivityList label="Schedule activity" status="loading" items={[]} />);
    expect(screen.getByRole('status').textContent).toBe('Loading schedule activity');
    rerender(<ActivityList label="Schedule activity" status="ready" items={[]} />);
    expect(screen.getByRole('heading', { name: 'No changes yet' })).toBeTruthy();
    const onRetry = vi.fn();
    rerender(<ActivityList label="Schedule activity" status="error" items={[]} error="Failed to fetch activity" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch activity');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
