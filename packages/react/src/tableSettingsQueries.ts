import type { DataTableConfiguration, SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/** A change not yet known to be saved, numbered so the newest of two wins. */
export interface TableSettingsDraft {
  settings: DataTableConfiguration;
  version: number;
}

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

  /**
   * The person's latest change, before and after it is saved: kept in the cache (never fetched),
   * so every table of the same name on the screen shows it at once.
   */
  draft: (businessId: number, name: string) =>
    queryOptions<TableSettingsDraft | null>({
      queryKey: [...tableSettingsQueries.all(), businessId, name, 'draft'] as const,
      queryFn: () => null,
      enabled: false,
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: Number.POSITIVE_INFINITY,
    }),
};
