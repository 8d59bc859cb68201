import {
  addDays,
  APPOINTMENT_FLAG_LABEL,
  APPOINTMENT_STATUS,
  type AppointmentFlagKind,
  appointmentStatusLabel,
  dayNumber,
  dayOfWeekOf,
  dayRange,
  type TaskResourceMap,
  type ViewAppointment,
  weekStartOf,
} from '@salondesk/core';
import type { AppointmentsListGroup } from './AppointmentsList';
import type { DayGridColumn, DayGridItem } from './AppointmentsDayGrid';
import type { WeekGridCell, WeekGridDay, WeekGridRow } from './AppointmentsWeekGrid';
import { weekCellKey } from './AppointmentsWeekGrid';
import { compactRange, coveringSpan, type GridSpan, hhmm, toMinutes } from '../../../components/ScheduleGrid/scheduleGridMath';

/**
 * What the appointments screen shows, worked out from `appointments/taskresourcemap`: the day or
 * week in the address, the day grid's columns and blocks, the week's cells, the phone's list and
 * the flagged appointments. Pure, so the view's logic is tested without a browser.
 */

export const APPOINTMENTS_VIEWS = ['day', 'week'] as const;
export type AppointmentsViewMode = (typeof APPOINTMENTS_VIEWS)[number];
export const APPOINTMENTS_VIEW_LABEL: Record<AppointmentsViewMode, string> = { day: 'Day', week: 'Week' };

export interface ViewState {
  view: AppointmentsViewMode;
  /** The day shown, or a day of the week shown. */
  day: string;
}

