import { emptyAggregate, type SalesAggregate } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Executor } from './queries';
import { rows } from './queries';

/**
 * The sums behind every sales figure (core's `SalesAggregate`) for a business over a range of
 * business days: live sales lines and checkouts (a deleted ticket's are voided), refunds by
 * the day of the ticket they belong to.
 */
export async function aggregateRange(db: Executor, businessId: number, start: string, end: string): Promise<SalesAggregate> {
  const [r] = await rows<Record<keyof SalesAggregate, string | number | null>>(
    db,
    sql`select
      (select count(*) from checkouts k where k.business_id = ${businessId} and k.checkout_day between ${start} and ${end} and k.voided_at is null) as tickets,
      (select coalesce(sum(k.tipamount), 0) from checkouts k where k.business_id = ${businessId} and k.checkout_day between ${start} and ${end} and k.voided_at is null) as tips,
      (select coalesce(sum(f.amount), 0) from refunds f where f.business_id = ${businessId} and f.day between ${start} and ${end}) as refunds,
      coalesce(sum(l.total), 0) as sales,
      coalesce(sum(l.price * l.quantity), 0) as subtotal,
      coalesce(sum(l.discount), 0) as discounts,
      coalesce(sum(l.tax), 0) as tax,
      coalesce(sum(l.total) filter (where l.kind = 'service'), 0) as services,
      coalesce(sum(l.total) filter (where l.kind = 'product'), 0) as products,
      coalesce(sum(l.total) filter (where l.kind = 'giftcard'), 0) as giftcards,
      coalesce(sum(l.quantity) filter (where l.kind = 'service'), 0) as "serviceQuantity",
      coalesce(sum(l.quantity) filter (where l.kind = 'product'), 0) as "productQuantity"
    from saleslogs l
    where l.business_id = ${businessId} and l.day between ${start} and ${end} and not l.voided`,
  );
  const out = emptyAggregate();
  if (!r) return out;
  for (const key of Object.keys(out) as (keyof SalesAggregate)[]) out[key] = Number(r[key] ?? 0);
  return out;
}

/** Net sales (sales less refunds) and tickets per day over a range, every day present. */
export async function netByDay(db: Executor, businessId: number, start: string, end: string): Promise<{ day: string; net: number; tickets: number }[]> {
  return (
    await rows<{ day: string; net: string; tickets: string }>(
      db,
      sql`with d as (select g::date as day from generate_series(${start}::date, ${end}::date, interval '1 day') g),
        s as (select day, sum(total) as total from saleslogs where business_id = ${businessId} and day between ${start} and ${end} and not voided group by day),
        k as (select checkout_day as day, count(*) as n from checkouts where business_id = ${businessId} and checkout_day between ${start} and ${end} and voided_at is null group by checkout_day),
        f as (select day, sum(amount) as amount from refunds where business_id = ${businessId} and day between ${start} and ${end} group by day)
      select d.day::text as day, (coalesce(s.total, 0) - coalesce(f.amount, 0))::bigint as net, coalesce(k.n, 0) as tickets
      from d left join s using (day) left join k using (day) left join f using (day) order by d.day`,
    )
  ).map((r) => ({ day: r.day, net: Number(r.net), tickets: Number(r.tickets) }));
}
