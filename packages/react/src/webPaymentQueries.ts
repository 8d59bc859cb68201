import type { SalondeskClient, WebPaymentRange } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/**
 * Query keys and fetchers of a location's web payments and payouts, from one factory so a key
 * always matches what it fetches. Everything sits under `webPaymentQueries.business(id)`: a
 * finished import or a saved payout schedule refreshes it all.
 */
export const webPaymentQueries = {
  all: () => ['salondesk', 'webpayments'] as const,
  business: (businessId: number) => [...webPaymentQueries.all(), businessId] as const,

  /** The web payment rows of a range, optionally of one provider (`webpayments`). */
  list: (client: SalondeskClient, businessId: number, range: WebPaymentRange) =>
    queryOptions({
      queryKey: [...webPaymentQueries.business(businessId), 'list', rangeKey(range)] as const,
      queryFn: () => client.webPayments.list(businessId, rangeKey(range)),
    }),

  /** The payouts created in a range, each reconciled or not (`webpayments/payouts`). */
  payouts: (client: SalondeskClient, businessId: number, range: WebPaymentRange) =>
    queryOptions({
      queryKey: [...webPaymentQueries.business(businessId), 'payouts', rangeKey(range)] as const,
      queryFn: () => client.webPayments.payouts(businessId, rangeKey(range)),
    }),

  /** Payouts × the checkout days of their charges (`webpayments/payoutgrid`). */
  grid: (client: SalondeskClient, businessId: number, range: WebPaymentRange) =>
    queryOptions({
      queryKey: [...webPaymentQueries.business(businessId), 'grid', rangeKey(range)] as const,
      queryFn: () => client.webPayments.grid(businessId, rangeKey(range)),
    }),

  /** One payout and its itemisation (`payouts/{payoutId}`). */
  payout: (client: SalondeskClient, businessId: number, payoutId: number) =>
    queryOptions({
      queryKey: [...webPaymentQueries.business(businessId), 'payout', payoutId] as const,
      queryFn: () => client.webPayments.payout(businessId, payoutId),
    }),

  /** The charges of one checkout day a payout paid (`webpayments/allpayoutcharges`). */
  charges: (client: SalondeskClient, businessId: number, payoutId: number, checkoutDay: string) =>
    queryOptions({
      queryKey: [...webPaymentQueries.business(businessId), 'charges', payoutId, checkoutDay] as const,
      queryFn: () => client.webPayments.charges(businessId, payoutId, checkoutDay),
    }),

  /** The provider's payout schedule and the next payout day it gives (io-request `stripe/payoutschedule`). */
  schedule: (client: SalondeskClient, businessId: number) =>
    queryOptions({
      queryKey: [...webPaymentQueries.business(businessId), 'schedule'] as const,
      queryFn: () => client.webPayments.schedule(businessId),
    }),
};

/** The range as it is asked for: no `provider` key at all for every provider (one cache entry, not two). */
function rangeKey({ start, end, provider }: WebPaymentRange): WebPaymentRange {
  return provider ? { start, end, provider } : { start, end };
}
