import type { NotificationStream } from '@salondesk/core';
import { useBusinessRoom } from '@salondesk/react';
import { useEffect } from 'react';
import { toasts } from './toasts';

/**
 * The business shown, live: its room is joined on the page's stream (owners, managers and
 * admins alike; the server lets in only those who may see it), and a website or app going live
 * is toasted with its address, for the admins whatever business it is.
 */
export function useBusinessLive(stream: NotificationStream | null, businessId: number | null): void {
  useBusinessRoom(stream, businessId);
  useEffect(() => {
    if (!stream) return;
    const show = (n: { title: string; body: string }) => void toasts.show({ tone: 'success', message: `${n.title}: ${n.body}` });
    const stopSite = stream.on('websitePublished', show);
    const stopApp = stream.on('mobileAppDeployed', show);
    return () => {
      stopSite();
      stopApp();
    };
  }, [stream]);
}
