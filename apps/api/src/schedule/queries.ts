import {
  type DayStoreHours,
  findOverlap,
  type Holiday,
  MESSAGES,
  normalizeEntryTimes,
  type OverlapCandidate,
  resolveScheduleSettings,
  type ScheduleEntry,
  type ScheduleSettings,
  ScheduleTimeError,
  type StoreHours,
  weekStoreHours,
} from '@salondesk/core';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DatabaseTransaction } from '../db/client';
import type { Executor } from '../db/executor';
import { businesses } from '../db/schema';
import { staff } from '../staff/schema';
import { HttpError } from '../http/errors';
import { loadHours } from '../settings/queries';
import { holidays, scheduleActivityTable, schedules, scheduleSettingsTable } from './schema';
import { rosterDisplayNames } from '../staff/queries';

export type ScheduleRow = typeof schedules.$inferSelect;

/** A row as core's `scheduleEntry` describes it. */
export const toEntry = (row: ScheduleRow): ScheduleEntry => ({
  id: row.id,
  business_id: row.business_id,
  employee_id: row.employee_id,
  day: row.day,
  dow: row.dow,
  start_time: row.start_time,
  end_time: row.end_time,
  published: row.published,
  auto: row.auto,
  template_id: row.template_id,
  detail: row.detail ? { ...row.detail, except: row.detail.except ?? [] } : null,
  archived_at: row.archived_at ? row.archived_at.toISOString() : null,
});

export const overlapError = () => new HttpError(409, MESSAGES.overlappingSchedules);
export const invalidDate = (path: (string | number)[] = []) =>
  new HttpError(400, MESSAGES.invalidDate, path.length > 0 ? { issues: [{ path, message: MESSAGES.invalidDate }] } : {});

/** The business's settings over the defaults of spec 000 §9 (the week start defaulting to its calendar's). */
export async function loadSettings(db: Executor, businessId: number): Promise<ScheduleSettings> {
  const [row] = await db
    .select({ settings: scheduleSettingsTable.settings, calendar: sql<unknown>`${businesses.info} -> 'calendarSettings'` })
    .from(businesses)
    .leftJoin(scheduleSettingsTable, eq(scheduleSettingsTable.business_id, businesses.id))
    .where(eq(businesses.id, businessId));
  const calendar = row?.calendar && typeof row.calendar === 'object' ? (row.calendar as { weekStartsOn?: unknown }) : null;
  return resolveScheduleSettings(row?.settings, calendar);
}

/** The store hours of each day of the week: the business's saved Business Hours over the settings' `storeHours`. */
export async function loadStoreHours(db: Executor, businessId: number, settings: ScheduleSettings): Promise<DayStoreHours[]> {
  return weekStoreHours(settings, await loadHours(db, businessId));
}

export async function loadHolidays(db: Executor, businessId: number): Promise<Holiday[]> {
  return db.select({ day: holidays.day, name: holidays.name }).from(holidays).where(eq(holidays.business_id, businessId)).orderBy(asc(holidays.day));
}

/**
 * Serializes schedule changes per (business, employee) for the rest of the transaction: two
 * managers saving for the same employee at once run one after the other, so the second sees the
 * first's entry in its overlap check. Locks are taken in id order (no deadlock between batches).
 */
export async function lockEmployees(tx: DatabaseTransaction, businessId: number, employeeIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(employeeIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  // One statement for all of them (not one round trip per employee), in id order.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`salondesk:schedule:${businessId}`}), e.id) from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as e(id, n) order by e.n`,
  );
}

/** Refuses unless every id is an active, not deleted staff member of this business. */
export async function requireStaff(db: Executor, businessId: number, employeeIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(employeeIds)];
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.business_id, businessId), inArray(staff.id, ids), isNull(staff.deleted_at), eq(staff.status, 'ACTIVE')));
  if (rows.length !== ids.length) throw new HttpError(400, MESSAGES.scheduleStaffNotFound, { issues: [{ path: ['employee_id'], message: MESSAGES.scheduleStaffNotFound }] });
}

/** Every live entry that could compete with entries of these employees on these days / days of the week. */
export async function loadCompeting(db: Executor, businessId: number, candidates: readonly OverlapCandidate[]): Promise<ScheduleEntry[]> {
  const employees = [...new Set(candidates.map((c) => c.employee_id))];
  const days = [...new Set(candidates.flatMap((c) => (c.day ? [c.day] : [])))];
  const dows = [...new Set(candidates.flatMap((c) => (c.dow !== null ? [c.dow] : [])))];
  if (employees.length === 0) return [];
  const rows = await db
    .select()
    .from(schedules)
    .where(
      and(
        eq(schedules.business_id, businessId),
        inArray(schedules.employee_id, employees),
        isNull(schedules.archived_at),
        or(days.length > 0 ? inArray(schedules.day, days) : undefined, dows.length > 0 ? inArray(schedules.dow, dows) : undefined),
      ),
    );
  return rows.map(toEntry);
}

/**
 * Refuses when the new entries overlap each other or a saved one (saved entries with an id in
 * `replacing` are left out: an update checks against everything but itself).
 */
export function assertNoOverlap(existing: readonly ScheduleEntry[], fresh: readonly OverlapCandidate[], weekStartsOn: number, replacing: ReadonlySet<number> = new Set()) {
  const kept = existing.filter((e) => !replacing.has(e.id)).map((e) => ({ ...e, saved: true as boolean }));
  const conflict = findOverlap([...kept, ...fresh.map((f) => ({ ...f, saved: false as boolean }))], weekStartsOn);
  if (conflict && !(conflict[0].saved && conflict[1].saved)) throw overlapError();
}

/** Times with the defaults and store-hour clamping of spec 000 §5 (the day's store hours); `Invalid Date` on a bad one. */
export function normalizeTimesOrThrow(input: { start_time?: string | null | undefined; end_time?: string | null | undefined }, storeHours: StoreHours, path: (string | number)[] = []) {
  try {
    return normalizeEntryTimes(input, storeHours);
  } catch (error) {
    if (error instanceof ScheduleTimeError) throw invalidDate(path);
    throw error;
  }
}

/** The names the activity log gives staff members (their display name, as everywhere; `staff #id` for one not found). */
export async function staffNames(db: Executor, businessId: number, ids: readonly number[]): Promise<(id: number) => string> {
  const names = ids.length === 0 ? new Map<number, string>() : await rosterDisplayNames(db, businessId);
  return (id) => names.get(id) ?? `staff #${id}`;
}

export async function logActivity(db: Executor, businessId: number, userId: number | null, action: string, summary: string): Promise<void> {
  await db.insert(scheduleActivityTable).values({ business_id: businessId, user_id: userId, action, summary });
}
