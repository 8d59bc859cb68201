import type { AggregateSales } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { AuthState } from '../auth/authState';
import { type BusinessRow, networkLocations } from '../businesses/queries';
import type { Database } from '../db/client';
import { rows } from '../db/executor';
import { aggregateRange } from './sales-from-rollup';

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

/** The currency code of each location (the aggregate-sales export names it per row). */
export async function currenciesOf(db: Database, ids: readonly number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  return new Map((await rows<{ id: number; currency: string | null }>(db, sql`select id, info->>'currency' as currency from businesses where id in ${ids}`)).map((r) => [r.id, r.currency]));
}
