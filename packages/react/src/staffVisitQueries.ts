import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';
import { transactionQueries } from './transactionQueries';

/**
 * Query keys and fetchers of the staff visit report (`staffvisitdata`), from one place. They sit
 * under the business's transaction queries: a ticket changed (refunded, deleted, updated) reads
 * the report again.
 */
export const staffVisitQueries = {
  business: (businessId: number) => [...transactionQueries.business(businessId), 'staff-visits'] as const,

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
