import {
  addDays,
  dayOfWeekOf,
  dayRange,
  describeRotation,
  type Holiday,
  isDraft,
  isPublished,
  type ScheduleEntry,
  type ScheduleMode,
  type ScheduleSettings,
  type ScheduleStaff,
} from '@salondesk/core';
import type { GridColumn, GridEntry } from '../../../ui/ScheduleGrid';
import { toMinutes } from '../../../ui/scheduleGridMath';

const DOW = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const DOW_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2025-06-02` → `Jun 2`. */
export const shortDate = (day: string) => `${MONTH[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

/** The grid's columns: the days of the view, or the days of the week in template mode. */
export function columnsFor(mode: ScheduleMode, start: string, settings: ScheduleSettings, holidays: readonly Holiday[], today: string): GridColumn[] {
  if (mode === 'template') {
    return Array.from({ length: 7 }, (_, i) => {
      const dow = (settings.weekStartsOn + i) % 7;
      return { key: String(dow), label: DOW_LONG[dow] as string };
    });
  }
  const names = new Map(holidays.map((h) => [h.day, h.name]));
  return dayRange(start, settings.viewDays).map((day) => ({
    key: day,
    label: DOW[dayOfWeekOf(day)] as string,
    sublabel: shortDate(day),
    holiday: names.get(day) ?? null,
    today: day === today,
  }));
}

/** The entries the grid shows in a mode. Edit mode shows drafts, and a day's published entries faintly where it has none. */
export function entriesFor(mode: ScheduleMode, dated: readonly ScheduleEntry[], staff: readonly ScheduleStaff[], templateId: string): GridEntry[] {
  const bar = (e: ScheduleEntry, tone: GridEntry['tone'], columnKey: string): GridEntry => ({
    id: e.id,
    rowId: e.employee_id,
    columnKey,
    start: toMinutes(e.start_time),
    end: toMinutes(e.end_time),
    tone,
    ...(e.detail && e.detail.alternate > 1 ? { badge: `↻${e.detail.alternate}`, badgeLabel: describeRotation(e.detail) } : {}),
  });
  if (mode === 'template') {
    return staff.flatMap((s) => s.schedules.filter((e) => e.dow !== null && e.archived_at === null && e.template_id === templateId).map((e) => bar(e, 'template', String(e.dow))));
  }
  if (mode === 'publish') return dated.filter(isPublished).map((e) => bar(e, 'published', e.day as string));
  const drafts = dated.filter(isDraft);
  const covered = new Set(drafts.map((e) => `${e.employee_id}|${e.day}`));
  return [
    ...drafts.map((e) => bar(e, 'draft', e.day as string)),
    ...dated.filter((e) => isPublished(e) && !covered.has(`${e.employee_id}|${e.day}`)).map((e) => bar(e, 'ghost', e.day as string)),
  ];
}

/** The last day of a view. */
export const viewEnd = (start: string, settings: ScheduleSettings) => addDays(start, settings.viewDays - 1);
