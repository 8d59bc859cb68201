import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/**
 * Query keys and fetchers for a business's payroll: its settings (`payrollinfo/get`) and payroll
 * per employee over a range, under `payrollQueries.business(id)` so a saved change refreshes both.
 */
export const payrollQueries = {
  all: () => ['salondesk', 'payroll'] as const,
  business: (businessId: number) => [...payrollQueries.all(), businessId] as const,

  info: (client: SalondeskClient, businessId: number) =>
    queryOptions({
      queryKey: [...payrollQueries.business(businessId), 'info'] as const,
      queryFn: () => client.payroll.info(businessId),
    }),

  data: (client: SalondeskClient, businessId: number, start: string, end: string) =>
    queryOptions({
      queryKey: [...payrollQueries.business(businessId), 'data', { start, end }] as const,
      queryFn: () => client.payroll.data(businessId, start, end),
    }),
};
