import { alreadyClockedIn, clockPinNotSet, clockPinProblem, endpoints, MESSAGES, notClockedIn, slotDay, stillClockedInFrom, TIMESHEET_SOURCE } from '@salondesk/core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { hashStoredPassword, verifyStoredPassword } from '../../auth/password';
import { addressSubject, clearEvents, reserveAttempt, THROTTLE, type ThrottlePolicy } from '../../auth/throttle';
import { staff } from '../../staff/schema';
import { HttpError } from '../../http/errors';
import { type HandlerContext, implement, businessOf } from '../../http/registry';
import { findStaff, isUniqueViolation, rosterDisplayNames } from '../../staff/queries';
import { readPayrollInfo } from '../settings';
import { staffClockPins, timesheets } from '../schema';
import { assertOpenDay, closeOpenSlot, lockTimesheets, logTimesheetActivity, openSlotOf, type SlotRow, timesOf, toEntry } from '../timesheets/queries';

export interface ClockHandlerOptions {
  /** Failed secrets one client address may try in `THROTTLE.failuresPerAddress`'s window (the sign-in setting). */
  failuresPerAddress?: number | undefined;
}


/** Throttle subjects of the staff clock: one per member's PIN, one per location's clock. */
const subjects = {
  member: (staffId: number) => `clockpin:staff:${staffId}`,
  business: (businessId: number) => `clockpin:business:${businessId}`,
};

const memberRefused = (message: string, status = 400) => new HttpError(status, message, { issues: [{ path: ['employee_id'], message }] });

/**
 * The staff clock (`/{businessId}/clock`): a member picks themselves and types their PIN to clock
 * in or out, on the location's own machine (any signed-in user of the location opens it). PINs
 * are set by a manager on the member's profile and stored as scrypt hashes, like passwords; wrong
 * ones are throttled like sign-in codes (per member, per location and per client address).
 */
