import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { configurePaymentProviders, paymentsEnvironment } from '../payments/accounts';
import { startTestServer, type TestServer } from '../test/harness';
import { billingRetryFromEnv, nextAttemptAt, type BillingRetrySettings } from './retry';
import { ABANDONED_CHARGE_MS } from './charge';
import { resetInvoiceAttempts, runBillingScheduler } from './scheduler';

/**
 * The billing scheduler against real PostgreSQL and the local Stripe simulator (through the
 * official SDK): cycles opened on their day in the business's time zone, charged once, declines
 * retried on their schedule, pauses, repeated and concurrent runs. The kill -9 test is in
 * scheduler-crash.test.ts.
 */

let server: TestServer;
let db: Database;
let ownerId: number;
const LA = 1; // Luxe Los Angeles, America/Los_Angeles, tax 9.5 %

beforeAll(async () => {
  server = await startTestServer({ payments: { simulators: true } });
  db = server.database.db;
  ownerId = (await db.execute<{ id: number }>(sql`select id from users where username = 'owner'`)).rows[0]!.id;
});
afterAll(() => server?.close());

beforeEach(async () => {
  // The demo's billing is in the template: each test starts from none.
  await db.execute(sql`truncate billing_invoices, billing_subscriptions, billing_payment_methods, billing_scheduler_runs, billing_installment_plans cascade`);
});

let cards = 0;
async function subscription(options: { startsOn: string; card?: string; amount?: number; businessId?: number; anchor?: number }): Promise<{ id: number; methodId: number }> {
  const card = options.card ?? 'pm_card_visa';
  const [method] = (
    await db.execute<{ id: number }>(sql`insert into billing_payment_methods (user_id, provider, foreign_id, kind, name, brand, last4, is_default)
      values (${ownerId}, 'stripe', ${`${card}_t${++cards}`}, 'card', 'Test card', 'visa', ${card.includes('Declined') ? '0002' : '4242'}, false) returning id`)
  ).rows;
  const [plan] = (await db.execute<{ id: number }>(sql`insert into billing_plans (name, kind, amount, currency, interval) values ('Pro', 'Reoccuring', ${options.amount ?? 9_900}, 'USD', 'monthly') returning id`)).rows;
  const [sub] = (
    await db.execute<{ id: number }>(sql`insert into billing_subscriptions (business_id, user_id, plan_id, amount, currency, interval, starts_on, anchor_day, next_billing_day, payment_method_id)
      values (${options.businessId ?? LA}, ${ownerId}, ${plan!.id}, ${options.amount ?? 9_900}, 'USD', 'monthly', ${options.startsOn}, ${options.anchor ?? Number(options.startsOn.slice(8, 10))}, ${options.startsOn}, ${method!.id})
      returning id`)
  ).rows;
  return { id: sub!.id, methodId: method!.id };
}

const invoicesOf = async (subscriptionId: number) =>
  (
    await db.execute<{ id: number; status: string; total: number; tax: number; subtotal: number; attempts: number; next_attempt_at: string | null; cycle: string; due_date: string }>(sql`
      select id, status, total, tax, subtotal, attempts, next_attempt_at, current_billing_cycle_start::text as cycle, due_date::text as due_date
      from billing_invoices where subscription_id = ${subscriptionId} order by current_billing_cycle_start`)
  ).rows;

const paymentsOf = async (invoiceId: number) =>
  (await db.execute<{ status: string; idempotency_key: string; foreign_payment_id: string | null; amount: number }>(sql`select status, idempotency_key, foreign_payment_id, amount from billing_payments where invoice_id = ${invoiceId} order by id`)).rows;

/** What the Stripe simulator itself charged for an invoice (the provider's side of "charged once"). */
const providerCharges = async (invoiceId: number) =>
  (await db.execute<{ id: string; status: string; amount: number }>(sql`select id, status, amount from provider_sim.stripe_charges where metadata->>'invoice_id' = ${String(invoiceId)} order by created`)).rows;

const historyOf = async (invoiceId: number) =>
  (await db.execute<{ from_status: string | null; to_status: string; actor: string; reason: string }>(sql`select from_status, to_status, actor, reason from billing_invoice_status_history where invoice_id = ${invoiceId} order by id`)).rows;

