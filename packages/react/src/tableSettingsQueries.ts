import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/** Query keys and fetchers for saved table settings (per signed-in user, business and table). */
export const tableSettingsQueries = {
  all: () => ['salondesk', 'table-settings'] as const,

  get: (client: SalondeskClient, businessId: number, name: string) =>
    queryOptions({
      queryKey: [...tableSettingsQueries.all(), businessId, name] as const,
      queryFn: () => client.tableSettings.get(businessId, name),
      // Only this user changes them, through this hook: no need to refetch while the screen is open.
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
