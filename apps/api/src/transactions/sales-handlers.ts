import { endpoints, isAdmin } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { visibleBusinesses } from '../businesses/queries';
import { notFound, pleaseLogIn } from '../http/errors';
import { implement } from '../http/registry';
import { aggregateRange, salesSummary } from './sales-from-rollup';
import { checkRange } from './handlers';
import { rows } from './queries';

/** The sales summary and aggregate sales reports (daily reports `sales` and `aggregate-sales`). */
export function salesHandlers() {
  const e = endpoints.sales;
  return [
    implement(e.summary, async ({ query }, ctx) => {
      if (!ctx.business) throw notFound();
      checkRange(query.start, query.end);
      return salesSummary(ctx.db, ctx.business.id, query.start, query.end);
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
