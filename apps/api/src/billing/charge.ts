import { canTransition, type Currency, type InvoiceStatus, invoiceCan } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rows, type Executor } from '../db/executor';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import { isProviderError, type ChargeResult, type ProviderName } from '../payments/provider';
import { type Actor, customerOf, move, platformProvider } from './money';
import { DEFAULT_BILLING_RETRY, nextAttemptAt, type BillingRetrySettings } from './retry';

/**
 * The one charge path of billing invoices (STYLE.md "A money flow is one module"): every billing
 * dest that charges (`onetimebilling/charge`, `charge-invoice`, `charge-installment`,
 * `charge-account-balance`), the embed's charge (the dashboard's bridge sends
 * `onetimebilling/charge-invoice` with the message's idempotency key) and the billing scheduler
 * (its due invoices and the attempts it finishes) call `chargeInvoice`; nothing else asks a
 * provider to charge an invoice. Three steps:
 *
 * 1. **Claim**, in one transaction under the invoice's row lock: refuse what may not be charged,
 *    settle what needs no provider (nothing left to pay; the scheduler's attempt with no payment
 *    method), else count the attempt, write a `pending` payment row with the attempt's
 *    idempotency key and move the invoice to `pending` (core's transition table:
 *    `unpaid`/`fail`/`queued` → `pending` → `paid`/`fail`), all committed together. A pending
 *    invoice is chargeable by no path, so two paths racing for one invoice claim it once.
 * 2. **Send** the claim to the provider with its key, with no lock, transaction or connection held.
 *    A refusal that says no charge was made fails the attempt; no answer (the provider unreachable)
 *    leaves the claim pending, to be sent again with the same key (`recoverCharges`), so the
 *    provider answers the first charge again instead of charging twice.
 * 3. **Record** the answer in a second short transaction, once (a claim no longer pending was
 *    recorded already): the payment's status, the invoice's move with its reason, and for the
 *    scheduler the next attempt by its retry settings.
 */

/** Who charges: a request (a dest, the embed) as a person, or the billing scheduler. */
export type ChargeEntry =
  | {
      kind: 'request';
      by: Actor;
      /** The business of the dest's path; null: any (a user-level dest). */
      businessId: number | null;
      /** The method to pay with (the payer's own); else the invoice's, its subscription's, the payer's default. */
      paymentMethodId?: number;
      /** The caller's key: the same key again answers without charging. Default: `requestKey`. */
      idempotencyKey?: string;
      /** Which statuses this dest may charge (default `invoiceCan.charge`). */
      allowed?: (status: InvoiceStatus) => boolean;
    }
  | { kind: 'scheduler'; retry: BillingRetrySettings };

/** Progress of an attempt: `claimed` once committed, before the provider is asked; `answered` once it answered, before the answer is recorded. */
export interface AttemptProgress {
  stage: 'claimed' | 'answered';
  invoiceId: number;
  attempt: number;
  idempotencyKey: string;
}

export interface ChargeOptions {
  now: Date;
  log?: Pick<Logger, 'warn'>;
  onAttempt?: (attempt: AttemptProgress) => Promise<void> | void;
}

/** How an attempt ended: charged, declined (or refused), still pending at the provider, or not known (no answer; recorded already). */
export type ChargeOutcome = 'succeeded' | 'failed' | 'pending' | 'unknown';

export interface ChargeAnswer {
  /** `skipped`: no longer the scheduler's to charge; `replayed`: the caller's key was seen before, nothing was sent. */
  outcome: ChargeOutcome | 'skipped' | 'replayed';
  /** The invoice's status once done (null when skipped). */
  status: InvoiceStatus | null;
}

/**
 * An attempt's idempotency key when the scheduler charges: the invoice, its creation (ids start
 * over after a demo reset, while a provider keeps keys) and the charge's number among all the
 * invoice's charges (never reused after `reset-attempts`, which starts the count of retries over,
 * not the charges). `recoverCharges` finishes these at once (only a dead run leaves one pending).
 */
export const attemptKey = (invoice: { id: number; created_at: Date | string | number }, charge: number): string =>
  `invoice-${invoice.id}-${createdTag(invoice)}-attempt-${charge}`;

/** A request's key when its caller gave none: as `attemptKey`, in the requests' own namespace (finished by `recoverCharges` only once abandoned). */
export const requestKey = (invoice: { id: number; created_at: Date | string | number }, charge: number): string =>
  `invoice-${invoice.id}-${createdTag(invoice)}-charge-${charge}`;

