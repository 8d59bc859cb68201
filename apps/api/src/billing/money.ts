import { type BillingActor, type InvoiceStatus, refundProblem, transition } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import { adapterFor } from '../payments/accounts';
import type { PaymentProviderAdapter, ProviderName } from '../payments/provider';
import { rows, type Executor } from '../db/executor';
import { recordStatus } from './queries';

/**
 * Refunds of billing invoices and what charges and refunds share, through the payment-provider
 * interface: the platform's own account (no connected account; the local simulator in demo and
 * tests). The one charge path is `charge.ts`. Every refund runs under its payment's row lock, so
 * refunds never exceed what was paid on that payment minus what was refunded.
 */

/** The platform's own account with a provider: billing charges the businesses' saved methods there. */
export const platformProvider = (provider: ProviderName): PaymentProviderAdapter =>
  adapterFor({ businessId: null, provider, accountId: null, credential: null, webhookSecret: null });

/** The platform's provider for billing (Stripe). */
export const billingProvider = (): PaymentProviderAdapter => platformProvider('stripe');

export interface Actor {
  actor: BillingActor;
  userId: number | null;
}

/** The provider's customer of a user, made on first use. */
export async function customerOf(db: Executor, userId: number, provider = billingProvider()): Promise<string> {
  const [known] = await rows<{ customer_id: string }>(db, sql`select customer_id from billing_customers where user_id = ${userId} and provider = 'stripe'`);
  if (known) return known.customer_id;
  const [user] = await rows<{ email: string; fullname: string }>(db, sql`select email, fullname from users where id = ${userId}`);
  const created = await provider.createCustomer({ email: user?.email, name: user?.fullname, metadata: { user_id: String(userId) }, idempotencyKey: `customer-user-${userId}` });
  await db.execute(sql`insert into billing_customers (user_id, provider, customer_id) values (${userId}, 'stripe', ${created.id}) on conflict (user_id, provider) do nothing`);
  const [kept] = await rows<{ customer_id: string }>(db, sql`select customer_id from billing_customers where user_id = ${userId} and provider = 'stripe'`);
  return kept?.customer_id ?? created.id;
}

/** A status change through core's table; a move the table refuses is a 409 with its reason. */
export async function move(tx: Executor, invoice: { id: number; status: InvoiceStatus }, to: InvoiceStatus, by: Actor, reason: string, now: Date): Promise<void> {
  if (invoice.status === to) return;
  const checked = transition(invoice.status, to, by, reason, now);
  if (!checked.ok) throw new HttpError(409, checked.message);
  await recordStatus(tx, invoice.id, { from: invoice.status, to, actor: by.actor, userId: by.userId, reason: checked.record.reason, at: now });
  invoice.status = to;
}

/**
 * Refunds `amount` cents of the payment `foreignPaymentId` of an invoice (spec 000 §3 Payment
 * refund): never more than paid on it minus refunded (400 otherwise). The refund is reserved under
 * the payment's row lock (a `pending` refund row, counted by every concurrent refund), the provider
 * is called with no lock held, and its answer recorded; a refusal frees the reservation. When the
 * invoice's payments are refunded in full it becomes `refund`.
 */
export async function refundPayment(
  db: Database,
  input: { invoiceId: number; businessId: number; foreignPaymentId: string; amount: number; reason?: string },
  by: Actor,
  now: Date,
): Promise<void> {
  const reserved = await db.transaction(async (tx) => {
    const [payment] = await rows<{ id: number; amount: number; status: string; foreign_payment_id: string }>(
      tx,
      sql`select id, amount, status, foreign_payment_id from billing_payments
           where invoice_id = ${input.invoiceId} and business_id = ${input.businessId} and foreign_payment_id = ${input.foreignPaymentId} for update`,
    );
    if (!payment) throw new HttpError(404, 'This payment does not exist on this invoice');
    const [{ refunded = 0, n = 0 } = {}] = await rows<{ refunded: number; n: number }>(
      tx,
      sql`select coalesce(sum(amount) filter (where status <> 'failed'), 0)::int as refunded, count(*)::int as n from billing_refunds where payment_id = ${payment.id}`,
    );
    const problem = refundProblem({ amount: payment.amount, refunded, status: payment.status }, input.amount);
    if (problem) throw new HttpError(400, problem);
    const key = `refund-${payment.id}-${n + 1}`;
    const [refund] = await rows<{ id: number }>(
      tx,
      sql`insert into billing_refunds (payment_id, invoice_id, amount, status, foreign_refund_id, idempotency_key, reason, created_by, created_at)
          values (${payment.id}, ${input.invoiceId}, ${input.amount}, 'pending', null, ${key}, ${input.reason ?? null}, ${by.userId}, ${now}) returning id`,
    );
    return { refundId: (refund as { id: number }).id, key, chargeId: payment.foreign_payment_id };
  });
  let result: Awaited<ReturnType<PaymentProviderAdapter['refund']>>;
  try {
    result = await billingProvider().refund({ chargeId: reserved.chargeId, amountCents: input.amount, idempotencyKey: reserved.key });
  } catch (error) {
    await db.execute(sql`update billing_refunds set status = 'failed' where id = ${reserved.refundId}`);
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`update billing_refunds set status = ${result.status}, foreign_refund_id = ${result.id} where id = ${reserved.refundId}`);
    await tx.execute(sql`update billing_invoices set updated_at = ${now} where id = ${input.invoiceId}`);
    const [totals] = await rows<{ paid: number; refunded: number; status: InvoiceStatus }>(
      tx,
      sql`select i.status,
                 coalesce((select sum(p.amount) from billing_payments p where p.invoice_id = i.id and p.status = 'succeeded'), 0)::int as paid,
                 coalesce((select sum(r.amount) from billing_refunds r where r.invoice_id = i.id and r.status <> 'failed'), 0)::int as refunded
            from billing_invoices i where i.id = ${input.invoiceId} for update`,
    );
    if (totals && totals.paid > 0 && totals.refunded >= totals.paid && totals.status === 'paid') {
      await move(tx, { id: input.invoiceId, status: totals.status }, 'refund', { actor: 'system', userId: by.userId }, 'Refunded in full', now);
    }
  });
}
