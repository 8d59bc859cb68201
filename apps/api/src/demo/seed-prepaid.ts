import { CARD_KIND, CARD_VALID_DAYS } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { cardNumberSql, personNameSql, personPhoneSql, saleCardsSql } from '../prepaid/issue';
import type { Executor } from '../db/executor';

export interface PrepaidSeedOptions {
  networkId: number;
  /** Cards of the network, spread over its locations (the demo: 20,000 for its year, `demoPrepaidCounts`). */
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
 * - the cards of the year are those its tickets' prepaid lines sold, issued at the checkout as the
 *   server issues them (`prepaid/issue.ts`: the same SQL and numbers); a refund of such a ticket
 *   takes back each card's share, a VOID of the rest once refunded in full;
 * - the rest of the cards were issued before the demo's first day, each for a round amount at
 *   least what it will ever redeem; a tender goes to a card of the year only if it was issued
 *   before, holds enough and is its first tender, so no balance is ever below zero; some cards are
 *   loaded, adjusted, voided or expired;
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
  const run = (query: ReturnType<typeof sql>) => tx.execute(query);
  await run(sql.raw(`create or replace function pg_temp.pp_r(k bigint, salt bigint) returns float8 language sql immutable parallel safe as
    $$ select (hashint8extended(k, salt) & 9007199254740991)::float8 / 9007199254740992::float8 $$`));
  await run(sql.raw('drop table if exists pp_loc, pp_sold, pp_cards, pp_gift, pp_entries, pp_left, pp_m, pp_mid'));
  await run(sql`create temp table pp_loc as
    select (row_number() over (order by b.id) - 1)::int as ord, b.id, b.timezone, (timezone(b.timezone, ${now}::timestamptz))::date as today,
      coalesce((select min(k.checkout_day) from checkouts k where k.business_id = b.id), (timezone(b.timezone, ${now}::timestamptz))::date) as first_day
    from businesses b where b.network_id = ${n}`);
  // The network's customers by ordinal: who buys, receives and joins (anyone of the network).
  await run(sql.raw('drop table if exists pp_cust'));
  await run(sql`create temp table pp_cust as select (row_number() over (order by c.id) - 1)::int as ord, c.id from customers c join pp_loc l on l.id = c.business_id`);
  await run(sql.raw('create unique index on pp_cust (ord)'));
  const customers = Number(((await run(sql`select count(*)::int as n from pp_cust`)).rows[0] as { n: number }).n);
  const locations = Number(((await run(sql`select count(*)::int as n from pp_loc`)).rows[0] as { n: number }).n);
  if (locations === 0) return { cards: 0, memberships: 0 };

  // The cards the network's prepaid lines sold (ordinals first, …), issued as `issueCardsForSale`
  // issues them (the same SQL), then older cards issued before the demo's first day (the rest).
  const cardsOnly = o.cardsOnly ?? false;
  await run(sql`create temp table pp_sold as
    select (${first}::int - 1 + row_number() over (order by x.at, x.checkout_id, x.saleslog_id, x.unit))::int as g, x.*,
      (k.cashamount + k.creditamount + k.giftamount) as paid, (k.voided_at is not null or exists (select 1 from refunds f where f.checkout_id = k.id)) as reversed
    from (${saleCardsSql(sql`k.business_id in (select id from pp_loc) and not ${cardsOnly}::boolean`)}) x join checkouts k on k.id = x.checkout_id`);
  await run(sql.raw('create unique index on pp_sold (g)'));
  const sold = Number(((await run(sql`select count(*)::int as n from pp_sold`)).rows[0] as { n: number }).n);
  const total = Math.max(o.cards, sold + (sold > 0 ? 1_000 : 0));
  const older = total - sold;
  const last = first + total - 1;

  // The gift tenders of the network's tickets, each given a card: half of them try a card sold in
  // the year, which takes the first that fits (issued before, holding enough, its sale not
  // refunded); every other goes to an older card.
  await run(sql`create temp table pp_gift as
    with t as (
      select k.id as checkout_id, k.queue_id, k.business_id, l.timezone, k.giftamount as gift, (k.cashamount + k.creditamount + k.giftamount) as paid,
        k.created_at, k.voided_at, k.checkout_day,
        case when ${sold}::int > 0 and pg_temp.pp_r(k.id, ${s + 13}) < 0.5 then ${first}::int + floor(pg_temp.pp_r(k.id, ${s + 14}) * ${sold}::int)::int end as tried
      from checkouts k join pp_loc l on l.id = k.business_id
      where k.giftamount > 0 and not ${cardsOnly}::boolean
    ), fits as (
      select t.checkout_id, row_number() over (partition by t.tried order by t.created_at, t.checkout_id) as rank
      from t join pp_sold x on x.g = t.tried where not x.reversed and t.gift <= x.amount and t.created_at > x.at
    )
    select t.*, case when f.rank = 1 then t.tried else ${first + sold}::int + floor(pg_temp.pp_r(t.checkout_id, ${s + 10}) * ${older}::int)::int end as g
    from t left join fits f on f.checkout_id = t.checkout_id`);

