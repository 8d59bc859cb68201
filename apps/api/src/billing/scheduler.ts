import {
  cycleInvoicePlan,
  INVOICE_TYPE_LABEL,
  invoiceCan,
  invoiceTotals,
  nextCycleStart,
  subscriptionStateOn,
  type AdjustmentLike,
  type Currency,
  type InvoiceStatus,
  type StatusEntryLike,
} from '@salondesk/core';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Database } from '../db/client';
import { defineJob } from '../jobs/defineJob';
import type { JobSender } from '../jobs/jobQueue';
import type { Executor } from '../db/executor';
import type { Logger } from '../logger';
import { adapterFor } from '../payments/accounts';
import { move } from './money';
import { DEFAULT_BILLING_RETRY, nextAttemptAt, type BillingRetrySettings } from './retry';
import { isProviderError, type ChargeResult, type PaymentProviderAdapter, type ProviderName } from '../payments/provider';

/**
 * The billing scheduler (issue 16 §3): opens each subscription's next invoice at its cycle start
 * (in the business's time zone), charges it through the payment-provider interface, and retries a
 * failed charge on a schedule. Every step is written so that a run repeated, or killed anywhere
 * and run again, opens and charges nothing twice:
 *
 * - Opening: one transaction per batch of due subscriptions inserts their cycles' invoices (the
 *   unique index on subscription and cycle start refuses a second one) and moves each
 *   subscription's `next_billing_day` on, together; a crash loses the whole batch or nothing.
 * - Charging: an attempt is first *claimed* (attempt count up, a `pending` payment row with the
 *   attempt's idempotency key, the invoice `pending`), committed, and only then sent to the
 *   provider with that key; the answer is recorded in a second transaction. A run killed between
 *   the two leaves the pending row: the next run sends the same key again, and the provider (Stripe,
 *   its simulator) answers the first charge again instead of charging twice.
 * - One run at a time: a run holds a session advisory lock; a second one started meanwhile skips
 *   (a killed run's lock goes with its connection).
 *
 * Pauses and the other statuses set on a subscription (`subscription/change-status`) are read on
 * each cycle's start day (`subscriptionStateOn`), so they take effect on their date; they are
 * visible as scheduled from the moment they are set because they are rows from then on.
 */

/** What a run did. */
export interface BillingRunResult {
  /** The `billing_scheduler_runs` row; null when the run was skipped. */
  runId: number | null;
  /** Another run held the lock: this one did nothing. */
  skipped: boolean;
  /** Invoices opened (all statuses). */
  opened: number;
  /** Charges that succeeded (recovered ones included). */
  charged: number;
  /** Attempts that failed (declined, no payment method). */
  failed: number;
  /** Attempts of an earlier, interrupted run finished by this one. */
  recovered: number;
  /** Milliseconds spent opening invoices and charging them (the bench prints them). */
  openingMs: number;
  chargingMs: number;
}

export interface BillingRunOptions {
  now: Date;
  /** The admin who triggered it (`trigger-scheduler`), null for the daily run. */
  by?: number | null;
  jobId?: string | null;
  retry?: BillingRetrySettings;
  /** Subscriptions per opening transaction, invoices per charging query (default 500). */
  batchSize?: number;
  /** Charges sent to the provider at once (default 4; each holds a connection only while it claims or records). */
  chargeConcurrency?: number;
  log?: Logger;
  /**
   * Progress of each charge: `claimed` once the attempt is committed and before the provider is
   * asked, `answered` once the provider answered and before the answer is recorded (the two
   * points the crash test kills a run at).
   */
  onAttempt?: (attempt: AttemptProgress) => Promise<void> | void;
}

export interface AttemptProgress {
  stage: 'claimed' | 'answered';
  invoiceId: number;
  attempt: number;
  idempotencyKey: string;
}

const RUN_LOCK = 'salondesk:billing-scheduler';
const DEFAULT_CHARGE_CONCURRENCY = 4;

