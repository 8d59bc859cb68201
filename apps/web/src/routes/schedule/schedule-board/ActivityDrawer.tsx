import { formatInstantIn, MESSAGES } from '@salondesk/core';
import { useScheduleActivity } from '@salondesk/react';
import { useMemo } from 'react';
import { ActivityList, type ActivityItem } from '../../../ui/ActivityList';
import { Drawer } from '../../../ui/Drawer';

export interface ActivityDrawerProps {
  open: boolean;
  businessId: number;
  /** The business's time zone: times are shown as the business reads them. */
  timezone: string;
  onClose: () => void;
}

/** The schedule's recent changes (`activity/schedule`), newest first, in a drawer. */
export function ActivityDrawer({ open, businessId, timezone, onClose }: ActivityDrawerProps) {
  return (
    <Drawer open={open} onClose={onClose} title="Schedule activity" description={`Newest first · times in ${timezone}`}>
      {open ? <ActivityFeed businessId={businessId} timezone={timezone} /> : null}
    </Drawer>
  );
}

/** Mounted only while the drawer is open, so the log is fetched when someone looks at it. */
function ActivityFeed({ businessId, timezone }: { businessId: number; timezone: string }) {
  const activity = useScheduleActivity(businessId);
  const items: ActivityItem[] = useMemo(
    () =>
      [...(activity.data ?? [])]
        .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
        .map((a) => ({ id: a.id, who: a.user_name ?? 'Salondesk', what: a.summary, when: formatInstantIn(a.at, timezone), at: a.at })),
    [activity.data, timezone],
  );
  return (
    <ActivityList
      label="Schedule activity"
      status={activity.isPending ? 'loading' : activity.isError ? 'error' : 'ready'}
      items={items}
      error={activity.error?.message || MESSAGES.failedToFetchActivity}
      onRetry={() => void activity.refetch()}
      emptyDescription="Changes to shifts, drafts, templates and holidays appear here."
    />
  );
}
