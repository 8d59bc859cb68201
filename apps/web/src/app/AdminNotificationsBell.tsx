import { ADMIN_MESSAGE_SOURCE_LABEL, type AdminNotification, businessPath, CONNECTION_STATE_LABEL, MESSAGES, NOTIFICATION_KIND_LABEL, type NotificationStream } from '@salondesk/core';
import { useAdminNotifications, useMarkNotificationsRead } from '@salondesk/react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { NotificationBell } from '../ui/NotificationBell';
import type { NotificationListItem } from '../ui/NotificationList';
import { toasts } from './toasts';

/** What the list parts show of an admin notification. */
export const toListItem = (n: AdminNotification): NotificationListItem => ({
  id: n.id,
  title: n.title,
  body: n.body,
  createdAt: n.createdAt,
  read: n.read,
  tag: notificationTag(n),
  alert: n.kind === 'adminMessage' && n.source === 'security',
});

/** What kind of admin notification it is, in a word or two: a message's source, else the kind's label. */
export const notificationTag = (n: AdminNotification): string => (n.kind === 'adminMessage' ? ADMIN_MESSAGE_SOURCE_LABEL[n.source] : NOTIFICATION_KIND_LABEL[n.kind]);

export interface AdminNotificationsBellProps {
  stream: NotificationStream | null;
  businessId: number;
  /** Toast each message that arrives (off on the admin notifications screen, whose list shows them). */
  toastArrivals?: boolean;
}

/** The header's bell for a platform admin: the newest admin notifications, live, and a toast when one arrives. */
export function AdminNotificationsBell({ stream, businessId, toastArrivals = true }: AdminNotificationsBellProps) {
  const notifications = useAdminNotifications({ stream, limit: 10 });
  const markRead = useMarkNotificationsRead();

  useEffect(() => {
    if (!toastArrivals) return;
    return stream?.on('adminMessage', (message) => void toasts.show({ tone: 'info', message: `${message.title}: ${message.body}` }));
  }, [stream, toastArrivals]);

  return (
    <NotificationBell
      unread={notifications.data?.unread ?? 0}
      items={notifications.data?.items.map(toListItem)}
      error={notifications.isError ? notifications.error.message : null}
      onRetry={() => void notifications.refetch()}
      connection={CONNECTION_STATE_LABEL[notifications.connection.state]}
      markingRead={markRead.isPending}
      onMarkAllRead={() => markRead.mutate({ all: true }, { onSuccess: () => toasts.success(MESSAGES.notificationsMarkedRead), onError: (e) => toasts.error(e.message) })}
      footer={
        <Link to={businessPath(businessId, 'admin/notifications')} className="text-xs font-medium text-brand-700 hover:underline">
          All notifications and messages
        </Link>
      }
    />
  );
}
