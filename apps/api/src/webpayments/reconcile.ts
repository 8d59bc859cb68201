import { type BalanceKind, MESSAGES, type Payout } from '@salondesk/core';
import type { Database } from '../db/client';
import { isProviderError, type BalanceTransaction } from '../payments/provider';
import type { PaymentProviderResolver } from './providers';

/**
 * The provider's own listing of a payout (issue 28): its balance transactions of the payout —
 * charges, refunds, fees, disputes, adjustments — as the location's adapter gives them (Stripe's
 * `balance_transactions?payout=`, NMI's settlement batch), read when a payout is opened so the
 * itemisation can name what the provider counted and our records lack (and the reverse). Never
 * stored: the import (`import.ts`) is what brings the provider's records here.
 */

/** The provider's movements of a payout, in the provider's order, or why they could not be read. */
export type ProviderListing =
  | { state: 'compared'; lines: ProviderMovement[] }
  | { state: 'unavailable'; message: string }
  | { state: 'not_listed'; message: string };

/** One of the provider's balance transactions of a payout, as itemisation lines are. */
export interface ProviderMovement {
  key: string;
  kind: BalanceKind;
  amount: number;
  fee: number;
  sourceId: string | null;
  chargeId: string | null;
  created: Date;
  description: string | null;
}

const KIND: Record<Exclude<BalanceTransaction['type'], 'payout'>, BalanceKind> = {
  charge: 'charge',
  refund: 'refund',
  fee: 'fee',
  dispute: 'dispute',
  adjustment: 'adjustment',
};

/** How long a payout's page waits for the provider before showing ours alone. */
export const PROVIDER_LISTING_TIMEOUT_MS = 10_000;

class ListingTimeout extends Error {}

/**
 * Reads the provider's movements of `payout` through the location's adapter. A payout made by
 * hand is `not_listed` (Stripe cannot list what a manual payout paid); a location without an
 * account there, a provider that refuses or does not answer within `timeoutMs`, `unavailable`:
 * the payout's page then shows our records alone and says why.
 */
export async function providerListingOf(
  resolve: PaymentProviderResolver,
  db: Database,
  businessId: number,
  payout: Pick<Payout, 'provider' | 'providerPayoutId' | 'manual'>,
  timeoutMs = PROVIDER_LISTING_TIMEOUT_MS,
): Promise<ProviderListing> {
  if (payout.manual) return { state: 'not_listed', message: MESSAGES.payoutNotListedByProvider };
  let timer: NodeJS.Timeout | undefined;
  /** The lines, or null when the location now takes web payments with another provider than the payout's. */
  const read = async (): Promise<ProviderMovement[] | null> => {
    const adapter = await resolve(db, businessId);
    if (adapter.name !== payout.provider) return null;
    const lines: ProviderMovement[] = [];
    for await (const bt of adapter.listBalanceTransactions({ payoutId: payout.providerPayoutId })) {
      if (bt.type === 'payout') continue;
      lines.push({ key: bt.id, kind: KIND[bt.type], amount: bt.amountCents, fee: bt.feeCents, sourceId: bt.sourceId, chargeId: bt.chargeId, created: bt.created, description: bt.description });
    }
    return lines;
  };
  try {
    const lines = await Promise.race([
      read(),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new ListingTimeout()), timeoutMs);
        timer.unref();
      }),
    ]);
    return lines === null ? { state: 'unavailable', message: MESSAGES.noPaymentProvider } : { state: 'compared', lines };
  } catch (error) {
    if (isProviderError(error) && error.code === 'not_configured') return { state: 'unavailable', message: MESSAGES.noPaymentProvider };
    if (isProviderError(error) || error instanceof ListingTimeout) return { state: 'unavailable', message: MESSAGES.providerUnavailable };
    throw error;
  } finally {
    if (timer) clearTimeout(timer);
  }
}