const createdTag = (invoice: { created_at: Date | string | number }) => Math.trunc(new Date(invoice.created_at).getTime()).toString(36);

/**
 * How old a request's pending charge must be before `recoverCharges` finishes it: longer than a
 * provider call can take (the Stripe SDK gives up after 80 s and retries once), so a request still
 * waiting for its answer is never raced; and sending the same key again charges at most once anyway.
 */
export const ABANDONED_CHARGE_MS = 10 * 60_000;

/** A committed claim: what is sent to the provider, and how its answer is recorded. */
interface Claim {
  invoiceId: number;
  paymentId: number;
  attempt: number;
  key: string;
  amount: number;
  currency: Currency;
  provider: ProviderName;
  paymentMethod: string;
  /** The payer, whose provider customer the charge is made for. */
  userId: number;
  customer: string | null;
  businessId: number;
  label: string;
}

type Claimed = { kind: 'claimed'; claim: Claim } | { kind: 'settled'; answer: ChargeAnswer };

/** Charges what is left to pay on an invoice: claim → provider → record (see above). */
export async function chargeInvoice(db: Database, invoiceId: number, entry: ChargeEntry, options: ChargeOptions): Promise<ChargeAnswer> {
  const claimed = await db.transaction((tx) => claimCharge(tx, invoiceId, entry, options.now));
  if (claimed.kind === 'settled') return claimed.answer;
  await options.onAttempt?.({ stage: 'claimed', invoiceId, attempt: claimed.claim.attempt, idempotencyKey: claimed.claim.key });
  return sendClaim(db, claimed.claim, entry, options);
}

interface LockedInvoice {
  id: number;
  business_id: number;
  user_id: number;
  subscription_id: number | null;
  type: string;
  status: InvoiceStatus;
  deleted: boolean;
  total: number;
  currency: Currency;
  attempts: number;
  due: boolean;
  created_at: number;
  payment_method_id: number | null;
}

const reasonOf = (attempt: number, entry: ChargeEntry) => (entry.kind === 'scheduler' ? `Charge attempt ${attempt} of ${entry.retry.maxAttempts}` : `Charge attempt ${attempt}`);

