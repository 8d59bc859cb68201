import { sql } from 'drizzle-orm';
import { generateTransactions } from '../src/demo/generate-transactions';
import { DEMO_PAYOUT_SCHEDULES, seedWebPayments } from '../src/demo/seed-webpayments';
import { payoutDetailOf, payoutsOf } from '../src/webpayments/queries';
import { runAlone, withDemoDatabase } from './demo-database';
import { median, ms, timeRuns } from './timing';

/**
 * Reconciling a year of payouts of one location (figures only, never pass/fail): `webpayments/
 * payouts`' work (`payoutsOf`: every payout of the year with its items' gross and fee, each
 * reconciled through core's `reconcilePayout`) and the itemisation of every one of those payouts
 * (`payoutDetailOf`, what `payouts/{id}` answers: the movements, the unexplained line and the
 * charges explaining it), beside, in the same run and on the same data, a plain SQL sum of the same
 * movements per payout. The payouts are the demo's (`seedWebPayments`: a daily Stripe schedule,
 * with the two mismatches) over generated tickets. Each is run once to warm up, then
 * BENCH_WEBPAYMENTS_RUNS times (5): the median and the fastest are printed.
 * Options (env): BENCH_WEBPAYMENTS_PER_DAY (300 tickets a day), BENCH_DAYS (365), BENCH_WEBPAYMENTS_RUNS (5).
 */
const PER_DAY = Number(process.env.BENCH_WEBPAYMENTS_PER_DAY ?? 300);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const RUNS = Number(process.env.BENCH_WEBPAYMENTS_RUNS ?? 5);
const BUSINESS = 1;

export async function webPaymentsBench(): Promise<void> {
  console.log(`\nReconciling a year of payouts of one location (${DAYS} days, ${PER_DAY.toLocaleString('en-US')} tickets a day, paid out daily)`);
  await withDemoDatabase('salondesk-bench-webpayments-', async ({ db }) => {
    const { startDay: start, endDay: end } = await generateTransactions(db, { businessId: BUSINESS, days: DAYS, perDay: PER_DAY, flat: true });
    const [business] = (await db.execute(sql`select id, timezone from businesses where id = ${BUSINESS}`)).rows as { id: number; timezone: string }[];
    if (!business) throw new Error('no business');
    const seeding = await timeRuns(
      () =>
        db.transaction(async (tx) => {
          await tx.execute(sql`delete from payouts where business_id = ${BUSINESS}`);
          await tx.execute(sql`delete from web_payments where business_id = ${BUSINESS}`);
          // The simulator's copy of them too (the demo's first start seeded the account).
          for (const table of ['stripe_balance_transactions', 'stripe_payouts', 'stripe_refunds', 'stripe_charges']) {
            await tx.execute(sql`delete from ${sql.raw(`provider_sim.${table}`)} where account in (select account_id from payment_accounts where business_id = ${BUSINESS})`);
          }
          await seedWebPayments(
            tx,
            [{ businessId: BUSINESS, timezone: business.timezone, provider: 'stripe', currency: 'usd', schedule: DEMO_PAYOUT_SCHEDULES[0] as (typeof DEMO_PAYOUT_SCHEDULES)[number], mismatches: true }],
            new Date(),
          );
        }),
      1,
    );
    await db.execute(sql`analyze web_payments, payouts, payout_items`);
    const range = { start, end };

    const reconcile = () => payoutsOf(db, BUSINESS, range);
    const itemiseAll = async () => {
      const payouts = await payoutsOf(db, BUSINESS, range);
      for (const p of payouts) await payoutDetailOf(db, BUSINESS, p.id);
    };
    const plainSql = () =>
      db.execute(sql`select p.id, p.amount, sum(i.amount) filter (where i.kind <> 'fee') as gross,
          sum(i.fee) - coalesce(sum(i.amount) filter (where i.kind = 'fee'), 0) as fee
        from payouts p join payout_items i on i.payout_id = p.id
        where p.business_id = ${BUSINESS} and p.created_day between ${start} and ${end}
        group by p.id, p.amount`);

    const payouts = await reconcile();
    const plain = (await plainSql()).rows as { id: number; amount: number; gross: string; fee: string }[];
    const ours = payouts.reduce((s, p) => s + p.netamount, 0);
    const theirs = plain.reduce((s, r) => s + Number(r.gross) - Number(r.fee), 0);
    const mismatchedPlain = plain.filter((r) => Number(r.gross) - Number(r.fee) !== r.amount).length;
    const [counts] = (await db.execute(sql`select (select count(*) from payout_items where business_id = ${BUSINESS})::int as items,
        (select count(*) from web_payments where business_id = ${BUSINESS})::int as payments`)).rows as { items: number; payments: number }[];

    const list = await timeRuns(reconcile, RUNS);
    const baseline = await timeRuns(plainSql, RUNS);
    const itemised = await timeRuns(itemiseAll, Math.max(1, Math.floor(RUNS / 2)));

    console.log(`  ${payouts.length} payouts, ${counts?.items.toLocaleString('en-US')} movements, ${counts?.payments.toLocaleString('en-US')} web payments, ${start} … ${end}; the demo's SQL seeds them in ${ms(seeding[0] ?? 0).trim()}`);
    console.log(`  net over the year ${ours.toLocaleString('en-US')} cents, ${payouts.filter((p) => !p.reconciled).length} mismatched (plain SQL: ${theirs.toLocaleString('en-US')} cents, ${mismatchedPlain} mismatched: ${ours === theirs ? 'the same' : 'DIFFERENT'})`);
    console.log(`                                                                        median      fastest`);
    console.log(`  webpayments/payouts for the year (reconciled through core's rule)   ${ms(median(list))}  ${ms(Math.min(...list))}`);
    console.log(`  plain SQL sum of the same movements per payout (baseline)           ${ms(median(baseline))}  ${ms(Math.min(...baseline))}`);
    console.log(`  every payout of the year itemised (payouts/{id}, one by one)         ${ms(median(itemised))}  ${ms(Math.min(...itemised))}`);
    console.log(`  ratio: the reconciled list ${(median(list) / median(baseline)).toFixed(1)}× the SQL sum`);
  });
}

runAlone(import.meta.url, webPaymentsBench);