  // The cards, numbered by the one generator (unique everywhere).
  await run(sql`create temp table pp_cards as
    select y.*, ${cardNumberSql(sql`${n}::int`, sql`y.g`)} as card_number, pg_temp.pp_r(y.g, ${s + 8}) as fate,
      case when pg_temp.pp_r(y.g, ${s + 3}) < 0.5 then (select p.id from pp_cust p where p.ord = floor(pg_temp.pp_r(y.g, ${s + 4}) * ${customers}::int)::int) end as recipient_id
    from (
    with drawn as (
      select g, l.id as business_id, l.timezone, l.today,
        case when pg_temp.pp_r(g, ${s + 1}) < 0.9 then 'giftcard' else 'prepaid' end as kind,
        (select c.id from pp_cust c where c.ord = floor(pg_temp.pp_r(g, ${s + 2}) * ${customers}::int)::int) as purchaser_id,
        (array[2500, 5000, 5000, 10000, 10000, 15000, 20000])[1 + floor(pg_temp.pp_r(g, ${s + 5}) * 7)::int] as denomination,
        l.first_day - 1 - floor(pg_temp.pp_r(g, ${s + 6}) * case when pg_temp.pp_r(g, ${s + 7}) < 0.06 then 1100 else 420 end)::int as drawn_issue
      from generate_series(${first + sold}::int, ${last}::int) g
      join pp_loc l on l.ord = g % ${locations}::int
    ), used as (
      select g, min(checkout_day) as first_use, max(checkout_day) as last_use, sum(gift)::int as total from pp_gift group by g
    )
    select d.g, d.business_id, d.timezone, d.today, d.kind, d.purchaser_id, u.total is not null as used, false as reversed,
      least(d.drawn_issue, u.first_use - 1 - floor(pg_temp.pp_r(d.g, ${s + 9}) * 30)::int) as issued_on,
      null::timestamptz as issued_at, null::int as queue_id, null::int as checkout_id,
      greatest(d.denomination, (ceil(coalesce(u.total, 0) / 2500.0) * 2500)::int) as issue_amount,
      greatest(least(d.drawn_issue, u.first_use - 1) + case when d.kind = ${CARD_KIND.PREPAID} then ${CARD_VALID_DAYS.prepaid}::int else ${CARD_VALID_DAYS.giftcard}::int end, u.last_use + 90) as expires_on
    from drawn d left join used u on u.g = d.g
    union all
    select x.g, x.business_id, x.timezone, l.today, x.kind, x.customer_id, u.total is not null, x.reversed,
      x.day, x.at, x.queue_id, x.checkout_id, x.amount, greatest(x.expires_on, u.last_use + 90)
    from pp_sold x join pp_loc l on l.id = x.business_id left join (select g, max(checkout_day) as last_use, sum(gift)::int as total from pp_gift group by g) u on u.g = x.g
    ) y`);

  await run(sql.raw('analyze pp_cards'));
  await run(sql`insert into prepaid_cards (business_id, network_id, kind, card_number, customer_id, purchaser_name, purchaser_phone, purchaser_email,
      recipient_name, recipient_phone, recipient_email, issued_on, expires_on, created_at)
    select c.business_id, ${n}, c.kind, c.card_number, c.purchaser_id,
      ${personNameSql('p')}, ${personPhoneSql('p')}, p.email,
      case when r.id is null then ${personNameSql('p')} else ${personNameSql('r')} end,
      nullif(regexp_replace(coalesce(r.phone, p.phone), '[^0-9]', '', 'g'), ''), coalesce(r.email, p.email),
      c.issued_on, c.expires_on, coalesce(c.issued_at, (c.issued_on + time '10:00') at time zone c.timezone)
    from pp_cards c left join customers p on p.id = c.purchaser_id left join customers r on r.id = c.recipient_id
    order by c.g`);