describe('opening and charging', () => {
  it('opens a cycle on its first day in the business’s time zone, charges it once with tax, and records every change', async () => {
    const sub = await subscription({ startsOn: '2031-03-01' });
    // 07:59 UTC is still Feb 28, 23:59 in Los Angeles: nothing yet.
    const early = await runBillingScheduler(db, { now: new Date('2031-03-01T07:59:00Z') });
    expect(early).toMatchObject({ skipped: false, opened: 0, charged: 0 });
    expect(await invoicesOf(sub.id)).toHaveLength(0);

    const run = await runBillingScheduler(db, { now: new Date('2031-03-01T08:30:00Z') });
    expect(run).toMatchObject({ opened: 1, charged: 1, failed: 0 });
    const [invoice] = await invoicesOf(sub.id);
    // 99.00 and 9.5 % tax: 9.405 → 9.41 (half away from zero, once).
    expect(invoice).toMatchObject({ status: 'paid', subtotal: 9_900, tax: 941, total: 10_841, attempts: 1, next_attempt_at: null, cycle: '2031-03-01', due_date: '2031-03-01' });
    const payments = await paymentsOf(invoice!.id);
    expect(payments).toEqual([expect.objectContaining({ status: 'succeeded', amount: 10_841 })]);
    expect(payments[0]!.foreign_payment_id).toMatch(/^ch_/);
    expect(payments[0]!.idempotency_key).toMatch(new RegExp(`^invoice-${invoice!.id}-[0-9a-z]+-attempt-1$`));
    expect(await providerCharges(invoice!.id)).toEqual([expect.objectContaining({ status: 'succeeded', amount: 10_841 })]);
    const history = await historyOf(invoice!.id);
    expect(history.map((h) => [h.from_status, h.to_status, h.actor])).toEqual([
      [null, 'unpaid', 'system'],
      ['unpaid', 'pending', 'system'],
      ['pending', 'paid', 'system'],
    ]);
    expect(history.every((h) => h.reason.length > 0)).toBe(true);
    const [after] = (await db.execute<{ next: string; current: string }>(sql`select next_billing_day::text as next, current_billing_cycle_start::text as current from billing_subscriptions where id = ${sub.id}`)).rows;
    expect(after).toEqual({ next: '2031-04-01', current: '2031-03-01' });
  });

  it('run twice opens and charges nothing twice', async () => {
    const sub = await subscription({ startsOn: '2031-05-10' });
    const now = new Date('2031-05-10T12:00:00Z');
    const first = await runBillingScheduler(db, { now });
    const second = await runBillingScheduler(db, { now });
    expect(first).toMatchObject({ opened: 1, charged: 1 });
    expect(second).toMatchObject({ opened: 0, charged: 0, failed: 0, recovered: 0 });
    const invoices = await invoicesOf(sub.id);
    expect(invoices).toHaveLength(1);
    expect(await paymentsOf(invoices[0]!.id)).toHaveLength(1);
    expect(await providerCharges(invoices[0]!.id)).toHaveLength(1);
    const runs = (await db.execute<{ finished: boolean; opened: number; charged: number }>(sql`select finished_at is not null as finished, opened, charged from billing_scheduler_runs order by id`)).rows;
    expect(runs).toEqual([
      { finished: true, opened: 1, charged: 1 },
      { finished: true, opened: 0, charged: 0 },
    ]);
  });

  it('charges many invoices four at a time, each once', async () => {
    const subs = await Promise.all(Array.from({ length: 10 }, () => subscription({ startsOn: '2031-05-20' })));
    expect(await runBillingScheduler(db, { now: new Date('2031-05-20T18:00:00Z'), chargeConcurrency: 4 })).toMatchObject({ opened: 10, charged: 10, failed: 0 });
    for (const sub of subs) {
      const [invoice] = await invoicesOf(sub.id);
      expect(invoice).toMatchObject({ status: 'paid', attempts: 1 });
      expect(await providerCharges(invoice!.id)).toHaveLength(1);
    }
  });

  it('catches up on missed cycles, keeping the anchor day through short months', async () => {
    const sub = await subscription({ startsOn: '2031-01-31' });
    const run = await runBillingScheduler(db, { now: new Date('2031-04-15T20:00:00Z') });
    expect(run.opened).toBe(3);
    expect((await invoicesOf(sub.id)).map((i) => [i.cycle, i.status])).toEqual([
      ['2031-01-31', 'paid'],
      ['2031-02-28', 'paid'],
      ['2031-03-31', 'paid'],
    ]);
    const [after] = (await db.execute<{ next: string }>(sql`select next_billing_day::text as next from billing_subscriptions where id = ${sub.id}`)).rows;
    expect(after!.next).toBe('2031-04-30');
  });

  it('two runs at once: one works, the other skips, nothing is done twice', async () => {
    const subs = await Promise.all([subscription({ startsOn: '2031-06-01' }), subscription({ startsOn: '2031-06-01' }), subscription({ startsOn: '2031-06-01' })]);
    const now = new Date('2031-06-01T18:00:00Z');
    const [a, b] = await Promise.all([runBillingScheduler(db, { now }), runBillingScheduler(db, { now })]);
    expect([a.skipped, b.skipped].sort()).toEqual([false, true]);
    for (const sub of subs) {
      const invoices = await invoicesOf(sub.id);
      expect(invoices).toHaveLength(1);
      expect(await providerCharges(invoices[0]!.id)).toHaveLength(1);
    }
  });
});

