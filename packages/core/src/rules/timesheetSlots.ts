import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { MESSAGES, timesheetOtherDay } from '../messages';
import { TIMESHEET_SLOT_MAX_HOURS, TIMESHEET_USUAL_MAX_HOURS, type TimesheetSettings } from '../models/payroll';
import { addDays, parseTime } from './scheduleTime';
import { roundHours, slotDay, slotHours } from './timesheets';

/**
 * The rules of a timesheet's slots as people change them (spec 001 §3, §4): the figures of a slot
 * (`hours`, `original_hours`, `payroll_hours`, `is_modified`), which open slots count as "still
 * clocked in", and what makes a day's slots acceptable. Pure: "now" is an argument. The API applies
 * them to every change; the screens use them to say what is wrong before anything is sent.
 */

const HOUR_MS = 3_600_000;
const ms = (at: string | Date): number => (typeof at === 'string' ? Date.parse(at) : at.getTime());
const sameInstant = (a: string | Date | null, b: string | Date | null): boolean => (a === null || b === null ? a === b : ms(a) === ms(b));

/** A slot's times as they are now and as they were first recorded. */
export interface SlotRecord {
  clockin_at: string | Date;
  clockout_at: string | Date | null;
  original_clockin: string | Date;
  original_clockout: string | Date | null;
}

/** The computed figures of a slot (`timesheetSlot`): never stored, so never stale. */
export interface SlotFigures {
  hours: number;
  original_hours: number;
  payroll_hours: number;
  is_modified: boolean;
}

/** Did a correction change a time: do the times differ from those first recorded? */
export const slotIsModified = (slot: SlotRecord): boolean =>
  !sameInstant(slot.clockin_at, slot.original_clockin) || !sameInstant(slot.clockout_at, slot.original_clockout);

/**
 * A slot's figures, each rounded to the hundredth as shown: `hours` over the times as they are (to
 * `now` while open), `original_hours` over the times first recorded (to `now` while no clock-out was
 * recorded), `payroll_hours` the hours payroll counts (0 while still clocked in), `is_modified`.
 * Sums are taken over the instants (`hoursByEmployeeDay`), never over these rounded figures.
 */
export function slotFigures(slot: SlotRecord, now: Date): SlotFigures {
  const hours = roundHours(slotHours(slot.clockin_at, slot.clockout_at, now));
  return {
    hours,
    original_hours: roundHours(slotHours(slot.original_clockin, slot.original_clockout, now)),
    payroll_hours: slot.clockout_at === null ? 0 : hours,
    is_modified: slotIsModified(slot),
  };
}

/**
 * From when a slot still open counts as "still clocked in" — past its usual clock-out: the
 * location's `clockOutTime` (its zone, the first one after the clock-in) plus
 * `clockOutGraceMinutes`, or `TIMESHEET_USUAL_MAX_HOURS` after the clock-in, whichever comes
 * first. Without a `clockOutTime` only the length counts. The timesheet lists such a slot for the
 * manager to close, and the staff clock warns the member.
 */
export function stillClockedInFrom(clockinAt: string | Date, settings: Pick<TimesheetSettings, 'clockOutTime' | 'clockOutGraceMinutes'>, timeZone: string): Date {
  const clockin = ms(clockinAt);
  const longest = clockin + TIMESHEET_USUAL_MAX_HOURS * HOUR_MS;
  if (settings.clockOutTime === null) return new Date(longest);
  const day = slotDay(new Date(clockin), timeZone);
  let closing = fromZonedTime(`${day}T${settings.clockOutTime}:00`, timeZone).getTime();
  // Clocked in after that day's closing time (an evening shift): the next day's closing time.
  if (closing <= clockin) closing = fromZonedTime(`${addDays(day, 1)}T${settings.clockOutTime}:00`, timeZone).getTime();
  return new Date(Math.min(closing + settings.clockOutGraceMinutes * 60_000, longest));
}

/** Is an open slot "still clocked in" at `now` (past the clock-out time and its grace, or too long)? */
export const isStillClockedIn = (
  slot: { clockin_at: string | Date; clockout_at: string | Date | null },
  settings: Pick<TimesheetSettings, 'clockOutTime' | 'clockOutGraceMinutes'>,
  timeZone: string,
  now: Date,
): boolean => slot.clockout_at === null && now.getTime() >= stillClockedInFrom(slot.clockin_at, settings, timeZone).getTime();

// ——— A clock-out typed as a wall-clock time ——————————————————————————————————————————————

const MINUTE_MS = 60_000;

/** How far `timeZone`'s clock is ahead of UTC at an instant, in milliseconds. */
const offsetAt = (at: number, timeZone: string): number => Date.parse(`${formatInTimeZone(at, timeZone, "yyyy-MM-dd'T'HH:mm:ss")}Z`) - Math.floor(at / 1000) * 1000;

/**
 * Every instant of `day` at which `timeZone`'s clock reads `time`, in order: two in the hour the
 * clocks repeat; for a time the clocks skip, the instant as far past the jump (`02:30` → `03:30`).
 */
function instantsReading(day: string, time: string, timeZone: string): number[] {
  const guess = fromZonedTime(`${day}T${time}:00`, timeZone).getTime();
  const wall = (at: number) => formatInTimeZone(at, timeZone, "yyyy-MM-dd'T'HH:mm");
  const out = new Set<number>();
  for (const shift of [-60, -30, 0, 30, 60]) {
    const at = guess + shift * MINUTE_MS;
    if (wall(at) === `${day}T${time}`) out.add(at);
  }
  if (out.size > 0) return [...out].sort((a, b) => a - b);
  // Skipped: the time read with the offset before the jump, so as far past it as the time is into the gap.
  const jump = offsetAt(guess + 3 * 3_600_000, timeZone) - offsetAt(guess - 3 * 3_600_000, timeZone);
  return [guess + Math.max(0, jump)];
}

