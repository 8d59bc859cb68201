import type { CardKind, MembershipSearchInput, PrepaidCardDetail, MembershipDetail } from '@salondesk/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { prepaidQueries } from './prepaidQueries';
import { useSalondeskContext } from './SalondeskProvider';

const valid = (businessId: number) => Number.isInteger(businessId) && businessId > 0;

/** The cards one search box finds (last 4, card number, phone, email or name); idle while `q` is empty. */
export function usePrepaidSearch(businessId: number, q: string) {
  const { client } = useSalondeskContext('usePrepaidSearch');
  const query = q.trim();
  return useQuery({ ...prepaidQueries.search(client, businessId, query), enabled: valid(businessId) && query !== '', placeholderData: keepPreviousData });
}

/** A card with its ledger; idle without a card number. */
export function usePrepaidCard(businessId: number, kind: CardKind, cardNumber: string | null) {
  const { client } = useSalondeskContext('usePrepaidCard');
  return useQuery({ ...prepaidQueries.card(client, businessId, kind, cardNumber ?? ''), enabled: valid(businessId) && !!cardNumber });
}

/** The membership plans (`clubmemberships`) with their members by status. */
export function useClubMemberships(businessId: number) {
  const { client } = useSalondeskContext('useClubMemberships');
  return useQuery({ ...prepaidQueries.plans(client, businessId), enabled: valid(businessId) });
}

/** The memberships the filters keep. */
export function useMembershipSearch(businessId: number, query: MembershipSearchInput) {
  const { client } = useSalondeskContext('useMembershipSearch');
  return useQuery({ ...prepaidQueries.memberships(client, businessId, query), enabled: valid(businessId), placeholderData: keepPreviousData });
}

/** A membership with its history; idle without an id. */
export function useMembership(businessId: number, membershipId: number | null) {
  const { client } = useSalondeskContext('useMembership');
  return useQuery({ ...prepaidQueries.membership(client, businessId, membershipId ?? 0), enabled: valid(businessId) && membershipId !== null && membershipId > 0 });
}

/** What a card action sends: `{ action: 'load', body: { amount } }`, `adjust` (signed amount, reason), `void` (note). */
export type CardAction =
  | { action: 'load'; body: { amount: number; note?: string } }
  | { action: 'adjust'; body: { amount: number; reason: 'Correction' | 'Goodwill' | 'Lost receipt' | 'Transfer' | 'Other'; note?: string } }
  | { action: 'void'; body: { note: string } };

/**
 * Loads, adjusts or voids a card: the answer (the card with its ledger) replaces the cached card,
 * and every prepaid list of the business is refetched. A refusal changes nothing; the caller shows it.
 */
export function useCardAction(businessId: number, kind: CardKind, cardNumber: string) {
  const { client } = useSalondeskContext('useCardAction');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: CardAction): Promise<PrepaidCardDetail> =>
      a.action === 'load'
        ? client.prepaid.load(businessId, kind, cardNumber, a.body)
        : a.action === 'adjust'
          ? client.prepaid.adjust(businessId, kind, cardNumber, a.body)
          : client.prepaid.void(businessId, kind, cardNumber, a.body),
    onSuccess: async (card) => {
      queryClient.setQueryData(prepaidQueries.card(client, businessId, kind, cardNumber).queryKey, card);
      await queryClient.invalidateQueries({ queryKey: prepaidQueries.business(businessId), predicate: (q) => q.queryKey[3] !== 'card' });
    },
  });
}

export type MembershipActionInput = { action: 'pause'; body: { until: string; note?: string } } | { action: 'resume' | 'cancel'; body: { note?: string } };

/** Pauses (until a day), resumes or cancels a membership; the answer replaces the cached one and the lists are refetched. */
export function useMembershipAction(businessId: number, membershipId: number) {
  const { client } = useSalondeskContext('useMembershipAction');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: MembershipActionInput): Promise<MembershipDetail> =>
      a.action === 'pause'
        ? client.prepaid.pause(businessId, membershipId, a.body)
        : a.action === 'resume'
          ? client.prepaid.resume(businessId, membershipId, a.body)
          : client.prepaid.cancel(businessId, membershipId, a.body),
    onSuccess: async (membership) => {
      queryClient.setQueryData(prepaidQueries.membership(client, businessId, membershipId).queryKey, membership);
      await queryClient.invalidateQueries({ queryKey: prepaidQueries.business(businessId), predicate: (q) => q.queryKey[3] !== 'membership' });
    },
  });
}