describe('retries', () => {
  const DAY = 86_400_000;

  it('a declined charge is retried on its schedule, 3 attempts by default, then stays failed; reset-attempts starts over', async () => {
    const sub = await subscription({ startsOn: '2031-07-01', card: 'pm_card_chargeDeclined' });
    const t0 = new Date('2031-07-01T16:00:00Z');
    expect(await runBillingScheduler(db, { now: t0 })).toMatchObject({ opened: 1, charged: 0, failed: 1 });
    let [invoice] = await invoicesOf(sub.id);
    expect(invoice).toMatchObject({ status: 'fail', attempts: 1 });
    expect(new Date(invoice!.next_attempt_at!).toISOString()).toBe(new Date(t0.getTime() + 3 * DAY).toISOString());

    // Not before it is due.
    expect(await runBillingScheduler(db, { now: new Date(t0.getTime() + 2 * DAY) })).toMatchObject({ charged: 0, failed: 0 });
    // The 2nd attempt 3 days after the 1st, the 3rd 4 days after the 2nd.
    const t2 = new Date(t0.getTime() + 3 * DAY);
    expect(await runBillingScheduler(db, { now: t2 })).toMatchObject({ failed: 1 });
    const t3 = new Date(t2.getTime() + 4 * DAY);
    expect(await runBillingScheduler(db, { now: t3 })).toMatchObject({ failed: 1 });
    [invoice] = await invoicesOf(sub.id);
    expect(invoice).toMatchObject({ status: 'fail', attempts: 3, next_attempt_at: null });
    expect(await runBillingScheduler(db, { now: new Date(t3.getTime() + 20 * DAY) })).toMatchObject({ charged: 0, failed: 0 });
    expect(await paymentsOf(invoice!.id)).toHaveLength(3);
    expect(await providerCharges(invoice!.id)).toHaveLength(3);
    const reasons = (await historyOf(invoice!.id)).filter((h) => h.to_status === 'fail').map((h) => h.reason);
    expect(reasons[0]).toMatch(/^Charge attempt 1 of 3 failed: Your card was declined\.; next attempt on 2031-07-04$/);
    expect(reasons[2]).toMatch(/attempt 3 of 3 failed.*no attempts left/);

    // The owner adds a working card; reset-attempts; the next run charges it, once.
    await db.execute(sql`update billing_payment_methods set foreign_id = 'pm_card_visa_fixed' where id = ${sub.methodId}`);
    const t4 = new Date(t3.getTime() + 21 * DAY);
    await resetInvoiceAttempts(db, invoice!.id, t4);
    expect(await runBillingScheduler(db, { now: t4 })).toMatchObject({ charged: 1, failed: 0 });
    [invoice] = await invoicesOf(sub.id);
    expect(invoice).toMatchObject({ status: 'paid', attempts: 1 });
    const keys = (await paymentsOf(invoice!.id)).map((p) => p.idempotency_key);
    expect(new Set(keys).size).toBe(4);
  });

  it('the number of attempts and their spacing are configurable', async () => {
    const retry: BillingRetrySettings = { maxAttempts: 2, retryAfterDays: [1] };
    const sub = await subscription({ startsOn: '2031-08-01', card: 'pm_card_chargeDeclined' });
    const t0 = new Date('2031-08-01T16:00:00Z');
    await runBillingScheduler(db, { now: t0, retry });
    await runBillingScheduler(db, { now: new Date(t0.getTime() + DAY), retry });
    const [invoice] = await invoicesOf(sub.id);
    expect(invoice).toMatchObject({ status: 'fail', attempts: 2, next_attempt_at: null });
    expect(billingRetryFromEnv({ SALONDESK_BILLING_ATTEMPTS: '5', SALONDESK_BILLING_RETRY_DAYS: '1, 2,3' })).toEqual({ maxAttempts: 5, retryAfterDays: [1, 2, 3] });
    expect(billingRetryFromEnv({})).toEqual({ maxAttempts: 3, retryAfterDays: [3, 4] });
    expect(() => billingRetryFromEnv({ SALONDESK_BILLING_ATTEMPTS: '0' })).toThrow(/SALONDESK_BILLING_ATTEMPTS/);
    expect(() => billingRetryFromEnv({ SALONDESK_BILLING_RETRY_DAYS: '2,x' })).toThrow(/SALONDESK_BILLING_RETRY_DAYS/);
    expect(nextAttemptAt(3, t0, { maxAttempts: 5, retryAfterDays: [1, 2] })?.toISOString()).toBe(new Date(t0.getTime() + 2 * DAY).toISOString());
  });

  it('an invoice without a payment method fails its attempt with that reason, and is retried', async () => {
    const sub = await subscription({ startsOn: '2031-09-01' });
    await db.execute(sql`update billing_subscriptions set payment_method_id = null where id = ${sub.id}`);
    await db.execute(sql`update billing_payment_methods set removed_at = now() where id = ${sub.methodId}`);
    expect(await runBillingScheduler(db, { now: new Date('2031-09-01T16:00:00Z') })).toMatchObject({ opened: 1, failed: 1 });
    const [invoice] = await invoicesOf(sub.id);
    expect(invoice).toMatchObject({ status: 'fail', attempts: 1 });
    expect((await historyOf(invoice!.id)).at(-1)?.reason).toMatch(/no payment method/);
    expect(await paymentsOf(invoice!.id)).toHaveLength(0);
  });
});

