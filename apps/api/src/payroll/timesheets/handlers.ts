import {
  addDays,
  type ApiIssue,
  daySlotProblems,
  endpoints,
  MESSAGES,
  rangeProblem,
  slotIsModified,
  stillClockedInFrom,
  TIMESHEET_RANGE_MAX_DAYS,
  TIMESHEET_SLOT_MAX_HOURS,
  TIMESHEET_SOURCE,
  type TimesheetActivity,
  todayIn,
} from '@salondesk/core';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { staff } from '../../staff/schema';
import { HttpError } from '../../http/errors';
import { type HandlerContext, implement, businessOf } from '../../http/registry';
import { isUniqueViolation, rosterDisplayNames } from '../../staff/queries';
import { readPayrollInfo } from '../settings';
import { timesheetActivity, timesheets } from '../schema';
import {
  type ActivityInput,
  assertOpenDay,
  closeOpenSlot,
  lockTimesheets,
  logTimesheetActivity,
  neighbouringSlots,
  requireMembers,
  type SlotRow,
  timesOf,
  toEntry,
} from './queries';
import { readTogether } from '../../db/executor';

const userIdOf = (ctx: HandlerContext) => ctx.auth?.user.id ?? null;
const HOUR_MS = 3_600_000;

/** A problem of one field of the request, as a 400 whose message is that problem's. */
const refused = (message: string, path: (string | number)[], status = 400) => new HttpError(status, message, { issues: [{ path, message }] });
const changedSinceOpened = () => new HttpError(409, MESSAGES.timesheetChangedSinceOpened);
const slotNotFound = (path: (string | number)[]) => refused(MESSAGES.timesheetSlotNotFound, path, 404);

/**
 * The timesheet calls (spec 001 §7 Timesheets): the slots of a range, the slots still open, a
 * day's corrections all at once, a manager's clock-out, and the activity. Every change runs under
 * the business's timesheet lock, refuses days of a closed pay period, keeps the times first
 * recorded and writes one activity row per slot it changes.
 */
