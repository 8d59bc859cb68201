import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BuildLog, type BuildLogEntry } from './BuildLog';

const queued: BuildLogEntry = { id: 'a', label: 'Queued', tone: 'neutral', message: 'Queued by Olivia', when: '10:02 AM', at: '2026-10-02T17:02:00Z' };
const live: BuildLogEntry = { id: 'b', label: 'Live', tone: 'success', message: 'https://luxe.example/', when: '10:03 AM', at: '2026-10-02T17:03:00Z' };

describe('BuildLog', () => {
  it('lists the steps oldest first in a log region, each with its time, and a step that arrives is added to it', () => {
    const { rerender } = render(<BuildLog label="Build log of version 5" status="ready" entries={[queued]} running />);
    const log = screen.getByRole('log', { name: 'Build log of version 5' });
    expect(within(log).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Waiting for the next step…')).toBeTruthy();
    rerender(<BuildLog label="Build log of version 5" status="ready" entries={[queued, live]} />);
    const items = within(screen.getByRole('log')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['10:02 AMQueuedQueued by Olivia', '10:03 AMLivehttps://luxe.example/']);
    expect(items[1]!.querySelector('time')?.getAttribute('dateTime')).toBe(live.at);
    expect(screen.queryByText('Waiting for the next step…')).toBeNull();
  });

  it('says when there are no steps, is busy while loading, and offers Try again when it failed', async () => {
    const { rerender } = render(<BuildLog label="Build log" status="ready" entries={[]} />);
    expect(screen.getByText('No steps yet.')).toBeTruthy();
    rerender(<BuildLog label="Build log" status="loading" entries={[]} />);
    expect(screen.getByRole('status').textContent).toBe('Loading the build log');
    const onRetry = vi.fn();
    rerender(<BuildLog label="Build log" status="error" entries={[]} error="Ooops Something went wrong" onRetry={onRetry} />);
    expect(screen.getByText('Ooops Something went wrong')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
