import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';
import { billingQueries } from './billingQueries';

/**
 * A business's suspension status (`suspension.status`): what it owes and whom to contact. Kept
 * under billing's key, so paying an invoice (any billing change) or changing the suspension
 * refreshes it.
 */
export const suspensionQueries = {
  status: (client: SalondeskClient, businessId: number) =>
    queryOptions({
      queryKey: [...billingQueries.all(), 'suspension', { businessId }] as const,
      queryFn: () => client.suspension.status(businessId),
    }),
};