/** Step 1, inside the caller's transaction: the invoice under its row lock, checked, then settled or claimed. */
async function claimCharge(tx: Executor, invoiceId: number, entry: ChargeEntry, now: Date): Promise<Claimed> {
  const request = entry.kind === 'request' ? entry : null;
  const skipped: Claimed = { kind: 'settled', answer: { outcome: 'skipped', status: null } };
  const [invoice] = await rows<LockedInvoice>(
    tx,
    sql`select i.id, i.business_id, i.user_id, i.subscription_id, i.type, i.status, i.deleted_at is not null as deleted, i.total, i.currency, i.attempts,
               coalesce(i.next_attempt_at <= ${now.toISOString()}::timestamptz, false) as due, (extract(epoch from i.created_at) * 1000)::float8 as created_at,
               i.payment_method_id
          from billing_invoices i
         where i.id = ${invoiceId} ${request?.businessId == null ? sql`` : sql`and i.business_id = ${request.businessId}`}
           for update of i`,
  );
  if (!invoice) {
    if (request) throw new HttpError(404, 'This invoice does not exist');
    return skipped;
  }
  if (request?.idempotencyKey) {
    const [seen] = await rows<{ id: number }>(tx, sql`select id from billing_payments where idempotency_key = ${request.idempotencyKey}`);
    if (seen) return { kind: 'settled', answer: { outcome: 'replayed', status: invoice.status } };
  }
  if (request) {
    const may = request.allowed ?? ((status: InvoiceStatus) => invoiceCan.charge({ status }));
    if (invoice.deleted || !may(invoice.status)) throw new HttpError(409, `This invoice is ${invoice.deleted ? 'deleted' : invoice.status}: it cannot be charged`);
  } else if (entry.kind === 'scheduler') {
    if (!invoice.due || !invoiceCan.charge({ status: invoice.status, deleted: invoice.deleted }) || invoice.attempts >= entry.retry.maxAttempts) return skipped;
  }

  const [{ paid = 0, inflight = 0, charges = 0 } = {}] = await rows<{ paid: number; inflight: number; charges: number }>(
    tx,
    sql`select coalesce(sum(amount) filter (where status = 'succeeded'), 0)::int as paid, count(*) filter (where status = 'pending')::int as inflight, count(*)::int as charges
          from billing_payments where invoice_id = ${invoiceId}`,
  );
  if (inflight > 0) {
    if (request) throw new HttpError(409, 'A charge of this invoice is in progress: wait for its answer');
    return skipped;
  }
  const by: Actor = request ? request.by : { actor: 'system', userId: null };
  const due = invoice.total - paid;
  if (due <= 0) {
    await moveAs(tx, invoice, 'paid', by, invoice.total === 0 ? 'Nothing to charge: the total is 0' : 'Nothing left to pay', now);
    await tx.execute(sql`update billing_invoices set next_attempt_at = null, updated_at = ${now} where id = ${invoiceId}`);
    return { kind: 'settled', answer: { outcome: 'succeeded', status: 'paid' } };
  }

  const method = await methodFor(tx, invoice, request?.paymentMethodId);
  const attempt = invoice.attempts + 1;
  if (!method) {
    if (request) throw new HttpError(409, 'Add a payment method to pay this invoice');
    const retry = (entry as Extract<ChargeEntry, { kind: 'scheduler' }>).retry;
    await moveAs(tx, invoice, 'fail', by, `${reasonOf(attempt, entry)}: no payment method to charge`, now);
    await setAttempts(tx, invoiceId, attempt, nextAttemptAt(attempt, now, retry), now);
    return { kind: 'settled', answer: { outcome: 'failed', status: 'fail' } };
  }

  const key = request?.idempotencyKey ?? (request ? requestKey : attemptKey)(invoice, charges + 1);
  const [payment] = await rows<{ id: number }>(
    tx,
    sql`insert into billing_payments (invoice_id, business_id, payment_method_id, method_label, amount, currency, status, provider, foreign_payment_id, idempotency_key, failure_message, created_by, created_at)
        values (${invoiceId}, ${invoice.business_id}, ${method.id}, ${method.label}, ${due}, ${invoice.currency}, 'pending', ${method.provider}, null, ${key}, null, ${by.userId}, ${now}) returning id`,
  );
  await moveAs(tx, invoice, 'pending', by, `${reasonOf(attempt, entry)} (${method.label})`, now);
  // The scheduler's next attempt is decided by this one's answer; a request leaves the scheduler's plan as it was.
  await setAttempts(tx, invoiceId, attempt, entry.kind === 'scheduler' ? null : undefined, now);
  if (request?.paymentMethodId !== undefined) await tx.execute(sql`update billing_invoices set payment_method_id = ${method.id} where id = ${invoiceId}`);
  return {
    kind: 'claimed',
    claim: {
      invoiceId,
      paymentId: (payment as { id: number }).id,
      attempt,
      key,
      amount: due,
      currency: invoice.currency,
      provider: method.provider,
      paymentMethod: method.foreign_id,
      userId: invoice.user_id,
      customer: method.customer,
      businessId: invoice.business_id,
      label: method.label,
    },
  };
}

type Method = { id: number; provider: ProviderName; foreign_id: string; label: string; customer: string | null };

/** The payer's method to charge, never a removed one: the one named, else the invoice's, else its subscription's, else the payer's default. */
async function methodFor(tx: Executor, invoice: LockedInvoice, given?: number): Promise<Method | undefined> {
  const pick = async (where: ReturnType<typeof sql>) =>
    (
      await rows<Method>(
        tx,
        sql`select m.id, m.provider, m.foreign_id,
                   coalesce(initcap(m.brand), case when m.kind = 'bank_account' then 'Bank account' else 'Card' end) || ' •••• ' || m.last4 as label,
                   c.customer_id as customer
              from billing_payment_methods m
              left join billing_customers c on c.user_id = m.user_id and c.provider = m.provider
             where m.removed_at is null and m.user_id = ${invoice.user_id} and ${where}
             limit 1`,
      )
    )[0];
  if (given !== undefined) {
    const method = await pick(sql`m.id = ${given}`);
    if (!method) throw new HttpError(404, 'This payment method does not exist');
    return method;
  }
  if (invoice.payment_method_id !== null) {
    const method = await pick(sql`m.id = ${invoice.payment_method_id}`);
    if (method) return method;
  }
  if (invoice.subscription_id !== null) {
    const method = await pick(sql`m.id = (select payment_method_id from billing_subscriptions where id = ${invoice.subscription_id})`);
    if (method) return method;
  }
  return pick(sql`m.is_default`);
}

