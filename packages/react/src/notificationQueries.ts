import type { AdminNotification, AdminNotificationPage, SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/** How many admin notifications the bell and the admin screen show. */
export const ADMIN_NOTIFICATIONS_LIMIT = 20;

/** Query keys and fetchers for admin notifications (admins only). */
export const notificationQueries = {
  all: () => ['salondesk', 'notifications'] as const,

  admin: (client: SalondeskClient, limit = ADMIN_NOTIFICATIONS_LIMIT) =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'admin', { limit }] as const,
      queryFn: () => client.notifications.list({ limit }),
    }),
};

/**
 * A page with a notification that just arrived live: first, unread, counted once (an id already
 * there is replaced, not added twice); the page keeps its length.
 */
export function withLiveNotification(page: AdminNotificationPage, item: AdminNotification, limit: number): AdminNotificationPage {
  const known = page.items.some((i) => i.id === item.id);
  const items = [item, ...page.items.filter((i) => i.id !== item.id)].sort((a, b) => b.id - a.id).slice(0, limit);
  return { ...page, items, unread: known ? page.unread : page.unread + (item.read ? 0 : 1) };
}