describe('pauses and other statuses set on a subscription', () => {
  const setStatus = (subscriptionId: number, status: string, mode: string | null, startsOn: string, endsOn: string | null, createdAt = '2031-01-01T00:00:00Z') =>
    db.execute(sql`insert into billing_subscription_statuses (subscription_id, status, pause_mode, starts_on, ends_on, reason, created_at)
      values (${subscriptionId}, ${status}, ${mode}, ${startsOn}, ${endsOn}, 'test', ${createdAt}::timestamptz)`);

  it('take effect on their date: PAUSE opens paused invoices never charged, PAUSEWITHOUTINVOICE none, alternate and withdrawn as set', async () => {
    const paused = await subscription({ startsOn: '2031-10-01' });
    const silent = await subscription({ startsOn: '2031-10-01' });
    const alternate = await subscription({ startsOn: '2031-10-01' });
    const withdrawn = await subscription({ startsOn: '2031-10-01' });
    // Set in October (scheduled at once), in effect from November to December.
    await setStatus(paused.id, 'paused', 'PAUSE', '2031-11-01', '2031-12-31');
    await setStatus(silent.id, 'paused', 'PAUSEWITHOUTINVOICE', '2031-11-01', '2031-12-31');
    await setStatus(alternate.id, 'alternate', null, '2031-11-01', null);
    await setStatus(withdrawn.id, 'withdrawn', null, '2031-11-01', null);

    // October: before the statuses start, every one is invoiced and charged.
    expect(await runBillingScheduler(db, { now: new Date('2031-10-01T16:00:00Z') })).toMatchObject({ opened: 4, charged: 4 });
    // November to January.
    await runBillingScheduler(db, { now: new Date('2032-01-01T16:00:00Z') });
    expect((await invoicesOf(paused.id)).map((i) => i.status)).toEqual(['paid', 'paused', 'paused', 'paid']);
    expect((await invoicesOf(silent.id)).map((i) => [i.cycle, i.status])).toEqual([
      ['2031-10-01', 'paid'],
      ['2032-01-01', 'paid'],
    ]);
    expect((await invoicesOf(alternate.id)).map((i) => i.status)).toEqual(['paid', 'alternate', 'alternate', 'alternate']);
    expect((await invoicesOf(withdrawn.id)).map((i) => i.status)).toEqual(['paid']);
    for (const invoice of await invoicesOf(paused.id)) {
      expect(await providerCharges(invoice.id)).toHaveLength(invoice.status === 'paid' ? 1 : 0);
    }
  });

  it('a removed status no longer applies', async () => {
    const sub = await subscription({ startsOn: '2031-10-05' });
    await setStatus(sub.id, 'paused', 'PAUSEWITHOUTINVOICE', '2031-10-01', null);
    await db.execute(sql`update billing_subscription_statuses set removed_at = '2031-10-02T00:00:00Z' where subscription_id = ${sub.id}`);
    expect(await runBillingScheduler(db, { now: new Date('2031-10-05T16:00:00Z') })).toMatchObject({ opened: 1, charged: 1 });
  });
});

