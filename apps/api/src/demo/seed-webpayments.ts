import { dayInZone, type PaymentProvider, type PayoutSchedule, payoutDays, STANDARD_PRICING } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor';

/**
 * The demo's web payments and payouts (issue 15), written in SQL from the tickets already seeded:
 * every card payment of a location is a charge at its provider (Stripe in the US locations, NMI
 * elsewhere) with the provider's standard fee (`STANDARD_PRICING`: Stripe's on each charge, NMI's
 * as one fee line per settlement batch), every refund of a ticket paid by card a refund of that
 * charge (up to what the card paid), and the provider paid them out on the location's payout
 * schedule (`DEMO_PAYOUT_SCHEDULES`): each payout day pays the movements of the checkout days at
 * least `delay_days` before it not paid yet.
 *
 * The same payouts, charges, refunds and balance movements are written into the provider
 * simulators' state (schema `provider_sim`, in each provider's own units and ids) with the
 * location's payment account (`payment_accounts`), so an import from the provider finds exactly
 * what is already here and changes nothing.
 *
 * Two payouts of the first location do not reconcile, on purpose, each for a cause only the
 * provider's own listing of the payout shows: in one, Stripe deducted a refund that was made in its
 * dashboard and is missing from our records (the refund of a charge the payout pays, up to
 * `DEMO_MISSING_REFUND`: "missing refund"; Stripe lists it among the payout's balance
 * transactions, we have no record of it); in another, our record of a charge's movement has a fee
 * 45 cents above the fee Stripe took ("fee error"). The payout screens name both by the provider's
 * ids and amounts, with the ticket of the charge each is about.
 */

export interface DemoWebPaymentLocation {
  businessId: number;
  timezone: string;
  provider: PaymentProvider;
  /** ISO 4217, lower case (`usd`). */
  currency: string;
  schedule: PayoutSchedule;
  /** Seed the two mismatched payouts here. */
  mismatches: boolean;
}

/** Each demo location's payout schedule, by its index (0 = Luxe Los Angeles). */
export const DEMO_PAYOUT_SCHEDULES: readonly PayoutSchedule[] = [
  { delay_days: 2, interval: 'daily', weekly_anchor: null, monthly_anchor: null },
  { delay_days: 2, interval: 'weekly', weekly_anchor: 'friday', monthly_anchor: null },
  { delay_days: 2, interval: 'monthly', weekly_anchor: null, monthly_anchor: 31 },
  { delay_days: 1, interval: 'daily', weekly_anchor: null, monthly_anchor: null },
  { delay_days: 1, interval: 'weekly', weekly_anchor: 'monday', monthly_anchor: null },
];

/** The fee error of the demo: cents our record of the movement's fee is above the fee the provider took. */
export const DEMO_FEE_ERROR = 45;

/** The most the demo's missing refund gives back of its charge, in cents ($127.00). */
export const DEMO_MISSING_REFUND = 12_700;

/** The provider's ids of the demo's movements, as each provider writes them, from integer keys (row ids). */
const ids = {
  stripe: {
    charge: (key: string) => sql`'ch_' || substr(md5('ch' || (${sql.raw(key)})::text), 1, 24)`,
    refund: (key: string) => sql`'re_' || substr(md5('re' || (${sql.raw(key)})::text), 1, 24)`,
    item: (source: string) => sql`'txn_' || substr(md5('txn' || ${sql.raw(source)}), 1, 24)`,
    payout: (key: string) => sql`'po_' || substr(md5('po' || ${sql.raw(key)}), 1, 24)`,
  },
  nmi: {
    charge: (key: string) => sql`(1000000000::bigint + ${sql.raw(key)})::text`,
    refund: (key: string) => sql`(2000000000::bigint + ${sql.raw(key)})::text`,
    item: (source: string) => sql`${sql.raw(source)} || ':0'`,
    payout: (key: string) => sql`(300000000 + ${sql.raw(key)})::text`,
  },
} as const;

export async function seedWebPayments(tx: Executor, locations: readonly DemoWebPaymentLocation[], now: Date): Promise<void> {
  for (const l of locations) await seedLocation(tx, l, now);
}

