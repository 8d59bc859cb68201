import { MESSAGES } from '@salondesk/core';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { type BalanceTransaction, type PaymentProviderAdapter, ProviderError } from '../payments/provider';
import { providerListingOf } from './reconcile';

/** The provider's listing of a payout without a server: an adapter of the interface, answering as told. */
const db = {} as Database;
const payout = { provider: 'stripe' as const, providerPayoutId: 'po_1', manual: false };
const line = (over: Partial<BalanceTransaction>): BalanceTransaction => ({
  id: 'txn_1',
  type: 'charge',
  amountCents: 5000,
  feeCents: 175,
  netCents: 4825,
  currency: 'usd',
  created: new Date('2026-03-02T18:00:00Z'),
  sourceId: 'ch_1',
  chargeId: 'ch_1',
  payoutId: 'po_1',
  description: null,
  metadata: {},
  ...over,
});
const adapter = (name: 'stripe' | 'nmi', list: (input: { payoutId?: string }) => AsyncIterable<BalanceTransaction>) =>
  ({ name, listBalanceTransactions: list }) as unknown as PaymentProviderAdapter;

describe('the provider’s listing of a payout', () => {
  it('reads the payout’s movements in the provider’s order, leaving out the payout’s own line', async () => {
    const asked: unknown[] = [];
    const listing = await providerListingOf(
      async () =>
        adapter('stripe', async function* (input) {
          asked.push(input);
          yield line({});
          yield line({ id: 'txn_2', type: 'refund', amountCents: -12700, feeCents: 0, netCents: -12700, sourceId: 're_1', chargeId: 'ch_1' });
          yield line({ id: 'txn_3', type: 'payout', amountCents: 7875, feeCents: 0, netCents: 7875, sourceId: 'po_1', chargeId: null });
        }),
      db,
      1,
      payout,
    );
    expect(asked).toEqual([{ payoutId: 'po_1' }]);
    expect(listing.state).toBe('compared');
    if (listing.state !== 'compared') return;
    expect(listing.lines.map((l) => [l.key, l.kind, l.amount, l.fee, l.sourceId, l.chargeId])).toEqual([
      ['txn_1', 'charge', 5000, 175, 'ch_1', 'ch_1'],
      ['txn_2', 'refund', -12700, 0, 're_1', 'ch_1'],
    ]);
  });

  it('does not ask the provider about a payout made by hand (it lists no movements of one)', async () => {
    let asked = false;
    const listing = await providerListingOf(
      async () => {
        asked = true;
        return adapter('stripe', async function* () {});
      },
      db,
      1,
      { ...payout, manual: true },
    );
    expect(listing).toEqual({ state: 'not_listed', message: MESSAGES.payoutNotListedByProvider });
    expect(asked).toBe(false);
  });

  it('says the provider is unavailable when it refuses, does not answer in time, or is not the payout’s', async () => {
    const refusing = await providerListingOf(
      async () =>
        adapter('stripe', async function* () {
          yield* [];
          throw new ProviderError('stripe', 'unavailable', 'Stripe is down');
        }),
      db,
      1,
      payout,
    );
    expect(refusing).toEqual({ state: 'unavailable', message: MESSAGES.providerUnavailable });
    const silent = await providerListingOf(
      async () =>
        adapter('stripe', async function* () {
          await new Promise(() => undefined);
        }),
      db,
      1,
      payout,
      20,
    );
    expect(silent).toEqual({ state: 'unavailable', message: MESSAGES.providerUnavailable });
    const none = await providerListingOf(
      async () => {
        throw new ProviderError('stripe', 'not_configured', 'no account');
      },
      db,
      1,
      payout,
    );
    expect(none).toEqual({ state: 'unavailable', message: MESSAGES.noPaymentProvider });
    const other = await providerListingOf(async () => adapter('nmi', async function* () {}), db, 1, payout);
    expect(other).toEqual({ state: 'unavailable', message: MESSAGES.noPaymentProvider });
  });
});
