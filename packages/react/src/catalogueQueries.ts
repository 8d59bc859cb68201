import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/** Query keys and fetchers for the catalogue. */
export const catalogueQueries = {
  all: () => ['salondesk', 'catalogue'] as const,
  business: (businessId: number) => [...catalogueQueries.all(), businessId] as const,

  list: (client: SalondeskClient, businessId: number, scope: 'all' | 'current' = 'all') =>
    queryOptions({ queryKey: [...catalogueQueries.business(businessId), 'list', scope] as const, queryFn: () => client.catalogue.list(businessId, scope) }),

  kinds: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...catalogueQueries.business(businessId), 'kinds'] as const, queryFn: () => client.catalogue.kinds(businessId) }),
};
