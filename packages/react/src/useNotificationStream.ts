import type { NotificationStream, NotificationStreamSnapshot } from '@salondesk/core';
import { useSyncExternalStore } from 'react';

const IDLE: NotificationStreamSnapshot = { state: 'idle', error: null };
const noSubscription = () => () => {};

/** The connection state of a notification stream (idle while there is none yet). */
export function useNotificationStream(stream: NotificationStream | null): NotificationStreamSnapshot {
  return useSyncExternalStore(
    stream ? stream.onState : noSubscription,
    stream ? stream.getSnapshot : () => IDLE,
    stream ? stream.getSnapshot : () => IDLE,
  );
}
