import type { BusinessHoursDay } from '../models/settings';
import type { ScheduleSettings } from '../models/schedule';
import { dayOfWeekOf, parseTime, type StoreHours } from './scheduleTime';

/**
 * The scheduler's store hours, day by day: the business's Business Hours for that day of the week
 * when it has set that day open (the fixed 'Business Hours' group of its settings, spec 000 §9),
 * otherwise the schedule settings' `storeHours` (07:00–22:00 by default, spec 000 §9). A day set
 * closed in Business Hours has no opening to follow: the schedule's store hours apply to it, and it
 * is marked closed so the screen can say so.
 */

/** Where a day's store hours come from. */
export const STORE_HOURS_SOURCE = { BUSINESS_HOURS: 'business-hours', SCHEDULE_SETTINGS: 'schedule-settings' } as const;
export type StoreHoursSource = (typeof STORE_HOURS_SOURCE)[keyof typeof STORE_HOURS_SOURCE];
export const STORE_HOURS_SOURCE_LABEL: Record<StoreHoursSource, string> = {
  'business-hours': 'Business Hours (Settings)',
  'schedule-settings': 'schedule store hours',
};

export interface DayStoreHours extends StoreHours {
  /** 0 = Sunday … 6 = Saturday. */
  dow: number;
  source: StoreHoursSource;
  /** The business set this day closed in its Business Hours. */
  closed: boolean;
}

/**
 * The store hours of each day of the week (index = `dow`), from the Business Hours the business has
 * saved (`saved`: only the days it stored, never core's defaults) over the schedule settings.
 */
export function weekStoreHours(settings: Pick<ScheduleSettings, 'storeHours'>, saved: readonly BusinessHoursDay[]): DayStoreHours[] {
  return [0, 1, 2, 3, 4, 5, 6].map((dow) => {
    const day = saved.find((d) => d.dow === dow);
    const open = day ? parseTime(day.start) : null;
    const close = day ? parseTime(day.end) : null;
    if (day?.open && open !== null && close !== null && open < close) {
      return { dow, start: day.start, end: day.end, source: STORE_HOURS_SOURCE.BUSINESS_HOURS, closed: false };
    }
    return { dow, start: settings.storeHours.start, end: settings.storeHours.end, source: STORE_HOURS_SOURCE.SCHEDULE_SETTINGS, closed: day !== undefined && !day.open };
  });
}

/** The store hours that apply to a dated entry (`day`) or a template entry (`dow`). */
export function storeHoursFor(week: readonly DayStoreHours[], when: { day: string } | { dow: number }): DayStoreHours {
  const dow = 'day' in when ? dayOfWeekOf(when.day) : when.dow;
  const hours = week[dow];
  if (!hours) throw new RangeError(`No store hours for day of the week ${dow}`);
  return hours;
}
