import type { NotificationStream } from '@salondesk/core';
import { useEffect, useState } from 'react';

let loading: Promise<NotificationStream> | null = null;

/** The page's one notification stream, created on first use (its code is fetched then). */
const loadStream = (): Promise<NotificationStream> => (loading ??= import('./liveStream').then((m) => m.createDashboardStream()));

/**
 * The notification stream, connected while `enabled` (someone is signed in); closed when that ends
 * (signing out). Null until its code has loaded.
 */
export function useDashboardStream(enabled: boolean): NotificationStream | null {
  const [stream, setStream] = useState<NotificationStream | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    void loadStream().then((s) => {
      if (cancelled) return;
      s.connect();
      setStream(s);
    });
    return () => {
      cancelled = true;
    };
  }, [enabled]);
  useEffect(() => {
    if (!enabled && stream) stream.close();
  }, [enabled, stream]);
  return enabled ? stream : null;
}