async function seedLocation(tx: Executor, l: DemoWebPaymentLocation, now: Date): Promise<void> {
  const b = l.businessId;
  const pricing = STANDARD_PRICING[l.provider];
  const id = ids[l.provider];
  /** core's `feeFor` in SQL. */
  const fee = (amount: string) => sql`case when ${sql.raw(amount)} > 0 then floor((${sql.raw(amount)}::bigint * ${pricing.basisPoints} + 5000) / 10000)::int + ${pricing.fixedCents} else 0 end`;
  // Stripe records its fee on each charge; NMI takes its fees from each batch, as one line.
  const chargeFee = l.provider === 'stripe' ? fee('p.amount') : sql`0`;
  const today = dayInZone(now, l.timezone);
  const run = (query: ReturnType<typeof sql>) => tx.execute(query);

  // The charges: every captured card payment of the location's provider.
  await run(sql`
    insert into web_payments (business_id, provider, kind, provider_tx_id, amount, fee, currency, queue_id, payment_id, customer_id, receipt_url, created_at, checkout_day)
    select ${b}, p.provider, 'charge', ${id.charge('p.id')}, p.amount, ${chargeFee}, ${l.currency}, p.queue_id, p.id, q.customer_id,
      case when p.provider = 'stripe' then '/receipt/' || c.receipt_token end, p.created_at, p.day
    from payments p join queue q on q.id = p.queue_id
    left join checkouts c on c.queue_id = p.queue_id and c.voided_at is null
    where p.business_id = ${b} and p.provider = ${l.provider} and p.charge_status = 'CAPTURE' and p.amount > 0
    order by p.id`);
  // The refunds of tickets paid by card: back to the card, up to what it paid.
  await run(sql`
    insert into web_payments (business_id, provider, kind, provider_tx_id, charge_tx_id, amount, fee, currency, queue_id, customer_id, created_at, checkout_day)
    select ${b}, w.provider, 'refund', ${id.refund('r.id')}, w.provider_tx_id, -least(r.amount, w.amount), 0, w.currency, w.queue_id, w.customer_id, r.created_at, r.day
    from refunds r
    join (select distinct on (queue_id) * from web_payments where business_id = ${b} and kind = 'charge' order by queue_id, id) w on w.queue_id = r.queue_id
    where r.business_id = ${b}
    order by r.id`);

  // The payout days of the schedule, and for each checkout day the payout that pays it.
  const first = (
    (await tx.execute(sql`select coalesce(min(checkout_day), ${today}::date)::text as first from web_payments where business_id = ${b}`)).rows[0] as { first: string }
  ).first;
  const days = payoutDays(l.schedule, first, today);
  if (days.length === 0) return;
  await run(sql`drop table if exists wp_map`);
  await run(sql`
    create temp table wp_map as
    select c::date as checkout_day, (select min(p) from unnest(${`{${days.join(',')}}`}::date[]) p where p >= c::date + ${l.schedule.delay_days}::int) as payout_day
    from generate_series(${first}::date, ${today}::date, interval '1 day') c`);
  // Each payout, created early on its day in the location's time zone (never after now), arriving two days later (NMI: the next day).
  await run(sql`
    insert into payouts (business_id, provider, provider_payout_id, amount, currency, status, manual, created_at, created_day, arrival_date)
    select ${b}, ${l.provider}, ${l.provider === 'stripe' ? id.payout(`'${b}-' || d.payout_day::text`) : ids.nmi.payout(`${b} * 100000 + (d.payout_day - date '2000-01-01')`)}, 0, ${l.currency},
      case when d.payout_day + ${l.provider === 'stripe' ? 2 : 1}::int <= ${today}::date then 'paid' else 'in_transit' end, false,
      least(timezone(${l.timezone}, d.payout_day + time '06:00'), ${now.toISOString()}::timestamptz), d.payout_day, d.payout_day + ${l.provider === 'stripe' ? 2 : 1}::int
    from (select distinct m.payout_day from wp_map m join web_payments w on w.business_id = ${b} and w.checkout_day = m.checkout_day where m.payout_day is not null) d
    order by d.payout_day`);
  await run(sql`
    update web_payments w set payout_id = p.id
    from wp_map m, payouts p
    where w.business_id = ${b} and m.checkout_day = w.checkout_day and p.business_id = ${b} and p.created_day = m.payout_day`);
  // One movement per charge and refund; at NMI, one fee line per batch with the fees of its sales.
  await run(sql`
    insert into payout_items (business_id, payout_id, provider_item_id, kind, amount, fee, source_tx_id, web_payment_id, description, created_at)
    select ${b}, w.payout_id, ${id.item('w.provider_tx_id')}, w.kind, w.amount, w.fee, w.provider_tx_id, w.id,
      case when w.kind = 'charge' then 'Payment for ticket ' || coalesce(w.queue_id::text, '') else 'Refund of ' || w.charge_tx_id end, w.created_at
    from web_payments w where w.business_id = ${b} and w.payout_id is not null
    order by w.id`);
  if (l.provider === 'nmi') {
    await run(sql`
      insert into payout_items (business_id, payout_id, provider_item_id, kind, amount, fee, source_tx_id, description, created_at)
      select ${b}, p.id, p.provider_payout_id || ':fee', 'fee', -sum(${fee('w.amount')})::int, 0, p.provider_payout_id, 'Processing fees', p.created_at
      from payouts p join web_payments w on w.payout_id = p.id and w.kind = 'charge'
      where p.business_id = ${b}
      group by p.id`);
  }
  await run(sql`
    update payouts p set amount = s.net
    from (select payout_id, sum(amount - fee)::int as net from payout_items where business_id = ${b} group by payout_id) s
    where p.id = s.payout_id`);
  await run(sql`drop table wp_map`);

  await seedProviderSim(tx, l);
  if (l.mismatches) await seedMismatches(tx, l, today);
}