/** One run of the scheduler: recover interrupted attempts, open due cycles' invoices, charge what is due. */
export async function runBillingScheduler(db: Database, options: BillingRunOptions): Promise<BillingRunResult> {
  const client = await db.$client.connect();
  let locked = false;
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [RUN_LOCK]);
    locked = rows[0]?.locked ?? false;
    if (!locked) {
      options.log?.info('Billing scheduler: another run is in progress; this one skips');
      return { runId: null, skipped: true, opened: 0, charged: 0, failed: 0, recovered: 0, openingMs: 0, chargingMs: 0 };
    }
    const run = await db.execute<{ id: number }>(
      sql`insert into billing_scheduler_runs (run_for, by, job_id, started_at) values (${options.now.toISOString()}, ${options.by ?? null}, ${options.jobId ?? null}, now()) returning id`,
    );
    const runId = run.rows[0]!.id;
    const result: BillingRunResult = { runId, skipped: false, opened: 0, charged: 0, failed: 0, recovered: 0, openingMs: 0, chargingMs: 0 };
    try {
      const retry = options.retry ?? DEFAULT_BILLING_RETRY;
      const batchSize = options.batchSize ?? 500;
      const recovered = await recoverAttempts(db, { ...options, retry });
      result.recovered = recovered.length;
      count(result, recovered);
      let started = performance.now();
      result.opened = await openDueInvoices(db, options.now, batchSize);
      result.openingMs = Math.round(performance.now() - started);
      started = performance.now();
      count(result, await chargeDueInvoices(db, { ...options, retry, batchSize }));
      result.chargingMs = Math.round(performance.now() - started);
      await db.execute(
        sql`update billing_scheduler_runs set finished_at = now(), opened = ${result.opened}, charged = ${result.charged}, failed = ${result.failed} where id = ${runId}`,
      );
      options.log?.info({ ...result }, 'Billing scheduler run finished');
      return result;
    } catch (error) {
      await db
        .execute(sql`update billing_scheduler_runs set finished_at = now(), opened = ${result.opened}, charged = ${result.charged}, failed = ${result.failed}, error = ${error instanceof Error ? error.message : String(error)} where id = ${runId}`)
        .catch(() => undefined);
      throw error;
    }
  } finally {
    if (locked) await client.query('select pg_advisory_unlock(hashtext($1))', [RUN_LOCK]).catch(() => undefined);
    client.release();
  }
}

type Outcome = 'succeeded' | 'failed' | 'pending' | 'unknown';
const count = (result: BillingRunResult, outcomes: readonly Outcome[]) => {
  for (const o of outcomes) {
    if (o === 'succeeded') result.charged++;
    else if (o === 'failed') result.failed++;
  }
};

// ——— Opening invoices ——————————————————————————————————————————————————————————————————

type DueSubscription = {
  id: number;
  business_id: number;
  user_id: number;
  plan_name: string;
  amount: number;
  currency: Currency;
  anchor_day: number;
  next_billing_day: string;
  payment_method_id: number | null;
  today: string;
  taxrate: string | null;
  /** The statuses set on it (pauses, …), scheduled ones included. */
  statuses: StatusEntryLike[];
  /** Its adjustments, in the order they were added. */
  adjustments: (AdjustmentLike & { description: string | null })[];
};

/** A business's tax rate (`info.taxrate`, a percentage such as 9.5) in hundredths of a percent. */
const taxRateOf = (raw: string | null): number => {
  const n = raw === null ? 0 : Number(raw);
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) : 0;
};

