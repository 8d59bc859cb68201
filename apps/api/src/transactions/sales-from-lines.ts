import { emptyAggregate, type LineKind, type SalesAggregate, type SalesSummary } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { rows } from '../db/executor';
import { rosterDisplayNames } from '../staff/queries';

/**
 * The definition of every sales figure, computed from the raw rows: live sales lines and
 * checkouts (a deleted ticket's are voided), refunds by the business day they were made.
 * The reports read the daily rollups instead (sales-from-rollup.ts); this is what the rollup
 * tests (rollup.test.ts) hold them to, and the benchmark's reference.
 */

const n = Number;

/** Breakdowns in a stable order: biggest total first, then by name. */
export const byTotal = <T extends { total: number }>(key: (x: T) => string) => (a: T, b: T) => b.total - a.total || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/**
 * The sums behind every sales figure (core's `SalesAggregate`) for a business over a range of
 * business days; with `until`, only what had happened by that instant (checkouts and their lines
 * recorded, refunds made), for "yesterday up to the same time" on the home dashboard.
 */
export async function aggregateFromLines(db: Executor, businessId: number, start: string, end: string, options: { until?: Date } = {}): Promise<SalesAggregate> {
  const until = options.until?.toISOString() ?? null;
  const checkouts = sql`checkouts k where k.business_id = ${businessId} and k.checkout_day between ${start} and ${end} and k.voided_at is null
    and (${until}::timestamptz is null or k.created_at <= ${until}::timestamptz)`;
  const [r] = await rows<Record<keyof SalesAggregate, string | number | null>>(
    db,
    sql`select
      (select count(*) from ${checkouts}) as tickets,
      (select coalesce(sum(k.tipamount), 0) from ${checkouts}) as tips,
      (select coalesce(sum(k.cashamount + k.creditamount + k.giftamount), 0) from ${checkouts}) as collected,
      (select coalesce(sum(f.amount), 0) from refunds f where f.business_id = ${businessId} and f.day between ${start} and ${end}
        and (${until}::timestamptz is null or f.created_at <= ${until}::timestamptz)) as refunds,
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
    where l.business_id = ${businessId} and l.day between ${start} and ${end} and not l.voided
      and (${until}::timestamptz is null or exists (select 1 from checkouts lk where lk.id = l.checkout_id and lk.created_at <= ${until}::timestamptz))`,
  );
  const out = emptyAggregate();
  if (!r) return out;
  for (const key of Object.keys(out) as (keyof SalesAggregate)[]) out[key] = n(r[key] ?? 0);
  return out;
}

/** The sales summary of one location over a range, from the raw lines. */
export async function summaryFromLines(db: Executor, b: number, start: string, end: string): Promise<SalesSummary> {
  // One pass over the lines for every breakdown (grouping sets), one over the checkouts.
  const grouped = await rows<{ g_kind: number; g_staff: number; g_day: number; kind: LineKind | null; employee_id: number | null; day: string | null; name: string | null; quantity: string; total: string }>(
    db,
    sql`select grouping(kind) as g_kind, grouping(employee_id) as g_staff, grouping(day) as g_day,
          kind, employee_id, day::text as day, name, sum(quantity) as quantity, sum(total) as total
        from saleslogs where business_id = ${b} and day between ${start} and ${end} and not voided
        group by grouping sets ((kind), (employee_id), (day), (kind, name))`,
  );
  const tenders = await rows<{ day: string; tickets: string; cash: string; credit: string; gift: string }>(
    db,
    sql`select checkout_day::text as day, count(*) as tickets, sum(cashamount) as cash, sum(creditamount) as credit, sum(giftamount) as gift
        from checkouts where business_id = ${b} and checkout_day between ${start} and ${end} and voided_at is null group by checkout_day`,
  );
  const staffNames = await rosterDisplayNames(db, b);
  const totals = await aggregateFromLines(db, b, start, end);

  const byKind = grouped.filter((g) => g.g_kind === 0 && g.name === null && g.g_staff === 1 && g.g_day === 1);
  const byStaff = grouped.filter((g) => g.g_staff === 0);
  const byDayLines = new Map(grouped.filter((g) => g.g_day === 0).map((g) => [g.day as string, n(g.total)]));
  const items = grouped.filter((g) => g.g_kind === 0 && g.name !== null);
  const days = new Set([...byDayLines.keys(), ...tenders.map((t) => t.day)]);
  return {
    start,
    end,
    totals,
    tender: {
      cash: tenders.reduce((s, t) => s + n(t.cash), 0),
      credit: tenders.reduce((s, t) => s + n(t.credit), 0),
      gift: tenders.reduce((s, t) => s + n(t.gift), 0),
    },
    byKind: byKind.map((g) => ({ kind: g.kind as LineKind, quantity: n(g.quantity), total: n(g.total) })).sort(byTotal((x) => x.kind)),
    byStaff: byStaff
      .map((g) => ({ employee_id: g.employee_id, name: g.employee_id === null ? 'Unassigned' : (staffNames.get(g.employee_id) ?? 'Former staff'), quantity: n(g.quantity), total: n(g.total) }))
      .sort(byTotal((x) => `${x.name}\u0000${String(x.employee_id ?? 0).padStart(10, '0')}`)),
    byDay: [...days].sort().map((day) => ({ day, tickets: n(tenders.find((t) => t.day === day)?.tickets ?? 0), total: byDayLines.get(day) ?? 0 })),
    topItems: items
      .map((g) => ({ kind: g.kind as LineKind, name: g.name as string, quantity: n(g.quantity), total: n(g.total) }))
      .sort(byTotal((x) => `${x.kind}\u0000${x.name}`))
      .slice(0, 10),
  };
}
