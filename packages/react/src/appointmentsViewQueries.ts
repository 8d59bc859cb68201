import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/** Query keys and fetchers of the appointments view (`appointments/taskresourcemap`), from one place. */
export const appointmentsViewQueries = {
  all: () => ['salondesk', 'appointments-view'] as const,
  business: (businessId: number) => [...appointmentsViewQueries.all(), businessId] as const,

  /** Staff, published shifts, holidays and flagged appointments of `start`…`end`. */
  range: (client: SalondeskClient, businessId: number, start: string, end: string) =>
    queryOptions({
      queryKey: [...appointmentsViewQueries.business(businessId), { start, end }] as const,
      queryFn: () => client.appointmentsView.taskResourceMap(businessId, { start, end }),
    }),
};
