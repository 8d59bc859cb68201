import { appointmentFlag, APPOINTMENT_STATUS, entryInstants, formatTime, parseTime, type ShiftTimes, todayIn, wallClockOf } from '@salondesk/core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { loadHolidays } from '../schedule/queries';
import { schedules } from '../schedule/schema';
import { appointments, staff } from '../staff/schema';

/**
 * The demo's appointments against its published schedule, for the appointments view: on the days
 * the schedule is published (seed-schedule.ts: last week to three weeks ahead), a booking made
 * outside its staff member's shift is moved into it, or to a colleague on shift then, as a front
 * desk would have booked it; then each of those days keeps one booking outside a shift on
 * purpose (an early start before the shift, a booking on a day off), so the view's flags show.
 * Holidays have no shifts: their bookings stay flagged. Bookings stay on their day, between 09:00
 * and 17:00 on the wall clock, and keep their status; days before the published weeks are left
 * as they are (no shift is published there).
 */

/** Appointments start between these wall-clock times (seed-staff.ts). */
const FIRST_START = 9 * 60;
const LAST_START = 17 * 60;
/** An early booking starts this long before its staff member's shift. */
const EARLY_BY = 30;

export interface FitAppointment {
  id: number;
  staff_id: number;
  starts_at: Date;
  duration_minutes: number;
  status: string;
}

export interface FitInput {
  timezone: string;
  /** The staff shown in appointments, in scheduler order. */
  members: readonly number[];
  /** Published dated shifts of the location. */
  shifts: readonly ShiftTimes[];
  holidays: readonly { day: string; name: string }[];
  appointments: readonly FitAppointment[];
  /** Today in the location's time zone. */
  today: string;
}

export interface AppointmentMove {
  id: number;
  staff_id: number;
  starts_at: Date;
}

const minutesOf = (time: string) => parseTime(time) ?? 0;

/**
 * Where a booking of `duration` minutes can start in a shift (between 09:00 and 17:00): the free
 * half hour nearest to `wanted` (`busy` holds the staff member's other bookings of the day), else
 * the nearest time at all; null when it cannot fit the shift.
 */
function startWithin(shift: ShiftTimes, wanted: number, duration: number, busy: readonly { start: number; end: number }[]): number | null {
  const lo = Math.max(minutesOf(shift.start_time), FIRST_START);
  const hi = Math.min(minutesOf(shift.end_time) - duration, LAST_START);
  if (lo > hi) return null;
  const nearest = Math.min(Math.max(wanted, lo), hi);
  const free = (start: number) => busy.every((b) => start + duration <= b.start || b.end <= start);
  for (let step = 0; nearest - step >= lo || nearest + step <= hi; step += 30) {
    for (const start of [nearest - step, nearest + step]) if (start >= lo && start <= hi && free(start)) return start;
  }
  return nearest;
}

