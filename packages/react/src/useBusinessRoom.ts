import type { NotificationStream } from '@salondesk/core';
import { useEffect, useState } from 'react';

/**
 * Joins a business's room on the notification stream while mounted (and while `businessId` is
 * set), so its notifications and build steps arrive; leaves it on unmount or when the business
 * changes. Answers whether the server let us in: null while asking (or with no stream yet),
 * false when refused (the user may not see that business).
 */
export function useBusinessRoom(stream: NotificationStream | null, businessId: number | null): boolean | null {
  const [joined, setJoined] = useState<{ stream: NotificationStream; businessId: number; ok: boolean } | null>(null);
  useEffect(() => {
    if (!stream || businessId === null) return;
    let current = true;
    void stream.subscribeBusiness(businessId).then((ok) => {
      if (current) setJoined({ stream, businessId, ok });
    });
    return () => {
      current = false;
      stream.unsubscribeBusiness(businessId);
    };
  }, [stream, businessId]);
  return joined && joined.stream === stream && joined.businessId === businessId ? joined.ok : null;
}
