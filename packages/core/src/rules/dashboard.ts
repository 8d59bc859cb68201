import { addDays as addDaysToDate, differenceInCalendarDays, endOfMonth, endOfYear, format, parseISO, startOfMonth, startOfWeek, startOfYear, subMonths } from 'date-fns';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { addDays, dayRange, daysBetween } from './scheduleTime';
import type { SnapshotPeriod } from './metrics';

/**
 * Home dashboard rules (spec 001 §7 Dashboard, §9 "the dashboard compares today, yesterday and
 * last month's end"). Days are `YYYY-MM-DD` in the business's time zone; `now` is an argument.
 */

/** Today's date in a time zone: `dayInZone(new Date('2024-03-10T07:30:00Z'), 'America/Los_Angeles')` → `2024-03-09`. */
export const dayInZone = (now: Date, timeZone: string): string => formatInTimeZone(now, timeZone, 'yyyy-MM-dd');

/** The instant a business day starts in a time zone (its local midnight, DST included). */
export const dayStartInZone = (day: string, timeZone: string): Date => fromZonedTime(`${day}T00:00:00`, timeZone);

/**
 * The instant `day` reads the same wall-clock time as `now` in the time zone: yesterday "up to
 * the same time" at 09:41 is yesterday 09:41 local. A time that does not exist on that day (the
 * hour skipped when clocks go forward) moves on by that hour; a time that happens twice takes
 * the first.
 */
export function sameTimeOn(day: string, now: Date, timeZone: string): Date {
  return fromZonedTime(`${day}T${formatInTimeZone(now, timeZone, 'HH:mm:ss.SSS')}`, timeZone);
}

/** Calendar arithmetic on `YYYY-MM-DD` (no time zone involved: a day is a day, DST or not). */

/** Days from `start` to `end`, both included. */
export const daysInRange = (start: string, end: string): number => differenceInCalendarDays(parseISO(end), parseISO(start)) + 1;

export interface ComparisonDays {
  today: string;
  yesterday: string;
  /** The last day of the previous month. */
  lastMonthEnd: string;
}

/** The three days the home dashboard compares. */
export function comparisonDays(now: Date, timeZone: string): ComparisonDays {
  const today = dayInZone(now, timeZone);
  const parsed = parseISO(today);
  return {
    today,
    yesterday: addDays(today, -1),
    lastMonthEnd: format(endOfMonth(subMonths(parsed, 1)), 'yyyy-MM-dd'),
  };
}

/** The first day of the month a day falls in (month-to-date totals start there). */
export const monthStart = (day: string): string => format(startOfMonth(parseISO(day)), 'yyyy-MM-dd');

/**
 * Percent change from `previous` to `current`, one decimal; null when there is nothing to compare
 * with (previous is zero).
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

export interface DayRange {
  start: string;
  end: string;
}

/**
 * The period to date that ends on `today`, and the same stretch of the period before it (for
 * the comparison): month to date on the 12th → the 1st–12th, and the 1st–12th of last month
 * (clamped to that month's end).
 */
export function periodToDate(today: string, period: SnapshotPeriod, weekStartsOn: 0 | 1 = 0): { current: DayRange; previous: DayRange } {
  const t = parseISO(today);
  const iso = (d: Date) => format(d, 'yyyy-MM-dd');
  if (period === 'day') return { current: { start: today, end: today }, previous: { start: addDays(today, -1), end: addDays(today, -1) } };
  if (period === 'week') {
    const start = startOfWeek(t, { weekStartsOn });
    const length = differenceInCalendarDays(t, start);
    return { current: { start: iso(start), end: today }, previous: { start: iso(addDaysToDate(start, -7)), end: iso(addDaysToDate(start, length - 7)) } };
  }
  if (period === 'month') {
    const start = startOfMonth(t);
    const prevStart = startOfMonth(subMonths(t, 1));
    const prevEnd = addDaysToDate(prevStart, differenceInCalendarDays(t, start));
    const prevMonthEnd = endOfMonth(prevStart);
    return { current: { start: iso(start), end: today }, previous: { start: iso(prevStart), end: iso(prevEnd > prevMonthEnd ? prevMonthEnd : prevEnd) } };
  }
  const start = startOfYear(t);
  const prevStart = startOfYear(subMonths(start, 1));
  const prevEnd = addDaysToDate(prevStart, differenceInCalendarDays(t, start));
  // 31 December of a leap year is day 366: last year (365 days) ends on its own 31 December.
  const prevYearEnd = endOfYear(prevStart);
  return { current: { start: iso(start), end: today }, previous: { start: iso(prevStart), end: iso(prevEnd > prevYearEnd ? prevYearEnd : prevEnd) } };
}

/** The longest range a sales report may cover, in days. */
export const MAX_REPORT_DAYS = 400;

/** Why a report range is not acceptable, or null. */
export function rangeProblem(start: string, end: string, maxDays = MAX_REPORT_DAYS): string | null {
  const span = daysInRange(start, end);
  if (Number.isNaN(span)) return 'Both days must be dates as YYYY-MM-DD.';
  if (span < 1) return 'The end day must not be before the start day.';
  if (span > maxDays) return `A report covers at most ${maxDays} days.`;
  return null;
}

/**
 * An instant as a time of day in a time zone, `hh:mm a` (spec 001 §9): `09:05 AM`. Remembered
 * for the last few thousand instants: a long list shows each row's time again on every scroll,
 * and reading a time zone's wall clock (`Intl`'s `formatToParts`) is the costly part.
 */
export const timeInZone = (instant: string, timeZone: string): string => {
  const key = `${timeZone} ${instant}`;
  const known = timesInZone.get(key);
  if (known !== undefined) return known;
  if (timesInZone.size >= TIMES_REMEMBERED) timesInZone.clear();
  const time = formatInTimeZone(new Date(instant), timeZone, 'hh:mm a');
  timesInZone.set(key, time);
  return time;
};
const TIMES_REMEMBERED = 20_000;
const timesInZone = new Map<string, string>();

/** A day as people read it: `Sat, Mar 1, 2025`. */
export const dayLabel = (day: string): string => format(parseISO(day), 'EEE, MMM d, yyyy');

/**
 * Every day from `start` to `end` with its row, none for a day the rows leave out (a day without
 * sales): a chart shows each day, zero or not. `everyDayOf('2025-03-01', '2025-03-03', [{ day: '2025-03-02', … }])`
 * → three days, the first and last without a row.
 */
export function everyDayOf<T extends { day: string }>(start: string, end: string, rows: readonly T[]): { day: string; row: T | undefined }[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return dayRange(start, daysBetween(start, end) + 1).map((day) => ({ day, row: byDay.get(day) }));
}

/** A day as a chart's axis names it: `Mar 1`. */
export const shortDayLabel = (day: string): string => format(parseISO(day), 'MMM d');

/** Money as cents → a major-unit string for an amount field (`12.50`); `parseAmount` reads it back. */
export const centsToInput = (cents: number): string => (cents / 100).toFixed(2);