/** A move through core's table as `by`, or as the system where only it may make it (the provider's answer). */
async function moveAs(tx: Executor, invoice: { id: number; status: InvoiceStatus }, to: InvoiceStatus, by: Actor, reason: string, now: Date): Promise<void> {
  const mover = canTransition(invoice.status, to, by.actor) ? by : { actor: 'system' as const, userId: by.userId };
  await move(tx, invoice, to, mover, reason, now);
}

/** The attempt count, and the scheduler's next attempt (undefined: left as it is). */
async function setAttempts(tx: Executor, invoiceId: number, attempts: number, next: Date | null | undefined, now: Date): Promise<void> {
  await tx.execute(sql`
    update billing_invoices set attempts = ${attempts}, updated_at = ${now.toISOString()}::timestamptz
      ${next === undefined ? sql`` : sql`, next_attempt_at = ${next?.toISOString() ?? null}::timestamptz`}
    where id = ${invoiceId}`);
}

/** Steps 2 and 3: the claim to the provider with its key (no lock or transaction held), then its answer recorded. */
async function sendClaim(db: Database, claim: Claim, entry: ChargeEntry, options: ChargeOptions): Promise<ChargeAnswer> {
  const provider = platformProvider(claim.provider);
  let result: Pick<ChargeResult, 'status' | 'failureMessage'> & { id: string | null };
  let refusal: unknown = null;
  try {
    const customer = claim.customer ?? (claim.provider === 'stripe' ? await customerOf(db, claim.userId, provider) : null);
    result = await provider.charge({
      amountCents: claim.amount,
      currency: claim.currency,
      paymentMethod: claim.paymentMethod,
      ...(customer ? { customer } : {}),
      description: `Salondesk invoice ${claim.invoiceId}`,
      metadata: { invoice_id: String(claim.invoiceId), business_id: String(claim.businessId), attempt: String(claim.attempt) },
      idempotencyKey: claim.key,
    });
  } catch (error) {
    if (!isProviderError(error) || error.code === 'unavailable') {
      // No answer: the charge may have been made. The claim stays pending, for `recoverCharges` to send again with its key.
      options.log?.warn({ err: error, invoiceId: claim.invoiceId, attempt: claim.attempt }, 'Billing charge: no answer from the provider; the attempt stays pending');
      if (entry.kind === 'request') throw error;
      return { outcome: 'unknown', status: 'pending' };
    }
    // Refused before a charge existed: the attempt failed, with the provider's (safe) message.
    result = { status: 'failed', failureMessage: error.message, id: null };
    refusal = error;
  }
  await options.onAttempt?.({ stage: 'answered', invoiceId: claim.invoiceId, attempt: claim.attempt, idempotencyKey: claim.key });
  const answer = await recordAnswer(db, claim, result, entry, options.now);
  // A request's caller hears the refusal as the provider said it (`viaProvider`), once it is recorded.
  if (refusal !== null && entry.kind === 'request') throw refusal;
  return answer;
}

