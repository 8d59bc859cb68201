import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/** Query keys and fetchers for the platform admin's user look-up, from one place so a key always matches what it fetches. */
export const userQueries = {
  all: () => ['salondesk', 'users'] as const,

  /** Users matching `q` (`getuser`). */
  lookup: (client: SalondeskClient, q: string) => queryOptions({ queryKey: [...userQueries.all(), 'lookup', q] as const, queryFn: () => client.users.lookup(q) }),
};
