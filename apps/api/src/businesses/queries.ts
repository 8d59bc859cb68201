import { type BusinessSummary, type Business, isAdmin } from '@salondesk/core';
import { asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AuthState } from '../auth/authState';
import type { Database } from '../db/client';
import { rows } from '../db/executor';
import { businesses } from '../db/schema';

export type BusinessRow = typeof businesses.$inferSelect;

const businessByIdStatements = new WeakMap<Database, ReturnType<typeof prepareBusinessById>>();
const prepareBusinessById = (db: Database) =>
  db.select().from(businesses).where(eq(businesses.id, sql.placeholder('id'))).limit(1).prepare('business_by_id');

/** One business by id (every business-scoped request runs it, as a prepared statement). */
export async function findBusiness(db: Database, id: number): Promise<BusinessRow | undefined> {
  let statement = businessByIdStatements.get(db);
  if (!statement) {
    statement = prepareBusinessById(db);
    businessByIdStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  return row;
}

/** A row as core's `business` model describes it on the wire. */
export const toBusiness = (row: BusinessRow): Business => ({
  id: row.id,
  network_id: row.network_id,
  name: row.name,
  status: row.status,
  timezone: row.timezone,
  reportsettings: row.reportsettings,
  info: { ...row.info, waiversEnabled: row.waivers_enabled },
});

/** Business summaries (the fields a switcher or an admin list needs), by id; all of them without `where`. */
export function businessSummaries(db: Database, where?: SQL): Promise<BusinessSummary[]> {
  return db
    .select({
      id: businesses.id,
      network_id: businesses.network_id,
      name: businesses.name,
      status: businesses.status,
      timezone: businesses.timezone,
    })
    .from(businesses)
    .where(where)
    .orderBy(asc(businesses.id));
}

/** The businesses a user may open: all for admins, else their granted networks and locations. */
export async function visibleBusinesses(db: Database, auth: Pick<AuthState, 'user' | 'grants'>): Promise<BusinessSummary[]> {
  let where: SQL | undefined;
  if (!isAdmin(auth.user)) {
    const { networkIds, businessIds } = auth.grants;
    if (networkIds.length === 0 && businessIds.length === 0) return [];
    where = or(
      networkIds.length > 0 ? inArray(businesses.network_id, networkIds) : undefined,
      businessIds.length > 0 ? inArray(businesses.id, businessIds) : undefined,
    );
  }
  return businessSummaries(db, where);
}

/** The locations of this business's network that the user may see (just this one when it has no network), by id. */
export async function networkLocations(db: Database, auth: AuthState, here: BusinessRow): Promise<{ id: number; name: string; network_id: number | null }[]> {
  const visible = isAdmin(auth.user)
    ? await rows<{ id: number; network_id: number | null; name: string }>(db, sql`select id, network_id, name from businesses where network_id = ${here.network_id} order by id`)
    : (await visibleBusinesses(db, auth)).filter((b) => b.network_id !== null && b.network_id === here.network_id);
  return visible.length > 0 ? visible : [{ id: here.id, name: here.name, network_id: here.network_id }];
}