export function timesheetHandlers() {
  return [
    implement(endpoints.timesheets.list, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const problem = rangeProblem(query.start, query.end, TIMESHEET_RANGE_MAX_DAYS);
      if (problem) throw refused(problem, ['end']);
      const now = ctx.now();
      const [rows, info, names, members] = await Promise.all([
        ctx.db
          .select()
          .from(timesheets)
          .where(and(eq(timesheets.business_id, business.id), gte(timesheets.day, query.start), lte(timesheets.day, query.end)))
          .orderBy(asc(timesheets.day), asc(timesheets.clockin_at), asc(timesheets.id)),
        readPayrollInfo(ctx.db, business.id),
        rosterDisplayNames(ctx.db, business.id),
        ctx.db
          .select({ id: staff.id, status: staff.status, deleted_at: staff.deleted_at, order: staff.order })
          .from(staff)
          .where(eq(staff.business_id, business.id))
          .orderBy(asc(staff.order), asc(staff.id)),
      ]);
      const withSlots = new Set(rows.map((r) => r.employee_id));
      const active = (m: (typeof members)[number]) => m.deleted_at === null && m.status === 'ACTIVE';
      return {
        start: query.start,
        end: query.end,
        today: todayIn(business.timezone, now),
        timezone: business.timezone,
        breakSettings: { breakMinutes: info.settings.breakMinutes, breakThresholdHours: info.settings.breakThresholdHours },
        lastPayoutStartDate: info.lastPayoutStartDate,
        staff: members.filter((m) => active(m) || withSlots.has(m.id)).map((m) => ({ id: m.id, name: names.get(m.id) ?? `#${m.id}`, active: active(m) })),
        slots: rows.map((r) => toEntry(r, names, now)),
      };
    }),

    implement(endpoints.timesheets.open, async (_request, ctx) => {
      const business = businessOf(ctx);
      const now = ctx.now();
      const [rows, info, names] = await Promise.all([
        ctx.db
          .select()
          .from(timesheets)
          .where(and(eq(timesheets.business_id, business.id), eq(timesheets.status, 'IN')))
          .orderBy(asc(timesheets.clockin_at), asc(timesheets.id)),
        readPayrollInfo(ctx.db, business.id),
        rosterDisplayNames(ctx.db, business.id),
      ]);
      return {
        timezone: business.timezone,
        slots: rows.map((r) => {
          const from = stillClockedInFrom(r.clockin_at, info.payrollHourSettings, business.timezone);
          return { ...toEntry(r, names, now), still_clocked_in_from: from.toISOString(), still_clocked_in: now.getTime() >= from.getTime() };
        }),
      };
    }),

    /**
     * POST ts/updateall/{date}: every slot of the day as it should be, at once. All or nothing: a
     * slot that is not this business's or this day's, a bad time, an overlap, a closed pay period
     * or a day that changed since the screen read it refuses the whole request, and nothing changes.
     */
    implement(endpoints.timesheets.updateAll, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      const now = ctx.now();
      const day = params.date;
      return ctx.db.transaction(async (tx) => {
        await lockTimesheets(tx, business.id);
        const current = await tx
          .select()
          .from(timesheets)
          .where(and(eq(timesheets.business_id, business.id), eq(timesheets.day, day)))
          .for('update');
        const byId = new Map(current.map((r) => [r.id, r]));

        // Which slots are named: each must be one of this business's slots of this day.
        const listed = new Set<number>();
        body.slots.forEach((slot, index) => {
          if (slot.id === undefined) return;
          const row = byId.get(slot.id);
          if (!row) throw slotNotFound(['slots', index, 'id']);
          if (row.employee_id !== slot.employee_id) throw refused(MESSAGES.timesheetSlotPerson, ['slots', index, 'employee_id']);
          if (slot.updated_at !== undefined && Date.parse(slot.updated_at) !== row.updated_at.getTime()) throw changedSinceOpened();
          listed.add(slot.id);
        });
        const removed = new Set<number>();
        body.remove.forEach((slotId, index) => {
          if (!byId.has(slotId)) throw slotNotFound(['remove', index]);
          if (listed.has(slotId) || removed.has(slotId)) throw refused(MESSAGES.timesheetSlotTwice, ['remove', index]);
          removed.add(slotId);
        });
        // A slot of the day the request does not account for was added since the screen read the day.
        if (current.some((r) => !listed.has(r.id) && !removed.has(r.id))) throw changedSinceOpened();

        await requireMembers(tx, business.id, body.slots.map((s) => s.employee_id), ['slots']);
        const employees = [...new Set([...body.slots.map((s) => s.employee_id), ...current.map((r) => r.employee_id)])];
        const others = (await neighbouringSlots(tx, business.id, employees, addDays(day, -1), addDays(day, 1))).filter((r) => r.day !== day);
        const problems = daySlotProblems(body.slots, { day, timeZone: business.timezone, now, others });
        if (problems.length > 0) {
          const issues: ApiIssue[] = problems.map((p) => ({ path: ['slots', p.index, p.field], message: p.message }));
          throw new HttpError(400, (problems[0] as (typeof problems)[number]).message, { issues });
        }

        const toChange = body.slots.flatMap((slot) => {
          if (slot.id === undefined) return [];
          const row = byId.get(slot.id) as SlotRow;
          const clockin = new Date(slot.clockin_at);
          const clockout = slot.clockout_at === null ? null : new Date(slot.clockout_at);
          const same = clockin.getTime() === row.clockin_at.getTime() && (clockout?.getTime() ?? null) === (row.clockout_at?.getTime() ?? null);
          return same ? [] : [{ row, clockin, clockout }];
        });
        const toAdd = body.slots.filter((s) => s.id === undefined);
        const changes = removed.size + toChange.length + toAdd.length;
        if (changes > 0) await assertOpenDay(tx, business.id, day);

        const activity: ActivityInput[] = [];
        const entry = (row: Pick<SlotRow, 'id' | 'employee_id'>, action: ActivityInput['action'], before: ActivityInput['before'], after: ActivityInput['after']): ActivityInput => ({
          businessId: business.id,
          slotId: action === 'delete' ? null : row.id,
          employeeId: row.employee_id,
          userId: userIdOf(ctx),
          action,
          reason: body.reason,
          day,
          before,
          after,
          at: now,
        });
        try {
          if (removed.size > 0) {
            for (const slotId of removed) {
              const row = byId.get(slotId) as SlotRow;
              activity.push(entry(row, 'delete', timesOf(row), null));
            }
            await tx.delete(timesheets).where(inArray(timesheets.id, [...removed]));
          }
          // Slots that close go first: a person's open slot may close as another opens (one open slot each, by index).
          toChange.sort((a, b) => (a.clockout === null ? 1 : 0) - (b.clockout === null ? 1 : 0));
          for (const { row, clockin, clockout } of toChange) {
            const next = { clockin_at: clockin, clockout_at: clockout };
            await tx
              .update(timesheets)
              .set({
                ...next,
                status: clockout === null ? 'IN' : 'OUT',
                is_modified: slotIsModified({ ...next, original_clockin: row.original_clockin, original_clockout: row.original_clockout }),
                updated_at: now,
              })
              .where(eq(timesheets.id, row.id));
            activity.push(entry(row, 'edit', timesOf(row), timesOf(next)));
          }
          if (toAdd.length > 0) {
            const inserted = await tx
              .insert(timesheets)
              .values(
                toAdd.map((s) => {
                  const clockin = new Date(s.clockin_at);
                  const clockout = s.clockout_at === null ? null : new Date(s.clockout_at);
                  return {
                    business_id: business.id,
                    employee_id: s.employee_id,
                    day,
                    clockin_at: clockin,
                    clockout_at: clockout,
                    original_clockin: clockin,
                    original_clockout: clockout,
                    status: clockout === null ? ('IN' as const) : ('OUT' as const),
                    is_modified: false,
                    source: TIMESHEET_SOURCE.MANAGER,
                    created_at: now,
                    updated_at: now,
                  };
                }),
              )
              .returning();
            for (const row of inserted) activity.push(entry(row, 'add', null, timesOf(row)));
          }
        } catch (error) {
          // The database's own guard (one open slot a person) caught what the checks above could not see.
          if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.timesheetOverlap);
          throw error;
        }
        await logTimesheetActivity(tx, activity);

        const [rows, names] = await readTogether(tx, [
          () => tx.select().from(timesheets).where(and(eq(timesheets.business_id, business.id), eq(timesheets.day, day))).orderBy(asc(timesheets.clockin_at), asc(timesheets.id)),
          () => rosterDisplayNames(tx, business.id),
        ]);
        return { day, added: toAdd.length, changed: toChange.length, removed: removed.size, slots: rows.map((r) => toEntry(r, names, now)) };
      });
    }),

    /** POST ts/{slotId}/clockout: a manager clocks out an open slot (a forgotten clock-out), now or at a time not before the clock-in. */
    implement(endpoints.timesheets.clockOut, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      const now = ctx.now();
      return ctx.db.transaction(async (tx) => {
        await lockTimesheets(tx, business.id);
        const [row] = await tx
          .select()
          .from(timesheets)
          .where(and(eq(timesheets.id, params.slotId), eq(timesheets.business_id, business.id)))
          .for('update');
        if (!row) throw new HttpError(404, MESSAGES.timesheetSlotNotFound);
        if (row.status !== 'IN') throw new HttpError(409, MESSAGES.timesheetAlreadyClockedOut);
        const at = body.clockout_at === undefined ? now : new Date(body.clockout_at);
        if (at.getTime() > now.getTime()) throw refused(MESSAGES.timesheetFutureTime, ['clockout_at']);
        if (at.getTime() <= row.clockin_at.getTime()) throw refused(MESSAGES.timesheetClockoutBeforeClockin, ['clockout_at']);
        if (at.getTime() - row.clockin_at.getTime() > TIMESHEET_SLOT_MAX_HOURS * HOUR_MS) throw refused(MESSAGES.timesheetTooLong, ['clockout_at']);
        await assertOpenDay(tx, business.id, row.day);
        const updated = await closeOpenSlot(tx, { businessId: business.id, row, at, now, userId: userIdOf(ctx), reason: body.reason ? body.reason : null });
        return toEntry(updated, await rosterDisplayNames(tx, business.id), now);
      });
    }),

    /** GET activity/timesheets: newest first, a page at a time, by the slots' days and one member when asked. */
    implement(endpoints.timesheets.activity, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      if ((query.start === undefined) !== (query.end === undefined)) throw refused(MESSAGES.timesheetActivityRange, [query.start === undefined ? 'start' : 'end']);
      if (query.start !== undefined && query.end !== undefined && query.end < query.start) throw refused(rangeProblem(query.start, query.end) ?? MESSAGES.invalidRequest, ['end']);
      const limit = query.limit ?? 50;
      const a = timesheetActivity;
      if (query.before !== undefined) {
        const [known] = await ctx.db.select({ id: a.id }).from(a).where(and(eq(a.id, query.before), eq(a.business_id, business.id)));
        if (!known) throw refused(MESSAGES.timesheetActivityNotFound, ['before'], 404);
      }
      const rows = await ctx.db
        .select({ row: a, user_name: users.fullname })
        .from(a)
        .leftJoin(users, eq(users.id, a.user_id))
        .where(
          and(
            eq(a.business_id, business.id),
            query.start !== undefined && query.end !== undefined ? and(gte(a.day, query.start), lte(a.day, query.end)) : undefined,
            query.employee_id !== undefined ? eq(a.employee_id, query.employee_id) : undefined,
            // The page after `before`, in the list's own order (newest first), compared in the database to the microsecond.
            query.before !== undefined ? sql`(${a.created_at}, ${a.id}) < (select c.created_at, c.id from timesheet_activity c where c.id = ${query.before})` : undefined,
          ),
        )
        .orderBy(desc(a.created_at), desc(a.id))
        .limit(limit + 1);
      const names = await rosterDisplayNames(ctx.db, business.id);
      const page = rows.slice(0, limit);
      const out: TimesheetActivity[] = page.map(({ row, user_name }) => ({
        id: row.id,
        slot_id: row.slot_id,
        employee_id: row.employee_id,
        employee_name: row.employee_id === null ? null : (names.get(row.employee_id) ?? null),
        user_id: row.user_id,
        user_name: user_name ?? null,
        action: row.action,
        reason: row.reason,
        day: row.day,
        before: row.before,
        after: row.after,
        created_at: row.created_at.toISOString(),
      }));
      return { timezone: business.timezone, rows: out, next: rows.length > limit ? (page[page.length - 1]?.row.id ?? null) : null };
    }),
  ];
}
