import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, id, instant, reportedDay } from '../models/ids';
import { dayStoreHours } from '../models/schedule';
import { APPOINTMENT_FLAG_KINDS } from '../rules/appointmentsView';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

/**
 * The appointments view (spec 001 §7 `GET appointments/taskresourcemap`): for a day or a week,
 * the staff shown in appointments (`visible_in_appointment`) with their scheduler colours and
 * published shifts, the business's holidays, and the appointments of each, flagged when they fall
 * outside every published shift of their staff member or on a holiday (`rules/appointmentsView.ts`).
 * Reading it needs `operation.view-staff`, as the schedule and a member's appointments do.
 */
const P = '/protected/business/{id}';

/** The most days one answer covers: a week, with room for one that starts on another day. */
export const APPOINTMENTS_VIEW_MAX_DAYS = 14;

export const taskResourceMapQuery = z.object({
  /** The first day, in the business's time zone; default today. */
  start: z.optional(day),
  /** The last day, included; default `start`. */
  end: z.optional(day),
});
export type TaskResourceMapQuery = z.input<typeof taskResourceMapQuery>;

/** A published shift, wall-clock `HH:mm` on its day. */
export const resourceShift = z.object({ id, day: reportedDay, start_time: z.string(), end_time: z.string() });
export type ResourceShift = z.infer<typeof resourceShift>;

/** A staff member shown in appointments, with their published shifts of the days asked for. */
export const appointmentResource = z.object({
  id,
  /** Unique in the business. */
  display_name: z.string(),
  schedulerColor: z.nullable(z.string()),
  shifts: z.array(resourceShift),
});
export type AppointmentResource = z.infer<typeof appointmentResource>;

export const appointmentFlagSchema = z.object({ kind: z.enum(APPOINTMENT_FLAG_KINDS as [string, ...string[]]), message: z.string() });

export const viewAppointment = z.object({
  id,
  staff_id: id,
  service_id: z.nullable(id),
  service: z.nullable(z.string()),
  customer_name: z.string(),
  starts_at: instant,
  duration_minutes: z.int(),
  /** Its business day and wall-clock times (`24:00` when it runs past midnight). */
  day: reportedDay,
  start_time: z.string(),
  end_time: z.string(),
  status: z.string(),
  /** Why it is flagged, or null. */
  flag: z.nullable(appointmentFlagSchema),
});
export type ViewAppointment = z.infer<typeof viewAppointment>;

export const taskResourceMap = z.object({
  start: reportedDay,
  end: reportedDay,
  today: reportedDay,
  timezone: z.string(),
  /** The store hours of each day of the week (index = dow), as the scheduler shows them. */
  hours: z.array(dayStoreHours),
  holidays: z.array(z.object({ day: reportedDay, name: z.string() })),
  /** In the scheduler's order. */
  resources: z.array(appointmentResource),
  /** The appointments of those staff members, by start. */
  appointments: z.array(viewAppointment),
  /** Appointments of the days that belong to staff not shown in appointments (hidden or no longer here). */
  hidden: z.int(),
});
export type TaskResourceMap = z.infer<typeof taskResourceMap>;

export const appointmentsViewEndpoints = {
  taskResourceMap: defineEndpoint({
    name: 'appointmentsView.taskResourceMap',
    method: 'GET',
    path: `${P}/appointments/taskresourcemap`,
    access: 'business',
    permission: 'operation.view-staff',
    params: z.object({ id }),
    query: taskResourceMapQuery,
    response: taskResourceMap,
    errorMessage: MESSAGES.failedToGetAppointmentData,
  }),
} as const;

export function appointmentsViewClient(transport: Transport) {
  return {
    /** The appointments view of `start`…`end` (default: today). */
    taskResourceMap: (businessId: number, range: { start?: string; end?: string } = {}) =>
      transport.request(appointmentsViewEndpoints.taskResourceMap, { params: { id: businessId }, query: range }),
  };
}