/**
 * The two payouts that do not reconcile: a missing refund and a fee error (see the module's
 * comment). Run after the simulator mirrors our records, it changes one side of each: the refund is
 * Stripe's only (with the payout it deducted from), the fee error ours only.
 */
async function seedMismatches(tx: Executor, l: DemoWebPaymentLocation, today: string): Promise<void> {
  if (l.provider !== 'stripe') throw new Error('The demo’s mismatched payouts are Stripe payouts');
  const b = l.businessId;
  const account = demoAccountId(l);
  // Missing refund: the largest charge of the latest payout at least 3 days old (one not refunded
  // here), refunded at Stripe 30 minutes after it was taken, by up to $127.00. Stripe's payout is
  // lower by the refund and lists it; our payout row has Stripe's amount, and nothing else of it.
  const missing = (
    await tx.execute(sql`
      with charge as (
        select c.id, c.provider_tx_id, c.amount, c.currency, c.created_at, c.payout_id, p.provider_payout_id,
          're_' || substr(md5('dashboard-refund' || c.id::text), 1, 24) as refund_id,
          least(c.amount, ${DEMO_MISSING_REFUND})::int as refunded
        from web_payments c join payouts p on p.id = c.payout_id
        where c.business_id = ${b} and c.kind = 'charge' and p.created_day <= ${today}::date - 3
          and not exists (select 1 from web_payments r where r.business_id = ${b} and r.kind = 'refund' and r.charge_tx_id = c.provider_tx_id)
        order by p.created_day desc, c.amount desc, c.id limit 1
      ), refund as (
        insert into provider_sim.stripe_refunds (id, account, charge, amount, status, balance_transaction, created)
        select refund_id, ${account}, provider_tx_id, refunded, 'succeeded', ${ids.stripe.item('refund_id')}, created_at + interval '30 minutes' from charge
        returning id
      ), movement as (
        insert into provider_sim.stripe_balance_transactions (id, account, type, amount, fee, net, currency, source, payout, description, created, available_on)
        select ${ids.stripe.item('refund_id')}, ${account}, 'refund', -refunded, 0, -refunded, currency, refund_id, provider_payout_id, 'REFUND FOR CHARGE (Dashboard)',
          created_at + interval '30 minutes', created_at + interval '30 minutes' + make_interval(days => ${l.schedule.delay_days}::int)
        from charge
        returning id
      ), refunded_charge as (
        update provider_sim.stripe_charges s set amount_refunded = s.amount_refunded + c.refunded from charge c where s.id = c.provider_tx_id returning s.id
      ), stripe_payout as (
        update provider_sim.stripe_payouts s set amount = s.amount - c.refunded from charge c where s.id = c.provider_payout_id returning s.id
      ), payout_line as (
        update provider_sim.stripe_balance_transactions s set amount = s.amount + c.refunded, net = s.net + c.refunded
        from charge c where s.type = 'payout' and s.source = c.provider_payout_id returning s.id
      ), ours as (
        update payouts p set amount = p.amount - c.refunded from charge c where p.id = c.payout_id returning p.id
      )
      select c.payout_id from charge c, refund, movement, refunded_charge, stripe_payout, payout_line, ours`)
  ).rows[0] as { payout_id: number } | undefined;
  // Fee error: the largest charge of the latest other payout at least 7 days old: our records of its movement say a fee 45 cents above what Stripe took.
  await tx.execute(sql`
    with target as (
      select i.id as item_id, i.web_payment_id from payout_items i join payouts p on p.id = i.payout_id
      where i.business_id = ${b} and i.kind = 'charge' and p.created_day <= ${today}::date - 7 and p.id <> ${missing?.payout_id ?? 0}
      order by p.created_day desc, i.amount desc, i.id limit 1
    ), item as (
      update payout_items i set fee = i.fee + ${DEMO_FEE_ERROR} from target t where i.id = t.item_id returning i.id
    )
    update web_payments w set fee = w.fee + ${DEMO_FEE_ERROR} from target t where w.id = t.web_payment_id`);
}

