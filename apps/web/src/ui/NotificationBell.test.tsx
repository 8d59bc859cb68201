import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NotificationBell } from './NotificationBell';

const items = [
  { id: 2, title: 'Message from Ada', body: 'Hello', createdAt: '2026-03-02T09:15:00Z', read: false },
  { id: 1, title: 'Sign-in locked', body: 'for frontdesk', createdAt: '2026-03-02T08:00:00Z', read: true },
];

describe('NotificationBell', () => {
  it('names its unread count, opens with the list, and marks all read', async () => {
    const onMarkAllRead = vi.fn();
    render(<NotificationBell unread={1} items={items} onMarkAllRead={onMarkAllRead} connection="Live" />);
    const button = screen.getByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(button);
    expect(await screen.findByText('Message from Ada')).toBeTruthy();
    expect(screen.getByText('Unread:')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(onMarkAllRead).toHaveBeenCalledOnce();
  });

  it('lets the keyboard reach the list, which scrolls when there are many', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, title: `Website published ${i + 1}`, body: 'Version 3', createdAt: '2026-03-02T09:15:00Z', read: false }));
    render(<NotificationBell unread={40} items={many} onMarkAllRead={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 40 unread' }));
    const list = await screen.findByRole('region', { name: 'Notification messages' });
    expect(list.tabIndex).toBe(0);
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(list);
  });

  it('says when there is nothing, and offers no "Mark all read"', async () => {
    render(<NotificationBell unread={0} items={[]} onMarkAllRead={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows an error with a retry', async () => {
    const onRetry = vi.fn();
    render(<NotificationBell unread={0} items={undefined} error="Could not load" onRetry={onRetry} onMarkAllRead={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
