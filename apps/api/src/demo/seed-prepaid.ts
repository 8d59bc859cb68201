import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

export interface PrepaidSeedOptions {
  networkId: number;
  /** Cards of the network, spread over its locations (the demo: 20,000). */
  cards: number;
  /** Memberships of the network (the demo: 2,000). */
  memberships: number;
  now: Date;
  seed: number;
  /** The first card's ordinal (the bench generator adds cards after those there are). */
  firstCard?: number;
  /** Only cards with their own ledger (the bench generator): no redemptions of the tickets, no memberships. */
  cardsOnly?: boolean;
}

/** The demo's plans at each location: name, price in cents, months per term. */
const PLANS: [string, number, number][] = [
  ['Glow Monthly', 4900, 1],
  ['Signature Monthly', 8900, 1],
  ['Annual VIP', 49900, 12],
];

/**
 * Set-based generation of a network's prepaid cards with their ledgers and its memberships with
 * their events, consistent with the demo's tickets (run after them):
 * - every checkout of the network paid with a gift tender redeems that amount from one card at
 *   its checkout time; each refund of it gives the gift tender's share back (core's
 *   `giftShareOfRefunds` on the running total); a deleted ticket gives back what it still held;
 * - a card is issued before its first redemption, for a round amount at least what it will ever
 *   redeem, so no balance is ever below zero; some are loaded, adjusted, voided or expired;
 * - the ledger is written in time order (ids follow time), as the live server writes it;
 * - memberships in every status (active, paused, past due, cancelled, expired) with their events,
 *   the latest one giving the status.
 * Deterministic for a seed (a hash of each row's key); a few seconds per network.
 */
