import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { lineColumnsOf, lineNetSql, lineTaxSql, lineTotalSql } from '../transactions/line-amounts';

/**
 * Set-based generation of a location's transactions: customers, tickets (queue), checkouts, sales
 * lines, card payments, refunds and the history of deletions and refunds, for `days` business
 * days ending today (today only up to `now`, its latest tickets still in the queue or in service).
 *
 * Everything is computed inside PostgreSQL with `generate_series` and a hash of a row key
 * (`hashint8extended(key, seed)`), so it is deterministic for a given seed, day range and catalogue,
 * and a year for five locations takes seconds. Line taxes and totals are core's `lineAmounts` as
 * SQL (`transactions/line-amounts.ts`, property-tested equal to core), the discount being the line's.
 *
 * The mix, per day (about `perDay` tickets, fewer on Sundays, more on Fridays and Saturdays):
 * ~95 % completed, ~2.5 % deleted after service, ~1.5 % deleted before service, a few DELETED and
 * CHECKOUT without a checkout record; 1–3 lines a ticket (services, retail, gift cards),
 * discounts on ~10 % of lines, tips on ~70 % of tickets, cash / credit / gift / split tenders,
 * ~1 % of card payments in bypass mode, refunds on ~1.2 % of sales (about a third of them made one
 * to three days after the sale, each counted on the day it was made).
 */
export interface TransactionSeedOptions {
  businessId: number;
  networkId: number | null;
  timezone: string;
  taxrate: number;
  /** Business days to generate, ending today. */
  days: number;
  /** Average tickets per day. */
  perDay: number;
  /** Exactly `perDay` tickets every day (benchmarks), instead of the weekly rhythm. */
  flat?: boolean;
  /** The clock. */
  now: Date;
  /** The fixed seed (mixed with the business id). */
  seed: number;
  /** Who refunded and deleted the demo tickets (the owner). */
  actorUserId: number | null;
  actorName: string;
  /** The card processor of the location. */
  provider: 'stripe' | 'nmi';
  /** Customers to create first (0: use the location's existing ones). */
  customers?: number;
  /** Only these days (default: `days` days ending today in the business's time zone). */
  startDay?: string;
  endDay?: string;
  /**
   * A temporary table of who worked when (`employee_id`, `day`, `starts`, `ends`; the demo's
   * timesheets): each ticket then goes to someone at work at its check-in (else the nearest at
   * work that day), not to anyone at random.
   */
  onShift?: string;
}

const FIRST = ['Ava', 'Mia', 'Noah', 'Liam', 'Zoe', 'Ivy', 'Leo', 'Ruby', 'Kai', 'Nina', 'Omar', 'Priya', 'Sofia', 'Theo', 'Yuki', 'Elena', 'Maya', 'Jonah', 'Lena', 'Arjun', 'Chloe', 'Diego', 'Hana', 'Ravi', 'Grace', 'Isla', 'Ethan', 'Lucas', 'Amara', 'Sana'];
const LAST = ['Bennett', 'Carter', 'Diaz', 'Evans', 'Flores', 'Gupta', 'Hayes', 'Ito', 'Khan', 'Lopez', 'Moreau', 'Nguyen', 'Okafor', 'Patel', 'Quinn', 'Rossi', 'Sato', 'Thapa', 'Walsh', 'Young', 'Kim', 'Silva', 'Cohen', 'Berg'];
const REFUND_REASONS = ['Customer unhappy with service', 'Product returned', 'Charged twice', 'Price adjustment', 'Service not completed'];
const REMOVE_REASONS = ['Customer left', 'Duplicate ticket', 'Entered by mistake', 'Customer no-show', 'Rescheduled'];
const BRANDS = ['Visa', 'Mastercard', 'Amex', 'Discover'];

const textArray = (items: readonly string[]) => sql`array[${sql.join(items.map((i) => sql`${i}`), sql`, `)}]::text[]`;