/**
 * The clock-out a wall-clock `time` (`HH:mm`, the business's zone) names for a slot clocked in at
 * `clockinAt`: the first instant reading `time` from the clock-in's minute on, on the clock-in's day
 * or else the next. So a clock-out earlier on the clock than the clock-in is on the next day; one at
 * the clock-in's own minute stays on its day (a slot of no time, never one of a whole day); and on
 * the night the clocks go back, a time of the repeated hour is the first one after the clock-in (a
 * time the clocks skip reads as the hour after). Null for a time that is not `HH:mm`.
 */
export function clockoutFromTime(clockinAt: string | Date, time: string, timeZone: string): Date | null {
  if (parseTime(time) === null) return null;
  const clockin = ms(clockinAt);
  if (!Number.isFinite(clockin)) return null;
  const from = Math.floor(clockin / MINUTE_MS) * MINUTE_MS;
  const day = slotDay(new Date(clockin), timeZone);
  const reading = instantsReading(day, time, timeZone).find((at) => at >= from) ?? instantsReading(addDays(day, 1), time, timeZone)[0];
  return reading === undefined ? null : new Date(reading);
}

// ——— A day's slots as a manager saves them (`ts/updateall/{date}`) ——————————————————————————

/** One slot of a day as the correction screen sends it: an existing one (`id`) or a new one. */
export interface SlotDraft {
  id?: number | undefined;
  employee_id: number;
  clockin_at: string;
  clockout_at: string | null;
}

/** A slot of the same people on other days, which the day's slots must not overlap. */
export interface OtherSlot {
  id: number;
  employee_id: number;
  clockin_at: string | Date;
  clockout_at: string | Date | null;
}

/** What is wrong with one slot of the list, by its index and field. */
export interface SlotProblem {
  index: number;
  field: 'id' | 'employee_id' | 'clockin_at' | 'clockout_at';
  message: string;
}

export interface DaySlotsContext {
  /** The business-zone day being saved. */
  day: string;
  timeZone: string;
  now: Date;
  /** Slots of the same people on other days (an overnight slot of the day before reaches into this one). */
  others?: readonly OtherSlot[];
}

/** The end of a slot for overlaps: its clock-out, or `now` while it is open. */
const endOf = (slot: { clockout_at: string | Date | null }, now: Date): number => (slot.clockout_at === null ? now.getTime() : ms(slot.clockout_at));
const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

/**
 * Every problem of a day's slots, each at the slot it belongs to (none: the day may be saved as
 * it is): a clock-out not after its clock-in, a time in the future, a clock-in on another day, a
 * slot longer than `TIMESHEET_SLOT_MAX_HOURS`, a slot listed twice, two slots of one person that
 * overlap (with each other or with that person's slots of other days; an open slot runs to now),
 * a second open slot of one person.
 */
export function daySlotProblems(drafts: readonly SlotDraft[], context: DaySlotsContext): SlotProblem[] {
  const { day, timeZone, now } = context;
  const problems: SlotProblem[] = [];
  const add = (index: number, field: SlotProblem['field'], message: string) => {
    if (!problems.some((p) => p.index === index && p.field === field)) problems.push({ index, field, message });
  };
  const seen = new Map<number, number>();
  const spans: ({ index: number; employee: number; start: number; end: number; open: boolean } | null)[] = drafts.map((draft, index) => {
    if (draft.id !== undefined) {
      if (seen.has(draft.id)) add(index, 'id', MESSAGES.timesheetSlotTwice);
      else seen.set(draft.id, index);
    }
    const start = ms(draft.clockin_at);
    const end = draft.clockout_at === null ? null : ms(draft.clockout_at);
    if (!Number.isFinite(start) || (end !== null && !Number.isFinite(end))) {
      add(index, Number.isFinite(start) ? 'clockout_at' : 'clockin_at', MESSAGES.invalidInstant);
      return null;
    }
    if (start > now.getTime()) add(index, 'clockin_at', MESSAGES.timesheetFutureTime);
    else if (slotDay(new Date(start), timeZone) !== day) add(index, 'clockin_at', timesheetOtherDay(day));
    if (end !== null) {
      if (end > now.getTime()) add(index, 'clockout_at', MESSAGES.timesheetFutureTime);
      else if (end <= start) add(index, 'clockout_at', MESSAGES.timesheetClockoutBeforeClockin);
      else if (end - start > TIMESHEET_SLOT_MAX_HOURS * HOUR_MS) add(index, 'clockout_at', MESSAGES.timesheetTooLong);
    }
    return { index, employee: draft.employee_id, start, end: end ?? now.getTime(), open: end === null };
  });

  const listed = new Set(drafts.flatMap((d) => (d.id === undefined ? [] : [d.id])));
  const others = (context.others ?? []).filter((o) => !listed.has(o.id));
  const valid = spans.filter((s): s is NonNullable<typeof s> => s !== null && s.start <= s.end);
  for (const span of valid) {
    // Two open slots of one person overlap however short they are (one person is clocked in once).
    const bothOpen = (o: { open: boolean }) => span.open && o.open;
    const clash =
      valid.some((o) => o !== span && o.employee === span.employee && (bothOpen(o) || overlaps(o, span))) ||
      others.some((o) => o.employee_id === span.employee && ((span.open && o.clockout_at === null) || overlaps({ start: ms(o.clockin_at), end: endOf(o, now) }, span)));
    if (clash) add(span.index, span.open ? 'clockin_at' : 'clockout_at', MESSAGES.timesheetOverlap);
  }
  return problems.sort((a, b) => a.index - b.index);
}
