import { emptyAggregate, type LineKind, type SalesAggregate, type SalesSummary } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { rows } from '../db/executor';
import { byTotal } from './sales-from-lines';
import { rosterDisplayNames } from '../staff/queries';

/**
 * Sales figures from the daily rollups (sales_daily, sales_daily_items, sales_daily_staff; kept
 * by triggers in the same transaction as every write, see migration 0007): a year reads ~365
 * daily rows per location instead of every sales line. Same results as sales-from-lines.ts,
 * which `rollup.test.ts` checks after random sales, refunds, deletions and updates.
 */

const n = Number;

const AGGREGATE_COLUMNS = sql`coalesce(sum(tickets), 0) as tickets, coalesce(sum(sales), 0) as sales, coalesce(sum(subtotal), 0) as subtotal,
  coalesce(sum(discounts), 0) as discounts, coalesce(sum(tax), 0) as tax, coalesce(sum(tips), 0) as tips, coalesce(sum(refunds), 0) as refunds,
  coalesce(sum(cash + credit + gift), 0) as collected, coalesce(sum(services), 0) as services, coalesce(sum(products), 0) as products, coalesce(sum(giftcards), 0) as giftcards,
  coalesce(sum(service_quantity), 0) as "serviceQuantity", coalesce(sum(product_quantity), 0) as "productQuantity"`;

const toAggregate = (r: Record<string, string | number | null> | undefined): SalesAggregate => {
  const out = emptyAggregate();
  if (!r) return out;
  for (const key of Object.keys(out) as (keyof SalesAggregate)[]) out[key] = n(r[key] ?? 0);
  return out;
};

/** The sums behind every sales figure (core's `SalesAggregate`) for a business over a range of business days. */
export async function aggregateRange(db: Executor, businessId: number, start: string, end: string): Promise<SalesAggregate> {
  const [r] = await rows<Record<string, string | number | null>>(
    db,
    sql`select ${AGGREGATE_COLUMNS} from sales_daily where business_id = ${businessId} and day between ${start} and ${end}`,
  );
  return toAggregate(r);
}

/** Net sales (sales less refunds) and tickets per day over a range, every day present. */
export async function netByDay(db: Executor, businessId: number, start: string, end: string): Promise<{ day: string; net: number; tickets: number }[]> {
  return (
    await rows<{ day: string; net: string; tickets: string }>(
      db,
      sql`select g::date::text as day, coalesce(s.sales - s.refunds, 0) as net, coalesce(s.tickets, 0) as tickets
          from generate_series(${start}::date, ${end}::date, interval '1 day') g
          left join sales_daily s on s.business_id = ${businessId} and s.day = g::date
          order by g`,
    )
  ).map((r) => ({ day: r.day, net: n(r.net), tickets: n(r.tickets) }));
}

/** The sums of each business day of a range that had sales or tickets, with what was taken by tender. */
export async function dailySales(db: Executor, b: number, start: string, end: string): Promise<(SalesAggregate & { day: string; lines: number; cash: number; credit: number; gift: number })[]> {
  const days = await rows<Record<string, string | number | null> & { day: string }>(
    db,
    sql`select day::text as day, lines, cash, credit, gift, tickets, sales, subtotal, discounts, tax, tips, refunds, cash + credit + gift as collected, services, products, giftcards,
          service_quantity as "serviceQuantity", product_quantity as "productQuantity"
        from sales_daily where business_id = ${b} and day between ${start} and ${end} order by day`,
  );
  return days.map((d) => ({ ...toAggregate(d), day: d.day, lines: n(d.lines ?? 0), cash: n(d.cash ?? 0), credit: n(d.credit ?? 0), gift: n(d.gift ?? 0) }));
}

/** Sales by kind and by item (every item, best-selling first) over a range. */
export async function salesByItem(db: Executor, b: number, start: string, end: string) {
  const items = await rows<{ g_name: number; kind: LineKind; name: string | null; quantity: string; total: string }>(
    db,
    sql`select grouping(name) as g_name, kind, name, sum(quantity) as quantity, sum(total) as total
        from sales_daily_items where business_id = ${b} and day between ${start} and ${end}
        group by grouping sets ((kind), (kind, name)) having sum(lines) > 0`,
  );
  return {
    byKind: items
      .filter((g) => g.g_name === 1)
      .map((g) => ({ kind: g.kind, quantity: n(g.quantity), total: n(g.total) }))
      .sort(byTotal((x) => x.kind)),
    items: items
      .filter((g) => g.g_name === 0)
      .map((g) => ({ kind: g.kind, name: g.name as string, quantity: n(g.quantity), total: n(g.total) }))
      .sort(byTotal((x) => `${x.kind}\u0000${x.name}`)),
  };
}

/** Sales per staff member (by display name; `Unassigned` for lines nobody was credited with) over a range. */
export async function salesByStaff(db: Executor, b: number, start: string, end: string): Promise<SalesSummary['byStaff']> {
  const staff = await rows<{ employee_id: number | null; quantity: string; total: string }>(
    db,
    sql`select r.employee_id, sum(r.quantity) as quantity, sum(r.total) as total
        from sales_daily_staff r
        where r.business_id = ${b} and r.day between ${start} and ${end}
        group by r.employee_id having sum(r.lines) > 0`,
  );
  const staffNames = await rosterDisplayNames(db, b);
  return staff
    .map((g) => ({ employee_id: g.employee_id, name: g.employee_id === null ? 'Unassigned' : (staffNames.get(g.employee_id) ?? 'Former staff'), quantity: n(g.quantity), total: n(g.total) }))
    .sort(byTotal((x) => `${x.name}\u0000${String(x.employee_id ?? 0).padStart(10, '0')}`));
}

/** The sales summary of one location over a range. */
export async function salesSummary(db: Executor, b: number, start: string, end: string): Promise<SalesSummary> {
  const [days, items, byStaff] = [await dailySales(db, b, start, end), await salesByItem(db, b, start, end), await salesByStaff(db, b, start, end)];
  const totals = emptyAggregate();
  for (const d of days) for (const key of Object.keys(totals) as (keyof SalesAggregate)[]) totals[key] += d[key];
  return {
    start,
    end,
    totals,
    tender: { cash: days.reduce((s, d) => s + d.cash, 0), credit: days.reduce((s, d) => s + d.credit, 0), gift: days.reduce((s, d) => s + d.gift, 0) },
    byKind: items.byKind,
    byStaff,
    byDay: days.filter((d) => d.lines > 0 || d.tickets > 0).map((d) => ({ day: d.day, tickets: d.tickets, total: d.sales })),
    topItems: items.items.slice(0, 10),
  };
}
