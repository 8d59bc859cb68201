import { appointmentOnHoliday, MESSAGES } from '../messages';
import { dayInZone } from './dashboard';
import { entryInstants, parseTime, wallClockOf } from './scheduleTime';

/**
 * The appointments view (`appointments/taskresourcemap`): which appointments fall outside every
 * published shift of their staff member, or on a holiday. Shifts are wall-clock `HH:mm` on a day
 * of the business's time zone; appointments are instants with a length in real minutes. Both are
 * compared as instants, so a daylight-saving day is read right: a shift 09:00–17:00 on the day the
 * clocks go back lasts nine hours, and an appointment inside it is inside it.
 */

/** Where an appointment stands, as the `appointments` table keeps it. */
export const APPOINTMENT_STATUS = { BOOKED: 'BOOKED', COMPLETED: 'COMPLETED', CANCELLED: 'CANCELLED', NO_SHOW: 'NO_SHOW' } as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUS)[keyof typeof APPOINTMENT_STATUS];
export const APPOINTMENT_STATUS_LABEL: Record<AppointmentStatus, string> = { BOOKED: 'Booked', COMPLETED: 'Completed', CANCELLED: 'Cancelled', NO_SHOW: 'No-show' };

/** The label of a status, or the status itself when it is not one of ours. */
export const appointmentStatusLabel = (status: string): string => APPOINTMENT_STATUS_LABEL[status as AppointmentStatus] ?? status;

/** Why an appointment is flagged: its day is a holiday; its staff member has no published shift that day; it is not inside their shifts. */
export const APPOINTMENT_FLAG = { HOLIDAY: 'holiday', NO_SHIFT: 'no-shift', OUTSIDE_SHIFT: 'outside-shift' } as const;
export type AppointmentFlagKind = (typeof APPOINTMENT_FLAG)[keyof typeof APPOINTMENT_FLAG];
export const APPOINTMENT_FLAG_KINDS = Object.values(APPOINTMENT_FLAG) as AppointmentFlagKind[];
/** A short name of each reason, for a legend or a badge. */
export const APPOINTMENT_FLAG_LABEL: Record<AppointmentFlagKind, string> = { holiday: 'On a holiday', 'no-shift': 'No shift that day', 'outside-shift': 'Outside the shift' };

export interface AppointmentFlag {
  kind: AppointmentFlagKind;
  /** What the view says, in a sentence. */
  message: string;
}

/** A published shift of a staff member: a day and wall-clock times in the business's time zone. */
export interface ShiftTimes {
  employee_id: number;
  day: string;
  start_time: string;
  end_time: string;
}

/** What the rule needs of an appointment. */
export interface AppointmentTimes {
  staff_id: number;
  /** ISO-8601 instant. */
  starts_at: string;
  duration_minutes: number;
  status: string;
}

/** A cancelled appointment needs nobody on shift: it is never flagged. */
export const appointmentNeedsShift = (status: string): boolean => status !== APPOINTMENT_STATUS.CANCELLED;

const MINUTE = 60_000;

/** The instants `[start, end]` an appointment takes. */
export function appointmentInstants(appointment: Pick<AppointmentTimes, 'starts_at' | 'duration_minutes'>): { start: number; end: number } {
  const start = Date.parse(appointment.starts_at);
  return { start, end: start + Math.max(0, appointment.duration_minutes) * MINUTE };
}

/**
 * A staff member's shifts as instants, those that touch or overlap joined into one (a split shift
 * 09:00–13:00 and 13:00–17:00 is one stretch), in order. A shift without time (end not after
 * start, or a time that is not `HH:mm`) covers nothing.
 */
export function shiftStretches(shifts: readonly ShiftTimes[], timeZone: string): { start: number; end: number }[] {
  const spans = shifts
    .filter((s) => parseTime(s.start_time) !== null && parseTime(s.end_time) !== null)
    .map((s) => {
      const at = entryInstants(s.day, s.start_time, s.end_time, timeZone);
      return { start: at.start.getTime(), end: at.end.getTime() };
    })
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const s of spans) {
    const last = merged.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged;
}

/**
 * Why an appointment is flagged, or null when it is not: on a holiday of the business (the day
 * its start falls on, in `timeZone`); else with no published shift of its staff member that day;
 * else when some of its time is outside every one of their shifts. `shifts` are the published
 * shifts of its staff member (of the days around it: one may end after midnight); a cancelled
 * appointment is never flagged.
 */
export function appointmentFlag(appointment: AppointmentTimes, shifts: readonly ShiftTimes[], holidays: ReadonlyMap<string, string>, timeZone: string): AppointmentFlag | null {
  if (!appointmentNeedsShift(appointment.status)) return null;
  const { start, end } = appointmentInstants(appointment);
  const day = dayInZone(new Date(start), timeZone);
  const holiday = holidays.get(day);
  if (holiday !== undefined) return { kind: APPOINTMENT_FLAG.HOLIDAY, message: appointmentOnHoliday(holiday) };
  const own = shifts.filter((s) => s.employee_id === appointment.staff_id);
  if (shiftStretches(own, timeZone).some((s) => s.start <= start && end <= s.end)) return null;
  if (!own.some((s) => s.day === day)) return { kind: APPOINTMENT_FLAG.NO_SHIFT, message: MESSAGES.appointmentNoShift };
  return { kind: APPOINTMENT_FLAG.OUTSIDE_SHIFT, message: MESSAGES.appointmentOutsideShift };
}

/**
 * The flags of many appointments at once (a day or a week of a location): each against the
 * shifts of its own staff member only.
 */
export function flagAppointments<A extends AppointmentTimes>(appointments: readonly A[], shifts: readonly ShiftTimes[], holidays: readonly { day: string; name: string }[], timeZone: string): (AppointmentFlag | null)[] {
  const byStaff = new Map<number, ShiftTimes[]>();
  for (const s of shifts) {
    const list = byStaff.get(s.employee_id);
    if (list) list.push(s);
    else byStaff.set(s.employee_id, [s]);
  }
  const days = new Map(holidays.map((h) => [h.day, h.name]));
  return appointments.map((a) => appointmentFlag(a, byStaff.get(a.staff_id) ?? [], days, timeZone));
}

/**
 * Where an appointment sits on its day's wall clock, as the view draws it: its business day, and
 * its start and end as `HH:mm` in `timeZone` (`24:00` when it runs past midnight).
 */
export function appointmentWallTimes(appointment: Pick<AppointmentTimes, 'starts_at' | 'duration_minutes'>, timeZone: string): { day: string; start_time: string; end_time: string } {
  const { start, end } = appointmentInstants(appointment);
  const day = dayInZone(new Date(start), timeZone);
  const start_time = wallClockOf(new Date(start), timeZone);
  const endDay = dayInZone(new Date(end), timeZone);
  const wallEnd = wallClockOf(new Date(end), timeZone);
  // Past midnight (or back before the start, on the night the clocks go back): the end of the day.
  const end_time = endDay !== day || wallEnd < start_time ? '24:00' : wallEnd;
  return { day, start_time, end_time };
}
