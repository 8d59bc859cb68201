import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { paymentProviderFor } from '../accounts';
import { type BalanceTransaction, collect as all, isProviderError, type PaymentProviderAdapter, type ProviderPayout } from '../provider';
import { paymentAccounts } from '../schema';

/** The Stripe adapter through the official SDK, against the local simulator of Stripe's API. */

let server: TestServer;
let stripe: PaymentProviderAdapter;
const ACCOUNT = 'acct_1StripeAdapterTest';

beforeAll(async () => {
  server = await startTestServer({ payments: { simulators: true } });
  // The demo's account of this location (seed-webpayments.ts) gives way to this test's.
  await server.database.db.delete(paymentAccounts).where(eq(paymentAccounts.business_id, 1));
  await server.database.db.insert(paymentAccounts).values({ business_id: 1, provider: 'stripe', account_id: ACCOUNT });
  stripe = await paymentProviderFor(server.database.db, 1);
});
afterAll(() => server?.close());

describe('Stripe adapter against the simulator', () => {
  it('is the stripe adapter for the business’s connected account', () => {
    expect(stripe.name).toBe('stripe');
    expect(stripe.account).toBe(ACCOUNT);
  });

  it('charges in cents with a receipt, and the same idempotency key charges once', async () => {
    const charge = await stripe.charge({ amountCents: 12_345, currency: 'usd', paymentMethod: 'pm_card_visa', metadata: { invoice: 'INV-7' }, description: 'Invoice 7', idempotencyKey: 'charge-inv-7' });
    expect(charge).toMatchObject({ provider: 'stripe', status: 'succeeded', amountCents: 12_345, currency: 'usd', card: { brand: 'visa', last4: '4242' } });
    expect(charge.id).toMatch(/^ch_/);
    expect(charge.receiptUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/receipts\//);
    const receipt = await fetch(charge.receiptUrl!);
    expect(await receipt.text()).toContain('123.45 USD');
    const again = await stripe.charge({ amountCents: 12_345, currency: 'usd', paymentMethod: 'pm_card_visa', idempotencyKey: 'charge-inv-7' });
    expect(again.id).toBe(charge.id);
    const lines = (await all(stripe.listBalanceTransactions({}))).filter((l) => l.sourceId === charge.id);
    expect(lines).toHaveLength(1);
  });

  it('charges a one-time token, and a declined card gives a failed charge with Stripe’s words', async () => {
    const token = await stripe.charge({ amountCents: 500, currency: 'usd', token: 'tok_mastercard', idempotencyKey: 'tok-1' });
    expect(token).toMatchObject({ status: 'succeeded', card: { brand: 'mastercard', last4: '4444' } });
    const declined = await stripe.charge({ amountCents: 500, currency: 'usd', paymentMethod: 'pm_card_chargeDeclined', idempotencyKey: 'declined-1' });
    expect(declined).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.', receiptUrl: null });
  });

  it('refunds part of a charge, never more than is left', async () => {
    const charge = await stripe.charge({ amountCents: 10_000, currency: 'usd', paymentMethod: 'pm_card_visa', idempotencyKey: 'to-refund' });
    const refund = await stripe.refund({ chargeId: charge.id, amountCents: 2_500, idempotencyKey: 'refund-1' });
    expect(refund).toMatchObject({ chargeId: charge.id, amountCents: 2_500, status: 'succeeded' });
    const same = await stripe.refund({ chargeId: charge.id, amountCents: 2_500, idempotencyKey: 'refund-1' });
    expect(same.id).toBe(refund.id);
    const error = await stripe.refund({ chargeId: charge.id, amountCents: 9_000, idempotencyKey: 'refund-2' }).catch((e: unknown) => e);
    expect(isProviderError(error) && error.code).toBe('invalid_request');
    expect((error as Error).message).toMatch(/greater than unrefunded amount/);
    const lines = (await all(stripe.listBalanceTransactions({}))).filter((l) => l.chargeId === charge.id);
    expect(lines.map((l) => [l.type, l.amountCents, l.feeCents]).sort()).toEqual([
      ['charge', 10_000, 320],
      ['refund', -2_500, 0],
    ]);
  });

  it('pays out what is available, itemised to the cent, paging through the SDK', async () => {
    // 105 charges: more than one page of 100.
    for (let i = 0; i < 105; i++) await stripe.charge({ amountCents: 1_000 + i, currency: 'usd', paymentMethod: 'pm_card_visa', idempotencyKey: `many-${i}`, metadata: { ticket: String(i) } });
    const payoutId = await server.app.payments.simulators.stripe!.runPayout(ACCOUNT, new Date(Date.now() + 3 * 86_400_000));
    expect(payoutId).toMatch(/^po_/);
    const payout: ProviderPayout = await stripe.getPayout(payoutId!);
    expect(payout).toMatchObject({ id: payoutId, status: 'paid', automatic: true, currency: 'usd' });
    const lines: BalanceTransaction[] = await all(stripe.listBalanceTransactions({ payoutId: payoutId! }));
    expect(lines.length).toBeGreaterThan(100);
    const paid = lines.filter((l) => l.type !== 'payout');
    expect(paid.reduce((sum, l) => sum + l.netCents, 0)).toBe(payout.amountCents);
    expect(lines.find((l) => l.type === 'payout')?.amountCents).toBe(-payout.amountCents);
    expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
    expect(paid.find((l) => l.metadata.ticket === '104')).toMatchObject({ type: 'charge', amountCents: 1_104, feeCents: Math.round(1_104 * 0.029) + 30 });
    const listed = await all(stripe.listPayouts({ from: new Date(Date.now() - 86_400_000), to: new Date(Date.now() + 4 * 86_400_000) }));
    expect(await all(stripe.listPayouts({ from: new Date(Date.now() - 2 * 86_400_000), to: new Date(Date.now() - 86_400_000) }))).toEqual([]);
    expect(listed.map((p) => p.id)).toContain(payoutId);
    const missing = await stripe.getPayout('po_doesnotexist').catch((e: unknown) => e);
    expect(isProviderError(missing) && missing.code).toBe('not_found');
  });

  it('reads and changes the payout schedule; an anchor that does not fit its interval is refused', async () => {
    expect(await stripe.getPayoutSchedule()).toEqual({ delay_days: 2, interval: 'daily' });
    expect(await stripe.updatePayoutSchedule({ delay_days: 3, interval: 'weekly', weekly_anchor: 'friday' })).toEqual({ delay_days: 3, interval: 'weekly', weekly_anchor: 'friday' });
    expect(await stripe.getPayoutSchedule()).toEqual({ delay_days: 3, interval: 'weekly', weekly_anchor: 'friday' });
    expect(await stripe.updatePayoutSchedule({ delay_days: 2, interval: 'monthly', monthly_anchor: 31 })).toEqual({ delay_days: 2, interval: 'monthly', monthly_anchor: 31 });
    const error = await stripe.updatePayoutSchedule({ delay_days: 2, interval: 'weekly' }).catch((e: unknown) => e);
    expect(isProviderError(error) && error.code).toBe('invalid_request');
    expect(await stripe.getPayoutSchedule()).toEqual({ delay_days: 2, interval: 'monthly', monthly_anchor: 31 });
  });

  it('refuses a request with a wrong key', async () => {
    const wrong = await paymentProviderFor(server.database.db, { businessId: 1, provider: 'stripe', accountId: ACCOUNT, credential: null, webhookSecret: null });
    expect(wrong.name).toBe('stripe');
    const env = server.app.payments.environment.stripe!;
    const { createStripeAdapter } = await import('./adapter');
    const bad = createStripeAdapter({ secretKey: 'not-a-key', webhookSecret: env.webhookSecret, account: ACCOUNT, api: env.api });
    const error = await bad.getPayoutSchedule().catch((e: unknown) => e);
    expect(isProviderError(error) && error.code).toBe('authentication');
  });
});

describe('a server closing while a webhook is delivered', () => {
  it('closes without waiting for the webhook’s keep-alive connection to time out', async () => {
    // The simulator posts charge.succeeded to the server as the charge is answered: closing at once
    // finds that request in flight. Its connection, kept alive after the answer, used to hold the
    // close for the keep-alive timeout (72 s, past this test's limit).
    const own = await startTestServer({ payments: { simulators: true } });
    const adapter = await paymentProviderFor(own.database.db, { businessId: 3, provider: 'stripe' });
    const charge = await adapter.charge({ amountCents: 100, currency: 'usd', token: 't', idempotencyKey: 'close-while-webhook' });
    expect(charge.status).toBe('succeeded');
    await own.close();
    expect(own.app.server.listening).toBe(false);
  });
});