const DOW = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `2026-03-09` → `Mar 9`. */
const shortDate = (day: string) => `${MONTH[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;
/** `2026-03-09` → `Mon Mar 9`. */
export const dayName = (day: string) => `${DOW[dayOfWeekOf(day)]} ${shortDate(day)}`;

/** The view and day of the address (`?view=week&day=2026-03-09`): the day view of today unless it says otherwise. */
export function readViewState(params: URLSearchParams, today: string): ViewState {
  const view = params.get('view') === 'week' ? 'week' : 'day';
  const asked = params.get('day');
  const day = asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && dayNumber(asked) !== null && asked >= '2000-01-01' && asked <= '2099-12-31' ? asked : today;
  return { view, day };
}

/** The days the view asks for: the day, or its week (from the business's first day of the week). */
export function viewRange(state: ViewState, weekStartsOn: number): { start: string; end: string } {
  if (state.view === 'day') return { start: state.day, end: state.day };
  const start = weekStartOf(state.day, weekStartsOn);
  return { start, end: addDays(start, 6) };
}

/** The day the previous or next button goes to: a day, or a week, away. */
export const stepDay = (state: ViewState, direction: 1 | -1): string => addDays(state.day, direction * (state.view === 'day' ? 1 : 7));

const minutesOf = (a: Pick<ViewAppointment, 'start_time' | 'end_time'>) => ({ start: toMinutes(a.start_time), end: toMinutes(a.end_time) });
const flagOf = (a: ViewAppointment) => (a.flag ? { label: APPOINTMENT_FLAG_LABEL[a.flag.kind as AppointmentFlagKind] ?? 'Flagged', message: a.flag.message } : null);
const timeOf = (a: ViewAppointment) => `${a.start_time}–${a.end_time}`;

/** The store hours of a day of the week (minutes), for the axis and its shading. */
function storeHours(map: TaskResourceMap, day: string): { open: number; close: number } {
  const h = map.hours[dayOfWeekOf(day)];
  return h ? { open: toMinutes(h.start), close: toMinutes(h.end) } : { open: 7 * 60, close: 22 * 60 };
}

/** An axis that shows the store hours of `days` and every shift and appointment on them. */
function spanFor(map: TaskResourceMap, days: readonly string[]): GridSpan {
  const base = days.map((d) => storeHours(map, d)).reduce((a, b) => ({ open: Math.min(a.open, b.open), close: Math.max(a.close, b.close) }), { open: 1440, close: 0 });
  const times: number[] = [];
  for (const r of map.resources) for (const s of r.shifts) if (days.includes(s.day)) times.push(toMinutes(s.start_time), toMinutes(s.end_time));
  for (const a of map.appointments) if (days.includes(a.day)) times.push(toMinutes(a.start_time), toMinutes(a.end_time));
  return coveringSpan(times, base.open < base.close ? base : { open: 7 * 60, close: 22 * 60 }, 15);
}

const shiftsOn = (resource: TaskResourceMap['resources'][number], day: string) =>
  resource.shifts.filter((s) => s.day === day).map((s) => ({ start: toMinutes(s.start_time), end: toMinutes(s.end_time) }));

/** The day view: a column per staff member (their shifts and what the heading says of them), the appointments as blocks, the axis. */
export function dayView(map: TaskResourceMap, day: string) {
  const columns: DayGridColumn[] = map.resources.map((r) => {
    const shifts = shiftsOn(r, day);
    return { id: r.id, name: r.display_name, color: r.schedulerColor, shifts, shiftLabel: shifts.length > 0 ? shifts.map((s) => `${hhmm(s.start)}–${hhmm(s.end)}`).join(', ') : 'No shift' };
  });
  const items: DayGridItem[] = map.appointments
    .filter((a) => a.day === day)
    .map((a) => ({
      id: a.id,
      columnId: a.staff_id,
      ...minutesOf(a),
      time: timeOf(a),
      title: a.customer_name,
      detail: a.service,
      status: appointmentStatusLabel(a.status),
      cancelled: a.status === APPOINTMENT_STATUS.CANCELLED,
      flag: flagOf(a),
    }));
  return { columns, items, span: spanFor(map, [day]), hours: storeHours(map, day), holiday: map.holidays.find((h) => h.day === day)?.name ?? null };
}

/** The week view: its days, a row per staff member, a cell per staff member and day, the axis of the strips. */
export function weekView(map: TaskResourceMap) {
  const dayList = dayRange(map.start, Math.max(1, (dayNumber(map.end) ?? 0) - (dayNumber(map.start) ?? 0) + 1));
  const holidays = new Map(map.holidays.map((h) => [h.day, h.name]));
  const days: WeekGridDay[] = dayList.map((d) => ({ key: d, label: DOW[dayOfWeekOf(d)] as string, sublabel: shortDate(d), holiday: holidays.get(d) ?? null, today: d === map.today }));
  const rows: WeekGridRow[] = map.resources.map((r) => ({ id: r.id, name: r.display_name, color: r.schedulerColor }));
  const cells = new Map<string, WeekGridCell>();
  for (const r of map.resources) {
    for (const d of dayList) {
      const shifts = shiftsOn(r, d);
      const appointments = map.appointments
        .filter((a) => a.staff_id === r.id && a.day === d)
        .map((a) => ({ id: a.id, ...minutesOf(a), flagged: a.flag !== null }));
      cells.set(weekCellKey(r.id, d), {
        shifts,
        shiftLabel: shifts.length > 0 ? shifts.map((s) => compactRange(s.start, s.end)).join(', ') : 'Off',
        appointments,
        flagged: appointments.filter((a) => a.flagged).length,
      });
    }
  }
  return { days, rows, cells, span: spanFor(map, dayList) };
}

/** The phone's list: each staff member with their shifts and appointments (with the day, over a week). */
export function listGroups(map: TaskResourceMap, view: AppointmentsViewMode): AppointmentsListGroup[] {
  return map.resources.map((r) => {
    const shifts = r.shifts;
    const shiftLabel =
      shifts.length === 0 ? 'No shift' : view === 'day' ? shifts.map((s) => `${s.start_time}–${s.end_time}`).join(', ') : shifts.length === 1 ? '1 shift' : `${shifts.length} shifts`;
    return {
      id: r.id,
      name: r.display_name,
      color: r.schedulerColor,
      shiftLabel,
      items: map.appointments
        .filter((a) => a.staff_id === r.id)
        .map((a) => ({
          id: a.id,
          when: view === 'day' ? timeOf(a) : `${dayName(a.day)} · ${timeOf(a)}`,
          title: a.customer_name,
          detail: a.service,
          status: appointmentStatusLabel(a.status),
          cancelled: a.status === APPOINTMENT_STATUS.CANCELLED,
          flag: flagOf(a),
        })),
    };
  });
}

export interface FlaggedAppointment {
  id: number;
  day: string;
  /** `Mon Mar 9, 09:00–09:45`. */
  when: string;
  staff: string;
  customer: string;
  service: string | null;
  label: string;
  message: string;
}

/** The flagged appointments of the view, in time order, each with who, when and why. */
export function flaggedAppointments(map: TaskResourceMap): FlaggedAppointment[] {
  const names = new Map(map.resources.map((r) => [r.id, r.display_name]));
  return map.appointments.flatMap((a) => {
    const flag = flagOf(a);
    if (!flag) return [];
    return [{ id: a.id, day: a.day, when: `${dayName(a.day)}, ${timeOf(a)}`, staff: names.get(a.staff_id) ?? '', customer: a.customer_name, service: a.service, ...flag }];
  });
}

/** `12 appointments, 1 flagged`: what the view holds, cancelled ones left out of the count. */
export function viewSummary(map: TaskResourceMap): string {
  const live = map.appointments.filter((a) => a.status !== APPOINTMENT_STATUS.CANCELLED).length;
  const flagged = map.appointments.filter((a) => a.flag !== null).length;
  return `${live === 1 ? '1 appointment' : `${live} appointments`}, ${flagged} flagged`;
}
