import type { AnyBillingDest, BusinessTarget, DownloadedFile, OperationInput, OperationResponse, SalondeskClient, UserTarget } from '@salondesk/core';
import { paymentMethodShareEndpoints } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/** Where a dest runs: a business (with the signed-in user's id) or a user. */
export type BillingTarget = BusinessTarget | UserTarget;

/** What a dest answers: its response, or the file of a download dest (the invoice PDF). */
export type BillingResult<D extends AnyBillingDest> = D['download'] extends true ? DownloadedFile : OperationResponse<D>;

/**
 * Query keys and fetchers for billing (spec 000 §7 Billing). Every read is one dest of core's
 * `billingDests`, so one factory serves them all: the key is the dest's name, where it runs and
 * its input — exactly what is fetched. Every billing mutation invalidates `billingQueries.all()`:
 * a charge, a refund or a status change moves invoices, payments, balances and counts at once.
 */
export const billingQueries = {
  all: () => ['salondesk', 'billing'] as const,

  /** One GET dest: `billingQueries.dest(client, billingDests.invoice.detail, at, { params: { invoiceId } })`. */
  dest: <D extends AnyBillingDest>(client: SalondeskClient, dest: D, at: BillingTarget, input: OperationInput<D>) =>
    queryOptions({
      queryKey: [...billingQueries.all(), dest.name, at, input ?? {}] as const,
      queryFn: () => client.billing.call(dest, at as never, input) as Promise<BillingResult<D>>,
    }),

  /** What the public add-a-payment-method page shows for a share link (no sign-in). */
  sharedLink: (client: SalondeskClient, token: string) =>
    queryOptions({
      queryKey: ['salondesk', 'payment-method-link', token] as const,
      queryFn: () => client.transport.request(paymentMethodShareEndpoints.get, { params: { token } }),
    }),
};