/** Opens every cycle that has started, batch by batch; returns how many invoices it opened. */
async function openDueInvoices(db: Database, now: Date, batchSize: number): Promise<number> {
  let opened = 0;
  let after = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = (
        await tx.execute<DueSubscription>(sql`
          select s.id, s.business_id, s.user_id, p.name as plan_name, s.amount, s.currency, s.anchor_day,
                 s.next_billing_day::text as next_billing_day, s.payment_method_id,
                 (${now.toISOString()}::timestamptz at time zone b.timezone)::date::text as today,
                 b.info->>'taxrate' as taxrate,
                 coalesce((select json_agg(json_build_object('status', st.status, 'pause_mode', st.pause_mode, 'starts_on', st.starts_on::text,
                                   'ends_on', st.ends_on::text, 'removed_at', st.removed_at, 'created_at', st.created_at))
                           from billing_subscription_statuses st where st.subscription_id = s.id), '[]'::json) as statuses,
                 coalesce((select json_agg(json_build_object('type', a.type, 'amount_kind', a.amount_kind, 'value', a.value, 'description', a.description) order by a.id)
                           from billing_subscription_adjustments a where a.subscription_id = s.id), '[]'::json) as adjustments
          from billing_subscriptions s
          join businesses b on b.id = s.business_id
          join billing_plans p on p.id = s.plan_id
          where s.deleted_at is null and s.id > ${after}
            and s.next_billing_day <= (${now.toISOString()}::timestamptz at time zone b.timezone)::date
          order by s.id
          limit ${batchSize}
          for update of s`)
      ).rows;
      if (due.length === 0) return { count: 0, last: after, opened: 0 };

      const invoices: Record<string, unknown>[] = [];
      const advanced: { id: number; next: string; current: string }[] = [];
      for (const s of due) {
        let day = s.next_billing_day;
        let current = day;
        const taxRate = taxRateOf(s.taxrate);
        const subAdjustments = s.adjustments;
        while (day <= s.today) {
          const { state, pause_mode } = subscriptionStateOn(s.statuses, day);
          const plan = cycleInvoicePlan(state, pause_mode);
          if (plan.open) {
            const lines = [{ description: `${s.plan_name} — ${INVOICE_TYPE_LABEL.recurring.toLowerCase()}, cycle from ${day}`, quantity: 1, unit_amount: s.amount }];
            const totals = invoiceTotals(lines, subAdjustments, taxRate);
            invoices.push({
              subscription_id: s.id,
              business_id: s.business_id,
              user_id: s.user_id,
              status: plan.status,
              currency: s.currency,
              tax_rate: taxRate,
              subtotal: totals.subtotal,
              adjustments_total: totals.adjustments_total,
              tax: totals.tax,
              total: totals.total,
              cycle: day,
              payment_method_id: s.payment_method_id,
              // Charged by this run (its "now") when it is to be charged; never otherwise.
              next_attempt_at: plan.charge ? now.toISOString() : null,
              lines: lines.map((l, position) => ({ ...l, position, amount: l.quantity * l.unit_amount })),
              adjustments: subAdjustments.map((a, i) => ({ type: a.type, amount_kind: a.amount_kind, value: a.value, description: a.description, cents: totals.adjustments[i] })),
              reason: plan.status === 'unpaid' ? `Opened for the cycle starting ${day}` : `Opened for the cycle starting ${day}, under the subscription's ${state} status`,
            });
          }
          current = day;
          day = nextCycleStart(day, s.anchor_day);
        }
        advanced.push({ id: s.id, next: day, current });
      }

      let inserted = 0;
      if (invoices.length > 0) {
        const created = await tx.execute<{ id: number }>(sql`
          with input as (
            select * from json_to_recordset(${JSON.stringify(invoices)}::json) as r(
              subscription_id int, business_id int, user_id int, status text, currency text, tax_rate int, subtotal int,
              adjustments_total int, tax int, total int, cycle date, payment_method_id int, next_attempt_at timestamptz,
              lines json, adjustments json, reason text)
          ), opened as (
            insert into billing_invoices (business_id, user_id, subscription_id, type, status, currency, tax_rate, subtotal, adjustments_total,
                                          tax, total, due_date, current_billing_cycle_start, payment_method_id, next_attempt_at, created_at, updated_at)
            select business_id, user_id, subscription_id, 'recurring', status, currency, tax_rate, subtotal, adjustments_total,
                   tax, total, cycle, cycle, payment_method_id, next_attempt_at, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
            from input
            on conflict (subscription_id, current_billing_cycle_start) where type = 'recurring' do nothing
            returning id, subscription_id, current_billing_cycle_start
          ), lines as (
            insert into billing_invoice_lines (invoice_id, position, description, quantity, unit_amount, amount)
            select o.id, l.position, l.description, l.quantity, l.unit_amount, l.amount
            from opened o join input i on i.subscription_id = o.subscription_id and i.cycle = o.current_billing_cycle_start
            cross join lateral json_to_recordset(i.lines) as l(position int, description text, quantity int, unit_amount int, amount int)
          ), adjustments as (
            insert into billing_invoice_adjustments (invoice_id, type, amount_kind, value, description, cents)
            select o.id, a.type, a.amount_kind, a.value, a.description, a.cents
            from opened o join input i on i.subscription_id = o.subscription_id and i.cycle = o.current_billing_cycle_start
            cross join lateral json_to_recordset(i.adjustments) as a(type text, amount_kind text, value int, description text, cents int)
          ), history as (
            insert into billing_invoice_status_history (invoice_id, from_status, to_status, actor, user_id, reason, at)
            select o.id, null, i.status, 'system', null, i.reason, ${now.toISOString()}::timestamptz
            from opened o join input i on i.subscription_id = o.subscription_id and i.cycle = o.current_billing_cycle_start
          )
          select id from opened`);
        inserted = created.rows.length;
      }
      await tx.execute(sql`
        update billing_subscriptions s
        set next_billing_day = a.next, current_billing_cycle_start = a.current
        from json_to_recordset(${JSON.stringify(advanced)}::json) as a(id int, next date, current date)
        where s.id = a.id`);
      return { count: due.length, last: due[due.length - 1]!.id, opened: inserted };
    });
    opened += batch.opened;
    after = batch.last;
    if (batch.count < batchSize) return opened;
  }
}

