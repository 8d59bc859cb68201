import { type AggregateSales, endpoints, isAdmin } from '@salondesk/core';
import type { AuthState } from '../auth/sessions';
import { sql } from 'drizzle-orm';
import { type BusinessRow, visibleBusinesses } from '../businesses/queries';
import type { Database } from '../db/client';
import { notFound, pleaseLogIn } from '../http/errors';
import { implement } from '../http/registry';
import { aggregateRange, salesSummary } from './sales-from-rollup';
import { checkRange } from './handlers';
import { rows } from './queries';

/**
 * Aggregate sales: the locations of this business's network that the user may see (just this one
 * when it has no network), each with its totals over the range, in its own currency.
 */
export async function aggregateSalesReport(db: Database, auth: AuthState, here: BusinessRow, start: string, end: string): Promise<AggregateSales> {
  const locations = await networkLocations(db, auth, here);
  const infos = new Map(
    (await rows<{ id: number; symbol: string | null }>(db, sql`select id, info->'translationData'->>'currencySymbol' as symbol from businesses where id in ${locations.map((l) => l.id)}`)).map((r) => [r.id, r.symbol]),
  );
  const out = [];
  for (const location of locations) {
    out.push({ business_id: location.id, name: location.name, currencySymbol: infos.get(location.id) ?? '$', totals: await aggregateRange(db, location.id, start, end) });
  }
  return { start, end, locations: out };
}

/** The locations of this business's network that the user may see (just this one when it has no network), by id. */
export async function networkLocations(db: Database, auth: AuthState, here: BusinessRow): Promise<{ id: number; name: string; network_id: number | null }[]> {
  const visible = isAdmin(auth.user)
    ? await rows<{ id: number; network_id: number | null; name: string }>(db, sql`select id, network_id, name from businesses where network_id = ${here.network_id} order by id`)
    : (await visibleBusinesses(db, auth)).filter((b) => b.network_id !== null && b.network_id === here.network_id);
  return visible.length > 0 ? visible : [{ id: here.id, name: here.name, network_id: here.network_id }];
}

/** The currency code of each location (the aggregate-sales export names it per row). */
export async function currenciesOf(db: Database, ids: readonly number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  return new Map((await rows<{ id: number; currency: string | null }>(db, sql`select id, info->>'currency' as currency from businesses where id in ${ids}`)).map((r) => [r.id, r.currency]));
}

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
      return aggregateSalesReport(ctx.db, ctx.auth, ctx.business, query.start, query.end);
    }),
  ];
}
