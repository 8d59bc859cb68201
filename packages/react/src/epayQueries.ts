import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/**
 * Query keys and fetchers for a business's epay area: its settings (with the domain allow-list and
 * whether an Ably key is set) and its short links, under `epayQueries.business(id)`.
 */
export const epayQueries = {
  all: () => ['salondesk', 'epay'] as const,
  business: (businessId: number) => [...epayQueries.all(), businessId] as const,

  settings: (client: SalondeskClient, businessId: number) =>
    queryOptions({
      queryKey: [...epayQueries.business(businessId), 'settings'] as const,
      queryFn: () => client.epay.settings(businessId),
    }),

  shortLinks: (client: SalondeskClient, businessId: number) =>
    queryOptions({
      queryKey: [...epayQueries.business(businessId), 'short-links'] as const,
      queryFn: () => client.epay.shortLinks(businessId),
    }),
};