/** Step 3: the provider's answer, recorded once. */
async function recordAnswer(
  db: Database,
  claim: Pick<Claim, 'invoiceId' | 'paymentId' | 'attempt' | 'label'>,
  result: Pick<ChargeResult, 'status' | 'failureMessage'> & { id: string | null },
  entry: ChargeEntry,
  now: Date,
): Promise<ChargeAnswer> {
  return db.transaction(async (tx) => {
    const [invoice] = await rows<{ id: number; status: InvoiceStatus }>(tx, sql`select id, status from billing_invoices where id = ${claim.invoiceId} for update`);
    const [payment] = await rows<{ status: string }>(tx, sql`select status from billing_payments where id = ${claim.paymentId} for update`);
    if (!invoice || payment?.status !== 'pending') return { outcome: 'unknown', status: invoice?.status ?? null };
    await tx.execute(sql`
      update billing_payments set status = ${result.status}, foreign_payment_id = ${result.id}, failure_message = ${result.failureMessage?.slice(0, 500) ?? null}
      where id = ${claim.paymentId}`);
    const by: Actor = entry.kind === 'request' ? entry.by : { actor: 'system', userId: null };
    // Someone changed the invoice by hand meanwhile (an admin withdrew it): the payment is kept, the status left alone.
    if (invoice.status !== 'pending' && !invoiceCan.charge({ status: invoice.status })) return { outcome: result.status, status: invoice.status };
    if (result.status === 'pending') {
      await moveAs(tx, invoice, 'pending', by, `${reasonOf(claim.attempt, entry)} (${claim.label}): waiting for the provider`, now);
      return { outcome: 'pending', status: 'pending' };
    }
    if (result.status === 'succeeded') {
      await moveAs(tx, invoice, 'paid', by, `${reasonOf(claim.attempt, entry)} succeeded (${claim.label})`, now);
      await setAttempts(tx, invoice.id, claim.attempt, null, now);
      return { outcome: 'succeeded', status: 'paid' };
    }
    const message = result.failureMessage ?? 'declined';
    if (entry.kind === 'scheduler') {
      const next = nextAttemptAt(claim.attempt, now, entry.retry);
      const when = next ? `; next attempt on ${next.toISOString().slice(0, 10)}` : '; no attempts left';
      await moveAs(tx, invoice, 'fail', by, `${reasonOf(claim.attempt, entry)} failed: ${message}${when}`, now);
      await setAttempts(tx, invoice.id, claim.attempt, next, now);
    } else {
      await moveAs(tx, invoice, 'fail', by, `${reasonOf(claim.attempt, entry)} failed: ${message}`, now);
    }
    return { outcome: 'failed', status: 'fail' };
  });
}

/**
 * Sends again, with the same keys, the claims nobody recorded: the scheduler's own attempts (only
 * a run that died leaves one, since one run works at a time) and the charges of requests whose
 * server died before recording the answer (`ABANDONED_CHARGE_MS` old). The scheduler calls it at
 * the start of each run, as itself: a failure is retried on its settings.
 */
export async function recoverCharges(db: Database, options: ChargeOptions & { retry?: BillingRetrySettings }): Promise<ChargeOutcome[]> {
  const { now } = options;
  const entry: ChargeEntry = { kind: 'scheduler', retry: options.retry ?? DEFAULT_BILLING_RETRY };
  const pending = await rows<{
    invoice_id: number;
    payment_id: number;
    attempt: number;
    key: string;
    amount: number;
    currency: Currency;
    provider: ProviderName;
    foreign_id: string | null;
    customer: string | null;
    user_id: number;
    business_id: number;
    label: string | null;
  }>(
    db,
    sql`select p.invoice_id, p.id as payment_id, i.attempts as attempt, p.idempotency_key as key, p.amount, p.currency, p.provider, m.foreign_id,
               c.customer_id as customer, i.user_id, p.business_id, p.method_label as label
          from billing_payments p
          join billing_invoices i on i.id = p.invoice_id
          left join billing_payment_methods m on m.id = p.payment_method_id
          left join billing_customers c on c.user_id = m.user_id and c.provider = m.provider
         where p.status = 'pending' and p.foreign_payment_id is null
           -- The scheduler's own attempts (attemptKey); a request's charge is its request's to
           -- finish, unless it is older than any request lives: its server died mid-charge.
           and (p.idempotency_key ~ '^invoice-[0-9]+-[0-9a-z]+-attempt-[0-9]+$'
                or p.created_at < ${new Date(now.getTime() - ABANDONED_CHARGE_MS).toISOString()}::timestamptz)
         order by p.id`,
  );
  const outcomes: ChargeOutcome[] = [];
  for (const p of pending) {
    const claim: Claim = {
      invoiceId: p.invoice_id,
      paymentId: p.payment_id,
      attempt: p.attempt,
      key: p.key,
      amount: p.amount,
      currency: p.currency,
      provider: p.provider,
      paymentMethod: p.foreign_id ?? '',
      userId: p.user_id,
      customer: p.customer,
      businessId: p.business_id,
      label: p.label ?? 'the payment method',
    };
    const answer = p.foreign_id
      ? await sendClaim(db, claim, entry, options)
      : await recordAnswer(db, claim, { status: 'failed', failureMessage: 'The payment method was deleted', id: null }, entry, now);
    outcomes.push(answer.outcome === 'skipped' || answer.outcome === 'replayed' ? 'unknown' : answer.outcome);
  }
  return outcomes;
}
