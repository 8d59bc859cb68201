import { sql } from 'drizzle-orm';
import { runBillingScheduler } from '../src/billing/scheduler';
import { openDatabase } from '../src/db/client';
import { configurePaymentProviders } from '../src/payments/accounts';
import { startStripeSimulator } from '../src/payments/simulators/stripe';
import { runAlone, withDemoDatabase } from './demo-database';
import { median, ms, timeRuns } from './timing';

/**
 * The billing scheduler's run for BENCH_BILLING_SUBSCRIPTIONS (10,000) subscriptions due the same
 * day across the demo's five locations (figures only, never pass/fail): its opening of their
 * invoices (each with its line, totals through core's `invoiceTotals`, tax, status history, the
 * subscriptions moved on, in batches of 500 per transaction) beside, in the same run and on the same
 * data, the same invoices inserted by one plain SQL statement (totals computed in SQL, no lines, no
 * history: the least any scheduler must write), run in a transaction rolled back, once to warm up
 * and then BENCH_BILLING_RUNS times (3). Then the same run's charging of every invoice, 4 at a time,
 * through the Stripe adapter and the official SDK against the local Stripe simulator (a real HTTP
 * round trip and the simulator's own writes per charge), with the charges per second; and a second
 * run, which finds nothing to do.
 * Options (env): BENCH_BILLING_SUBSCRIPTIONS (10000), BENCH_BILLING_RUNS (3).
 */
const SUBSCRIPTIONS = Number(process.env.BENCH_BILLING_SUBSCRIPTIONS ?? 10_000);
const RUNS = Number(process.env.BENCH_BILLING_RUNS ?? 3);
const CYCLE = '2035-01-01';
/** 20:00 UTC: the 1st has begun in every demo location (Los Angeles to Sydney). */
const NOW = new Date(`${CYCLE}T20:00:00Z`);

export async function billingBench(): Promise<void> {
  console.log(`\nThe billing scheduler: ${SUBSCRIPTIONS.toLocaleString('en-US')} subscriptions due the same day`);
  await withDemoDatabase('salondesk-bench-billing-', async ({ db, pool }) => {
    // The scheduler and the simulator on a pool the size of the server's (10): the run's lock, 4 charges at once, the simulator's writes.
    const server = openDatabase(pool.options.connectionString ?? '', { max: 10 });
    const simulator = await startStripeSimulator({ pool: server.pool, webhookSecret: 'whsec_bench' });
    configurePaymentProviders({
      stripe: { secretKey: 'sk_test_salondesksimulator', webhookSecret: 'whsec_bench', api: { host: simulator.host, port: simulator.port, protocol: 'http' } },
      nmi: undefined,
    });
    try {
      // The demo's own billing out of the way; N cards and N subscriptions due on CYCLE, round the locations.
      await db.execute(sql`truncate billing_invoices, billing_subscriptions, billing_payment_methods cascade`);
      await db.execute(sql`
        with payers as (select array_agg(id order by id) as ids from users where username in ('owner', 'lotus')),
        places as (select array_agg(id order by id) as ids from businesses)
        insert into billing_payment_methods (user_id, provider, foreign_id, kind, name, brand, last4)
        select (select ids from payers)[1 + g % 2], 'stripe', 'pm_card_visa_bench' || g, 'card', 'Visa', 'visa', '4242'
        from generate_series(1, ${SUBSCRIPTIONS}) g`);
      await db.execute(sql`
        with plan as (insert into billing_plans (name, kind, amount, currency, interval) values ('Bench', 'Reoccuring', 9900, 'USD', 'monthly') returning id),
        places as (select array_agg(id order by id) as ids, count(*)::int as n from businesses)
        insert into billing_subscriptions (business_id, user_id, plan_id, amount, currency, starts_on, anchor_day, next_billing_day, payment_method_id)
        select (select ids from places)[1 + m.id % (select n from places)], m.user_id, (select id from plan), 9900, 'USD', ${CYCLE}, 1, ${CYCLE}, m.id
        from billing_payment_methods m`);

      // The baseline: the same invoices by one INSERT … SELECT, rolled back after each run.
      const plain = () =>
        db
          .transaction(async (tx) => {
            await tx.execute(sql`
              insert into billing_invoices (business_id, user_id, subscription_id, type, status, currency, tax_rate, subtotal, tax, total, due_date, current_billing_cycle_start, payment_method_id, next_attempt_at)
              select s.business_id, s.user_id, s.id, 'recurring', 'unpaid', s.currency, t.rate, s.amount, t.tax, s.amount + t.tax, s.next_billing_day, s.next_billing_day, s.payment_method_id, ${NOW.toISOString()}::timestamptz
              from billing_subscriptions s join businesses b on b.id = s.business_id
              cross join lateral (select round(coalesce((b.info->>'taxrate')::numeric, 0) * 100)::int as rate) r
              cross join lateral (select r.rate, round(s.amount * r.rate / 10000.0)::int as tax) t
              where s.deleted_at is null and s.next_billing_day <= (${NOW.toISOString()}::timestamptz at time zone b.timezone)::date`);
            tx.rollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof Error && error.message === 'Rollback')) throw error;
          });
      const baseline = await timeRuns(plain, RUNS);

      const run = await runBillingScheduler(server.db, { now: NOW });
      const again = await runBillingScheduler(server.db, { now: NOW });
      const [counts] = (await db.execute<{ invoices: number; paid: number; lines: number; history: number; charges: number }>(sql`
        select (select count(*) from billing_invoices)::int as invoices, (select count(*) from billing_invoices where status = 'paid')::int as paid,
               (select count(*) from billing_invoice_lines)::int as lines, (select count(*) from billing_invoice_status_history)::int as history,
               (select count(*) from provider_sim.stripe_charges where payment_method like 'pm_card_visa_bench%')::int as charges`)).rows;

      console.log(`  opened ${run.opened.toLocaleString('en-US')} invoices (${counts?.lines.toLocaleString('en-US')} lines, ${counts?.history.toLocaleString('en-US')} status changes), charged ${run.charged.toLocaleString('en-US')} (${counts?.paid.toLocaleString('en-US')} paid, ${counts?.charges.toLocaleString('en-US')} charges at the simulator); run again: opened ${again.opened}, charged ${again.charged}`);
      console.log(`                                                                          median      fastest`);
      console.log(`  one plain SQL INSERT … SELECT of the same invoices (baseline, ${RUNS} runs)    ${ms(median(baseline))}  ${ms(Math.min(...baseline))}`);
      console.log(`  the scheduler opening them (lines, totals, history, subscriptions moved)   ${ms(run.openingMs)}`);
      console.log(`  ratio: opening ${(run.openingMs / median(baseline)).toFixed(1)}× the plain INSERT`);
      console.log(`  the scheduler charging them through the Stripe SDK and the simulator     ${ms(run.chargingMs)}  (${((run.charged / run.chargingMs) * 1000).toFixed(0)} charges/s)`);
      console.log(`  the whole run, then a second run finding nothing to do                  ${ms(run.openingMs + run.chargingMs)}  ${ms(again.openingMs + again.chargingMs)}`);
    } finally {
      await simulator.close();
      await server.close();
    }
  });
}

runAlone(import.meta.url, billingBench);
