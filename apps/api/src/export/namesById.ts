import { and, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/executor';

/**
 * Names by id of some rows of a table, for an export that shows what its rows point at by name
 * (a waiver's services, a segment's locations and editors): `namesById(db, services, services.name,
 * ids, eq(services.business_id, 1))`. One statement, whatever the number of ids.
 */
export async function namesById(db: Executor, table: PgTable & { id: AnyPgColumn }, name: AnyPgColumn, ids: readonly number[], where?: SQL): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: table.id, name })
    .from(table as PgTable)
    .where(and(inArray(table.id, [...new Set(ids)]), where));
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}