export async function seedTransactions(tx: Executor, o: TransactionSeedOptions): Promise<{ tickets: number; lines: number }> {
  const b = o.businessId;
  const s = o.seed + b * 1_000;
  const run = (query: ReturnType<typeof sql>) => tx.execute(query);

  await run(sql.raw(`create or replace function pg_temp.sd_r(k bigint, salt bigint) returns float8 language sql immutable parallel safe as
    $$ select (hashint8extended(k, salt) & 9007199254740991)::float8 / 9007199254740992::float8 $$`));

  if ((o.customers ?? 0) > 0) {
    await run(sql`
      insert into customers (business_id, network_id, phone_type, phone, firstname, lastname, email, loyalty_points)
      select ${b}, ${o.networkId}::int,
        case when pg_temp.sd_r(g, ${s + 1}) < 0.04 then 'GUEST' when pg_temp.sd_r(g, ${s + 1}) < 0.08 then 'TEMP' else 'MOBILE' end,
        '555' || lpad((floor(pg_temp.sd_r(g, ${s + 2}) * 9999999))::bigint::text, 7, '0'),
        f.name, l.name,
        case when pg_temp.sd_r(g, ${s + 3}) < 0.7 then lower(f.name || '.' || l.name || g || '@example.com') end,
        0
      from generate_series(1, ${o.customers}::int) g
      cross join lateral (select (${textArray(FIRST)})[1 + floor(pg_temp.sd_r(g, ${s + 4}) * ${FIRST.length})::int] as name) f
      cross join lateral (select (${textArray(LAST)})[1 + floor(pg_temp.sd_r(g, ${s + 5}) * ${LAST.length})::int] as name) l`);
  }

  await run(sql.raw(`drop table if exists sd_staff, sd_cust, sd_svc, sd_gift, sd_prod, sd_t, sd_l`));
  await run(sql`create temp table sd_staff as select (row_number() over (order by id) - 1)::int as ord, id, name from staff where business_id = ${b} and status = 'ACTIVE' and deleted_at is null`);
  await run(sql`create temp table sd_cust as select (row_number() over (order by id) - 1)::int as ord, id from customers where business_id = ${b}`);
  await run(sql`create temp table sd_svc as select (row_number() over (order by id) - 1)::int as ord, id, name, price, (attributes->>'taxable')::boolean as taxable
    from services where business_id = ${b} and giftcard = 0 and deleted_at is null and price > 0`);
  await run(sql`create temp table sd_gift as select (row_number() over (order by id) - 1)::int as ord, id, name, price from services where business_id = ${b} and giftcard in (2, 3) and deleted_at is null`);
  await run(sql`create temp table sd_prod as select (row_number() over (order by id) - 1)::int as ord, id, name, price, (attributes->>'taxable')::boolean as taxable
    from products where business_id = ${b} and deleted_at is null and price > 0`); // a product without a price (backbar, supplies) is not sold
  const counts = (await run(sql`select (select count(*) from sd_staff)::int as staff, (select count(*) from sd_cust)::int as cust,
    (select count(*) from sd_svc)::int as svc, (select count(*) from sd_gift)::int as gift, (select count(*) from sd_prod)::int as prod,
    (timezone(${o.timezone}, ${o.now.toISOString()}::timestamptz))::date::text as today`)).rows[0] as {
    staff: number;
    cust: number;
    svc: number;
    gift: number;
    prod: number;
    today: string;
  };
  if (counts.staff === 0 || counts.svc === 0) return { tickets: 0, lines: 0 };
  const endDay = o.endDay ?? counts.today;
  const now = o.now.toISOString();

  // Tickets: one row per ticket with everything drawn from its key.
  await run(sql`
    create temp table sd_t as
    with days as (
      select d::date as day, (d::date - date '2000-01-01') as ord
      from generate_series(coalesce(${o.startDay ?? null}::date, ${endDay}::date - (${o.days}::int - 1)), ${endDay}::date, interval '1 day') d
    ), counts as (
      select day, ord, case when ${o.flat ?? false}::boolean then ${o.perDay}::int
        else greatest(1, round(${o.perDay}::int * (case extract(dow from day) when 0 then 0.6 when 5 then 1.15 when 6 then 1.3 else 1 end)
        * (0.85 + 0.3 * pg_temp.sd_r(ord, ${s + 10}))))::int end as n
      from days
    ), raw as (
      select c.day, (c.ord::bigint * 100000 + i) as k from counts c, generate_series(1, c.n) i
    ), timed as (
      select day, k, (((day + time '09:00') + pg_temp.sd_r(k, ${s + 11}) * interval '11 hours') at time zone ${o.timezone}) as checkin_at
      from raw
    ), placed as (
      select t.*,
        case
          when checkin_at > ${now}::timestamptz - interval '25 minutes' then case when pg_temp.sd_r(k, ${s + 12}) < 0.5 then 'CHECKIN' else 'ASSIGNED' end
          when checkin_at > ${now}::timestamptz - interval '80 minutes' then (array['ACTIVE','ACTIVE','PAYMENTREADY','CHECKOUTREADY'])[1 + floor(pg_temp.sd_r(k, ${s + 12}) * 4)::int]
          when pg_temp.sd_r(k, ${s + 12}) < 0.004 then 'DELETED'
          when pg_temp.sd_r(k, ${s + 12}) < 0.006 then 'CHECKOUT_NOREC'
          when pg_temp.sd_r(k, ${s + 12}) < 0.031 then 'SERVICE_NOCHECKOUT'
          when pg_temp.sd_r(k, ${s + 12}) < 0.046 then 'CHECKIN_NOSERVICE'
          else 'CHECKOUT'
        end as state
      from timed t
      where checkin_at <= ${now}::timestamptz
    )
    select
      (select coalesce(max(id), 0) from queue) + row_number() over (order by checkin_at, k) as id,
      k, day, checkin_at, state,
      floor(pg_temp.sd_r(k, ${s + 13}) * ${counts.staff})::int as staff_ord,
      case when pg_temp.sd_r(k, ${s + 14}) < 0.85 and ${counts.cust}::int > 0 then floor(pg_temp.sd_r(k, ${s + 15}) * ${counts.cust})::int end as cust_ord,
      floor(pg_temp.sd_r(k, ${s + 16}) * ${counts.svc})::int as svc_ord,
      case when pg_temp.sd_r(k, ${s + 17}) < 0.6 then 1 when pg_temp.sd_r(k, ${s + 17}) < 0.9 then 2 else 3 end as n_lines,
      case when state in ('ACTIVE','PAYMENTREADY','CHECKOUTREADY','CHECKOUT','CHECKOUT_NOREC','SERVICE_NOCHECKOUT','DELETED')
        then checkin_at + (5 + pg_temp.sd_r(k, ${s + 18}) * 20) * interval '1 minute' end as service_at
    from placed`);
  if (o.onShift) {
    // Someone at work at the check-in, at random among them; else whoever's hours that day come nearest.
    await run(sql.raw(`update sd_t t set staff_ord = p.ord from (
      select t2.id, (select st.ord from ${o.onShift} w join sd_staff st on st.id = w.employee_id
        where w.day = t2.day
        order by greatest(w.starts - t2.checkin_at, t2.checkin_at - w.ends, interval '0'), hashint8extended(t2.k * 97 + st.ord, ${s + 22})
        limit 1) as ord
      from sd_t t2) p
      where p.id = t.id and p.ord is not null`));
  }
  await run(sql`alter table sd_t add column checkout_at timestamptz`);
  // Temporary tables are never analyzed on their own: without statistics a big run gets poor plans.
  await run(sql.raw('analyze sd_t, sd_staff, sd_cust, sd_svc, sd_gift, sd_prod'));
  await run(sql`update sd_t set checkout_at = least(service_at + (25 + pg_temp.sd_r(k, ${s + 19}) * 70) * interval '1 minute', ${now}::timestamptz)
    where state in ('CHECKOUT', 'CHECKOUT_NOREC')`);

  await run(sql`
    insert into queue (id, business_id, network_id, customer_id, status, day, requested, checkin_at, service_at, checkout_at, updated_at, serviced_by, details)
    select t.id, ${b}, ${o.networkId}::int, c.id,
      case when t.state = 'CHECKOUT_NOREC' then 'CHECKOUT' else t.state end,
      t.day, jsonb_build_array(jsonb_build_object('id', sv.id, 'name', sv.name)),
      t.checkin_at, t.service_at, t.checkout_at, coalesce(t.checkout_at, t.service_at, t.checkin_at), st.id,
      case
        when t.state in ('SERVICE_NOCHECKOUT', 'CHECKIN_NOSERVICE', 'DELETED') then jsonb_build_array(
          jsonb_build_object('name', 'removedetail', 'value', (${textArray(REMOVE_REASONS)})[1 + floor(pg_temp.sd_r(t.k, ${s + 20}) * ${REMOVE_REASONS.length})::int]),
          jsonb_build_object('name', 'removed_by', 'value', ${o.actorName}::text))
        when pg_temp.sd_r(t.k, ${s + 21}) < 0.05 then jsonb_build_array(jsonb_build_object('name', 'appointmentnotes', 'value', 'Prefers a quiet chair; sensitive scalp.'))
        else '[]'::jsonb
      end
    from sd_t t
    join sd_staff st on st.ord = t.staff_ord
    join sd_svc sv on sv.ord = t.svc_ord
    left join sd_cust c on c.ord = t.cust_ord`);

  // Sales lines of the tickets that were checked out.
  await run(sql`
    create temp table sd_l as
    with base as (
      select t.id as queue_id, t.day, st.id as employee_id, t.svc_ord, ln, (t.k * 10 + ln) as lk,
        case when ln = 1 then
          case when pg_temp.sd_r(t.k * 10 + ln, ${s + 30}) < 0.035 and ${counts.gift}::int > 0 then 'giftcard'
               when pg_temp.sd_r(t.k * 10 + ln, ${s + 30}) < 0.075 and ${counts.prod}::int > 0 then 'product' else 'service' end
        else case when pg_temp.sd_r(t.k * 10 + ln, ${s + 30}) < 0.55 and ${counts.prod}::int > 0 then 'product' else 'service' end
        end as kind
      from sd_t t join sd_staff st on st.ord = t.staff_ord, generate_series(1, t.n_lines) ln
      where t.state = 'CHECKOUT'
    ), priced as (
      select b.*,
        coalesce(sv.id, g.id) as service_id, p.id as product_id,
        coalesce(sv.name, g.name, p.name) as name,
        coalesce(sv.price, g.price, p.price) as price,
        case b.kind when 'service' then sv.taxable when 'product' then p.taxable end as taxable,
        case when b.kind = 'product' and pg_temp.sd_r(b.lk, ${s + 31}) < 0.15 then 2 else 1 end as quantity,
        case when b.kind <> 'giftcard' and pg_temp.sd_r(b.lk, ${s + 32}) < 0.1
          then (case when pg_temp.sd_r(b.lk, ${s + 33}) < 0.6 then 10 else 20 end) else 0 end as pct
      from base b
      left join sd_svc sv on b.kind = 'service' and sv.ord = case when b.ln = 1 then b.svc_ord else floor(pg_temp.sd_r(b.lk, ${s + 34}) * ${counts.svc})::int end
      left join sd_gift g on b.kind = 'giftcard' and g.ord = floor(pg_temp.sd_r(b.lk, ${s + 35}) * greatest(${counts.gift}::int, 1))::int
      left join sd_prod p on b.kind = 'product' and p.ord = floor(pg_temp.sd_r(b.lk, ${s + 36}) * greatest(${counts.prod}::int, 1))::int
    ), amounts as (
      -- The discount is the line's (core's money-lines): pct of the line, price × quantity.
      select p.*, (p.price * p.quantity * p.pct / 100) as discount from priced p
    )
    select a.*, ${lineTaxSql(lineColumnsOf('a'), sql`${String(o.taxrate)}`)} as tax
    from amounts a`);

  await run(sql.raw('analyze sd_l'));
  await run(sql`
    insert into checkouts (id, business_id, queue_id, cashamount, creditamount, giftamount, tipamount, coupons, subtotal, discount, tax, total,
      employee_id, payeetips, paidtips, bypass, checkout_day, created_at)
    with agg as (
      select l.queue_id, sum(l.price * l.quantity)::int as subtotal, sum(l.discount)::int as discount, sum(l.tax)::int as tax,
        sum(${lineTotalSql(lineColumnsOf('l'), sql.raw('l.tax'))})::int as total,
        sum(case when l.kind = 'service' then ${lineNetSql(lineColumnsOf('l'))} else 0 end)::int as svc,
        bool_or(l.discount > 0) as discounted
      from sd_l l group by l.queue_id
    ), tipped as (
      select a.*, t.k, t.day, t.checkout_at, st.id as employee_id,
        case when a.svc > 0 and pg_temp.sd_r(t.k, ${s + 40}) < 0.7 then (round(a.svc * (0.15 + 0.1 * pg_temp.sd_r(t.k, ${s + 41})) / 50) * 50)::int else 0 end as tip,
        pg_temp.sd_r(t.k, ${s + 42}) as rt
      from agg a join sd_t t on t.id = a.queue_id join sd_staff st on st.ord = t.staff_ord
    ), paid as (
      select x.*, x.total + x.tip as paid from tipped x
    ), split as (
      select p.*,
        case when p.rt < 0.30 then p.paid when p.rt >= 0.93 then least(p.paid, (round(p.paid * 0.4 / 100) * 100)::int) else 0 end as cash,
        case when p.rt >= 0.85 and p.rt < 0.93 then least(p.paid, case when pg_temp.sd_r(p.k, ${s + 43}) < 0.5 then 5000 else 10000 end) else 0 end as gift
      from paid p
    )
    select queue_id, ${b}, queue_id, cash, paid - cash - gift, gift, tip,
      case when discounted then '["SPRING10"]'::jsonb else '[]'::jsonb end,
      subtotal, discount, tax, total, employee_id, tip, tip,
      (paid - cash - gift) > 0 and pg_temp.sd_r(k, ${s + 44}) < 0.01, day, checkout_at
    from split`);

  await run(sql`
    insert into saleslogs (business_id, queue_id, checkout_id, day, kind, service_id, product_id, name, price, discount, quantity, tax, total, employee_id)
    select ${b}, l.queue_id, l.queue_id, l.day, l.kind, case when l.kind = 'product' then null else l.service_id end, l.product_id, l.name,
      l.price, l.discount, l.quantity, l.tax, ${lineTotalSql(lineColumnsOf('l'), sql.raw('l.tax'))}, l.employee_id
    from sd_l l order by l.queue_id, l.ln`);

  await run(sql`
    insert into payments (business_id, queue_id, day, provider, amount, auth_code, auth_guid, charge_status, card_brand, card_last4, created_at)
    select ${b}, c.queue_id, c.checkout_day, ${o.provider}, c.creditamount,
      upper(substr(md5(t.k::text || ${s}), 1, 6)), md5(t.k::text || 'guid' || ${s}), 'CAPTURE',
      (${textArray(BRANDS)})[1 + floor(pg_temp.sd_r(t.k, ${s + 50}) * ${BRANDS.length})::int],
      lpad(floor(pg_temp.sd_r(t.k, ${s + 51}) * 10000)::int::text, 4, '0'), c.created_at
    from checkouts c join sd_t t on t.id = c.queue_id
    where c.business_id = ${b} and c.creditamount > 0
    order by c.queue_id`);

  // Refunds on a few sales, by the owner, with a reason. Each is dated when it is made, as the API
  // dates them: most the same day (20 to 110 minutes after the checkout), some one to three days
  // later; never after now (then it is made 20 minutes after the checkout, or now). Its business
  // day is that instant's day in the business's time zone: on or after the ticket's day.
  await run(sql`
    with chosen as (
      select c.id, c.queue_id, c.checkout_day, c.created_at, t.k,
        least(c.cashamount + c.creditamount + c.giftamount,
          greatest(100, (round((c.cashamount + c.creditamount + c.giftamount) * (0.25 + 0.75 * pg_temp.sd_r(t.k, ${s + 60})) / 100) * 100)::int)) as amount,
        c.created_at + interval '20 minutes' + pg_temp.sd_r(t.k, ${s + 63}) * interval '90 minutes'
          + case when pg_temp.sd_r(t.k, ${s + 64}) < 0.65 then interval '0' else (1 + floor(pg_temp.sd_r(t.k, ${s + 65}) * 3)::int) * interval '1 day' end as planned
      from checkouts c join sd_t t on t.id = c.queue_id
      where c.business_id = ${b} and pg_temp.sd_r(t.k, ${s + 61}) < 0.012 and c.cashamount + c.creditamount + c.giftamount > 0
    ), dated as (
      select ch.*, case when ch.planned <= ${now}::timestamptz then ch.planned else least(ch.created_at + interval '20 minutes', ${now}::timestamptz) end as at
      from chosen ch
    ), refunded as (
      insert into refunds (business_id, queue_id, checkout_id, day, amount, reason, note, refunded_by, created_at)
      select ${b}, queue_id, id, timezone(${o.timezone}, at)::date, amount, (${textArray(REFUND_REASONS)})[1 + floor(pg_temp.sd_r(k, ${s + 62}) * ${REFUND_REASONS.length})::int],
        'Approved at the desk.', ${o.actorUserId}::int, at
      from dated
      returning queue_id, checkout_id, day, amount, reason, note, created_at
    ), updated as (
      update checkouts c set refunded = r.amount from refunded r where c.id = r.checkout_id returning c.id
    )
    insert into transaction_history (business_id, queue_id, day, action, user_id, reason, note, amount, detail, created_at)
    select ${b}, queue_id, day, 'REFUND', ${o.actorUserId}::int, reason, note, amount, '{}'::jsonb, created_at from refunded`);

  // Deletions, dated when made (10 minutes after the ticket's last change, never after now).
  await run(sql`
    insert into transaction_history (business_id, queue_id, day, action, user_id, reason, note, detail, created_at)
    select ${b}, q.id, timezone(${o.timezone}, x.at)::date, 'DELETE', ${o.actorUserId}::int,
      (select d->>'value' from jsonb_array_elements(q.details) d where d->>'name' = 'removedetail'),
      'Removed at the end of the day.', jsonb_build_object('status', q.status, 'src', 'pos'), x.at
    from queue q join sd_t t on t.id = q.id
    cross join lateral (select least(q.updated_at + interval '10 minutes', ${now}::timestamptz) as at) x
    where q.status in ('SERVICE_NOCHECKOUT', 'CHECKIN_NOSERVICE', 'DELETED')`);

  await run(sql`update customers c set loyalty_points = (x.n * 3) % 25
    from (select customer_id, count(*)::int as n from queue q join sd_t t on t.id = q.id where q.customer_id is not null group by customer_id) x
    where c.id = x.customer_id`);

  for (const table of ['queue', 'checkouts', 'saleslogs', 'payments', 'refunds', 'transaction_history', 'customers']) {
    await run(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select coalesce(max(id), 0) from ${table}), 1))`));
  }
  const result = (await run(sql`select (select count(*) from sd_t)::int as tickets, (select count(*) from sd_l)::int as lines`)).rows[0] as { tickets: number; lines: number };
  await run(sql.raw(`drop table if exists sd_staff, sd_cust, sd_svc, sd_gift, sd_prod, sd_t, sd_l`));
  return result;
}