describe('a provider that cannot be reached', () => {
  it('leaves the attempt pending with no key or card number in the log, and the next run finishes it once', async () => {
    const sub = await subscription({ startsOn: '2031-11-01' });
    const lines: string[] = [];
    const log = createLogger('debug', { write: (line: string) => void lines.push(line) });
    const reachable = paymentsEnvironment();
    const secret = reachable.stripe!.secretKey;
    // Port 9 (discard) on loopback: nothing listens, the connection is refused.
    configurePaymentProviders({ ...reachable, stripe: { ...reachable.stripe!, api: { host: '127.0.0.1', port: 9, protocol: 'http' } } });
    const now = new Date('2031-11-01T16:00:00Z');
    try {
      expect(await runBillingScheduler(db, { now, log })).toMatchObject({ opened: 1, charged: 0, failed: 0 });
    } finally {
      configurePaymentProviders(reachable);
    }
    const [invoice] = await invoicesOf(sub.id);
    expect(invoice).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await paymentsOf(invoice!.id)).toEqual([expect.objectContaining({ status: 'pending', foreign_payment_id: null })]);
    const written = lines.join('');
    expect(written).toContain('no answer from the provider');
    expect(written).not.toContain(secret);
    // No card number (13 to 19 digits) anywhere but pino's own epoch-millisecond `time`.
    expect(written.replace(/"time":\d+/g, '')).not.toMatch(/\d{13,19}/);

    expect(await runBillingScheduler(db, { now, log })).toMatchObject({ recovered: 1, charged: 1 });
    expect((await invoicesOf(sub.id))[0]).toMatchObject({ status: 'paid', attempts: 1 });
    expect(await providerCharges(invoice!.id)).toHaveLength(1);
    expect(lines.join('')).not.toContain(secret);
  });
});

describe('a charge whose request died before recording the answer', () => {
  it('is finished by a later run with the same key, once, and one still young is left to its request', async () => {
    // Its first cycle is months away: the runs below only see the two claims.
    const sub = await subscription({ startsOn: '2032-06-01' });
    const now = new Date('2031-12-20T16:00:00Z');
    // What the charge path's claim leaves (charge.ts) when the server is killed between the claim and the provider's
    // answer: the attempt counted, a pending payment with the request's idempotency key, the invoice unpaid.
    const claim = async (key: string, claimedAt: Date) => {
      const [invoice] = (
        await db.execute<{ id: number }>(sql`insert into billing_invoices (business_id, user_id, type, status, currency, subtotal, total, attempts, payment_method_id)
          values (${LA}, ${ownerId}, 'onetime', 'unpaid', 'USD', 2500, 2500, 1, ${sub.methodId}) returning id`)
      ).rows;
      await db.execute(sql`insert into billing_payments (invoice_id, business_id, payment_method_id, method_label, amount, currency, status, provider, idempotency_key, created_at)
        values (${invoice!.id}, ${LA}, ${sub.methodId}, 'visa 4242', 2500, 'USD', 'pending', 'stripe', ${key}, ${claimedAt.toISOString()}::timestamptz)`);
      return invoice!.id;
    };
    const abandoned = await claim('embed-charge-abandoned', new Date(now.getTime() - ABANDONED_CHARGE_MS - 1_000));
    const young = await claim('embed-charge-young', new Date(now.getTime() - 60_000));

    expect(await runBillingScheduler(db, { now })).toMatchObject({ recovered: 1, charged: 1 });
    expect((await db.execute<{ status: string }>(sql`select status from billing_invoices where id = ${abandoned}`)).rows[0]).toEqual({ status: 'paid' });
    expect(await paymentsOf(abandoned)).toEqual([expect.objectContaining({ status: 'succeeded', idempotency_key: 'embed-charge-abandoned', amount: 2500 })]);
    expect(await providerCharges(abandoned)).toHaveLength(1);
    expect(await paymentsOf(young)).toEqual([expect.objectContaining({ status: 'pending', foreign_payment_id: null })]);
    expect(await providerCharges(young)).toHaveLength(0);

    // Again: nothing more is charged.
    expect(await runBillingScheduler(db, { now })).toMatchObject({ recovered: 0, charged: 0 });
    expect(await providerCharges(abandoned)).toHaveLength(1);
  });
});
