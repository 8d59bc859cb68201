import { fc } from '@fast-check/vitest';
import { getTimezoneOffset } from 'date-fns-tz';
import { APPOINTMENT_STATUS } from './appointmentsView';
import { addDays, dayRange, formatTime } from './scheduleTime';

/** Domain arbitraries for the appointments view's property tests. */

/** The four time zones of the demo locations. */
export const DEMO_ZONES = ['America/Los_Angeles', 'America/New_York', 'Asia/Kathmandu', 'Australia/Sydney'] as const;

/**
 * The days around each change of a zone's UTC offset in 2024–2027 (the day before, the day itself
 * and the day after, as the business reads them), found by comparing the offset a day apart.
 */
export function offsetChangeDays(zone: string): string[] {
  const days = new Set<string>();
  for (const day of dayRange('2024-01-01', 4 * 366)) {
    const next = addDays(day, 1);
    if (getTimezoneOffset(zone, new Date(`${day}T12:00:00Z`)) !== getTimezoneOffset(zone, new Date(`${next}T12:00:00Z`))) {
      for (const d of [addDays(day, -1), day, next, addDays(next, 1)]) days.add(d);
    }
  }
  return [...days].sort();
}

const changeDays = new Map<string, string[]>(DEMO_ZONES.map((z) => [z, offsetChangeDays(z)]));

/** A demo zone and a day near one of its offset changes (Kathmandu has none: any day of the years). */
export const zoneDayArb = fc.constantFrom(...DEMO_ZONES).chain((zone) => {
  const days = changeDays.get(zone) ?? [];
  const day = days.length > 0 ? fc.constantFrom(...days) : fc.integer({ min: 0, max: 4 * 365 }).map((n) => addDays('2024-01-01', n));
  return day.map((d) => ({ zone, day: d }));
});

/** Wall-clock start and end of a shift, `HH:mm`, start before end (any minute of the day). */
export const shiftTimesArb = fc
  .tuple(fc.integer({ min: 0, max: 1438 }), fc.integer({ min: 1, max: 1439 }))
  .filter(([a, b]) => a < b)
  .map(([a, b]) => ({ start_time: formatTime(a), end_time: formatTime(b) }));

/** A status someone must be on shift for. */
export const staffedStatusArb = fc.constantFrom(APPOINTMENT_STATUS.BOOKED, APPOINTMENT_STATUS.COMPLETED, APPOINTMENT_STATUS.NO_SHOW);
