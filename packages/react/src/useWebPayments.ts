import type { PayoutSchedule, WebPaymentRange } from '@salondesk/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { webPaymentQueries } from './webPaymentQueries';

const valid = (id: number) => Number.isInteger(id) && id > 0;
const ranged = (range: WebPaymentRange) => range.start !== '' && range.end !== '';

/** The web payment rows of a range (and provider) with their sums; the previous range stays on screen while the next loads. Idle while the range is empty. */
export function useWebPayments(businessId: number, range: WebPaymentRange) {
  const { client } = useSalondeskContext('useWebPayments');
  return useQuery({ ...webPaymentQueries.list(client, businessId, range), enabled: valid(businessId) && ranged(range), placeholderData: keepPreviousData });
}

/** The payouts created in a range (and provider), each reconciled or not, with how many are not. Idle while the range is empty. */
export function usePayouts(businessId: number, range: WebPaymentRange) {
  const { client } = useSalondeskContext('usePayouts');
  return useQuery({ ...webPaymentQueries.payouts(client, businessId, range), enabled: valid(businessId) && ranged(range), placeholderData: keepPreviousData });
}

/** Payouts × the checkout days of their charges over a range. Idle while the range is empty. */
export function usePayoutGrid(businessId: number, range: WebPaymentRange) {
  const { client } = useSalondeskContext('usePayoutGrid');
  return useQuery({ ...webPaymentQueries.grid(client, businessId, range), enabled: valid(businessId) && ranged(range), placeholderData: keepPreviousData });
}

/** One payout and its itemisation, the unexplained line last. */
export function usePayout(businessId: number, payoutId: number) {
  const { client } = useSalondeskContext('usePayout');
  return useQuery({ ...webPaymentQueries.payout(client, businessId, payoutId), enabled: valid(businessId) && valid(payoutId) });
}

/** The charges of one checkout day a payout paid; idle while no cell is chosen (`checkoutDay` empty). */
export function usePayoutCharges(businessId: number, payoutId: number, checkoutDay: string) {
  const { client } = useSalondeskContext('usePayoutCharges');
  return useQuery({ ...webPaymentQueries.charges(client, businessId, payoutId, checkoutDay), enabled: valid(businessId) && valid(payoutId) && checkoutDay !== '' });
}

/** The provider's payout schedule with the next payout day (in the location's time zone). */
export function usePayoutSchedule(businessId: number) {
  const { client } = useSalondeskContext('usePayoutSchedule');
  return useQuery({ ...webPaymentQueries.schedule(client, businessId), enabled: valid(businessId) });
}

/**
 * Saves the payout schedule at the provider (`mutate(schedule)`). The answer — the schedule as the
 * provider keeps it and the next payout day it gives — replaces the cached one; a refusal (an
 * anchor that does not fit the interval) leaves the cache as it was and the caller shows why.
 */
export function useUpdatePayoutSchedule(businessId: number) {
  const { client, queryClient } = useSalondeskContext('useUpdatePayoutSchedule');
  return useMutation({
    mutationFn: (schedule: PayoutSchedule) => client.webPayments.updateSchedule(businessId, schedule),
    onSuccess: (saved) => queryClient.setQueryData(webPaymentQueries.schedule(client, businessId).queryKey, saved),
  });
}

/**
 * Asks for an import of a range's payouts from the provider (`webpayments/import`); answers with
 * the queued job and the server's message. Every web payment query of the location is refetched
 * once it is answered (an import that ran in the request is already in them).
 */
export function useImportPayouts(businessId: number) {
  const { client, queryClient } = useSalondeskContext('useImportPayouts');
  return useMutation({
    mutationFn: (range: { start: string; end: string }) => client.webPayments.import(businessId, range),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webPaymentQueries.business(businessId) }),
  });
}
