import { MESSAGES, slotFigures, slotIsModified, type TimesheetAction, type TimesheetEntry, timesheetClosedPeriod, type TimesheetTimes } from '@salondesk/core';
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staff } from '../../staff/schema';
import { HttpError } from '../../http/errors';
import type { Executor } from '../../db/executor';
import { isClosedDay, readPayrollInfo } from '../settings';
import { timesheetActivity, timesheets } from '../schema';

export type SlotRow = typeof timesheets.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A slot row as the timesheet calls send it: its figures computed (`slotFigures`), the member by their display name. */
export function toEntry(row: SlotRow, names: ReadonlyMap<number, string>, now: Date): TimesheetEntry {
  const times = { clockin_at: row.clockin_at, clockout_at: row.clockout_at, original_clockin: row.original_clockin, original_clockout: row.original_clockout };
  return {
    id: row.id,
    business_id: row.business_id,
    employee_id: row.employee_id,
    employee_name: names.get(row.employee_id) ?? `#${row.employee_id}`,
    day: row.day,
    clockin_at: row.clockin_at.toISOString(),
    clockout_at: row.clockout_at?.toISOString() ?? null,
    original_clockin: row.original_clockin.toISOString(),
    original_clockout: row.original_clockout?.toISOString() ?? null,
    status: row.status,
    ...slotFigures(times, now),
    source: row.source,
    updated_at: row.updated_at.toISOString(),
  };
}

/** A slot's times for the activity's before/after. */
export const timesOf = (row: { clockin_at: Date; clockout_at: Date | null }): TimesheetTimes => ({
  clockin_at: row.clockin_at.toISOString(),
  clockout_at: row.clockout_at?.toISOString() ?? null,
});

/**
 * Serializes every change to a business's timesheets (a day's correction, a clock-out, the staff
 * clock) for the rest of the transaction: each sees the slots the one before it saved, so no two
 * changes can together leave overlapping slots. Changes are made at human speed; one lock per
 * business is plenty.
 */
export async function lockTimesheets(tx: Transaction, businessId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('salondesk:timesheets'), ${businessId}::int)`);
}

/** Refuses a change to a day of a closed pay period (read under the settings row's lock), naming the period and how to reopen it. */
export async function assertOpenDay(tx: Executor, businessId: number, day: string): Promise<void> {
  const info = await readPayrollInfo(tx, businessId, { forUpdate: true });
  if (isClosedDay(info, day)) throw new HttpError(409, timesheetClosedPeriod(day, info.lastPayoutStartDate as string));
}

/** Refuses unless every id is a staff member of this business (deleted ones included: their past days can be corrected). */
export async function requireMembers(db: Executor, businessId: number, employeeIds: Iterable<number>, path: (string | number)[] = ['employee_id']): Promise<void> {
  const ids = [...new Set(employeeIds)];
  if (ids.length === 0) return;
  const rows = await db.select({ id: staff.id }).from(staff).where(and(eq(staff.business_id, businessId), inArray(staff.id, ids)));
  if (rows.length !== ids.length) throw new HttpError(400, MESSAGES.staffNotInBusiness, { issues: [{ path, message: MESSAGES.staffNotInBusiness }] });
}

/**
 * The slots of these people that could overlap a slot clocked in on `day`: those clocked in from
 * the day before to the day after, and every open one.
 */
export async function neighbouringSlots(db: Executor, businessId: number, employeeIds: readonly number[], from: string, to: string): Promise<SlotRow[]> {
  if (employeeIds.length === 0) return [];
  return db
    .select()
    .from(timesheets)
    .where(
      and(
        eq(timesheets.business_id, businessId),
        inArray(timesheets.employee_id, [...new Set(employeeIds)]),
        or(and(gte(timesheets.day, from), lte(timesheets.day, to)), eq(timesheets.status, 'IN')),
      ),
    )
    .orderBy(asc(timesheets.clockin_at));
}

/** One open slot of a member, or undefined. */
export async function openSlotOf(db: Executor, businessId: number, employeeId: number): Promise<SlotRow | undefined> {
  const [row] = await db
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.business_id, businessId), eq(timesheets.employee_id, employeeId), eq(timesheets.status, 'IN'), isNull(timesheets.clockout_at)))
    .limit(1);
  return row;
}

export interface ActivityInput {
  businessId: number;
  slotId: number | null;
  employeeId: number | null;
  userId: number | null;
  action: TimesheetAction;
  reason: string | null;
  day: string | null;
  before: TimesheetTimes | null;
  after: TimesheetTimes | null;
  at: Date;
}

/** Writes activity rows (who changed what, when and why). */
export async function logTimesheetActivity(db: Executor, rows: readonly ActivityInput[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(timesheetActivity).values(
    rows.map((r) => ({
      business_id: r.businessId,
      slot_id: r.slotId,
      employee_id: r.employeeId,
      user_id: r.userId,
      action: r.action,
      reason: r.reason,
      day: r.day,
      before: r.before,
      after: r.after,
      created_at: r.at,
    })),
  );
}

/**
 * Closes an open slot at `at` and writes its activity row: by the member at the staff clock
 * (`userId` null: the clock-out is recorded, so it is also the original), or by a manager (a
 * forgotten clock-out: the original stays unrecorded and the slot counts as corrected).
 */
export async function closeOpenSlot(tx: Executor, input: { businessId: number; row: SlotRow; at: Date; now: Date; userId: number | null; reason: string | null }): Promise<SlotRow> {
  const { row, at } = input;
  const recorded = input.userId === null;
  const next = { clockin_at: row.clockin_at, clockout_at: at };
  const originalClockout = recorded ? (row.original_clockout ?? at) : row.original_clockout;
  const [updated] = await tx
    .update(timesheets)
    .set({
      clockout_at: at,
      status: 'OUT',
      original_clockout: originalClockout,
      is_modified: slotIsModified({ ...next, original_clockin: row.original_clockin, original_clockout: originalClockout }),
      updated_at: input.now,
    })
    .where(eq(timesheets.id, row.id))
    .returning();
  await logTimesheetActivity(tx, [
    {
      businessId: input.businessId,
      slotId: row.id,
      employeeId: row.employee_id,
      userId: input.userId,
      action: 'clockout',
      reason: input.reason,
      day: row.day,
      before: timesOf(row),
      after: timesOf(next),
      at: input.now,
    },
  ]);
  return updated as SlotRow;
}
