import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/** Query keys and fetchers for invitations, from one place so a key always matches what it fetches. */
export const invitationQueries = {
  all: () => ['salondesk', 'invitations'] as const,
  business: (businessId: number) => [...invitationQueries.all(), businessId] as const,

  /** The business's invitations, newest first. */
  list: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...invitationQueries.business(businessId), 'list'] as const, queryFn: () => client.invitations.list(businessId) }),
};
