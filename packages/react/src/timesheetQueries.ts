import type { SalondeskClient, TimesheetActivityQuery } from '@salondesk/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

/**
 * Query keys and fetchers of timesheets and the staff clock, from one factory so a key always
 * matches what it fetches. Every timesheet change invalidates `timesheetQueries.business(id)`.
 */
export const timesheetQueries = {
  all: () => ['salondesk', 'timesheets'] as const,
  business: (businessId: number) => [...timesheetQueries.all(), businessId] as const,

  /** The slots of `start`…`end` with the break rule and the open pay period (`timesheets`). */
  range: (client: SalondeskClient, businessId: number, start: string, end: string) =>
    queryOptions({
      queryKey: [...timesheetQueries.business(businessId), 'range', { start, end }] as const,
      queryFn: () => client.timesheets.list(businessId, start, end),
    }),

  /** Every open slot, and which are still clocked in (`timesheets/open`). */
  open: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...timesheetQueries.business(businessId), 'open'] as const, queryFn: () => client.timesheets.open(businessId) }),

  /** The activity, newest first, a page at a time (`activity/timesheets`). */
  activity: (client: SalondeskClient, businessId: number, query: Omit<TimesheetActivityQuery, 'before'> = {}) =>
    infiniteQueryOptions({
      queryKey: [...timesheetQueries.business(businessId), 'activity', query] as const,
      queryFn: ({ pageParam }) => client.timesheets.activity(businessId, { ...query, ...(pageParam === null ? {} : { before: pageParam }) }),
      initialPageParam: null as number | null,
      getNextPageParam: (page) => page.next,
    }),

  /** The members the staff clock lists (`clock/staff`). */
  clockStaff: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...timesheetQueries.business(businessId), 'clock-staff'] as const, queryFn: () => client.timesheets.clockStaff(businessId) }),

  /** Whether a member has a clock PIN (`staff/{id}/clockpin`). */
  clockPin: (client: SalondeskClient, businessId: number, staffId: number) =>
    queryOptions({ queryKey: [...timesheetQueries.business(businessId), 'clock-pin', staffId] as const, queryFn: () => client.timesheets.clockPin(businessId, staffId) }),
};
