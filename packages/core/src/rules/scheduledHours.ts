import type { ScheduleEntry } from '../models/schedule';
import { parseTime } from './scheduleTime';

/**
 * Scheduled hours: how long each staff member is on the schedule, and how many staff hours each
 * day is staffed (the scheduler's row and column headers; `SCHEDULE_FIGURES` names them). One
 * definition:
 * - a staff member's time on a day is the **union** of their shifts that day, so overlapping or
 *   touching shifts of one person never count twice;
 * - a day's staffed time is the sum of those times over the staff (two people at once are two
 *   staff hours);
 * - a week's time of one person is the sum of their days in it.
 * Schedule entries have no breaks (spec 000 §3: a start and an end), so none are taken off.
 * Which entries make "the schedule" is the caller's choice: the published ones, the schedule
 * once the drafts are published (`scheduleOnceDraftsPublished`), or a template's entries (keyed
 * by day of the week).
 */

/** What the hours are computed from: who, which column (a day, or a day of the week), from–to. */
export interface HoursEntry {
  employee_id: number;
  start_time: string;
  end_time: string;
}

/** Minutes covered by a set of intervals (minutes since midnight, start < end): their union's length. */
export function unionMinutes(intervals: readonly { start: number; end: number }[]): number {
  const sorted = [...intervals].filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  let total = 0;
  let from = -1;
  let to = -1;
  for (const { start, end } of sorted) {
    if (start > to) {
      total += to - from;
      from = start;
      to = end;
    } else if (end > to) to = end;
  }
  return total + (to - from);
}

export interface ScheduledHours {
  /** Minutes per staff member per column (`employee_id` → column key → minutes). */
  staff: Map<number, Map<string, number>>;
  /** Minutes per column: the sum over staff. */
  columns: Map<string, number>;
}

/**
 * The scheduled minutes of `entries`, per staff member and column and per column; `keyOf` gives an
 * entry's column (its day by default; a template entry's day of the week in the template view).
 */
export function scheduledHours<T extends HoursEntry & Partial<Pick<ScheduleEntry, 'day' | 'dow'>>>(
  entries: readonly T[],
  keyOf: (entry: T) => string | null = (e) => e.day ?? (e.dow === undefined || e.dow === null ? null : String(e.dow)),
): ScheduledHours {
  const intervals = new Map<number, Map<string, { start: number; end: number }[]>>();
  for (const e of entries) {
    const key = keyOf(e);
    const start = parseTime(e.start_time);
    const end = parseTime(e.end_time);
    if (key === null || start === null || end === null) continue;
    let byKey = intervals.get(e.employee_id);
    if (!byKey) intervals.set(e.employee_id, (byKey = new Map()));
    const list = byKey.get(key);
    if (list) list.push({ start, end });
    else byKey.set(key, [{ start, end }]);
  }
  const staff = new Map<number, Map<string, number>>();
  const columns = new Map<string, number>();
  for (const [employee, byKey] of intervals) {
    const out = new Map<string, number>();
    for (const [key, list] of byKey) {
      const minutes = unionMinutes(list);
      out.set(key, minutes);
      columns.set(key, (columns.get(key) ?? 0) + minutes);
    }
    staff.set(employee, out);
  }
  return { staff, columns };
}

/** One staff member's minutes over some columns (a week's days): the sum of their days. */
export function staffMinutes(hours: ScheduledHours, employeeId: number, keys: readonly string[]): number {
  const byKey = hours.staff.get(employeeId);
  if (!byKey) return 0;
  let total = 0;
  for (const key of keys) total += byKey.get(key) ?? 0;
  return total;
}
