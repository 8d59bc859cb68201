import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/** Query keys and fetchers for staff, from one place so a key always matches what it fetches. */
export const staffQueries = {
  all: () => ['salondesk', 'staff'] as const,
  business: (businessId: number) => [...staffQueries.all(), businessId] as const,

  /** The members of a business; `includeDeleted` adds the deleted ones (`deleted=1`). */
  list: (client: SalondeskClient, businessId: number, includeDeleted = false) =>
    queryOptions({
      queryKey: [...staffQueries.business(businessId), 'list', { includeDeleted }] as const,
      queryFn: () => client.staff.list(businessId, { includeDeleted }),
    }),

  roles: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...staffQueries.business(businessId), 'roles'] as const, queryFn: () => client.staff.roles(businessId) }),

  appointments: (client: SalondeskClient, businessId: number, staffId: number, range: { from?: string; to?: string } = {}) =>
    queryOptions({
      queryKey: [...staffQueries.business(businessId), 'appointments', staffId, range] as const,
      queryFn: () => client.staff.appointments(businessId, staffId, range),
    }),

  monthlyReport: (client: SalondeskClient, businessId: number, year: number, month: number) =>
    queryOptions({
      queryKey: [...staffQueries.business(businessId), 'monthly', { year, month }] as const,
      queryFn: () => client.staff.monthlyReport(businessId, year, month),
    }),
};
