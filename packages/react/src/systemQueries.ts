import { operations, type SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/**
 * Query keys and fetchers for the platform's system settings (admins only, through the proxy
 * request). The settings are platform-wide; `businessId` is only the business the request goes through.
 */
export const systemQueries = {
  all: () => ['salondesk', 'system-settings'] as const,

  list: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...systemQueries.all(), 'list'] as const, queryFn: () => client.proxy.call(operations.system.list, businessId, {}) }),
};