  // Every entry first (in any order), then written in time order.
  await run(sql`create temp table pp_entries as
    select c.card_number, c.business_id, 'ISSUE'::text as kind, c.issue_amount as amount, c.issued_on as day, coalesce(c.issued_at, (c.issued_on + time '10:00') at time zone c.timezone) as at,
      c.queue_id, c.checkout_id, null::text as reason, null::text as note, 0 as prio
    from pp_cards c`);
  // A refund of a ticket that sold cards takes back each card's share (core's issuedCardTakeBack
  // on the running total): an ADJUST, or a VOID of the rest once the ticket is refunded in full.
  // Those cards are not spent (tenders skip them), so the share is always there to take.
  await run(sql`insert into pp_entries
    with r as (
      select x.card_number, x.business_id, x.queue_id, x.checkout_id, x.amount, x.paid, f.day, f.created_at,
        sum(f.amount) over (partition by x.g order by f.id) as after, sum(f.amount) over (partition by x.g order by f.id) - f.amount as before
      from (select s.*, c.card_number from pp_sold s join pp_cards c on c.g = s.g where s.reversed) x join refunds f on f.checkout_id = x.checkout_id
    )
    select r.card_number, r.business_id, case when r.after >= r.paid then 'VOID' else 'ADJUST' end,
      -(case when after >= paid then amount else floor(after * amount / paid)::int end - case when before >= paid then amount else floor(before * amount / paid)::int end),
      r.day, r.created_at, r.queue_id, r.checkout_id, 'Ticket refunded', null, 3
    from r`);
  await run(sql`delete from pp_entries where kind = 'ADJUST' and amount = 0`);
  // Loads (8 %) and goodwill adjustments (2 %) before the card expires.
  await run(sql`insert into pp_entries
    select c.card_number, c.business_id, 'LOAD', case when pg_temp.pp_r(c.g, ${s + 11}) < 0.5 then 2500 else 5000 end, x.day, (x.day + time '15:30') at time zone c.timezone, null, null, null, null, 1
    from pp_cards c cross join lateral (select c.issued_on + 1 + floor(pg_temp.pp_r(c.g, ${s + 12}) * greatest(0, least(c.today, c.expires_on - 1) - c.issued_on - 1))::int as day) x
    where c.fate < 0.08 and not c.reversed and x.day <= least(c.today, c.expires_on - 1)`);
  await run(sql`insert into pp_entries
    select c.card_number, c.business_id, 'ADJUST', 500, c.issued_on + 1, (c.issued_on + 1 + time '12:00') at time zone c.timezone, null, null, 'Goodwill', 'Card arrived late', 1
    from pp_cards c where c.fate >= 0.08 and c.fate < 0.10 and not c.reversed and c.issued_on + 1 <= least(c.today, c.expires_on - 1)`);
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
    from pp_cards c join pp_left b on b.card_number = c.card_number where not c.used and not c.reversed and c.fate >= 0.10 and c.fate < 0.11 and c.expires_on >= c.today`);
  await run(sql`insert into pp_entries
    select c.card_number, c.business_id, 'EXPIRE', -b.balance, c.expires_on,
      c.expires_on::timestamp at time zone c.timezone, null, null, null, null, 5
    from pp_cards c join pp_left b on b.card_number = c.card_number where c.expires_on < c.today and b.balance > 0`);
  await run(sql.raw('analyze pp_entries'));
  await run(sql`insert into prepaid_ledger (card_id, business_id, kind, amount, day, at, queue_id, checkout_id, reason, note)
    select pc.id, e.business_id, e.kind, e.amount, e.day, least(e.at, ${now}::timestamptz), e.queue_id, e.checkout_id, e.reason, e.note
    from pp_entries e join prepaid_cards pc on pc.card_number = e.card_number
    order by e.at, e.prio, pc.id`);
  await run(sql.raw('drop table if exists pp_sold, pp_cards, pp_gift, pp_entries, pp_left'));

  if (o.cardsOnly || o.memberships <= 0) {
    await run(sql.raw('drop table if exists pp_loc, pp_cust'));
    return { cards: total, memberships: 0 };
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
      case when c.id is null then 'Member ' || m.g else ${personNameSql('c')} end, nullif(regexp_replace(c.phone, '[^0-9]', '', 'g'), ''), c.email,
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
  return { cards: total, memberships: o.memberships };
}
