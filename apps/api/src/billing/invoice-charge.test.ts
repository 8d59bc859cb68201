import { type InvoiceDetail, paymentMethodLabel } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rows } from '../db/executor';
import { signedIn, startTestServer, type TestClient, type TestServer } from '../test/harness';

/**
 * What paying an invoice would charge, as its page and pay dialog name it (issue 28): the method
 * by brand and last four and whose it is — the same method the one charge path then uses — and
 * no next attempt for an invoice that is paid.
 */
const LA = 1;
let server: TestServer;
let db: Database;
let owner: TestClient & { session: { user: { id: number } } };
let ownerId: number;
let visa: number;
let mastercard: number;
const at = () => ({ businessId: LA, uid: ownerId, userId: ownerId }) as never;

beforeAll(async () => {
  server = await startTestServer({ payments: { simulators: true } });
  db = server.database.db;
  // The demo's billing is in the template: start from none, with two cards of the owner's, the Visa the default.
  await db.execute(sql`truncate billing_invoices, billing_subscriptions, billing_payment_methods, billing_scheduler_runs, billing_installment_plans cascade`);
  owner = await signedIn(server, 'owner');
  ownerId = owner.session.user.id;
  const methods = await rows<{ id: number }>(
    db,
    sql`insert into billing_payment_methods (user_id, provider, foreign_id, kind, name, brand, last4, is_default)
        values (${ownerId}, 'stripe', 'pm_card_visa_invoice_charge', 'card', 'Front desk card', 'visa', '4242', true),
               (${ownerId}, 'stripe', 'pm_card_mastercard_invoice_charge', 'card', 'Method 2', 'mastercard', '4444', false)
        returning id`,
  );
  visa = methods[0]!.id;
  mastercard = methods[1]!.id;
});
afterAll(() => server?.close());

async function openInvoice(methodId: number | null): Promise<number> {
  const [invoice] = await rows<{ id: number }>(
    db,
    sql`insert into billing_invoices (business_id, user_id, type, status, currency, subtotal, total, payment_method_id)
        values (${LA}, ${ownerId}, 'onetime', 'unpaid', 'USD', 12900, 12900, ${methodId}) returning id`,
  );
  await db.execute(sql`insert into billing_invoice_status_history (invoice_id, from_status, to_status, actor, reason, at) values (${invoice!.id}, null, 'unpaid', 'system', 'Opened', now())`);
  return invoice!.id;
}
const detail = (invoiceId: number): Promise<InvoiceDetail> => owner.client.billing.invoice.detail(at(), { params: { invoiceId } });
const pay = (invoiceId: number) => owner.client.billing.onetimebilling.chargeInvoice(at(), { body: { invoice_id: invoiceId, idempotency_key: `invoice-charge-${invoiceId}` } });

describe('the method a charge of an invoice would use (issue 28)', () => {
  it('names the business’s default card by brand and last four, and the charge then uses that card', async () => {
    const invoiceId = await openInvoice(null);
    const before = await detail(invoiceId);
    expect(before.charge_method).toEqual({ id: visa, kind: 'card', brand: 'visa', last4: '4242', source: 'default', owner: 'Luxe Los Angeles' });
    const paid = await pay(invoiceId);
    expect(paid.status).toBe('paid');
    expect(paid.transactions.map((t) => t.payment_method)).toEqual([paymentMethodLabel(before.charge_method!)]);
  });

  it('names the invoice’s own method when it has one, and falls back to the default when that one is removed', async () => {
    const invoiceId = await openInvoice(mastercard);
    const own = await detail(invoiceId);
    expect(own.charge_method).toMatchObject({ id: mastercard, source: 'invoice', owner: 'Luxe Los Angeles' });
    expect(paymentMethodLabel(own.charge_method!)).toBe('Mastercard •••• 4444');
    const paid = await pay(invoiceId);
    expect(paid.transactions.map((t) => t.payment_method)).toEqual(['Mastercard •••• 4444']);

    const other = await openInvoice(mastercard);
    await db.execute(sql`update billing_payment_methods set removed_at = now(), is_default = false where id = ${mastercard}`);
    expect((await detail(other)).charge_method).toMatchObject({ id: visa, source: 'default' });
    await db.execute(sql`update billing_payment_methods set removed_at = now(), is_default = false where id = ${visa}`);
    expect((await detail(other)).charge_method).toBeNull();
    await db.execute(sql`update billing_payment_methods set removed_at = null, is_default = (id = ${visa}) where id in (${visa}, ${mastercard})`);
  });

  it('a paid invoice has no next attempt, whatever the column kept; a failed one keeps its own', async () => {
    const paidId = await openInvoice(null);
    await pay(paidId);
    await db.execute(sql`update billing_invoices set next_attempt_at = now() + interval '10 days', attempts = 1 where id = ${paidId}`);
    expect(await detail(paidId)).toMatchObject({ status: 'paid', attempts: 1, next_attempt_at: null });
    const failedId = await openInvoice(null);
    await db.execute(sql`update billing_invoices set status = 'fail', attempts = 1, next_attempt_at = '2031-03-04T08:00:00Z' where id = ${failedId}`);
    expect((await detail(failedId)).next_attempt_at).toBe('2031-03-04T08:00:00.000Z');
  });
});
