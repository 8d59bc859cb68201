import { fromZonedTime, formatInTimeZone } from 'date-fns-tz';
import { MESSAGES } from '../messages';

/**
 * Wall-clock arithmetic for the scheduler. A schedule keeps `HH:mm` times and `YYYY-MM-DD` days
 * in the business's time zone; nothing here shifts them for daylight saving. Days are counted in
 * plain calendar arithmetic (UTC under the hood, so a 23- or 25-hour day is still one day), and
 * an instant is made only where one is needed (`entryInstants`).
 */

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DURATION = /^([01]\d|2[0-4]):([0-5]\d)$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** A failed time rule: carries the catalogue message (`Invalid Date`). */
export class ScheduleTimeError extends Error {
  override readonly name = 'ScheduleTimeError';
  constructor(message: string = MESSAGES.invalidDate) {
    super(message);
  }
}

/** `HH:mm` → minutes since midnight, or null when it is not a time of day. */
export function parseTime(value: string | null | undefined): number | null {
  if (typeof value !== 'string') return null;
  const m = TIME.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** A duration `HH:mm` (up to `24:00`) → minutes, or null. */
export function parseDuration(value: string | null | undefined): number | null {
  if (typeof value !== 'string') return null;
  const m = DURATION.exec(value);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** Minutes since midnight → `HH:mm` (0 … 1439; `24:00` for 1440, the end of the day). */
export function formatTime(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 1440) throw new ScheduleTimeError();
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Minutes → `HH:mm` duration. */
export const formatDuration = formatTime;

/** `YYYY-MM-DD` → days since 1970-01-01, or null when it is not a real calendar day. */
export function dayNumber(value: string): number | null {
  const m = DAY.exec(value);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const back = new Date(ms);
  if (back.getUTCFullYear() !== Number(m[1]) || back.getUTCMonth() !== Number(m[2]) - 1 || back.getUTCDate() !== Number(m[3])) return null;
  return Math.round(ms / MS_PER_DAY);
}

const requireDay = (value: string): number => {
  const n = dayNumber(value);
  if (n === null) throw new ScheduleTimeError();
  return n;
};

/** Days since 1970-01-01 → `YYYY-MM-DD`. */
export function dayFromNumber(n: number): string {
  return new Date(n * MS_PER_DAY).toISOString().slice(0, 10);
}

/** `addDays('2025-03-08', 1)` → `2025-03-09`, whatever the time zone does that night. */
export const addDays = (value: string, days: number): string => dayFromNumber(requireDay(value) + days);

/** Whole days from `a` to `b` (`b - a`). */
export const daysBetween = (a: string, b: string): number => requireDay(b) - requireDay(a);

/** The day of the week of a calendar day, 0 = Sunday. */
export const dayOfWeekOf = (value: string): number => (((requireDay(value) + 4) % 7) + 7) % 7;

/** The first day of the week containing `value`, for a week starting on `weekStartsOn`. */
export function weekStartOf(value: string, weekStartsOn = 0): string {
  const dow = dayOfWeekOf(value);
  return addDays(value, -((dow - weekStartsOn + 7) % 7));
}

/** `count` consecutive days from `start`. */
export const dayRange = (start: string, count: number): string[] => Array.from({ length: Math.max(0, count) }, (_, i) => addDays(start, i));

/** Today in the business's time zone (`now` is an argument, never read from a clock here). */
export const todayIn = (timeZone: string, now: Date): string => formatInTimeZone(now, timeZone, 'yyyy-MM-dd');

/**
 * The instants an entry covers on `day` in `timeZone`: the wall-clock start and end made into UTC
 * instants. On a daylight-saving day the wall-clock times stay as written; only their distance in
 * real time may differ from the wall-clock difference.
 */
export function entryInstants(day: string, startTime: string, endTime: string, timeZone: string): { start: Date; end: Date } {
  requireDay(day);
  if (parseTime(startTime) === null || parseTime(endTime) === null) throw new ScheduleTimeError();
  return {
    start: fromZonedTime(`${day}T${startTime}:00`, timeZone),
    end: fromZonedTime(`${day}T${endTime}:00`, timeZone),
  };
}

/** The wall-clock `HH:mm` of an instant in `timeZone`. */
export const wallClockOf = (at: Date, timeZone: string): string => formatInTimeZone(at, timeZone, 'HH:mm');

/**
 * When something happened, as the business reads it: the instant's day and wall-clock time in
 * `timeZone` with the zone's abbreviation (`Mon, Jun 2, 2025, 14:05 PDT`), right on
 * daylight-saving days. An instant that is not a date gives an empty string.
 */
export function formatInstantIn(at: string | Date, timeZone: string): string {
  const instant = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(instant.getTime())) return '';
  return formatInTimeZone(instant, timeZone, 'EEE, MMM d, yyyy, HH:mm zzz');
}

/** Rounds minutes to the nearest multiple of `snap` (15 by default). */
export const snapMinutes = (minutes: number, snap = 15): number => Math.round(minutes / snap) * snap;

export interface StoreHours {
  start: string;
  end: string;
}

export interface EntryTimesInput {
  start_time?: string | null;
  end_time?: string | null;
}

/** When a call names no start (spec 000 §5). */
export const MISSING_START_TIME = '09:00';
/** When a call names no end: the start plus this many minutes (spec 000 §5: eight hours). */
export const MISSING_END_MINUTES = 8 * 60;

/**
 * The times an entry is saved with (spec 000 §5): a missing start is 09:00, a missing end the
 * start plus eight hours; a start before store opening is raised to opening and an end after
 * closing lowered to closing. A time that is not `HH:mm`, or an entry left with no time between
 * start and end, throws `ScheduleTimeError` (`Invalid Date`).
 */
export function normalizeEntryTimes(input: EntryTimesInput, storeHours: StoreHours): { start_time: string; end_time: string } {
  const open = parseTime(storeHours.start);
  const close = parseTime(storeHours.end);
  if (open === null || close === null || open >= close) throw new ScheduleTimeError();
  const blank = (v: string | null | undefined) => v === undefined || v === null || v === '';
  const start = blank(input.start_time) ? parseTime(MISSING_START_TIME) : parseTime(input.start_time);
  if (start === null) throw new ScheduleTimeError();
  const end = blank(input.end_time) ? Math.min(start + MISSING_END_MINUTES, 1440) : parseTime(input.end_time);
  if (end === null) throw new ScheduleTimeError();
  const clampedStart = Math.max(start, open);
  const clampedEnd = Math.min(end, close);
  if (clampedEnd <= clampedStart) throw new ScheduleTimeError();
  return { start_time: formatTime(clampedStart), end_time: formatTime(clampedEnd) };
}
