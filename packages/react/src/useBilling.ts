import {
  type AnyBillingDest,
  billingDests,
  confirmSetupIntent,
  type DownloadedFile,
  type OperationInput,
  type PaymentDetails,
  paymentMethodShareEndpoints,
} from '@salondesk/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingQueries, type BillingResult, type BillingTarget } from './billingQueries';
import { businessQueries } from './businessQueries';
import { useSalondeskContext } from './SalondeskProvider';


const validTarget = (at: BillingTarget | null | undefined): at is BillingTarget => {
  if (!at) return false;
  const ids = 'businessId' in at ? [at.businessId, at.uid] : [at.userId];
  return ids.every((n) => Number.isInteger(n) && n > 0);
};

/**
 * One billing read (a GET dest), cached under what is fetched:
 * `useBillingQuery(billingDests.invoice.detail, { businessId, uid }, { params: { invoiceId: 7 } })`.
 * Waits (does not fetch) while `at` is null, e.g. before the session is known.
 */
export function useBillingQuery<D extends AnyBillingDest>(dest: D, at: BillingTarget | null | undefined, input: OperationInput<D>, options: { enabled?: boolean } = {}) {
  const { client } = useSalondeskContext('useBillingQuery');
  const target = at ?? { userId: 0 };
  return useQuery({
    ...billingQueries.dest(client, dest, target, input),
    enabled: (options.enabled ?? true) && validTarget(at) && dest.method === 'GET',
  });
}

/**
 * One billing change (a POST dest): `useBillingMutation(billingDests.invoice.refund, at).mutateAsync({ body })`.
 * On success every billing read is refetched — a refund, a charge or a status change moves
 * invoices, payments, balances and counts together — and the caller's own `onSuccess` (given to
 * `mutate`) runs as well, never instead. A refusal changes no cache.
 */
export function useBillingMutation<D extends AnyBillingDest>(dest: D, at: BillingTarget | null | undefined) {
  const { client } = useSalondeskContext('useBillingMutation');
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...billingQueries.all(), 'mutation', dest.name],
    mutationFn: (input: OperationInput<D>) => {
      if (!validTarget(at)) return Promise.reject(new Error('Billing: not signed in'));
      return client.billing.call(dest, at as never, input) as Promise<BillingResult<D>>;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueries.all() }),
  });
}

/** An invoice's PDF, downloaded as a file (`invoice/{invoiceId}/pdf`). Reads nothing into the cache. */
export function useInvoicePdf(at: BillingTarget | null | undefined) {
  const { client } = useSalondeskContext('useInvoicePdf');
  return useMutation({
    mutationFn: (invoiceId: number) => {
      if (!validTarget(at)) return Promise.reject(new Error('Billing: not signed in'));
      return client.billing.call(billingDests.invoice.pdf, at as never, { params: { invoiceId } }) as Promise<DownloadedFile>;
    },
  });
}

/**
 * Adds a payment method for a user: asks for a setup intent (`payment/create-setup-intent`),
 * confirms it with the provider from the browser (`confirmSetupIntent`: the card goes to the
 * provider, never to Salondesk), then saves the method (`payment/create`). A declined card
 * rejects with the provider's message and saves nothing.
 */
export function useAddPaymentMethod(userId: number | null | undefined, options: { fetch?: typeof globalThis.fetch } = {}) {
  const { client } = useSalondeskContext('useAddPaymentMethod');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ details, name, makeDefault }: { details: PaymentDetails; name?: string; makeDefault?: boolean }) => {
      if (!userId || userId <= 0) throw new Error('Billing: not signed in');
      const at = { userId };
      const setup = await client.billing.payment.createSetupIntent(at, { body: { kind: details.kind } });
      const confirmed = await confirmSetupIntent(setup, details, options);
      return client.billing.payment.create(at, { body: { setup_intent_id: confirmed.setup_intent_id, name, make_default: makeDefault } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueries.all() }),
  });
}

/** What a payment-method share link offers (the public page; no sign-in). */
export function useSharedPaymentMethodLink(token: string) {
  const { client } = useSalondeskContext('useSharedPaymentMethodLink');
  return useQuery({ ...billingQueries.sharedLink(client, token), retry: false, staleTime: Number.POSITIVE_INFINITY });
}

/**
 * Adds a payment method through a share link: confirms the link's setup intent with the provider,
 * then hands the confirmed intent to `/payment-method/{token}/add` (the link is then used up).
 */
export function useAddSharedPaymentMethod(token: string, options: { fetch?: typeof globalThis.fetch } = {}) {
  const { client } = useSalondeskContext('useAddSharedPaymentMethod');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ details, name }: { details: PaymentDetails; name?: string }) => {
      const link = await queryClient.fetchQuery(billingQueries.sharedLink(client, token));
      const confirmed = await confirmSetupIntent(link.setup, details, options);
      return client.transport.request(paymentMethodShareEndpoints.add, { params: { token }, body: { setup_intent_id: confirmed.setup_intent_id, name } });
    },
  });
}

/**
 * Suspends a business from a day (in its time zone) for a reason its users read, or lifts it with
 * `date: null` (admins; embed's `POST /protected/admin/{id}/suspension/update`). Billing's business
 * lists, its suspension status and the business's own detail (its banner) are refetched.
 */
export function useUpdateSuspension() {
  const { client } = useSalondeskContext('useUpdateSuspension');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ businessId, date, reason }: { businessId: number; date: string | null; reason?: string | null }) => client.suspension.update(businessId, date, reason),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: billingQueries.all() }), queryClient.invalidateQueries({ queryKey: businessQueries.all() })]),
  });
}
