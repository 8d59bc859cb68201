import { formatInTimeZone } from 'date-fns-tz';
import type { PayrollSettings } from '../models/payroll';

/**
 * Timesheet figures (spec 001 §3, §4, §9), one definition each, used by the API, the screens and
 * payroll. Instants are ISO strings or Dates; days are `YYYY-MM-DD` in the business's time zone.
 */

const HOUR_MS = 3_600_000;

/** Hours rounded to the hundredth, as every timesheet and payroll figure is shown and summed. */
export const roundHours = (hours: number): number => Math.round(hours * 100) / 100;

const ms = (at: string | Date): number => (typeof at === 'string' ? Date.parse(at) : at.getTime());

/**
 * The hours of a slot: the real time elapsed from clock-in to clock-out — to `now` while it is
 * still open (`IN`) — so a slot across midnight or a daylight-saving change counts the hours that
 * passed, not the wall clock's. Never negative (a clock-out before the clock-in counts 0; the API
 * refuses one). Unrounded: round the sum, not each part.
 */
export function slotHours(clockinAt: string | Date, clockoutAt: string | Date | null, now: Date): number {
  const end = clockoutAt === null ? now.getTime() : ms(clockoutAt);
  const hours = (end - ms(clockinAt)) / HOUR_MS;
  return Number.isFinite(hours) ? Math.max(0, hours) : 0;
}

/** The business-zone day a slot belongs to: the day of its clock-in. */
export const slotDay = (clockinAt: string | Date, timeZone: string): string => formatInTimeZone(typeof clockinAt === 'string' ? new Date(clockinAt) : clockinAt, timeZone, 'yyyy-MM-dd');

/** What the break rule deducts from a day, and what is left. */
export interface DayBreak {
  hours: number;
  breakHours: number;
  hoursAfterBreak: number;
}

/**
 * The break rule of spec 001 §9, for one person's day: break hours are `breakMinutes / 60`; they
 * are deducted only when `breakMinutes` is set (§5: the threshold applies only then) and the day's
 * hours reach `breakThresholdHours` (no threshold: every day with hours), and the deduction is
 * capped at the break hours — never more than the day's hours either, so hours after break are
 * never negative.
 */
export function dayBreak(dayHours: number, settings: Partial<Pick<PayrollSettings, 'breakMinutes' | 'breakThresholdHours'>>): DayBreak {
  const hours = Number.isFinite(dayHours) ? Math.max(0, dayHours) : 0;
  // Absent (undefined) is unset, as null is: a setting never saved must not divide `undefined`.
  const { breakMinutes, breakThresholdHours } = settings;
  if (breakMinutes == null || !Number.isFinite(breakMinutes) || breakMinutes <= 0 || hours <= 0) return { hours, breakHours: 0, hoursAfterBreak: hours };
  if (breakThresholdHours != null && Number.isFinite(breakThresholdHours) && hours < breakThresholdHours) return { hours, breakHours: 0, hoursAfterBreak: hours };
  const breakHours = Math.min(breakMinutes / 60, hours);
  return { hours, breakHours, hoursAfterBreak: hours - breakHours };
}

/** A slot as the figures need it. */
export interface SlotTimes {
  employee_id: number;
  clockin_at: string | Date;
  clockout_at: string | Date | null;
}

/**
 * Each person's hours per business-zone day, from their slots (a slot counts on the day of its
 * clock-in). Open slots count to `now` only when `includeOpen` (timesheet screens); payroll counts
 * clocked-out slots only.
 */
export function hoursByEmployeeDay(slots: readonly SlotTimes[], timeZone: string, now: Date, includeOpen: boolean): Map<number, Map<string, number>> {
  const out = new Map<number, Map<string, number>>();
  for (const slot of slots) {
    if (slot.clockout_at === null && !includeOpen) continue;
    const day = slotDay(slot.clockin_at, timeZone);
    const days = out.get(slot.employee_id) ?? new Map<string, number>();
    days.set(day, (days.get(day) ?? 0) + slotHours(slot.clockin_at, slot.clockout_at, now));
    out.set(slot.employee_id, days);
  }
  return out;
}

/** A person's hours over days, the break deducted day by day, each figure rounded to the hundredth (hours − break = hours after break, as shown). */
export function breaksOverDays(days: Iterable<number>, settings: Partial<Pick<PayrollSettings, 'breakMinutes' | 'breakThresholdHours'>>): DayBreak {
  let hours = 0;
  let breakHours = 0;
  for (const dayHours of days) {
    const b = dayBreak(dayHours, settings);
    hours += b.hours;
    breakHours += b.breakHours;
  }
  // Rounded first, then subtracted: the three figures shown side by side always add up.
  const shownHours = roundHours(hours);
  const shownBreak = roundHours(breakHours);
  return { hours: shownHours, breakHours: shownBreak, hoursAfterBreak: roundHours(shownHours - shownBreak) };
}

/**
 * A shift's (or slot's) length as people read it (spec 001 §9): up to 60 minutes in minutes
 * (`45 min`), over 60 as hours and minutes (`1 h 30 min`, `8 h`). Rounded to the minute; never
 * negative.
 */
export function formatShiftDuration(minutes: number): string {
  const whole = Math.max(0, Math.round(Number.isFinite(minutes) ? minutes : 0));
  if (whole <= 60) return `${whole} min`;
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** A slot's length as `formatShiftDuration` writes it. */
export const formatSlotDuration = (clockinAt: string | Date, clockoutAt: string | Date | null, now: Date): string => formatShiftDuration(slotHours(clockinAt, clockoutAt, now) * 60);
