import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Tables a refused request may still write to, by design, so a snapshot of "business data"
 * leaves them out:
 * - `sessions`: every signed-in request moves the session's last use (idle expiry);
 * - `auth_throttle`: a refused sign-in is counted (that is its job);
 * - `one_time_codes`: a wrong code counts against the code;
 * - `password_resets`, `outbox`: a reset link or code asked for is issued and sent (the answer is the same either way);
 * - `notifications`, `notification_reads`: a refused sign-in that locks a name notifies the admins;
 * - `socket_io_attachments`: the realtime adapter's own traffic.
 */
export const NOT_BUSINESS_DATA = [
  'sessions',
  'auth_throttle',
  'one_time_codes',
  'password_resets',
  'outbox',
  'notifications',
  'notification_reads',
  'socket_io_attachments',
] as const;

/**
 * Per table of business data: how many rows it has and the newest row version (`max(xmin)`, the
 * id of the last transaction that inserted or updated a row in it). Any insert, update or delete
 * that commits moves one of the two; a rolled-back write moves neither. Cheap enough to take
 * around every batch of a fuzz run (it reads no row's contents).
 */
export type Snapshot = Record<string, string>;

let cachedTables: string[] | null = null;

async function businessTables(db: Database): Promise<string[]> {
  if (cachedTables) return cachedTables;
  const result = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  cachedTables = result.rows.map((r) => r.name).filter((name) => !(NOT_BUSINESS_DATA as readonly string[]).includes(name));
  return cachedTables;
}

/** A snapshot of the business data (every public table but `NOT_BUSINESS_DATA`). */
export async function snapshot(db: Database): Promise<Snapshot> {
  const tables = await businessTables(db);
  const query = tables.map((t) => `select '${t}' as name, count(*) || '/' || coalesce(max(xmin::text::bigint), 0) as sum from "${t}"`).join(' union all ');
  const result = await db.execute<{ name: string; sum: string }>(sql.raw(query));
  return Object.fromEntries(result.rows.map((r) => [r.name, r.sum]));
}

/** The tables that changed between two snapshots. */
export const changedTables = (before: Snapshot, after: Snapshot): string[] =>
  Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
