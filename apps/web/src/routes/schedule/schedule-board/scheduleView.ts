import {
  addDays,
  type ChangeSummary,
  type CopyPlan,
  entriesOverlap,
  formatHours,
  MESSAGES,
  type OverlapCandidate,
  SCHEDULE_FIGURES,
  scheduledHours,
  type ScheduleInput,
  scheduleOnceDraftsPublished,
  type ShiftCopy,
  shiftsCopied,
  staffMinutes,
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
import type { GridColumn, GridEntry, RowSummary } from '../../../components/ScheduleGrid';
import type { EntryPlace, GridSpan } from '../../../components/ScheduleGrid/scheduleGridMath';
import { hhmm, toMinutes } from '../../../components/ScheduleGrid/scheduleGridMath';

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
  days: number = settings.viewDays,
): GridColumn[] {
  if (mode === 'template') {
    return Array.from({ length: 7 }, (_, i) => {
      const dow = (settings.weekStartsOn + i) % 7;
      return { key: String(dow), label: DOW_LONG[dow] as string, ...hoursOf(hours, dow) };
    });
  }
  const names = new Map(holidays.map((h) => [h.day, h.name]));
  return dayRange(start, days).map((day) => ({
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
export const viewEnd = (start: string, days: number) => addDays(start, days - 1);

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

/** The scheduler's two views: a week that fits the screen, or two weeks side by side (the spec's default view of 14 days). */
export const SCHEDULE_VIEW = { WEEK: 'week', FORTNIGHT: 'fortnight' } as const;
export type ScheduleView = (typeof SCHEDULE_VIEW)[keyof typeof SCHEDULE_VIEW];
export const SCHEDULE_VIEW_DAYS: Record<ScheduleView, number> = { week: 7, fortnight: 14 };
export const SCHEDULE_VIEW_LABEL: Record<ScheduleView, string> = { week: 'Week', fortnight: '2 weeks' };

/** The view the address names (`?view=week|fortnight`), else the one the settings' `viewDays` is closest to. */
export function viewOf(asked: string | null, viewDays: number | undefined): ScheduleView {
  if (asked === 'week' || asked === 'fortnight') return asked;
  return viewDays !== undefined && viewDays <= 7 ? 'week' : 'fortnight';
}

/** The entries whose time counts in a mode's hours: the published schedule, the schedule once the drafts are published, or the template's. */
export function hoursEntries(mode: ScheduleMode, dated: readonly ScheduleEntry[], staff: readonly ScheduleStaff[], templateId: string): ScheduleEntry[] {
  if (mode === 'template') return staff.flatMap((s) => s.schedules.filter((e) => e.dow !== null && e.archived_at === null && e.template_id === templateId));
  if (mode === 'publish') return dated.filter(isPublished);
  return scheduleOnceDraftsPublished(dated);
}

/**
 * What the headers say about hours (`SCHEDULE_FIGURES`): each staff member's scheduled hours per
 * week shown (`32 h · 30 h`) and each day's staffed hours (`42 h staffed`), from one computation.
 */
export function hoursSummaries(
  mode: ScheduleMode,
  columns: readonly GridColumn[],
  entries: readonly ScheduleEntry[],
  staffIds: readonly number[],
): { rows: Map<number, RowSummary>; columns: Map<string, { summary: string; summaryLabel: string }> } {
  const hours = scheduledHours(entries);
  const weeks: GridColumn[][] = [];
  for (let i = 0; i < columns.length; i += 7) weeks.push(columns.slice(i, i + 7));
  const rows = new Map<number, RowSummary>();
  for (const id of staffIds) {
    const perWeek = weeks.map((w) => staffMinutes(hours, id, w.map((c) => c.key)));
    const label =
      mode === 'template'
        ? `${SCHEDULE_FIGURES.scheduledHours.label} ${formatHours(perWeek[0] ?? 0)} a week in this template`
        : `${SCHEDULE_FIGURES.scheduledHours.label} ${perWeek.map((m, i) => `${formatHours(m)} ${weekName(weeks[i] as GridColumn[])}`).join(', ')}`;
    rows.set(id, { text: perWeek.map(formatHours).join(' · '), label });
  }
  const days = new Map<string, { summary: string; summaryLabel: string }>();
  for (const c of columns) {
    const minutes = hours.columns.get(c.key) ?? 0;
    days.set(c.key, { summary: `${formatHours(minutes)} staffed`, summaryLabel: `${SCHEDULE_FIGURES.staffedHours.label} ${formatHours(minutes)}` });
  }
  return { rows, columns: days };
}

const weekName = (week: readonly GridColumn[]) => {
  const first = week[0];
  const last = week.at(-1);
  return first && last ? `${first.sublabel ?? first.label} to ${last.sublabel ?? last.label}` : '';
};

/**
 * Why a shift cannot go to `place` in a mode, or null: it would overlap another shift of that
 * person there (`Cannot Set Overlapping Schedules`, spec 000 §5), by core's overlap rule. `moving`
 * is the entry being moved (left out of the comparison), absent for a new one.
 */
export function overlapAt(
  mode: ScheduleMode,
  place: EntryPlace,
  moving: ScheduleEntry | undefined,
  competing: readonly ScheduleEntry[],
  templateId: string,
  weekStartsOn: number,
): string | null {
  const times = { start_time: hhmm(place.start), end_time: hhmm(place.end) };
  const candidate: OverlapCandidate =
    mode === 'template'
      ? { employee_id: place.rowId, day: null, dow: Number(place.columnKey), template_id: moving?.template_id ?? templateId, detail: moving?.detail ?? null, ...times }
      : { employee_id: place.rowId, day: place.columnKey, dow: null, published: moving ? moving.published : mode === 'publish', ...times };
  const others = competing.filter((e) => e.id !== moving?.id && e.employee_id === place.rowId && e.archived_at === null);
  return others.some((e) => entriesOverlap(e, candidate, weekStartsOn)) ? MESSAGES.overlappingSchedules : null;
}

/** What a copy will do, said before it is made: `3 drafts will be created; 1 skipped: 1 overlaps a shift already there.` */
export function copyPreviewText(plan: CopyPlan, noun: 'draft' | 'template shift' = 'draft'): string {
  if (plan.create.length === 0 && plan.overlapping === 0 && plan.holidays === 0) return 'Choose other days or staff members to copy to.';
  return shiftsCopied(plan.create.length, plan, noun).replace(' created', ' will be created');
}

/** A copy as `schedule/addbatch` takes it. */
export const copyInput = (c: ShiftCopy): ScheduleInput =>
  c.day !== null
    ? { employee_id: c.employee_id, day: c.day, start_time: c.start_time, end_time: c.end_time, published: false }
    : { employee_id: c.employee_id, dow: c.dow, start_time: c.start_time, end_time: c.end_time, template_id: c.template_id, detail: c.detail };

export interface DraftLine {
  id: number;
  /** `Tue Jun 3 · Ava Bennett · 09:00–13:00`. */
  label: string;
}

/** The drafts of `start`…`end`, by day, staff order and time, as the drafts list names them. */
export function draftLines(dated: readonly ScheduleEntry[], start: string, end: string, staff: readonly { id: number; name: string }[]): DraftLine[] {
  const order = new Map(staff.map((s, i) => [s.id, i]));
  return dated
    .filter((e) => isDraft(e) && (e.day as string) >= start && (e.day as string) <= end)
    .sort(
      (a, b) =>
        (a.day as string).localeCompare(b.day as string) ||
        (order.get(a.employee_id) ?? 1e9) - (order.get(b.employee_id) ?? 1e9) ||
        a.start_time.localeCompare(b.start_time),
    )
    .map((e) => ({
      id: e.id,
      label: `${DOW[dayOfWeekOf(e.day as string)]} ${shortDate(e.day as string)} · ${staff.find((s) => s.id === e.employee_id)?.name ?? 'Staff member'} · ${e.start_time}–${e.end_time}`,
    }));
}

/** What the board says when a request fails: the server's message, else the catalogue's. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : MESSAGES.requestFailed);

/** A summary that could not be made, as a note in its dialog (none while there is no error). */
export const noteOf = (error: unknown) => (error ? errorText(error) : null);
