import type { AdminNotification, AdminNotificationPage } from '@salondesk/core';
import { adminSession, ok, ownerSession } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withLiveNotification } from './notificationQueries';
import { fakeProvider } from './testing/fakeProvider';
import { useAdminNotifications, useMarkNotificationsRead } from './useAdminNotifications';
import { useSession } from './useSession';

const item = (id: number, read = false): AdminNotification => ({
  kind: 'adminMessage',
  id,
  title: `Message ${id}`,
  body: `Body ${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  source: 'admin',
  senderName: 'Ada',
  read,
});

describe('withLiveNotification', () => {
  const page: AdminNotificationPage = { items: [item(3), item(2, true)], unread: 5, nextBefore: null };

  it('puts a new notification first and counts it unread, keeping the page length', () => {
    const next = withLiveNotification(page, item(4), 2);
    expect(next.items.map((i) => i.id)).toEqual([4, 3]);
    expect(next.unread).toBe(6);
  });

  it('counts a notification it already has only once', () => {
    const next = withLiveNotification(page, item(3), 20);
    expect(next.items.map((i) => i.id)).toEqual([3, 2]);
    expect(next.unread).toBe(5);
  });
});

function setup(session: unknown) {
  let unread = 2;
  const { api, wrapper } = fakeProvider({
    'POST /login': ok(session),
    'GET /protected/admin/notifications': () => ok({ items: [item(2), item(1)].slice(0, unread), unread, nextBefore: null }),
    'POST /protected/admin/notifications/read': () => {
      unread = 0;
      return ok({ unread });
    },
  });
  const hook = renderHook(() => ({ session: useSession(), list: useAdminNotifications(), markRead: useMarkNotificationsRead() }), { wrapper });
  return { api, ...hook };
}

describe('useAdminNotifications', () => {
  it('lists for an admin, and refetches after marking read', async () => {
    const { result, api } = setup(adminSession);
    await act(() => result.current.session.login({ username: 'a', password: 'p' }));
    await waitFor(() => expect(result.current.list.data?.unread).toBe(2));
    expect(result.current.list.connection).toEqual({ state: 'idle', error: null });
    await act(() => result.current.markRead.mutateAsync({ all: true }));
    await waitFor(() => expect(result.current.list.data?.unread).toBe(0));
    expect(api.calls.filter((c) => c === 'GET /protected/admin/notifications')).toHaveLength(2);
  });

  it('never fetches for someone who is not an admin', async () => {
    const { result, api } = setup(ownerSession);
    await act(() => result.current.session.login({ username: 'o', password: 'p' }));
    await new Promise((r) => setTimeout(r, 30));
    expect(result.current.list.data).toBeUndefined();
    expect(api.calls).not.toContain('GET /protected/admin/notifications');
  });
});