// ——— Charging ——————————————————————————————————————————————————————————————————————————

/**
 * An attempt's idempotency key: the invoice, its creation (ids start over after a demo reset,
 * while a provider keeps keys) and the attempt's number among all the invoice's charges (never
 * reused after `reset-attempts`, which starts the count of retries over, not the charges).
 */
export const attemptKey = (invoice: { id: number; created_at: Date | string | number }, charge: number): string =>
  `invoice-${invoice.id}-${Math.trunc(new Date(invoice.created_at).getTime()).toString(36)}-attempt-${charge}`;

interface ClaimedAttempt {
  invoiceId: number;
  paymentId: number;
  attempt: number;
  key: string;
  amount: number;
  currency: Currency;
  provider: ProviderName;
  paymentMethod: string;
  customer: string | null;
  businessId: number;
}

/** The platform's own account with a provider: billing charges the businesses' saved methods there. */
const platformAdapter = (provider: ProviderName): PaymentProviderAdapter =>
  adapterFor({ businessId: null, provider, accountId: null, credential: null, webhookSecret: null });

/**
 * Charges every invoice whose attempt is due, `chargeConcurrency` at a time (a provider answers in
 * hundreds of milliseconds: one at a time, 10,000 invoices would outlast the job's hour). Each
 * invoice is claimed under its own row lock, so two workers never charge the same one.
 */
async function chargeDueInvoices(db: Database, options: BillingRunOptions & { retry: BillingRetrySettings; batchSize: number }): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const { now, retry } = options;
  const seen = new Set<number>();
  const chargeOne = async (id: number) => {
    const claimed = await claimAttempt(db, id, now, retry);
    if (claimed === null) return;
    if (claimed.kind === 'settled') {
      outcomes.push(claimed.outcome);
      return;
    }
    await options.onAttempt?.({ stage: 'claimed', invoiceId: id, attempt: claimed.attempt.attempt, idempotencyKey: claimed.attempt.key });
    outcomes.push(await sendAttempt(db, claimed.attempt, { now, retry, log: options.log, onAttempt: options.onAttempt }));
  };
  for (;;) {
    const due = (
      await db.execute<{ id: number }>(sql`
        select id from billing_invoices
        where deleted_at is null and status in ('unpaid', 'fail', 'queued')
          and next_attempt_at <= ${now.toISOString()}::timestamptz and attempts < ${retry.maxAttempts}
        order by next_attempt_at, id
        limit ${options.batchSize}`)
    ).rows.filter((r) => !seen.has(r.id));
    if (due.length === 0) return outcomes;
    for (const { id } of due) seen.add(id);
    let next = 0;
    const worker = async () => {
      while (next < due.length) await chargeOne(due[next++]!.id);
    };
    await Promise.all(Array.from({ length: Math.max(1, options.chargeConcurrency ?? DEFAULT_CHARGE_CONCURRENCY) }, worker));
  }
}

type Claim = { kind: 'claimed'; attempt: ClaimedAttempt } | { kind: 'settled'; outcome: Outcome };

/**
 * Claims the next attempt of an invoice, in one transaction: re-checks it under its row lock,
 * settles what needs no provider (nothing to charge, no payment method), or records the attempt
 * (count, `pending` payment row with its key, the invoice `pending`). Null: no longer due.
 */
