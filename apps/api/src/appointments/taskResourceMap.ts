import {
  addDays,
  APPOINTMENTS_VIEW_MAX_DAYS,
  appointmentWallTimes,
  dayStartInZone,
  daysBetween,
  flagAppointments,
  MESSAGES,
  rangeProblem,
  type TaskResourceMap,
  todayIn,
} from '@salondesk/core';
import { and, asc, eq, gte, inArray, isNull, lt, lte } from 'drizzle-orm';
import type { BusinessRow } from '../businesses/queries';
import { services } from '../catalogue/schema';
import type { Database } from '../db/client';
import { invalidRequest } from '../http/errors';
import { loadHolidays, loadSettings, loadStoreHours } from '../schedule/queries';
import { schedules } from '../schedule/schema';
import { appointments, staff } from '../staff/schema';
import { rosterDisplayNames } from '../staff/queries';

/** The days asked for, in order and at most `APPOINTMENTS_VIEW_MAX_DAYS`; else a clear 400 naming `end`. */
export function checkViewRange(start: string, end: string): void {
  const span = daysBetween(start, end);
  if (span < 0) throw invalidRequest([{ path: ['query', 'end'], message: rangeProblem(start, end) ?? MESSAGES.invalidDate }]);
  if (span + 1 > APPOINTMENTS_VIEW_MAX_DAYS) throw invalidRequest([{ path: ['query', 'end'], message: MESSAGES.appointmentsRangeTooLong }]);
}

/**
 * The appointments view of `start`…`end` (business days): the staff shown in appointments (active,
 * not deleted, `visible_in_appointment`) in the scheduler's order with their display names,
 * colours and published shifts; the holidays; their appointments, each with its wall-clock times
 * and its flag (core's `flagAppointments`, against the published shifts of the day before to the
 * day after, so a shift across midnight counts); and how many appointments belong to staff not shown.
 */
export async function taskResourceMap(db: Database, business: BusinessRow, range: { start?: string | undefined; end?: string | undefined }, now: Date): Promise<TaskResourceMap> {
  const tz = business.timezone;
  const today = todayIn(tz, now);
  const start = range.start ?? today;
  const end = range.end ?? start;
  checkViewRange(start, end);
  const settings = await loadSettings(db, business.id);
  const hours = await loadStoreHours(db, business.id, settings);

  const members = await db
    .select({ id: staff.id, attributes: staff.attributes })
    .from(staff)
    .where(and(eq(staff.business_id, business.id), isNull(staff.deleted_at), eq(staff.status, 'ACTIVE'), eq(staff.visible_in_appointment, true)))
    .orderBy(asc(staff.order), asc(staff.id));
  const names = await rosterDisplayNames(db, business.id);
  const shown = new Set(members.map((m) => m.id));

  const before = addDays(start, -1);
  const after = addDays(end, 1);
  const shiftRows =
    members.length === 0
      ? []
      : await db
          .select({ id: schedules.id, employee_id: schedules.employee_id, day: schedules.day, start_time: schedules.start_time, end_time: schedules.end_time })
          .from(schedules)
          .where(
            and(
              eq(schedules.business_id, business.id),
              inArray(schedules.employee_id, [...shown]),
              isNull(schedules.archived_at),
              eq(schedules.published, true),
              gte(schedules.day, before),
              lte(schedules.day, after),
            ),
          )
          .orderBy(asc(schedules.day), asc(schedules.start_time), asc(schedules.id));
  const shifts = shiftRows.map((s) => ({ ...s, day: s.day as string }));
  const holidays = (await loadHolidays(db, business.id)).filter((h) => h.day >= before && h.day <= after);

  const rows = await db
    .select({
      id: appointments.id,
      staff_id: appointments.staff_id,
      service_id: appointments.service_id,
      service: services.name,
      customer_name: appointments.customer_name,
      starts_at: appointments.starts_at,
      duration_minutes: appointments.duration_minutes,
      status: appointments.status,
    })
    .from(appointments)
    .leftJoin(services, eq(services.id, appointments.service_id))
    .where(and(eq(appointments.business_id, business.id), gte(appointments.starts_at, dayStartInZone(start, tz)), lt(appointments.starts_at, dayStartInZone(after, tz))))
    .orderBy(asc(appointments.starts_at), asc(appointments.id));
  const listed = rows.filter((r) => shown.has(r.staff_id)).map((r) => ({ ...r, service: r.service ?? null, starts_at: r.starts_at.toISOString() }));
  const flags = flagAppointments(listed, shifts, holidays, tz);

  return {
    start,
    end,
    today,
    timezone: tz,
    hours,
    holidays: holidays.filter((h) => h.day >= start && h.day <= end),
    resources: members.map((m) => ({
      id: m.id,
      display_name: names.get(m.id) ?? `Staff #${m.id}`,
      schedulerColor: typeof m.attributes.schedulerColor === 'string' ? m.attributes.schedulerColor : null,
      shifts: shifts.filter((s) => s.employee_id === m.id && s.day >= start && s.day <= end).map(({ id, day, start_time, end_time }) => ({ id, day, start_time, end_time })),
    })),
    appointments: listed.map((a, i) => ({ ...a, ...appointmentWallTimes(a, tz), flag: flags[i] ?? null })),
    hidden: rows.length - listed.length,
  };
}
