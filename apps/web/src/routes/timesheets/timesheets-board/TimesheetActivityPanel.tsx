import { formatInstantIn, MESSAGES } from '@salondesk/core';
import { useTimesheetActivity } from '@salondesk/react';
import { useMemo } from 'react';
import { ActivityList, type ActivityItem } from '../../../ui/ActivityList';
import { Button } from '../../../ui/Button';
import { activitySentence, activityWho } from './timesheetView';

export interface TimesheetActivityPanelProps {
  businessId: number;
  timezone: string;
  /** The slots' days the activity is about. */
  start: string;
  end: string;
}

/** Who changed the timesheets of the days shown, what and why, newest first, a page at a time. */
export function TimesheetActivityPanel({ businessId, timezone, start, end }: TimesheetActivityPanelProps) {
  const activity = useTimesheetActivity(businessId, { start, end, limit: 50 });
  const items: ActivityItem[] = useMemo(
    () =>
      (activity.data?.pages ?? []).flatMap((page) =>
        page.rows.map((row) => ({ id: row.id, who: activityWho(row), what: activitySentence(row, timezone), when: formatInstantIn(row.created_at, timezone), at: row.created_at })),
      ),
    [activity.data, timezone],
  );
  return (
    <section aria-labelledby="timesheet-activity" className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="timesheet-activity" className="text-base font-semibold text-slate-900">
        Activity
      </h2>
      <p className="text-xs text-slate-500">Clock-ins, clock-outs, corrections and pay period closings of these days · newest first · times in {timezone}</p>
      <ActivityList
        label="Timesheet activity"
        status={activity.isPending ? 'loading' : activity.isError ? 'error' : 'ready'}
        items={items}
        error={activity.error?.message || MESSAGES.failedToFetchActivity}
        onRetry={() => void activity.refetch()}
        emptyTitle="No activity on these days"
        emptyDescription="Clock-ins, clock-outs and corrections of these days appear here."
      />
      {activity.hasNextPage ? (
        <div className="mt-3 flex justify-center">
          <Button variant="secondary" size="sm" loading={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
            Show older activity
          </Button>
        </div>
      ) : null}
    </section>
  );
}