async function claimAttempt(db: Database, invoiceId: number, now: Date, retry: BillingRetrySettings): Promise<Claim | null> {
  return db.transaction(async (tx) => {
    const [invoice] = (
      await tx.execute<{ id: number; business_id: number; user_id: number; subscription_id: number | null; status: InvoiceStatus; deleted: boolean; total: number; currency: Currency; attempts: number; due: boolean; created_at: number; method_id: number | null }>(sql`
        select i.id, i.business_id, i.user_id, i.subscription_id, i.status, i.deleted_at is not null as deleted, i.total, i.currency, i.attempts,
               i.next_attempt_at <= ${now.toISOString()}::timestamptz as due, (extract(epoch from i.created_at) * 1000)::float8 as created_at,
               coalesce(i.payment_method_id, s.payment_method_id) as method_id
        from billing_invoices i left join billing_subscriptions s on s.id = i.subscription_id
        where i.id = ${invoiceId}
        for update of i`)
    ).rows;
    if (!invoice || !invoice.due || !invoiceCan.charge({ status: invoice.status, deleted: invoice.deleted }) || invoice.attempts >= retry.maxAttempts) return null;
    const attempt = invoice.attempts + 1;

    if (invoice.total === 0) {
      await setStatus(tx, invoice, 'paid', 'Nothing to charge: the total is 0', now, { attempts: invoice.attempts, nextAttemptAt: null });
      return { kind: 'settled', outcome: 'succeeded' };
    }

    // The invoice's method, else its subscription's, else the payer's default; never a removed one.
    const [method] = (
      await tx.execute<{ id: number; provider: ProviderName; foreign_id: string; label: string; customer: string | null }>(sql`
        select m.id, m.provider, m.foreign_id,
               coalesce(initcap(m.brand), case when m.kind = 'bank_account' then 'Bank account' else 'Card' end) || ' •••• ' || m.last4 as label,
               c.customer_id as customer
        from billing_payment_methods m
        left join billing_customers c on c.user_id = m.user_id and c.provider = m.provider
        where m.removed_at is null and m.user_id = ${invoice.user_id}
          and (m.id = ${invoice.method_id} or (${invoice.method_id}::int is null and m.is_default))
        order by (m.id = ${invoice.method_id}) desc nulls last
        limit 1`)
    ).rows;
    if (!method) {
      const next = nextAttemptAt(attempt, now, retry);
      await setStatus(tx, invoice, 'fail', `Charge attempt ${attempt} of ${retry.maxAttempts}: no payment method to charge`, now, { attempts: attempt, nextAttemptAt: next });
      return { kind: 'settled', outcome: 'failed' };
    }

    const [charges] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from billing_payments where invoice_id = ${invoice.id}`)).rows;
    const key = attemptKey(invoice, (charges?.n ?? 0) + 1);
    const [payment] = (
      await tx.execute<{ id: number }>(sql`
        insert into billing_payments (invoice_id, business_id, payment_method_id, method_label, amount, currency, status, provider, idempotency_key, created_at)
        values (${invoice.id}, ${invoice.business_id}, ${method.id}, ${method.label}, ${invoice.total}, ${invoice.currency}, 'pending', ${method.provider}, ${key}, ${now.toISOString()}::timestamptz)
        returning id`)
    ).rows;
    await setStatus(tx, invoice, 'pending', `Charge attempt ${attempt} of ${retry.maxAttempts} (${method.label})`, now, { attempts: attempt, nextAttemptAt: null });
    return {
      kind: 'claimed',
      attempt: {
        invoiceId: invoice.id,
        paymentId: payment!.id,
        attempt,
        key,
        amount: invoice.total,
        currency: invoice.currency,
        provider: method.provider,
        paymentMethod: method.foreign_id,
        customer: method.customer,
        businessId: invoice.business_id,
      },
    };
  });
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Moves an invoice to `to` through core's transition table as the scheduler (`move`, recording the change), with its attempt fields. */
async function setStatus(
  tx: Tx,
  invoice: { id: number; status: InvoiceStatus },
  to: InvoiceStatus,
  reason: string,
  now: Date,
  fields: { attempts: number; nextAttemptAt: Date | null },
): Promise<void> {
  await move(tx, invoice, to, { actor: 'system', userId: null }, reason, now);
  await tx.execute(sql`
    update billing_invoices set attempts = ${fields.attempts},
      next_attempt_at = ${fields.nextAttemptAt?.toISOString() ?? null}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    where id = ${invoice.id}`);
}

/**
 * Sends a claimed attempt to the provider with its key and records the answer. A refusal that
 * says no charge was made fails the attempt; an answer that never came (the provider unreachable)
 * leaves it pending, for the next run to send again with the same key.
 */
async function sendAttempt(
  db: Database,
  claimed: ClaimedAttempt,
  { now, retry, log, onAttempt }: Pick<BillingRunOptions, 'now' | 'log' | 'onAttempt'> & { retry: BillingRetrySettings },
): Promise<Outcome> {
  let result: ChargeResult | { status: 'failed'; failureMessage: string; id: null } ;
  try {
    result = await platformAdapter(claimed.provider).charge({
      amountCents: claimed.amount,
      currency: claimed.currency,
      paymentMethod: claimed.paymentMethod,
      ...(claimed.customer ? { customer: claimed.customer } : {}),
      description: `Salondesk invoice ${claimed.invoiceId}`,
      metadata: { invoice_id: String(claimed.invoiceId), attempt: String(claimed.attempt) },
      idempotencyKey: claimed.key,
    });
  } catch (error) {
    if (isProviderError(error) && error.code !== 'unavailable') {
      result = { status: 'failed', failureMessage: error.message, id: null };
    } else {
      log?.warn({ err: error, invoiceId: claimed.invoiceId, attempt: claimed.attempt }, 'Billing scheduler: no answer from the provider; the attempt stays pending for the next run');
      return 'unknown';
    }
  }
  await onAttempt?.({ stage: 'answered', invoiceId: claimed.invoiceId, attempt: claimed.attempt, idempotencyKey: claimed.key });
  return recordAnswer(db, claimed, result, now, retry);
}

async function recordAnswer(
  db: Database,
  claimed: Pick<ClaimedAttempt, 'invoiceId' | 'paymentId' | 'attempt'>,
  result: Pick<ChargeResult, 'status' | 'failureMessage'> & { id: string | null },
  now: Date,
  retry: BillingRetrySettings,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [invoice] = (await tx.execute<{ id: number; status: InvoiceStatus }>(sql`select id, status from billing_invoices where id = ${claimed.invoiceId} for update`)).rows;
    const [payment] = (await tx.execute<{ status: string }>(sql`select status from billing_payments where id = ${claimed.paymentId} for update`)).rows;
    if (!invoice || payment?.status !== 'pending') return 'unknown';
    await tx.execute(sql`
      update billing_payments set status = ${result.status}, foreign_payment_id = ${result.id}, failure_message = ${result.failureMessage}
      where id = ${claimed.paymentId}`);
    if (result.status === 'pending') return 'pending';
    // Someone may have changed the invoice by hand meanwhile (an admin withdrew it): the payment is
    // kept, the status left alone. A request's charge (recovered) leaves its invoice chargeable, not pending.
    if (invoice.status !== 'pending' && !invoiceCan.charge({ status: invoice.status })) return result.status;
    if (result.status === 'succeeded') {
      await setStatus(tx, invoice, 'paid', `Charge attempt ${claimed.attempt} succeeded`, now, { attempts: claimed.attempt, nextAttemptAt: null });
      return 'succeeded';
    }
    const next = nextAttemptAt(claimed.attempt, now, retry);
    const when = next ? `; next attempt on ${next.toISOString().slice(0, 10)}` : '; no attempts left';
    await setStatus(tx, invoice, 'fail', `Charge attempt ${claimed.attempt} of ${retry.maxAttempts} failed: ${result.failureMessage ?? 'declined'}${when}`, now, { attempts: claimed.attempt, nextAttemptAt: next });
    return 'failed';
  });
}

/**
 * How old a request's pending charge must be before a run finishes it: longer than a provider call
 * can take (the Stripe SDK gives up after 80 s and retries once), so a request still waiting for its
 * answer is never raced; and sending the same key again charges at most once anyway.
 */
export const ABANDONED_CHARGE_MS = 10 * 60_000;

/**
 * Sends again, with the same keys, the attempts an interrupted run claimed but never recorded, and
 * the charges of requests whose server died before recording the answer (`money.ts` claims them alike).
 */
async function recoverAttempts(db: Database, options: Pick<BillingRunOptions, 'now' | 'log' | 'onAttempt'> & { retry: BillingRetrySettings }): Promise<Outcome[]> {
  const { now, retry } = options;
  const pending = (
    await db.execute<{ invoice_id: number; payment_id: number; attempt: number; key: string; amount: number; currency: Currency; provider: ProviderName; foreign_id: string | null; customer: string | null; business_id: number }>(sql`
      select p.invoice_id, p.id as payment_id, i.attempts as attempt, p.idempotency_key as key, p.amount, p.currency, p.provider, m.foreign_id, c.customer_id as customer, p.business_id
      from billing_payments p
      join billing_invoices i on i.id = p.invoice_id
      left join billing_payment_methods m on m.id = p.payment_method_id
      left join billing_customers c on c.user_id = m.user_id and c.provider = m.provider
      where p.status = 'pending' and p.foreign_payment_id is null
        -- The scheduler's own attempts (attemptKey); a request's charge (a dest, the embed) is its
        -- request's to finish, unless it is older than any request lives: its server died mid-charge.
        and (p.idempotency_key ~ '^invoice-[0-9]+-[0-9a-z]+-attempt-[0-9]+$'
             or p.created_at < ${new Date(now.getTime() - ABANDONED_CHARGE_MS).toISOString()}::timestamptz)
      order by p.id`)
  ).rows;
  const outcomes: Outcome[] = [];
  for (const p of pending) {
    const attempt = p.attempt;
    if (!p.foreign_id) {
      outcomes.push(await recordAnswer(db, { invoiceId: p.invoice_id, paymentId: p.payment_id, attempt }, { status: 'failed', failureMessage: 'The payment method was deleted', id: null }, now, retry));
      continue;
    }
    outcomes.push(
      await sendAttempt(
        db,
        { invoiceId: p.invoice_id, paymentId: p.payment_id, attempt, key: p.key, amount: p.amount, currency: p.currency, provider: p.provider, paymentMethod: p.foreign_id, customer: p.customer, businessId: p.business_id },
        options,
      ),
    );
  }
  return outcomes;
}

// ——— Reset attempts (`invoice/{id}/reset-attempts`) —————————————————————————————————————

/**
 * Starts an invoice's retries over (inside the caller's transaction, which has checked the
 * invoice may be reset): no attempts made, the next one due at `now` (the next run charges it).
 */
export async function resetInvoiceAttempts(tx: Executor, invoiceId: number, now: Date): Promise<void> {
  await tx.execute(sql`update billing_invoices set attempts = 0, next_attempt_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz where id = ${invoiceId}`);
}

// ——— The job ———————————————————————————————————————————————————————————————————————————

export const BILLING_SCHEDULER_JOB = 'billing.scheduler';

/** Every day at 00:30 UTC; each business's own day decides which cycles have started. */
export const BILLING_SCHEDULER_CRON = '30 0 * * *';

/** The billing scheduler as a job: daily, and on `trigger-scheduler` (`enqueueBillingRun`). */
export const billingSchedulerJob = (retry: BillingRetrySettings = DEFAULT_BILLING_RETRY) =>
  defineJob({
    name: BILLING_SCHEDULER_JOB,
    payload: z.object({ by: z.nullable(z.number().check(z.int(), z.positive())) }),
    schedule: { cron: BILLING_SCHEDULER_CRON, payload: { by: null } },
    // A run is idempotent and finishes an interrupted one: retrying a failed run is always safe.
    retry: { limit: 3, delaySeconds: 300, backoff: true },
    timeoutSeconds: 60 * 60,
    logFields: (payload) => ({ by: payload.by }),
    async handler(payload, ctx) {
      await runBillingScheduler(ctx.db, { now: ctx.now(), by: payload.by, jobId: ctx.jobId, retry, log: ctx.log });
    },
  });

/** What `enqueueBillingRun` needs of the job queue (`app.jobs` is one): a sender of the scheduler's job. */
export type BillingJobSender = JobSender<readonly [ReturnType<typeof billingSchedulerJob>]>;

/**
 * Queues a run now (`trigger-scheduler`, by an admin); answers the job's id. Triggering again is
 * harmless: a run started while another works skips, and one after it finds nothing left to do.
 */
export function enqueueBillingRun(jobs: BillingJobSender, input: { by: number | null }): Promise<string | null> {
  return jobs.send(BILLING_SCHEDULER_JOB, { by: input.by });
}