export function clockHandlers(options: ClockHandlerOptions = {}) {
  const addressPolicy: ThrottlePolicy = { ...THROTTLE.failuresPerAddress, max: options.failuresPerAddress ?? THROTTLE.failuresPerAddress.max };

  /** The active member of this business a clock request names, with their display name. */
  async function activeMember(ctx: HandlerContext, businessId: number, employeeId: number) {
    const row = await findStaff(ctx.db, businessId, employeeId);
    if (!row || row.deleted_at !== null || row.status !== 'ACTIVE') throw memberRefused(MESSAGES.staffNotInBusiness);
    const names = await rosterDisplayNames(ctx.db, businessId);
    return { id: row.id, name: names.get(row.id) ?? row.full_name, names };
  }

  /**
   * Checks a member's PIN. The attempt is counted before the PIN is looked at (per member, per
   * location, per address; refused with 429 once over), and released when it was right. Runs
   * outside the clock's transaction: a wrong PIN stays counted.
   */
  async function checkPin(ctx: HandlerContext, businessId: number, member: { id: number; name: string }, pin: string) {
    const [stored] = await ctx.db.select({ hash: staffClockPins.pin_hash }).from(staffClockPins).where(and(eq(staffClockPins.staff_id, member.id), eq(staffClockPins.business_id, businessId)));
    if (!stored) throw memberRefused(clockPinNotSet(member.name), 409);
    const now = ctx.now();
    const attempt = await reserveAttempt(
      ctx.db,
      [
        { subject: addressSubject(ctx.clientAddress), policy: addressPolicy },
        { subject: subjects.member(member.id), policy: THROTTLE.clockPin },
        { subject: subjects.business(businessId), policy: THROTTLE.clockPinBusiness },
      ],
      now,
    );
    if (!attempt.ok) throw new HttpError(429, MESSAGES.tooManyAttempts);
    if (!(await verifyStoredPassword(pin, stored.hash))) throw new HttpError(401, MESSAGES.clockPinWrong, { issues: [{ path: ['pin'], message: MESSAGES.clockPinWrong }] });
    await attempt.release();
    await clearEvents(ctx.db, subjects.member(member.id));
  }

  /** The business, the member a clock request names and the time, once their PIN is right. */
  async function identified(ctx: HandlerContext, body: { employee_id: number; pin: string }) {
    const business = businessOf(ctx);
    const member = await activeMember(ctx, business.id, body.employee_id);
    await checkPin(ctx, business.id, member, body.pin);
    return { business, member, now: ctx.now() };
  }

  const pinState = async (ctx: HandlerContext, businessId: number, staffId: number) => {
    const [row] = await ctx.db.select({ updated_at: staffClockPins.updated_at }).from(staffClockPins).where(and(eq(staffClockPins.staff_id, staffId), eq(staffClockPins.business_id, businessId)));
    return { has_pin: row !== undefined, updated_at: row?.updated_at.toISOString() ?? null };
  };
  const requireMember = async (ctx: HandlerContext, businessId: number, staffId: number) => {
    const row = await findStaff(ctx.db, businessId, staffId);
    if (!row || row.deleted_at !== null) throw new HttpError(404, MESSAGES.staffNotFound);
    return row;
  };

  return [
    /** GET clock/staff: the active members in scheduler order, whether each has a PIN and is clocked in. */
    implement(endpoints.timesheets.clockStaff, async (_request, ctx) => {
      const business = businessOf(ctx);
      const [rows, names, info] = await Promise.all([
        ctx.db
          .select({ id: staff.id, pin: staffClockPins.staff_id, clocked_in_at: timesheets.clockin_at })
          .from(staff)
          .leftJoin(staffClockPins, eq(staffClockPins.staff_id, staff.id))
          .leftJoin(timesheets, and(eq(timesheets.employee_id, staff.id), eq(timesheets.status, 'IN')))
          .where(and(eq(staff.business_id, business.id), isNull(staff.deleted_at), eq(staff.status, 'ACTIVE')))
          .orderBy(asc(staff.order), asc(staff.id)),
        rosterDisplayNames(ctx.db, business.id),
        readPayrollInfo(ctx.db, business.id),
      ]);
      return {
        timezone: business.timezone,
        staff: rows.map((r) => ({
          id: r.id,
          name: names.get(r.id) ?? `#${r.id}`,
          has_pin: r.pin !== null,
          clocked_in_at: r.clocked_in_at?.toISOString() ?? null,
          // When the open slot is past its usual clock-out, as the timesheet's "still clocked in" says.
          still_clocked_in_from: r.clocked_in_at ? stillClockedInFrom(r.clocked_in_at, info.payrollHourSettings, business.timezone).toISOString() : null,
        })),
      };
    }),

    /** POST clock/in: a member with the right PIN clocks in now; refused while they are clocked in. */
    implement(endpoints.timesheets.clockIn, async ({ body }, ctx) => {
      const { business, member, now } = await identified(ctx, body);
      return ctx.db.transaction(async (tx) => {
        await lockTimesheets(tx, business.id);
        if (await openSlotOf(tx, business.id, member.id)) throw memberRefused(alreadyClockedIn(member.name), 409);
        const day = slotDay(now, business.timezone);
        await assertOpenDay(tx, business.id, day);
        let row: SlotRow | undefined;
        try {
          [row] = await tx
            .insert(timesheets)
            .values({
              business_id: business.id,
              employee_id: member.id,
              day,
              clockin_at: now,
              clockout_at: null,
              original_clockin: now,
              original_clockout: null,
              status: 'IN',
              is_modified: false,
              source: TIMESHEET_SOURCE.CLOCK,
              created_at: now,
              updated_at: now,
            })
            .returning();
        } catch (error) {
          // The one-open-slot index: another clock-in of this member got there first.
          if (isUniqueViolation(error)) throw memberRefused(alreadyClockedIn(member.name), 409);
          throw error;
        }
        const slot = row as SlotRow;
        await logTimesheetActivity(tx, [
          { businessId: business.id, slotId: slot.id, employeeId: member.id, userId: null, action: 'clockin', reason: null, day, before: null, after: timesOf(slot), at: now },
        ]);
        return toEntry(slot, member.names, now);
      });
    }),

    /** POST clock/out: a member with the right PIN closes their open slot now. */
    implement(endpoints.timesheets.clockOutSelf, async ({ body }, ctx) => {
      const { business, member, now } = await identified(ctx, body);
      return ctx.db.transaction(async (tx) => {
        await lockTimesheets(tx, business.id);
        const open = await openSlotOf(tx, business.id, member.id);
        if (!open) throw memberRefused(notClockedIn(member.name), 409);
        // A clock behind the slot's clock-in (a correction moved it later) still closes it, at the clock-in.
        const at = now.getTime() < open.clockin_at.getTime() ? open.clockin_at : now;
        const updated = await closeOpenSlot(tx, { businessId: business.id, row: open, at, now, userId: null, reason: null });
        return toEntry(updated, member.names, now);
      });
    }),

    implement(endpoints.timesheets.clockPinGet, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      await requireMember(ctx, business.id, params.staffId);
      return pinState(ctx, business.id, params.staffId);
    }),

    /** POST staff/{staffId}/clockpin: sets (or with null removes) a member's PIN; a new PIN lifts its lock. */
    implement(endpoints.timesheets.clockPinSet, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      await requireMember(ctx, business.id, params.staffId);
      if (body.pin === null) {
        await ctx.db.delete(staffClockPins).where(and(eq(staffClockPins.staff_id, params.staffId), eq(staffClockPins.business_id, business.id)));
      } else {
        const problem = clockPinProblem(body.pin);
        if (problem) throw new HttpError(400, problem, { issues: [{ path: ['pin'], message: problem }] });
        const hash = await hashStoredPassword(body.pin);
        const now = ctx.now();
        await ctx.db
          .insert(staffClockPins)
          .values({ staff_id: params.staffId, business_id: business.id, pin_hash: hash, updated_at: now })
          .onConflictDoUpdate({ target: staffClockPins.staff_id, set: { pin_hash: hash, updated_at: now } });
        await clearEvents(ctx.db, subjects.member(params.staffId));
      }
      return pinState(ctx, business.id, params.staffId);
    }),
  ];
}
