import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';
import { scheduleQueries } from './scheduleQueries';

/**
 * Query keys and fetchers of the appointments view (`appointments/taskresourcemap`), from one
 * place. They sit under the business's schedule queries: a shift or a holiday changed reads the
 * view (and its flags) again.
 */
export const appointmentsViewQueries = {
  business: (businessId: number) => [...scheduleQueries.business(businessId), 'appointments-view'] as const,

  /** Staff, published shifts, holidays and flagged appointments of `start`…`end`. */
  range: (client: SalondeskClient, businessId: number, start: string, end: string) =>
    queryOptions({
      queryKey: [...appointmentsViewQueries.business(businessId), { start, end }] as const,
      queryFn: () => client.appointmentsView.taskResourceMap(businessId, { start, end }),
    }),
};
