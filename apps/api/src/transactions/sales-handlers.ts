import { endpoints, isAdmin, type LineKind } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { visibleBusinesses } from '../businesses/queries';
import { notFound, pleaseLogIn } from '../http/errors';
import { implement } from '../http/registry';
import { aggregateRange } from './aggregates';
import { checkRange } from './handlers';
import { rows } from './queries';

/** The sales summary and aggregate sales reports (daily reports `sales` and `aggregate-sales`). */
export function salesHandlers() {
  const e = endpoints.sales;
  return [
    implement(e.summary, async ({ query }, ctx) => {
      if (!ctx.business) throw notFound();
      const b = ctx.business.id;
      const { start, end } = query;
      checkRange(start, end);
      // One pass over the lines for every breakdown (grouping sets), one over the checkouts.
      const grouped = await rows<{ g_kind: number; g_staff: number; g_day: number; kind: LineKind | null; employee_id: number | null; day: string | null; name: string | null; quantity: string; total: string }>(
        ctx.db,
        sql`select grouping(kind) as g_kind, grouping(employee_id) as g_staff, grouping(day) as g_day,
              kind, employee_id, day::text as day, name, sum(quantity) as quantity, sum(total) as total
            from saleslogs where business_id = ${b} and day between ${start} and ${end} and not voided
            group by grouping sets ((kind), (employee_id), (day), (kind, name))`,
      );
      const tenders = await rows<{ day: string; tickets: string; cash: string; credit: string; gift: string }>(
        ctx.db,
        sql`select checkout_day::text as day, count(*) as tickets, sum(cashamount) as cash, sum(creditamount) as credit, sum(giftamount) as gift
            from checkouts where business_id = ${b} and checkout_day between ${start} and ${end} and voided_at is null group by checkout_day`,
      );
      const staffNames = new Map(
        (await rows<{ id: number; name: string }>(ctx.db, sql`select id, name from staff where business_id = ${b}`)).map((s) => [s.id, s.name]),
      );
      const totals = await aggregateRange(ctx.db, b, start, end);

      const n = Number;
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
        byKind: byKind.map((g) => ({ kind: g.kind as LineKind, quantity: n(g.quantity), total: n(g.total) })).sort((a, b) => b.total - a.total),
        byStaff: byStaff
          .map((g) => ({ employee_id: g.employee_id, name: g.employee_id === null ? 'Unassigned' : (staffNames.get(g.employee_id) ?? 'Former staff'), quantity: n(g.quantity), total: n(g.total) }))
          .sort((a, b) => b.total - a.total),
        byDay: [...days].sort().map((day) => ({ day, tickets: n(tenders.find((t) => t.day === day)?.tickets ?? 0), total: byDayLines.get(day) ?? 0 })),
        topItems: items
          .map((g) => ({ kind: g.kind as LineKind, name: g.name as string, quantity: n(g.quantity), total: n(g.total) }))
          .sort((a, b) => b.total - a.total)
          .slice(0, 10),
      };
    }),

    implement(e.aggregate, async ({ query }, ctx) => {
      if (!ctx.business) throw notFound();
      if (!ctx.auth) throw pleaseLogIn();
      checkRange(query.start, query.end);
      const here = ctx.business;
      // The locations of this business's network that this user may see (just this one when it has no network).
      const visible = isAdmin(ctx.auth.user)
        ? await rows<{ id: number; network_id: number | null; name: string }>(ctx.db, sql`select id, network_id, name from businesses where network_id = ${here.network_id} order by id`)
        : (await visibleBusinesses(ctx.db, ctx.auth)).filter((b) => b.network_id !== null && b.network_id === here.network_id);
      const locations = visible.length > 0 ? visible : [{ id: here.id, name: here.name, network_id: here.network_id }];
      const infos = new Map(
        (await rows<{ id: number; symbol: string | null }>(ctx.db, sql`select id, info->'translationData'->>'currencySymbol' as symbol from businesses where id in ${locations.map((l) => l.id)}`)).map((r) => [r.id, r.symbol]),
      );
      const out = [];
      for (const location of locations) {
        out.push({ business_id: location.id, name: location.name, currencySymbol: infos.get(location.id) ?? '$', totals: await aggregateRange(ctx.db, location.id, query.start, query.end) });
      }
      return { start: query.start, end: query.end, locations: out };
    }),
  ];
}
