import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/**
 * Query keys and fetchers for businesses, built in one place so a key always matches what it
 * fetches. Invalidate with `queryClient.invalidateQueries({ queryKey: businessQueries.all() })`.
 */
export const businessQueries = {
  all: () => ['salondesk', 'businesses'] as const,

  detail: (client: SalondeskClient, userId: number, businessId: number) =>
    queryOptions({
      queryKey: [...businessQueries.all(), 'detail', { userId, businessId }] as const,
      queryFn: () => client.businesses.get(userId, businessId),
    }),

  adminList: (client: SalondeskClient) =>
    queryOptions({
      queryKey: [...businessQueries.all(), 'admin-list'] as const,
      queryFn: () => client.businesses.listAll(),
    }),
};
