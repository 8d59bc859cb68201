import {
  cycleInvoicePlan,
  INVOICE_TYPE_LABEL,
  invoiceTotals,
  nextCycleStart,
  subscriptionStateOn,
  type AdjustmentLike,
  type Currency,
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
import { type AttemptProgress, chargeInvoice, type ChargeOutcome, recoverCharges } from './charge';
import { DEFAULT_BILLING_RETRY, type BillingRetrySettings } from './retry';

/**
 * The billing scheduler (issue 16 §3): opens each subscription's next invoice at its cycle start
 * (in the business's time zone), charges it through the payment-provider interface, and retries a
 * failed charge on a schedule. Every step is written so that a run repeated, or killed anywhere
 * and run again, opens and charges nothing twice:
 *
 * - Opening: one transaction per batch of due subscriptions inserts their cycles' invoices (the
 *   unique index on subscription and cycle start refuses a second one) and moves each
 *   subscription's `next_billing_day` on, together; a crash loses the whole batch or nothing.
 * - Charging: through the one charge path (`charge.ts`, the same as billing's dests and the
 *   embed): an attempt is first *claimed* (attempt count up, a `pending` payment row with the
 *   attempt's idempotency key, the invoice `pending`), committed, and only then sent to the
 *   provider with that key; the answer is recorded in a second transaction. A run killed between
 *   the two leaves the pending row: the next run sends the same key again (`recoverCharges`), and
 *   the provider (Stripe, its simulator) answers the first charge again instead of charging twice.
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
      const recovered = await recoverCharges(db, { now: options.now, log: options.log, onAttempt: options.onAttempt, retry });
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

type Outcome = ChargeOutcome;
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
 * Charges every invoice whose attempt is due, `chargeConcurrency` at a time (a provider answers in
 * hundreds of milliseconds: one at a time, 10,000 invoices would outlast the job's hour), each
 * through the one charge path (`charge.ts`): claimed under its own row lock, so two workers (or a
 * request racing a worker) never charge the same one.
 */
async function chargeDueInvoices(db: Database, options: BillingRunOptions & { retry: BillingRetrySettings; batchSize: number }): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const { now, retry } = options;
  const seen = new Set<number>();
  const chargeOne = async (id: number) => {
    const answer = await chargeInvoice(db, id, { kind: 'scheduler', retry }, { now, log: options.log, onAttempt: options.onAttempt });
    if (answer.outcome !== 'skipped' && answer.outcome !== 'replayed') outcomes.push(answer.outcome);
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
