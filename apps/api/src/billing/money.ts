import { type BillingActor, canTransition, type InvoiceStatus, invoiceCan, refundProblem, transition } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import { adapterFor } from '../payments/accounts';
import type { PaymentProviderAdapter } from '../payments/provider';
import { rows, type Executor } from '../db/executor';
import { recordStatus } from './queries';

/**
 * Charges and refunds of billing invoices, through the payment-provider interface: the platform's
 * own Stripe account (no connected account; the local simulator in demo and tests). Every charge
 * carries an idempotency key (the caller's, or `invoice-{id}-attempt-{n}`), kept unique in
 * `billing_payments`, and runs under the invoice's row lock, so the same invoice is never charged
 * twice at once; every refund runs under its payment's row lock, so refunds never exceed what was
 * paid on that payment minus what was refunded.
 */

/** The platform's provider for billing. */
export const billingProvider = (): PaymentProviderAdapter => adapterFor({ businessId: null, provider: 'stripe', accountId: null, credential: null, webhookSecret: null });

export interface Actor {
  actor: BillingActor;
  userId: number | null;
}

interface LockedInvoice {
  id: number;
  business_id: number;
  user_id: number;
  status: InvoiceStatus;
  total: number;
  currency: string;
  attempts: number;
  payment_method_id: number | null;
  subscription_id: number | null;
  deleted_at: Date | null;
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

/**
 * Charges what is left to pay on an invoice. Refused (409) for a deleted invoice or one whose status
 * cannot be charged (paid, refunded, withdrawn, paused, alternate, pending: `invoiceCan.charge`), or
 * while another charge of it is in flight; the same `idempotencyKey` again answers without
 * charging. The attempt is claimed under the invoice's row lock (a `pending` payment row with its
 * key, counted as paid by any concurrent charge), the provider is called with no lock or
 * connection held, and its answer recorded in a second short transaction. Returns whether it was charged now.
 */
export async function chargeInvoice(
  db: Database,
  invoiceId: number,
  businessId: number | null,
  by: Actor,
  options: { paymentMethodId?: number; idempotencyKey?: string; now: Date; allowed?: (status: InvoiceStatus) => boolean },
): Promise<{ charged: boolean; status: InvoiceStatus }> {
  const claim = await db.transaction(async (tx) => {
    const [invoice] = await rows<LockedInvoice>(
      tx,
      sql`select id, business_id, user_id, status, total, currency, attempts, payment_method_id, subscription_id, deleted_at
            from billing_invoices where id = ${invoiceId} ${businessId === null ? sql`` : sql`and business_id = ${businessId}`} for update`,
    );
    if (!invoice) throw new HttpError(404, 'This invoice does not exist');
    if (options.idempotencyKey) {
      const [seen] = await rows<{ id: number }>(tx, sql`select id from billing_payments where idempotency_key = ${options.idempotencyKey}`);
      if (seen) return { done: true as const, status: invoice.status };
    }
    const may = options.allowed ?? ((status: InvoiceStatus) => invoiceCan.charge({ status }));
    if (invoice.deleted_at !== null || !may(invoice.status)) {
      throw new HttpError(409, `This invoice is ${invoice.deleted_at ? 'deleted' : invoice.status}: it cannot be charged`);
    }
    const [{ paid = 0, inflight = 0 } = {}] = await rows<{ paid: number; inflight: number }>(
      tx,
      sql`select coalesce(sum(amount) filter (where status = 'succeeded'), 0)::int as paid, coalesce(sum(amount) filter (where status = 'pending'), 0)::int as inflight
            from billing_payments where invoice_id = ${invoiceId}`,
    );
    if (inflight > 0) throw new HttpError(409, 'A charge of this invoice is in progress: wait for its answer');
    const due = invoice.total - paid;
    const method = await methodFor(tx, invoice, options.paymentMethodId);
    const attempt = invoice.attempts + 1;
    const key = options.idempotencyKey ?? `invoice-${invoiceId}-attempt-${attempt}`;
    if (due <= 0) {
      await move(tx, invoice, 'paid', by, 'Nothing left to pay', options.now);
      return { done: true as const, status: 'paid' as InvoiceStatus };
    }
    if (!method) throw new HttpError(409, 'Add a payment method to pay this invoice');
    const label = `${method.brand ?? method.kind} ${method.last4}`;
    const [payment] = await rows<{ id: number }>(
      tx,
      sql`insert into billing_payments (invoice_id, business_id, payment_method_id, method_label, amount, currency, status, provider, foreign_payment_id, idempotency_key, failure_message, created_by, created_at)
          values (${invoiceId}, ${invoice.business_id}, ${method.id}, ${label}, ${due}, ${invoice.currency}, 'pending', 'stripe', null, ${key}, null, ${by.userId}, ${options.now}) returning id`,
    );
    await tx.execute(sql`update billing_invoices set attempts = ${attempt}, payment_method_id = ${method.id}, updated_at = ${options.now} where id = ${invoiceId}`);
    return { done: false as const, paymentId: (payment as { id: number }).id, key, due, label, method, currency: invoice.currency, businessId: invoice.business_id };
  });
  if (claim.done) return { charged: false, status: claim.status };

  const provider = billingProvider();
  let result: Awaited<ReturnType<PaymentProviderAdapter['charge']>>;
  try {
    const customer = await customerOf(db, claim.method.user_id, provider);
    result = await provider.charge({
      amountCents: claim.due,
      currency: claim.currency,
      paymentMethod: claim.method.foreign_id,
      customer,
      description: `Salondesk invoice ${invoiceId}`,
      metadata: { invoice_id: String(invoiceId), business_id: String(claim.businessId) },
      idempotencyKey: claim.key,
    });
  } catch (error) {
    // Refused before a charge existed (or no answer): the claim ends as failed, the invoice as it was.
    await db.execute(sql`update billing_payments set status = 'failed', failure_message = ${error instanceof Error ? error.message.slice(0, 500) : 'No answer'} where id = ${claim.paymentId}`);
    throw error;
  }
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`update billing_payments set status = ${result.status}, foreign_payment_id = ${result.id}, failure_message = ${result.failureMessage} where id = ${claim.paymentId}`,
    );
    const [invoice] = await rows<{ id: number; status: InvoiceStatus }>(tx, sql`select id, status from billing_invoices where id = ${invoiceId} for update`);
    const to: InvoiceStatus = result.status === 'succeeded' ? 'paid' : result.status === 'pending' ? 'pending' : 'fail';
    // The provider's answer: recorded as the charger's move, or the system's where only it may make it.
    const mover = canTransition((invoice as { status: InvoiceStatus }).status, to, by.actor) ? by : { actor: 'system' as const, userId: by.userId };
    await move(tx, invoice as { id: number; status: InvoiceStatus }, to, mover, result.status === 'failed' ? `Charge declined: ${result.failureMessage ?? 'declined'}` : `Charged ${claim.label}`, options.now);
    return { charged: result.status !== 'failed', status: to };
  });
}

async function methodFor(tx: Executor, invoice: LockedInvoice, given?: number) {
  type Method = { id: number; user_id: number; foreign_id: string; brand: string | null; kind: string; last4: string };
  const pick = async (where: ReturnType<typeof sql>) => (await rows<Method>(tx, sql`select id, user_id, foreign_id, brand, kind, last4 from billing_payment_methods where removed_at is null and ${where} limit 1`))[0];
  if (given !== undefined) {
    const method = await pick(sql`id = ${given} and user_id = ${invoice.user_id}`);
    if (!method) throw new HttpError(404, 'This payment method does not exist');
    return method;
  }
  if (invoice.payment_method_id) {
    const method = await pick(sql`id = ${invoice.payment_method_id}`);
    if (method) return method;
  }
  if (invoice.subscription_id) {
    const method = await pick(sql`id = (select payment_method_id from billing_subscriptions where id = ${invoice.subscription_id})`);
    if (method) return method;
  }
  return pick(sql`user_id = ${invoice.user_id} and is_default`);
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
