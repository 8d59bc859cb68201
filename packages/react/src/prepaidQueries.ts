import type { CardKind, MembershipSearchInput, SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/**
 * Query keys and fetchers for a business's prepaid cards and memberships, under
 * `prepaidQueries.business(id)` so an action on a card or a membership refreshes every list.
 */
export const prepaidQueries = {
  all: () => ['salondesk', 'prepaid'] as const,
  business: (businessId: number) => [...prepaidQueries.all(), businessId] as const,

  search: (client: SalondeskClient, businessId: number, q: string) =>
    queryOptions({
      queryKey: [...prepaidQueries.business(businessId), 'search', q] as const,
      queryFn: () => client.prepaid.search(businessId, q),
    }),

  card: (client: SalondeskClient, businessId: number, kind: CardKind, cardNumber: string) =>
    queryOptions({
      queryKey: [...prepaidQueries.business(businessId), 'card', kind, cardNumber] as const,
      queryFn: () => client.prepaid.card(businessId, kind, cardNumber),
    }),

  plans: (client: SalondeskClient, businessId: number) =>
    queryOptions({
      queryKey: [...prepaidQueries.business(businessId), 'plans'] as const,
      queryFn: () => client.prepaid.clubMemberships(businessId),
    }),

  memberships: (client: SalondeskClient, businessId: number, query: MembershipSearchInput) =>
    queryOptions({
      queryKey: [...prepaidQueries.business(businessId), 'memberships', query] as const,
      queryFn: () => client.prepaid.memberships(businessId, query),
    }),

  membership: (client: SalondeskClient, businessId: number, membershipId: number) =>
    queryOptions({
      queryKey: [...prepaidQueries.business(businessId), 'membership', membershipId] as const,
      queryFn: () => client.prepaid.membership(businessId, membershipId),
    }),
};
