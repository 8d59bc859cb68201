import { format, parseISO } from 'date-fns';
import { monthStart, rangeProblem, type DayRange } from './dashboard';
import { addDays, dayNumber, weekStartOf } from './scheduleTime';

/**
 * Day ranges people pick from (the transactions list, the sales reports): presets computed from
 * "today" in the business's time zone (an argument, never read from a clock here), the week
 * starting on the business's week-start setting (`ScheduleSettings.weekStartsOn`, 0 = Sunday).
 */

export const RANGE_PRESET = {
  TODAY: 'today',
  YESTERDAY: 'yesterday',
  THIS_WEEK: 'this-week',
  LAST_7_DAYS: 'last-7-days',
  LAST_30_DAYS: 'last-30-days',
  THIS_MONTH: 'this-month',
  LAST_MONTH: 'last-month',
  CUSTOM: 'custom',
} as const;
export type RangePreset = (typeof RANGE_PRESET)[keyof typeof RANGE_PRESET];

export const RANGE_PRESET_LABEL: Record<RangePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  'this-week': 'This week',
  'last-7-days': 'Last 7 days',
  'last-30-days': 'Last 30 days',
  'this-month': 'This month',
  'last-month': 'Last month',
  custom: 'Custom',
};

/** The presets a picker offers, in order (custom is what any other range is). */
export const RANGE_PRESETS: readonly Exclude<RangePreset, 'custom'>[] = ['today', 'yesterday', 'this-week', 'last-7-days', 'last-30-days', 'this-month', 'last-month'];

/**
 * The days of a preset: `today` and `yesterday` are one day; this week and this month run from
 * their first day to today (nothing after today has tickets); the last 7 and 30 days end today;
 * last month is the whole calendar month before today's.
 */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string, weekStartsOn = 0): DayRange {
  switch (preset) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday':
      return { start: addDays(today, -1), end: addDays(today, -1) };
    case 'this-week':
      return { start: weekStartOf(today, weekStartsOn), end: today };
    case 'last-7-days':
      return { start: addDays(today, -6), end: today };
    case 'last-30-days':
      return { start: addDays(today, -29), end: today };
    case 'this-month':
      return { start: monthStart(today), end: today };
    case 'last-month': {
      const end = addDays(monthStart(today), -1);
      return { start: monthStart(end), end };
    }
  }
}

/** The first preset whose days are exactly `range`'s, else `custom`. */
export function presetOf(range: DayRange, today: string, weekStartsOn = 0): RangePreset {
  return RANGE_PRESETS.find((p) => {
    const r = presetRange(p, today, weekStartsOn);
    return r.start === range.start && r.end === range.end;
  }) ?? 'custom';
}

/**
 * The longest range a ticket search covers: 400 days, as a sales report (a year and a margin, so
 * "the same month last year" fits). Beyond it the figures and the customer sort (both read every
 * ticket of the range) would grow without bound, and the demo keeps a year of tickets.
 */
export const MAX_SEARCH_DAYS = 400;

/** Why a search range is not acceptable (order, length), or null. */
export const searchRangeProblem = (range: DayRange): string | null => rangeProblem(range.start, range.end, MAX_SEARCH_DAYS);

const isDay = (value: string | null | undefined): value is string => typeof value === 'string' && dayNumber(value) !== null;

/**
 * The range an address asks for (`?start=&end=`, or the older `?day=D`, which means start = end
 * = D), today when it names none; a missing end is the start, a missing start the end, and a
 * range written backwards is put in order.
 */
export function rangeFromQuery(query: { start?: string | null; end?: string | null; day?: string | null }, today: string): DayRange {
  const start = isDay(query.start) ? query.start : null;
  const end = isDay(query.end) ? query.end : null;
  if (start === null && end === null) {
    const day = isDay(query.day) ? query.day : today;
    return { start: day, end: day };
  }
  const a = start ?? (end as string);
  const b = end ?? a;
  return a <= b ? { start: a, end: b } : { start: b, end: a };
}

/** A range as people read it: `Mar 3, 2025`, `Mar 1 – 31, 2025`, `Dec 29, 2024 – Jan 4, 2025`. */
export function rangeLabel(range: DayRange): string {
  const a = parseISO(range.start);
  const b = parseISO(range.end);
  if (range.start === range.end) return format(a, 'MMM d, yyyy');
  if (range.start.slice(0, 7) === range.end.slice(0, 7)) return `${format(a, 'MMM d')} – ${format(b, 'd, yyyy')}`;
  if (range.start.slice(0, 4) === range.end.slice(0, 4)) return `${format(a, 'MMM d')} – ${format(b, 'MMM d, yyyy')}`;
  return `${format(a, 'MMM d, yyyy')} – ${format(b, 'MMM d, yyyy')}`;
}
