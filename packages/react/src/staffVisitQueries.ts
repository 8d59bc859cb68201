import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/** Query keys and fetchers of the staff visit report (`staffvisitdata`), from one place. */
export const staffVisitQueries = {
  all: () => ['salondesk', 'staff-visits'] as const,
  business: (businessId: number) => [...staffVisitQueries.all(), businessId] as const,

  /** The report of a range: a row per staff member and the totals. */
  report: (client: SalondeskClient, businessId: number, start: string, end: string) =>
    queryOptions({
      queryKey: [...staffVisitQueries.business(businessId), 'report', { start, end }] as const,
      queryFn: () => client.visits.staffVisits(businessId, start, end),
    }),

  /** The visits of one staff member over a range (`none`: lines credited to nobody). */
  visits: (client: SalondeskClient, businessId: number, start: string, end: string, staff: number | 'none') =>
    queryOptions({
      queryKey: [...staffVisitQueries.business(businessId), 'visits', { start, end, staff }] as const,
      queryFn: () => client.visits.staffVisits(businessId, start, end, { detail: true, staff }),
    }),
};