/** The moves that fit the bookings of the published days to the shifts, then set one per day outside them. */
export function fitAppointmentsToShifts(input: FitInput): AppointmentMove[] {
  const { timezone: tz } = input;
  const members = new Set(input.members);
  const holidays = new Map(input.holidays.map((h) => [h.day, h.name]));
  const published = new Set(input.shifts.map((s) => s.day));
  const shiftsOf = (staffId: number, day: string) => input.shifts.filter((s) => s.employee_id === staffId && s.day === day).sort((a, b) => a.start_time.localeCompare(b.start_time));
  const at = (day: string, minutes: number) => entryInstants(day, formatTime(minutes), formatTime(minutes), tz).start;

  const current = new Map(input.appointments.map((a) => [a.id, { ...a }]));
  // Each booking's day and wall-clock start, read once (a time zone's wall clock is slow to read).
  const days = new Map(input.appointments.map((a) => [a.id, todayIn(tz, a.starts_at)]));
  const starts = new Map(input.appointments.map((a) => [a.id, minutesOf(wallClockOf(a.starts_at, tz))]));
  const moved = new Set<number>();
  const move = (a: FitAppointment, staffId: number, day: string, minutes: number) => {
    a.staff_id = staffId;
    a.starts_at = at(day, minutes);
    days.set(a.id, day);
    starts.set(a.id, minutes);
    moved.add(a.id);
  };
  const dayOf = (a: FitAppointment) => days.get(a.id) as string;
  const startOf = (a: FitAppointment) => starts.get(a.id) as number;
  const inView = [...current.values()]
    .filter((a) => members.has(a.staff_id) && a.status !== APPOINTMENT_STATUS.CANCELLED && published.has(dayOf(a)) && !holidays.has(dayOf(a)))
    .sort((a, b) => a.id - b.id);
  const flagOf = (a: FitAppointment) => appointmentFlag({ ...a, starts_at: a.starts_at.toISOString() }, input.shifts.filter((s) => s.employee_id === a.staff_id), holidays, tz);
  /** A staff member's other bookings of a day, as wall-clock minutes. */
  const busyOf = (staffId: number, day: string, except: number) =>
    inView
      .filter((b) => b.id !== except && b.staff_id === staffId && dayOf(b) === day)
      .map((b) => ({ start: startOf(b), end: startOf(b) + b.duration_minutes }));

  for (const a of inView) {
    if (flagOf(a) === null) continue;
    const day = dayOf(a);
    const wanted = startOf(a);
    // Its own staff member first; else the colleague on shift with the fewest bookings that day.
    const colleagues = input.members
      .filter((m) => m !== a.staff_id)
      .map((m, order) => ({ m, order, load: busyOf(m, day, a.id).length }))
      .sort((x, y) => x.load - y.load || x.order - y.order)
      .map((x) => x.m);
    for (const staffId of [a.staff_id, ...colleagues]) {
      const busy = busyOf(staffId, day, a.id);
      const start = shiftsOf(staffId, day)
        .map((s) => startWithin(s, wanted, a.duration_minutes, busy))
        .find((m) => m !== null);
      if (start !== undefined && start !== null) {
        move(a, staffId, day, start);
        break;
      }
    }
  }

  // One booking outside a shift on each published day that is no holiday, of a different staff member from day to day.
  const open = [...published].filter((d) => !holidays.has(d)).sort();
  open.forEach((day, index) => {
    const rank = (staffId: number) => (input.members.indexOf(staffId) - index + input.members.length * open.length) % input.members.length;
    const todays = inView.filter((a) => dayOf(a) === day).sort((a, b) => rank(a.staff_id) - rank(b.staff_id) || a.id - b.id);
    const early = todays.find((a) => {
      const first = shiftsOf(a.staff_id, day)[0];
      return first !== undefined && minutesOf(first.start_time) - EARLY_BY >= FIRST_START;
    });
    if (early) {
      const first = shiftsOf(early.staff_id, day)[0] as ShiftTimes;
      move(early, early.staff_id, day, Math.min(minutesOf(first.start_time) - EARLY_BY, LAST_START));
      return;
    }
    const off = input.members.find((m) => shiftsOf(m, day).length === 0);
    const any = todays[0];
    if (any && off !== undefined) move(any, off, day, startOf(any));
  });

  // At least one booking on a holiday of the booked days (the latest one), so that flag shows too.
  const all = [...current.values()].filter((a) => members.has(a.staff_id) && a.status !== APPOINTMENT_STATUS.CANCELLED).sort((a, b) => a.id - b.id);
  const booked = new Set(all.map(dayOf));
  const first = [...booked].sort()[0];
  const last = [...booked].sort().at(-1);
  const holiday = [...holidays.keys()].filter((d) => first !== undefined && last !== undefined && d >= first && d <= last).sort().at(-1);
  if (holiday !== undefined && !booked.has(holiday)) {
    // A booking on the same side of today (so a past one stays past, a booked one ahead).
    const side = (day: string) => day < input.today;
    const chosen = all.find((a) => side(dayOf(a)) === side(holiday));
    if (chosen) move(chosen, chosen.staff_id, holiday, startOf(chosen));
  }

  return [...moved].sort((a, b) => a - b).map((id) => {
    const a = current.get(id) as FitAppointment;
    return { id, staff_id: a.staff_id, starts_at: a.starts_at };
  });
}

/** Applies `fitAppointmentsToShifts` to one demo location (after its schedule and appointments are seeded). */
export async function seedAppointmentFlags(tx: Executor, input: { businessId: number; timezone: string; now: Date }): Promise<void> {
  const { businessId } = input;
  const members = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.business_id, businessId), isNull(staff.deleted_at), eq(staff.status, 'ACTIVE'), eq(staff.visible_in_appointment, true)))
    .orderBy(asc(staff.order), asc(staff.id));
  const shifts = (
    await tx
      .select({ employee_id: schedules.employee_id, day: schedules.day, start_time: schedules.start_time, end_time: schedules.end_time })
      .from(schedules)
      .where(and(eq(schedules.business_id, businessId), eq(schedules.published, true), isNull(schedules.archived_at)))
  ).flatMap((s) => (s.day === null ? [] : [{ ...s, day: s.day }]));
  const booked = await tx
    .select({ id: appointments.id, staff_id: appointments.staff_id, starts_at: appointments.starts_at, duration_minutes: appointments.duration_minutes, status: appointments.status })
    .from(appointments)
    .where(eq(appointments.business_id, businessId));
  const moves = fitAppointmentsToShifts({
    timezone: input.timezone,
    members: members.map((m) => m.id),
    shifts,
    holidays: await loadHolidays(tx, businessId),
    appointments: booked,
    today: todayIn(input.timezone, input.now),
  });
  for (const m of moves) await tx.update(appointments).set({ staff_id: m.staff_id, starts_at: m.starts_at }).where(eq(appointments.id, m.id));
}