/** The location's payment account and the provider simulator's state mirroring its web payments and payouts. */
async function seedProviderSim(tx: Executor, l: DemoWebPaymentLocation): Promise<void> {
  const b = l.businessId;
  const account = demoAccountId(l);
  await tx.execute(sql`insert into payment_accounts (business_id, provider, account_id) values (${b}, ${l.provider}, ${account})
    on conflict (business_id, provider) do update set account_id = excluded.account_id`);
  if (l.provider === 'stripe') {
    const schedule = {
      delay_days: l.schedule.delay_days,
      interval: l.schedule.interval,
      ...(l.schedule.weekly_anchor !== null ? { weekly_anchor: l.schedule.weekly_anchor } : {}),
      ...(l.schedule.monthly_anchor !== null ? { monthly_anchor: l.schedule.monthly_anchor } : {}),
    };
    await tx.execute(sql`insert into provider_sim.stripe_accounts (id, payout_schedule, default_currency) values (${account}, ${JSON.stringify(schedule)}::jsonb, ${l.currency})
      on conflict (id) do update set payout_schedule = excluded.payout_schedule`);
    await tx.execute(sql`
      insert into provider_sim.stripe_charges (id, account, payment_intent, amount, amount_refunded, currency, status, metadata, payment_method, card_brand, card_last4, balance_transaction, created)
      select w.provider_tx_id, ${account}, 'pi_' || substr(md5('pi' || w.provider_tx_id), 1, 24), w.amount,
        coalesce(-rf.amount, 0)::int,
        w.currency, 'succeeded', case when w.queue_id is null then '{}'::jsonb else jsonb_build_object('queue_id', w.queue_id::text) end,
        'pm_card_' || lower(coalesce(p.card_brand, 'visa')), lower(p.card_brand), p.card_last4, ${ids.stripe.item('w.provider_tx_id')}, w.created_at
      from web_payments w left join payments p on p.id = w.payment_id
      left join (select charge_tx_id, sum(amount) as amount from web_payments where business_id = ${b} and kind = 'refund' group by charge_tx_id) rf on rf.charge_tx_id = w.provider_tx_id
      where w.business_id = ${b} and w.kind = 'charge'`);
    await tx.execute(sql`
      insert into provider_sim.stripe_refunds (id, account, charge, amount, status, balance_transaction, created)
      select w.provider_tx_id, ${account}, w.charge_tx_id, -w.amount, 'succeeded', ${ids.stripe.item('w.provider_tx_id')}, w.created_at
      from web_payments w where w.business_id = ${b} and w.kind = 'refund'`);
    await tx.execute(sql`
      insert into provider_sim.stripe_payouts (id, account, amount, currency, arrival_date, status, automatic, description, balance_transaction, created)
      select p.provider_payout_id, ${account}, p.amount, p.currency, p.arrival_date, p.status, not p.manual, 'STRIPE PAYOUT', ${ids.stripe.item('p.provider_payout_id')}, p.created_at
      from payouts p where p.business_id = ${b}`);
    // Every movement: the payout that lists it (the missing refund is listed by none), and each payout's own.
    await tx.execute(sql`
      insert into provider_sim.stripe_balance_transactions (id, account, type, amount, fee, net, currency, source, payout, description, created, available_on)
      select ${ids.stripe.item('w.provider_tx_id')}, ${account}, w.kind, w.amount, w.fee, w.amount - w.fee, w.currency, w.provider_tx_id,
        p.provider_payout_id,
        case when w.kind = 'charge' then 'Payment for ticket ' || coalesce(w.queue_id::text, '') else 'Refund of ' || w.charge_tx_id end,
        w.created_at, w.created_at + make_interval(days => ${l.schedule.delay_days}::int)
      from web_payments w
      left join payout_items i on i.business_id = ${b} and i.web_payment_id = w.id
      left join payouts p on p.id = i.payout_id
      where w.business_id = ${b}`);
    await tx.execute(sql`
      insert into provider_sim.stripe_balance_transactions (id, account, type, amount, fee, net, currency, source, payout, description, created, available_on)
      select ${ids.stripe.item('p.provider_payout_id')}, ${account}, 'payout', -p.amount, 0, -p.amount, p.currency, p.provider_payout_id, p.provider_payout_id, 'STRIPE PAYOUT', p.created_at, p.created_at
      from payouts p where p.business_id = ${b}`);
    return;
  }
  // NMI: dollars on its wire; a sale's fee kept on the transaction, the batch deposit net of them.
  await tx.execute(sql`
    insert into provider_sim.nmi_transactions (transaction_id, merchant, type, amount, fee, currency, condition, response_text, authcode, order_id, order_description,
                                               original_transaction_id, cc_type, cc_last4, merchant_defined, batch_id, created)
    select w.provider_tx_id, ${account}, case when w.kind = 'charge' then 'sale' else 'refund' end, abs(w.amount) / 100.0,
      case when w.kind = 'charge' then (floor((w.amount::bigint * ${STANDARD_PRICING.nmi.basisPoints} + 5000) / 10000) + ${STANDARD_PRICING.nmi.fixedCents}) / 100.0 else 0 end,
      upper(w.currency), case when po.provider_payout_id is null then 'pendingsettlement' else 'complete' end, 'SUCCESS', coalesce(p.auth_code, ''),
      coalesce(w.queue_id::text, w.provider_tx_id), case when w.queue_id is null then null else 'Ticket ' || w.queue_id end,
      case when w.kind = 'refund' then w.charge_tx_id end, lower(p.card_brand), p.card_last4,
      case when w.queue_id is null then '{}'::jsonb else jsonb_build_object('1', 'queue_id=' || w.queue_id) end,
      po.provider_payout_id, w.created_at
    from web_payments w left join payments p on p.id = w.payment_id left join payouts po on po.id = w.payout_id
    where w.business_id = ${b}`);
  await tx.execute(sql`
    insert into provider_sim.nmi_batches (batch_id, merchant, settled_at, deposit_date, currency, adjustment)
    select p.provider_payout_id, ${account}, p.created_at, p.arrival_date, upper(p.currency), 0
    from payouts p where p.business_id = ${b}`);
}

/** The demo location's account at its provider: a Stripe connected account, an NMI merchant id. */
export const demoAccountId = (l: Pick<DemoWebPaymentLocation, 'businessId' | 'provider'>): string =>
  l.provider === 'stripe' ? `acct_1SalonDemo${String(l.businessId).padStart(4, '0')}` : `9${String(l.businessId).padStart(5, '0')}`;
