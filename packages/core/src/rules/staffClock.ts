import { dayInZone, dayLabel, timeInZone } from './dashboard';
import { formatSlotDuration } from './timesheets';

/**
 * What the staff clock says of a member (spec 001 §4: an `IN` slot runs to now), in the
 * business's time zone: since when they are clocked in — the time alone when that is today there,
 * else with its day — and, once the slot is past its usual clock-out (`stillClockedInFrom`, the
 * timesheet's "still clocked in", which the API sends as `still_clocked_in_from`), a warning with
 * how long it has run. Pure: `now` is an argument.
 */

/** A member as the clock reads them (`clockMember`). */
export interface ClockMemberTimes {
  clocked_in_at: string | null;
  /** From when the open slot is past its usual clock-out; null when not clocked in. */
  still_clocked_in_from: string | null;
}

export interface ClockMemberStatus {
  /** `Clocked in since 08:58 AM`, `Clocked in since Sat, Nov 28, 2026, 08:58 AM`, `Clocked out` or `No PIN yet`. */
  label: string;
  /** Past the usual clock-out: what the member should know, else null. */
  warning: string | null;
}

/** `Clocked in since 08:58 AM` when the clock-in is today in the zone, else `Clocked in since Sat, Nov 28, 2026, 08:58 AM`. */
export function clockedInSince(clockinAt: string, now: Date, timeZone: string): string {
  const day = dayInZone(new Date(clockinAt), timeZone);
  const time = timeInZone(clockinAt, timeZone);
  return day === dayInZone(now, timeZone) ? `Clocked in since ${time}` : `Clocked in since ${dayLabel(day)}, ${time}`;
}

/** Is the member's open slot past its usual clock-out at `now`? */
export const isPastUsualClockOut = (member: ClockMemberTimes, now: Date): boolean =>
  member.clocked_in_at !== null && member.still_clocked_in_from !== null && now.getTime() >= Date.parse(member.still_clocked_in_from);

/** The short flag of a member past their usual clock-out, beside their name. */
export const PAST_USUAL_CLOCK_OUT = 'Past the usual clock-out';

/** The warning of a slot past its usual clock-out: `Clocked in for 54 h 2 min, past the usual clock-out. …` */
export const pastUsualClockOut = (duration: string): string =>
  `Clocked in for ${duration}, past the usual clock-out. Clock out now, and ask a manager to correct the time if you left earlier.`;

/** What the clock shows of a member at `now`. */
export function clockMemberStatus(member: ClockMemberTimes & { has_pin: boolean }, now: Date, timeZone: string): ClockMemberStatus {
  if (member.clocked_in_at === null) return { label: member.has_pin ? 'Clocked out' : 'No PIN yet', warning: null };
  return {
    label: clockedInSince(member.clocked_in_at, now, timeZone),
    warning: isPastUsualClockOut(member, now) ? pastUsualClockOut(formatSlotDuration(member.clocked_in_at, null, now)) : null,
  };
}