export async function seedPrepaid(tx: Executor, o: PrepaidSeedOptions): Promise<{ cards: number; memberships: number }> {
  const s = o.seed + o.networkId * 7_000;
  const n = o.networkId;
  const now = o.now.toISOString();
  const first = o.firstCard ?? 1;
  const last = first + o.cards - 1;
  const run = (query: ReturnType<typeof sql>) => tx.execute(query);
  await run(sql.raw(`create or replace function pg_temp.pp_r(k bigint, salt bigint) returns float8 language sql immutable parallel safe as
    $$ select (hashint8extended(k, salt) & 9007199254740991)::float8 / 9007199254740992::float8 $$`));
  await run(sql.raw('drop table if exists pp_loc, pp_cards, pp_gift, pp_entries, pp_left, pp_m, pp_mid'));
  await run(sql`create temp table pp_loc as
    select (row_number() over (order by b.id) - 1)::int as ord, b.id, b.timezone, (timezone(b.timezone, ${now}::timestamptz))::date as today
    from businesses b where b.network_id = ${n}`);
  // The network's customers by ordinal: who buys, receives and joins (anyone of the network).
  await run(sql.raw('drop table if exists pp_cust'));
  await run(sql`create temp table pp_cust as select (row_number() over (order by c.id) - 1)::int as ord, c.id from customers c join pp_loc l on l.id = c.business_id`);
  await run(sql.raw('create unique index on pp_cust (ord)'));
  const customers = Number(((await run(sql`select count(*)::int as n from pp_cust`)).rows[0] as { n: number }).n);
  const locations = Number(((await run(sql`select count(*)::int as n from pp_loc`)).rows[0] as { n: number }).n);
  if (locations === 0) return { cards: 0, memberships: 0 };

  // The gift tenders of the network's tickets, each given a card.
  await run(sql`create temp table pp_gift as
    select k.id as checkout_id, k.queue_id, k.business_id, l.timezone, k.giftamount as gift, (k.cashamount + k.creditamount + k.giftamount) as paid,
      k.created_at, k.voided_at, k.checkout_day, ${first}::int + floor(pg_temp.pp_r(k.id, ${s + 10}) * ${o.cards}::int)::int as g
    from checkouts k join pp_loc l on l.id = k.business_id
    where k.giftamount > 0 and not ${o.cardsOnly ?? false}::boolean`);

  // The cards: 6, the network (3 digits), a bijection of the ordinal (12 digits): unique everywhere.
  await run(sql`create temp table pp_cards as
    with drawn as (
      select g, l.id as business_id, l.timezone, l.today,
        case when pg_temp.pp_r(g, ${s + 1}) < 0.9 then 'giftcard' else 'prepaid' end as kind,
        '6' || lpad(${n}::text, 3, '0') || lpad(((g::bigint * 7919) % 999999999989)::text, 12, '0') as card_number,
        (select c.id from pp_cust c where c.ord = floor(pg_temp.pp_r(g, ${s + 2}) * ${customers}::int)::int) as purchaser_id,
        case when pg_temp.pp_r(g, ${s + 3}) < 0.5 then (select c.id from pp_cust c where c.ord = floor(pg_temp.pp_r(g, ${s + 4}) * ${customers}::int)::int) end as recipient_id,
        (array[2500, 5000, 5000, 10000, 10000, 15000, 20000])[1 + floor(pg_temp.pp_r(g, ${s + 5}) * 7)::int] as denomination,
        l.today - floor(pg_temp.pp_r(g, ${s + 6}) * case when pg_temp.pp_r(g, ${s + 7}) < 0.06 then 1100 else 420 end)::int as drawn_issue,
        pg_temp.pp_r(g, ${s + 8}) as fate
      from generate_series(${first}::int, ${last}::int) g
      join pp_loc l on l.ord = g % ${locations}::int
    ), used as (
      select g, min(checkout_day) as first_use, max(checkout_day) as last_use, sum(gift)::int as total from pp_gift group by g
    )
    select d.*, u.first_use, u.total is not null as used,
      least(d.drawn_issue, u.first_use - 1 - floor(pg_temp.pp_r(d.g, ${s + 9}) * 30)::int) as issued_on,
      greatest(d.denomination, (ceil(coalesce(u.total, 0) / 2500.0) * 2500)::int) as issue_amount,
      greatest(least(d.drawn_issue, u.first_use - 1) + case when d.kind = 'giftcard' then 730 else 540 end, u.last_use + 90) as expires_on
    from drawn d left join used u on u.g = d.g`);

  await run(sql.raw('analyze pp_cards'));
  await run(sql`insert into prepaid_cards (business_id, network_id, kind, card_number, customer_id, purchaser_name, purchaser_phone, purchaser_email,
      recipient_name, recipient_phone, recipient_email, issued_on, expires_on, created_at)
    select c.business_id, ${n}, c.kind, c.card_number, c.purchaser_id,
      coalesce(nullif(trim(coalesce(p.firstname, '') || ' ' || coalesce(p.lastname, '')), ''), 'Walk-in'), nullif(regexp_replace(p.phone, '[^0-9]', '', 'g'), ''), p.email,
      coalesce(nullif(trim(coalesce(r.firstname, '') || ' ' || coalesce(r.lastname, '')), ''), coalesce(nullif(trim(coalesce(p.firstname, '') || ' ' || coalesce(p.lastname, '')), ''), 'Walk-in')),
      nullif(regexp_replace(coalesce(r.phone, p.phone), '[^0-9]', '', 'g'), ''), coalesce(r.email, p.email),
      c.issued_on, c.expires_on, (c.issued_on + time '10:00') at time zone c.timezone
    from pp_cards c left join customers p on p.id = c.purchaser_id left join customers r on r.id = c.recipient_id
    order by c.g`);

  // Every entry first (in any order), then written in time order.
  await run(sql`create temp table pp_entries as
    select c.card_number, c.business_id, 'ISSUE'::text as kind, c.issue_amount as amount, c.issued_on as day, (c.issued_on + time '10:00') at time zone c.timezone as at,
      null::int as queue_id, null::int as checkout_id, null::text as reason, null::text as note, 0 as prio
    from pp_cards c`);
  // Loads (8 %) and goodwill adjustments (2 %) before the card expires.
  await run(sql`insert into pp_entries
    select c.card_number, c.business_id, 'LOAD', case when pg_temp.pp_r(c.g, ${s + 11}) < 0.5 then 2500 else 5000 end, x.day, (x.day + time '15:30') at time zone c.timezone, null, null, null, null, 1
    from pp_cards c cross join lateral (select c.issued_on + 1 + floor(pg_temp.pp_r(c.g, ${s + 12}) * greatest(0, least(c.today, c.expires_on - 1) - c.issued_on - 1))::int as day) x
    where c.fate < 0.08 and x.day <= least(c.today, c.expires_on - 1)`);
  await run(sql`insert into pp_entries
    select c.card_number, c.business_id, 'ADJUST', 500, c.issued_on + 1, (c.issued_on + 1 + time '12:00') at time zone c.timezone, null, null, 'Goodwill', 'Card arrived late', 1
    from pp_cards c where c.fate >= 0.08 and c.fate < 0.10 and c.issued_on + 1 <= least(c.today, c.expires_on - 1)`);
  // Redemptions, what refunds gave back (the gift share of the running total), and deletions.
  await run(sql`insert into pp_entries
    select c.card_number, gt.business_id, 'REDEEM', -gt.gift, gt.checkout_day, gt.created_at, gt.queue_id, gt.checkout_id, null, null, 2
    from pp_gift gt join pp_cards c on c.g = gt.g`);
  await run(sql`insert into pp_entries
    with r as (
      select gt.g, gt.business_id, gt.queue_id, gt.checkout_id, gt.gift, gt.paid, f.day, f.created_at, f.reason,
        sum(f.amount) over (partition by f.checkout_id order by f.id) as after, sum(f.amount) over (partition by f.checkout_id order by f.id) - f.amount as before
      from pp_gift gt join refunds f on f.checkout_id = gt.checkout_id
    ), shares as (
      select r.*, case when after >= paid then gift else floor(after * gift / paid)::int end - case when before >= paid then gift else floor(before * gift / paid)::int end as back from r
    )
    select c.card_number, x.business_id, 'REFUND', x.back, x.day, x.created_at, x.queue_id, x.checkout_id, null, x.reason, 3
    from shares x join pp_cards c on c.g = x.g where x.back > 0`);
  await run(sql`insert into pp_entries
    select c.card_number, gt.business_id, 'REFUND', gt.gift - coalesce(back.amount, 0)::int,
      (timezone(gt.timezone, gt.voided_at))::date, gt.voided_at, gt.queue_id, gt.checkout_id, null, 'Ticket deleted', 4
    from pp_gift gt join pp_cards c on c.g = gt.g
    left join (select checkout_id, sum(amount) as amount from pp_entries where kind = 'REFUND' group by 1) back on back.checkout_id = gt.checkout_id
    where gt.voided_at is not null`);
  await run(sql`delete from pp_entries where kind = 'REFUND' and amount <= 0`);
  // Void 1 % of the unused cards (today); expire what is left on cards past their date.
  // (The balances first, grouped once: a lookup per card would read every entry again.)
  await run(sql`create temp table pp_left as select card_number, sum(amount)::int as balance from pp_entries group by 1`);
  await run(sql`insert into pp_entries
    select c.card_number, c.business_id, 'VOID', -b.balance, c.today,
      least(${now}::timestamptz, (c.today + time '09:00') at time zone c.timezone), null, null, null, 'Reported lost by the holder', 5
    from pp_cards c join pp_left b on b.card_number = c.card_number where not c.used and c.fate >= 0.10 and c.fate < 0.11 and c.expires_on >= c.today`);
  await run(sql`insert into pp_entries
    select c.card_number, c.business_id, 'EXPIRE', -b.balance, c.expires_on,
      c.expires_on::timestamp at time zone c.timezone, null, null, null, null, 5
    from pp_cards c join pp_left b on b.card_number = c.card_number where c.expires_on < c.today and b.balance > 0`);
  await run(sql.raw('analyze pp_entries'));
  await run(sql`insert into prepaid_ledger (card_id, business_id, kind, amount, day, at, queue_id, checkout_id, reason, note)
    select pc.id, e.business_id, e.kind, e.amount, e.day, least(e.at, ${now}::timestamptz), e.queue_id, e.checkout_id, e.reason, e.note
    from pp_entries e join prepaid_cards pc on pc.card_number = e.card_number
    order by e.at, e.prio, pc.id`);
  await run(sql.raw('drop table if exists pp_cards, pp_gift, pp_entries, pp_left'));

  if (o.cardsOnly || o.memberships <= 0) {
    await run(sql.raw('drop table if exists pp_loc, pp_cust'));
    return { cards: o.cards, memberships: 0 };
  }

  // Plans at each location, then memberships in every status with their events.
  await run(sql`insert into membership_plans (business_id, network_id, name, price, interval_months)
    select l.id, ${n}, p.name, p.price, p.months from pp_loc l
    cross join (values ${sql.join(PLANS.map(([name, price, months]) => sql`(${name}, ${price}::int, ${months}::int)`), sql`, `)}) as p(name, price, months)
    order by l.id, p.price`);
  await run(sql`create temp table pp_m as
    with drawn as (
      select g, l.id as business_id, l.timezone, l.today, pg_temp.pp_r(g, ${s + 20}) as fate,
        (select id from membership_plans mp where mp.business_id = l.id order by mp.price offset floor(pg_temp.pp_r(g, ${s + 21}) * ${PLANS.length})::int limit 1) as plan_id
      from generate_series(1, ${o.memberships}::int) g join pp_loc l on l.ord = g % ${locations}::int
    ), shaped as (
      select d.*, mp.interval_months as months,
        case when d.fate < 0.60 then 'active' when d.fate < 0.68 then 'paused' when d.fate < 0.75 then 'past_due' when d.fate < 0.85 then 'cancelled' else 'expired' end as status,
        d.today - (case when d.fate >= 0.85 then 400 else 40 end + floor(pg_temp.pp_r(d.g, ${s + 22}) * 680))::int as started_on
      from drawn d join membership_plans mp on mp.id = d.plan_id
    ), stopped as (
      -- The day billing stopped (today while it runs) and how many terms had begun by then.
      select x.*, y.stop, (floor((date_part('year', age(y.stop, x.started_on)) * 12 + date_part('month', age(y.stop, x.started_on))) / x.months) + 1)::int as terms
      from shaped x cross join lateral (select case x.status
        when 'cancelled' then greatest(x.started_on + 1, x.today - floor(pg_temp.pp_r(x.g, ${s + 23}) * 60)::int)
        when 'expired' then x.today - 1 - floor(pg_temp.pp_r(x.g, ${s + 24}) * 30)::int
        else x.today end as stop) y
    )
    select z.*,
      case when z.status = 'expired' then (z.started_on + make_interval(months => (z.terms - 1) * z.months))::date
        when z.status = 'past_due' then (z.started_on + make_interval(months => greatest(1, z.terms - 1) * z.months))::date
        else (z.started_on + make_interval(months => z.terms * z.months))::date end as expires_on,
      (select c.id from pp_cust c where c.ord = floor(pg_temp.pp_r(z.g, ${s + 25}) * ${customers}::int)::int) as customer_id
    from stopped z`);
  await run(sql`insert into memberships (business_id, network_id, plan_id, customer_id, member_name, member_phone, member_email, started_on, expires_on, next_bill_on, auto_renew, created_at)
    select m.business_id, ${n}, m.plan_id, m.customer_id,
      coalesce(nullif(trim(coalesce(c.firstname, '') || ' ' || coalesce(c.lastname, '')), ''), 'Member ' || m.g), nullif(regexp_replace(c.phone, '[^0-9]', '', 'g'), ''), c.email,
      m.started_on, m.expires_on, case when m.status in ('active', 'past_due') then m.expires_on end, m.status in ('active', 'paused', 'past_due'),
      (m.started_on + time '11:00') at time zone m.timezone
    from pp_m m left join customers c on c.id = m.customer_id order by m.g`);
  // Joined, billed at each later term's start up to the last one paid, then the event that gives the status.
  await run(sql`create temp table pp_mid as
    select ms.id, m.* from (select m.*, row_number() over (order by m.g) as rn from pp_m m) m
    join (select id, row_number() over (order by id) as rn from memberships where network_id = ${n}) ms on ms.rn = m.rn`);
  await run(sql.raw('analyze pp_mid'));
  await run(sql`insert into membership_events (membership_id, business_id, kind, day, at, until, note)
    select e.membership_id, e.business_id, e.kind, e.day, least(e.at, ${now}::timestamptz - interval '1 minute'), e.until, e.note from (
      select m.id as membership_id, m.business_id, 'JOINED' as kind, m.started_on as day, (m.started_on + time '11:00') at time zone m.timezone as at, null::date as until, null::text as note, 0 as prio
      from pp_mid m
      union all
      select m.id, m.business_id, case when m.months = 12 then 'RENEWED' else 'BILLED' end, t.day, (t.day + time '06:00') at time zone m.timezone, null, null, 1
      from pp_mid m cross join lateral (
        select (m.started_on + make_interval(months => j * m.months))::date as day
        from generate_series(1, case when m.status = 'expired' then m.terms - 2 when m.status = 'past_due' then m.terms - 2 else m.terms - 1 end) j) t
      where t.day <= m.today
      union all
      select m.id, m.business_id, x.kind, x.day, (x.day + time '12:00') at time zone m.timezone, x.until, x.note, 2
      from pp_mid m cross join lateral (select
        case m.status when 'paused' then 'PAUSED' when 'past_due' then 'PAYMENT_FAILED' when 'cancelled' then 'CANCELLED' when 'expired' then 'EXPIRED' end as kind,
        case m.status when 'paused' then greatest((m.started_on + make_interval(months => (m.terms - 1) * m.months))::date, m.today - floor(pg_temp.pp_r(m.g, ${s + 26}) * 20)::int) when 'past_due' then least(m.expires_on, m.today)
          when 'cancelled' then m.stop when 'expired' then m.expires_on end as day,
        case when m.status = 'paused' then m.today + 10 + floor(pg_temp.pp_r(m.g, ${s + 27}) * 50)::int end as until,
        case m.status when 'paused' then 'Travelling' when 'cancelled' then 'Moving away' end as note) x
      where m.status <> 'active'
    ) e order by e.at, e.prio, e.membership_id`);
  await run(sql.raw('drop table if exists pp_loc, pp_cust, pp_m, pp_mid'));
  return { cards: o.cards, memberships: o.memberships };
}
