import { lt } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/executor';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long rows nobody needs any more are kept before housekeeping deletes them (every figure in
 * milliseconds, counted from the moment named). The one place these figures live; documented in
 * apps/api/README.md ("Housekeeping").
 */
export const RETENTION = {
  /**
   * Sign-in throttle events (`auth_throttle`), from when they were counted. The longest window
   * and cool-off of any throttle policy is an hour; a day is well past it.
   */
  throttleEvents: DAY,
  /**
   * Sessions, from their absolute end (`expires_at`, 12 hours after sign-in). A session that
   * ended earlier (idle, signed out elsewhere) is over by then too, whatever idle timeout any
   * node runs with; nothing reads an ended session, the day is a margin for clock skew.
   */
  endedSessions: DAY,
  /** One-time sign-in codes, from their expiry (10 minutes after issue): kept a day for support. */
  expiredCodes: DAY,
  /** Password reset links, from their expiry (an hour after issue): kept a day for support. */
  expiredResets: DAY,
  /**
   * Messages in the outbox, from when they were written, in demo mode only: there the outbox is
   * the developer outbox (full text, codes included) and only its newest messages are of use.
   * Outside demo mode it is the record of what was sent to whom, and is kept.
   */
  demoOutbox: 30 * DAY,
  /**
   * Kept report runs (`report_runs`, their rows in `report_run_chunks`), from when they were asked:
   * a long run's result is a copy to open and export in the days after it is ready; the report
   * itself stays and runs again at any time.
   */
  reportRuns: 7 * DAY,
} as const;

/**
 * Not listed: `socket_io_attachments` (the socket.io PostgreSQL adapter deletes its rows older
 * than 30 seconds every 30 seconds on every node) and pg-boss's own job rows (archived 12 hours
 * after completion, deleted from the archive 7 days later, by pg-boss's maintenance).
 */
export const cutoff = (now: Date, retentionMs: number): Date => new Date(now.getTime() - retentionMs);

/** Deletes the rows of `table` whose `column` is more than `retentionMs` before `now`; returns how many went. */
export async function deleteOlderThan(db: Executor, table: PgTable, column: PgColumn, now: Date, retentionMs: number): Promise<number> {
  const result = await db.delete(table).where(lt(column, cutoff(now, retentionMs)));
  return result.rowCount ?? 0;
}
