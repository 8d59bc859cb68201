import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { encryptSecret } from '../../secrets';
import { paymentProviderFor } from '../accounts';
import { collect as all, decimalToCents, isProviderError, type PaymentProviderAdapter } from '../provider';
import { paymentAccounts } from '../schema';
import { parseQueryResponse } from './wire';

/** The NMI adapter (transact.php form-encoded, query.php XML) against the local simulator of NMI's API. */

let server: TestServer;
let nmi: PaymentProviderAdapter;
const MERCHANT = '880011';

beforeAll(async () => {
  server = await startTestServer({ payments: { simulators: true } });
  await server.database.db.insert(paymentAccounts).values({ business_id: 2, provider: 'nmi', account_id: MERCHANT });
  nmi = await paymentProviderFor(server.database.db, { businessId: 2, provider: 'nmi' });
});
afterAll(() => server?.close());

describe('NMI adapter against the simulator', () => {
  it('sells in cents from NMI’s dollars, once per idempotency key (the order id)', async () => {
    const sale = await nmi.charge({ amountCents: 4_599, currency: 'usd', token: '00000000-000000-000000-000000000000', metadata: { invoice: 'INV-9', ticket: '31' }, idempotencyKey: 'nmi-order-1' });
    expect(sale).toMatchObject({ provider: 'nmi', status: 'succeeded', amountCents: 4_599, currency: 'usd', receiptUrl: null });
    expect(sale.authCode).toMatch(/^\d{6}$/);
    const again = await nmi.charge({ amountCents: 4_599, currency: 'usd', token: 'another-token', idempotencyKey: 'nmi-order-1' });
    expect(again.id).toBe(sale.id);
    const lines = (await all(nmi.listBalanceTransactions({ createdFrom: new Date(Date.now() - 60_000) }))).filter((l) => l.sourceId === sale.id);
    expect(lines).toEqual([expect.objectContaining({ type: 'charge', amountCents: 4_599, chargeId: sale.id, metadata: { invoice: 'INV-9', ticket: '31' } })]);
  });

  it('gives a declined sale as failed with NMI’s words', async () => {
    const declined = await nmi.charge({ amountCents: 2_000, currency: 'usd', token: 'tok-decline', idempotencyKey: 'nmi-declined' });
    expect(declined).toMatchObject({ status: 'failed', failureMessage: 'DECLINE' });
  });

  it('refunds part of a sale, never more than is left', async () => {
    const sale = await nmi.charge({ amountCents: 10_000, currency: 'usd', token: 'tok-ok', idempotencyKey: 'nmi-to-refund' });
    const refund = await nmi.refund({ chargeId: sale.id, amountCents: 3_333, idempotencyKey: 'nmi-refund-1' });
    expect(refund).toMatchObject({ chargeId: sale.id, amountCents: 3_333, status: 'succeeded' });
    expect((await nmi.refund({ chargeId: sale.id, amountCents: 3_333, idempotencyKey: 'nmi-refund-1' })).id).toBe(refund.id);
    const error = await nmi.refund({ chargeId: sale.id, amountCents: 7_000, idempotencyKey: 'nmi-refund-2' }).catch((e: unknown) => e);
    expect(isProviderError(error) && error.code).toBe('invalid_request');
    expect((error as Error).message).toMatch(/may not exceed/);
  });

  it('settles into a batch whose deposit its lines explain to the cent (fees × 100)', async () => {
    const batchId = await server.app.payments.simulators.nmi!.settle(MERCHANT);
    expect(batchId).toMatch(/^\d+$/);
    const payout = await nmi.getPayout(batchId!);
    expect(payout).toMatchObject({ id: batchId, provider: 'nmi', status: 'paid', automatic: true, currency: 'usd' });
    const lines = await all(nmi.listBalanceTransactions({ payoutId: batchId! }));
    const byType = (type: string) => lines.filter((l) => l.type === type).reduce((sum, l) => sum + l.amountCents, 0);
    expect(byType('charge')).toBe(4_599 + 10_000);
    expect(byType('refund')).toBe(-3_333);
    // 2.5 % + 10¢ of each sale, in cents.
    expect(byType('fee')).toBe(-(Math.round(45.99 * 2.5 + 10) + Math.round(100 * 2.5 + 10)));
    expect(lines.filter((l) => l.type !== 'payout').reduce((sum, l) => sum + l.netCents, 0)).toBe(payout.amountCents);
    expect(byType('payout')).toBe(-payout.amountCents);
    const listed = await all(nmi.listPayouts({ from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) }));
    expect(listed.map((p) => p.id)).toEqual([batchId]);
    expect(isProviderError(await nmi.getPayout('123').catch((e: unknown) => e))).toBe(true);
  });

  it('has no payout schedule to read or change', async () => {
    const error = await nmi.getPayoutSchedule().catch((e: unknown) => e);
    expect(isProviderError(error) && error.code).toBe('unsupported');
  });

  it('uses the business’s own encrypted security key, and a wrong one is refused', async () => {
    await server.database.db.insert(paymentAccounts).values({ business_id: 3, provider: 'nmi', account_id: 'other', credential: encryptSecret('not-a-simulator-key') });
    // Business 3 also has the demo's Stripe account (its default too): ask for its NMI one.
    const other = await paymentProviderFor(server.database.db, { businessId: 3, provider: 'nmi' });
    const error = await other.charge({ amountCents: 100, currency: 'usd', token: 't', idempotencyKey: 'x' }).catch((e: unknown) => e);
    expect(isProviderError(error) && error.code).toBe('authentication');
  });
});

describe('NMI wire', () => {
  it('reads query.php XML with an XML parser, keeping amounts exactly as written', () => {
    const parsed = parseQueryResponse(`<?xml version="1.0" encoding="UTF-8"?>
      <nm_response><transaction><transaction_id>42</transaction_id><condition>complete</condition>
      <merchant_defined_field id="1">note=a &amp; b</merchant_defined_field>
      <action><amount>10.005</amount><action_type>sale</action_type><date>20260102030405</date><success>1</success></action>
      </transaction></nm_response>`);
    expect(parsed.transactions[0]?.action?.[0]?.amount).toBe('10.005');
    expect(parsed.transactions[0]?.merchant_defined_field?.[0]?.['#text']).toBe('note=a & b');
    expect(decimalToCents('10.005')).toBe(1_001);
    expect(decimalToCents('-10.005')).toBe(-1_001);
    expect(decimalToCents('0.004999')).toBe(0);
    expect(decimalToCents('19.99')).toBe(1_999);
  });
});
