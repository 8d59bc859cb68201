import { type AdminMessageBody, type AdminNotification, isAdmin, type MarkReadBody, type NotificationStream } from '@salondesk/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ADMIN_NOTIFICATIONS_LIMIT, notificationQueries, withLiveNotification } from './notificationQueries';
import { useSalondeskContext } from './SalondeskProvider';
import { useNotificationStream } from './useNotificationStream';
import { useSession } from './useSession';

export interface UseAdminNotificationsOptions {
  /** The live stream; its admin messages and deploys are merged into the list as they arrive. */
  stream?: NotificationStream | null;
  limit?: number;
}

/**
 * The admin notifications (newest first, with the unread count) for a signed-in admin, kept
 * current by the stream: a message that arrives is put first in the cache at once, then the
 * list is refetched to agree with the server. Also the stream's connection state.
 */
export function useAdminNotifications({ stream = null, limit = ADMIN_NOTIFICATIONS_LIMIT }: UseAdminNotificationsOptions = {}) {
  const { client } = useSalondeskContext('useAdminNotifications');
  const queryClient = useQueryClient();
  const user = useSession().session?.user;
  const admin = user !== undefined && isAdmin(user);
  const options = notificationQueries.admin(client, limit);
  const query = useQuery({ ...options, enabled: admin });
  const connection = useNotificationStream(stream);

  useEffect(() => {
    if (!stream || !admin) return;
    const arrived = (item: AdminNotification) => {
      queryClient.setQueryData(options.queryKey, (page) => (page ? withLiveNotification(page, item, limit) : page));
      void queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
    };
    const stops = [
      stream.on('adminMessage', (message) => arrived({ ...message, read: false })),
      stream.on('websitePublished', (published) => arrived({ ...published, read: false })),
      stream.on('mobileAppDeployed', (deployed) => arrived({ ...deployed, read: false })),
    ];
    // After a reconnection, whatever was sent meanwhile is fetched.
    const stopState = stream.onState((s) => {
      if (s.state === 'open') void queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
    });
    return () => {
      for (const stop of stops) stop();
      stopState();
    };
  }, [stream, admin, queryClient, limit, options.queryKey]);

  return { ...query, connection };
}

/** Sends a message to every admin; the list refetches. */
export function useSendAdminMessage() {
  const { client } = useSalondeskContext('useSendAdminMessage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminMessageBody) => client.notifications.send(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueries.all() }),
  });
}

/** Marks admin notifications read (some, or all) for me; the list refetches. */
export function useMarkNotificationsRead() {
  const { client } = useSalondeskContext('useMarkNotificationsRead');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadBody) => client.notifications.markRead(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueries.all() }),
  });
}
