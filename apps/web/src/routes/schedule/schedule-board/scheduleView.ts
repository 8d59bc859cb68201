import {
  addDays,
  type ChangeSummary,
  type DayStoreHours,
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
import type { GridSpan } from '../../../ui/scheduleGridMath';
import { toMinutes } from '../../../ui/scheduleGridMath';

const DOW = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const DOW_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2025-06-02` → `Jun 2`. */
export const shortDate = (day: string) => `${MONTH[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

/** A day's store hours as the grid takes them (minutes), with what its header says about them. */
function hoursOf(hours: readonly DayStoreHours[], dow: number): Pick<GridColumn, 'hours' | 'hoursLabel' | 'hoursTitle'> {
  const h = hours[dow];
  if (!h) return {};
  const range = `${h.start}–${h.end}`;
  return {
    hours: { open: toMinutes(h.start), close: toMinutes(h.end) },
    hoursLabel: h.closed ? `Closed · ${range}` : range,
    hoursTitle: h.closed
      ? `Closed in Business Hours; the schedule's store hours ${range} apply`
      : h.source === 'business-hours'
        ? `Store hours ${range}, from Business Hours`
        : `Store hours ${range}, from the schedule settings`,
  };
}

/**
 * The grid's columns: the days of the view, or the days of the week in template mode (from the
 * settings' first day of the week), each with the store hours that apply to it.
 */
export function columnsFor(
  mode: ScheduleMode,
  start: string,
  settings: ScheduleSettings,
  holidays: readonly Holiday[],
  today: string,
  hours: readonly DayStoreHours[] = [],
): GridColumn[] {
  if (mode === 'template') {
    return Array.from({ length: 7 }, (_, i) => {
      const dow = (settings.weekStartsOn + i) % 7;
      return { key: String(dow), label: DOW_LONG[dow] as string, ...hoursOf(hours, dow) };
    });
  }
  const names = new Map(holidays.map((h) => [h.day, h.name]));
  return dayRange(start, settings.viewDays).map((day) => ({
    key: day,
    label: DOW[dayOfWeekOf(day)] as string,
    sublabel: shortDate(day),
    holiday: names.get(day) ?? null,
    today: day === today,
    ...hoursOf(hours, dayOfWeekOf(day)),
  }));
}

/**
 * The span every cell of the grid draws: from the earliest opening to the latest closing of the
 * columns shown (so one time sits at one place in every column), widened to any shift saved
 * outside them (made before the hours changed), so every bar is drawn whole.
 */
export function gridSpanFor(columns: readonly GridColumn[], entries: readonly GridEntry[], fallback: { start: string; end: string }, snap: number): GridSpan {
  const opens = [...columns.flatMap((c) => (c.hours ? [c.hours.open] : [])), ...entries.map((e) => e.start)];
  const closes = [...columns.flatMap((c) => (c.hours ? [c.hours.close] : [])), ...entries.map((e) => e.end)];
  return {
    open: opens.length > 0 ? Math.min(...opens) : toMinutes(fallback.start),
    close: closes.length > 0 ? Math.max(...closes) : toMinutes(fallback.end),
    snap,
  };
}

const SHORT_DOW = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** `Mon`, `Tue–Sat`: a run of consecutive days of the week. */
const dayRun = (run: readonly number[]) => (run.length === 1 ? SHORT_DOW[run[0] as number] : `${SHORT_DOW[run[0] as number]}–${SHORT_DOW[run.at(-1) as number]}`);

/**
 * What the scheduler says about its store hours: which hours apply on which days and where they
 * come from (Business Hours, or the schedule settings), in the order of the business's week.
 */
export function storeHoursNote(hours: readonly DayStoreHours[], weekStartsOn: number): string {
  const week = Array.from({ length: 7 }, (_, i) => hours[(weekStartsOn + i) % 7]).filter((h): h is DayStoreHours => h !== undefined);
  const fromBusiness = week.filter((h) => h.source === 'business-hours');
  const fallback = week.find((h) => h.source === 'schedule-settings');
  if (fromBusiness.length === 0) return `Store hours ${fallback ? `${fallback.start}–${fallback.end}` : ''}, from the schedule settings (no day is set in Business Hours).`;
  // Runs of consecutive days (in the business's week) with the same hours from Business Hours.
  const runs: { days: number[]; label: string }[] = [];
  let current: { days: number[]; label: string } | null = null;
  for (const h of week) {
    const label = `${h.start}–${h.end}`;
    if (h.source !== 'business-hours') current = null;
    else if (current && current.label === label) current.days.push(h.dow);
    else runs.push((current = { days: [h.dow], label }));
  }
  const parts = [`Store hours follow Business Hours (Settings): ${runs.map((r) => `${dayRun(r.days)} ${r.label}`).join(', ')}.`];
  const others = week.filter((h) => h.source === 'schedule-settings');
  if (others.length > 0 && fallback) {
    const closed = others.filter((h) => h.closed).map((h) => SHORT_DOW[h.dow]);
    const unset = others.filter((h) => !h.closed).map((h) => SHORT_DOW[h.dow]);
    const why = [closed.length > 0 ? `${closed.join(', ')} closed in Business Hours` : '', unset.length > 0 ? `${unset.join(', ')} not set there` : ''].filter(Boolean).join('; ');
    parts.push(`${why}: the schedule's store hours ${fallback.start}–${fallback.end} apply.`);
  }
  return parts.join(' ');
}

/** Where the schedule settings' own store hours apply (the settings dialog says it under them). */
export function fallbackHoursNote(hours: readonly DayStoreHours[], weekStartsOn: number): string {
  const week = Array.from({ length: 7 }, (_, i) => hours[(weekStartsOn + i) % 7]).filter((h): h is DayStoreHours => h !== undefined);
  const others = week.filter((h) => h.source === 'schedule-settings');
  const lead = 'Days set open in Business Hours (Settings) keep those hours; these apply to the other days';
  if (others.length === 0) return `${lead}: none at present, every day is set there.`;
  if (others.length === 7 && others.every((h) => !h.closed)) return `${lead}: every day at present, none is set there.`;
  return `${lead}: ${others.map((h) => `${SHORT_DOW[h.dow]}${h.closed ? ' (closed there)' : ''}`).join(', ')}.`;
}

export interface WeekLine {
  key: string;
  /** `Jun 1 – Jun 7`. */
  label: string;
  /** `3 drafts published, 1 shift replaced`. */
  detail: string;
  /** Some of the days it changes are not on screen (scrolled away, or outside the weeks shown). */
  offScreen: boolean;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The lines of a bulk action's confirmation, one per week that changes: its days, what changes,
 * and whether some of what changes is off screen (`shown`: the days whose columns are visible now).
 */
export function weekLines(summary: ChangeSummary, kind: 'publish' | 'republish', shown: ReadonlySet<string>): WeekLine[] {
  return summary.weeks.map((w) => {
    const detail =
      kind === 'publish'
        ? [count(w.added, 'draft published', 'drafts published'), w.replaced > 0 ? count(w.replaced, 'published shift replaced', 'published shifts replaced') : ''].filter(Boolean).join(', ')
        : [count(w.added, 'shift created', 'shifts created'), count(w.replaced, 'template-made shift replaced', 'template-made shifts replaced')].join(', ');
    return { key: w.weekStart, label: `${shortDate(w.from)} – ${shortDate(w.to)}`, detail, offScreen: w.days.some((d) => !shown.has(d)) };
  });
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

/** The totals under a confirmation's weeks, or what is said when nothing would change. */
export function changeTotal(summary: ChangeSummary, kind: 'publish' | 'republish'): string {
  const weeks = count(summary.weeks.length, 'week', 'weeks');
  if (kind === 'publish') {
    if (summary.added === 0) return `No drafts to publish from ${shortDate(summary.start)} to ${shortDate(summary.end)}.`;
    const replaced = summary.replaced > 0 ? `, replacing ${count(summary.replaced, 'published shift', 'published shifts')}` : '';
    return `${count(summary.added, 'draft', 'drafts')} in ${weeks}${replaced}.`;
  }
  if (summary.added === 0 && summary.replaced === 0) return `The templates give nothing from ${shortDate(summary.start)} to ${shortDate(summary.end)}: nothing changes.`;
  return `${count(summary.added, 'shift', 'shifts')} created and ${count(summary.replaced, 'template-made shift', 'template-made shifts')} replaced, in ${weeks}.`;
}
