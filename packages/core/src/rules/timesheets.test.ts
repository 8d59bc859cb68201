import { fc, test } from '@fast-check/vitest';
import { fromZonedTime } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { breaksOverDays, dayBreak, formatShiftDuration, hoursByEmployeeDay, roundHours, slotDay, slotHours } from './timesheets';

/** The four time zones of the demo locations. */
const DEMO_ZONES = ['America/Los_Angeles', 'America/New_York', 'Asia/Kathmandu', 'Australia/Sydney'];

/** Every instant in 2020–2030 at which a zone's UTC offset changes (found by hourly steps, then narrowed to the minute). */
function offsetChanges(zone: string): Date[] {
  const offset = (t: number) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date(t));
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  };
  const changes: Date[] = [];
  const hour = 3_600_000;
  for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2031, 0, 1); t += hour) {
    if (offset(t) !== offset(t + hour)) {
      let lo = t;
      let hi = t + hour;
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
        if (offset(mid) === offset(lo)) lo = mid;
        else hi = mid;
      }
      changes.push(new Date(hi));
    }
  }
  return changes;
}

/** The break rule read straight from spec 001 §9 and §5, for comparison. */
function breakBySpec(dayHours: number, breakMinutes: number | null, breakThresholdHours: number | null): number {
  // "The break threshold applies only when the break minutes are set."
  if (breakMinutes === null || breakMinutes === 0) return 0;
  // "Break hours = breakMinutes / 60."
  const breakHours = breakMinutes / 60;
  // "They are applied only when the day's hours reach breakThresholdHours."
  const reached = breakThresholdHours === null || dayHours >= breakThresholdHours;
  if (!reached || dayHours <= 0) return 0;
  // "The deduction is capped at the break hours" — and a day never goes below zero hours.
  let deduction = 0;
  while (deduction + 1 / 60 <= breakHours + 1e-9 && deduction + 1 / 60 <= dayHours + 1e-9) deduction += 1 / 60;
  return deduction;
}

const minutesArb = fc.option(fc.integer({ min: 0, max: 1440 }), { nil: null });
const thresholdArb = fc.option(fc.integer({ min: 0, max: 96 }).map((q) => q / 4), { nil: null });

describe('the break rule (spec 001 §9)', () => {
  test.prop([fc.integer({ min: 0, max: 24 * 60 }), minutesArb, thresholdArb])('deducts what a step-by-step reading of the spec deducts', (dayMinutes, breakMinutes, breakThresholdHours) => {
    const dayHours = dayMinutes / 60;
    const got = dayBreak(dayHours, { breakMinutes, breakThresholdHours });
    expect(got.breakHours).toBeCloseTo(breakBySpec(dayHours, breakMinutes, breakThresholdHours), 6);
    expect(got.hoursAfterBreak).toBeCloseTo(dayHours - got.breakHours, 9);
    expect(got.hoursAfterBreak).toBeGreaterThanOrEqual(0);
  });

  it('applies at the threshold, not below it, and only with break minutes set', () => {
    expect(dayBreak(6, { breakMinutes: 30, breakThresholdHours: 6 })).toEqual({ hours: 6, breakHours: 0.5, hoursAfterBreak: 5.5 });
    expect(dayBreak(5.99, { breakMinutes: 30, breakThresholdHours: 6 }).breakHours).toBe(0);
    expect(dayBreak(10, { breakMinutes: null, breakThresholdHours: 6 }).breakHours).toBe(0);
    expect(dayBreak(0.25, { breakMinutes: 30, breakThresholdHours: null })).toEqual({ hours: 0.25, breakHours: 0.25, hoursAfterBreak: 0 });
  });

  it('reads an absent setting as unset: no break, never NaN (`dayBreak(6, {})`)', () => {
    expect(dayBreak(6, {})).toEqual({ hours: 6, breakHours: 0, hoursAfterBreak: 6 });
    expect(dayBreak(6, { breakThresholdHours: 4 })).toEqual({ hours: 6, breakHours: 0, hoursAfterBreak: 6 });
    expect(dayBreak(6, { breakMinutes: 30 })).toEqual({ hours: 6, breakHours: 0.5, hoursAfterBreak: 5.5 });
    expect(breaksOverDays([6, 8], {})).toMatchObject({ hours: 14, breakHours: 0, hoursAfterBreak: 14 });
  });

  test.prop([
    fc.integer({ min: 0, max: 24 * 60 }),
    fc.record({ breakMinutes: fc.option(fc.integer({ min: 0, max: 1440 }), { nil: undefined }), breakThresholdHours: fc.option(fc.integer({ min: 0, max: 96 }).map((q) => q / 4), { nil: undefined }) }, { requiredKeys: [] }),
  ])('a setting absent or undefined is the same as null, and every figure is a number', (dayMinutes, settings) => {
    const got = dayBreak(dayMinutes / 60, settings);
    expect(got).toEqual(dayBreak(dayMinutes / 60, { breakMinutes: settings.breakMinutes ?? null, breakThresholdHours: settings.breakThresholdHours ?? null }));
    for (const value of Object.values(got)) expect(Number.isFinite(value)).toBe(true);
  });

  test.prop([fc.array(fc.integer({ min: 0, max: 16 * 60 }), { maxLength: 31 }), minutesArb, thresholdArb])('over days, is the sum of each day’s break', (days, breakMinutes, breakThresholdHours) => {
    const settings = { breakMinutes, breakThresholdHours };
    const total = breaksOverDays(days.map((m) => m / 60), settings);
    const each = days.reduce((s, m) => s + dayBreak(m / 60, settings).breakHours, 0);
    expect(total.breakHours).toBe(roundHours(each));
    expect(total.hoursAfterBreak).toBe(roundHours(total.hours - total.breakHours));
  });
});

describe('a slot’s hours', () => {
  for (const zone of DEMO_ZONES) {
    const changes = offsetChanges(zone);
    it(`across every offset change of ${zone} (${changes.length} of them) are the instants’ difference`, () => {
      // Two a year from 2020 to 2030 where the zone keeps daylight-saving time; Kathmandu keeps none.
      expect(changes.length).toBe(zone === 'Asia/Kathmandu' ? 0 : 22);
      // Each change, and each midnight of the zone at the changes' dates (or of 2026 where there are none).
      const midnights = (changes.length > 0 ? changes : [new Date('2026-03-08T12:00:00Z'), new Date('2026-11-01T12:00:00Z')]).map((c) =>
        fromZonedTime(`${new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(c)}T00:00:00`, zone),
      );
      for (const change of [...changes, ...midnights]) {
        // A slot from three hours before the change to three hours after it: six real hours.
        const clockin = new Date(change.getTime() - 3 * 3_600_000);
        const clockout = new Date(change.getTime() + 3 * 3_600_000);
        expect(slotHours(clockin.toISOString(), clockout.toISOString(), new Date())).toBe(6);
        // Its day is the clock-in's, in the zone.
        expect(slotDay(clockin, zone)).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(clockin));
      }
    });
  }

  it('counts the real hours of the night Los Angeles falls back (1 h more) and springs forward (1 h less)', () => {
    const zone = 'America/Los_Angeles';
    // 20:00 to 06:00 on the wall clock is 11 real hours on Nov 1, 2026 and 9 on Mar 8, 2026.
    expect(slotHours(fromZonedTime('2026-10-31T20:00:00', zone), fromZonedTime('2026-11-01T06:00:00', zone), new Date())).toBe(11);
    expect(slotHours(fromZonedTime('2026-03-07T20:00:00', zone), fromZonedTime('2026-03-08T06:00:00', zone), new Date())).toBe(9);
  });

  test.prop([fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }), fc.integer({ min: 0, max: 24 * 60 * 60 })])('an open slot runs to now', (clockin, seconds) => {
    const now = new Date(clockin.getTime() + seconds * 1000);
    expect(slotHours(clockin, null, now)).toBeCloseTo(seconds / 3600, 9);
  });

  it('never counts below zero', () => {
    expect(slotHours('2026-01-02T10:00:00Z', '2026-01-02T09:00:00Z', new Date())).toBe(0);
  });

  it('sums by person and by day of clock-in; payroll leaves open slots out', () => {
    const now = new Date('2026-01-03T12:00:00Z');
    const slots = [
      { employee_id: 1, clockin_at: '2026-01-02T17:00:00Z', clockout_at: '2026-01-03T01:00:00Z' }, // 09:00–17:00 in LA
      { employee_id: 1, clockin_at: '2026-01-03T07:30:00Z', clockout_at: '2026-01-03T09:00:00Z' }, // 23:30 Jan 2 – 01:00 Jan 3 in LA
      { employee_id: 2, clockin_at: '2026-01-03T10:00:00Z', clockout_at: null },
    ];
    const closed = hoursByEmployeeDay(slots, 'America/Los_Angeles', now, false);
    expect([...(closed.get(1) ?? new Map())]).toEqual([['2026-01-02', 9.5]]);
    expect(closed.has(2)).toBe(false);
    expect(hoursByEmployeeDay(slots, 'America/Los_Angeles', now, true).get(2)?.get('2026-01-03')).toBe(2);
  });
});

describe('durations (spec 001 §9)', () => {
  it('are minutes up to an hour, hours and minutes over it', () => {
    expect(formatShiftDuration(45)).toBe('45 min');
    expect(formatShiftDuration(60)).toBe('60 min');
    expect(formatShiftDuration(61)).toBe('1 h 1 min');
    expect(formatShiftDuration(90)).toBe('1 h 30 min');
    expect(formatShiftDuration(480)).toBe('8 h');
    expect(formatShiftDuration(-5)).toBe('0 min');
  });

  test.prop([fc.integer({ min: 61, max: 100_000 })])('over an hour, reads back to the minutes', (minutes) => {
    const match = /^(\d+) h(?: (\d+) min)?$/.exec(formatShiftDuration(minutes));
    expect(match).not.toBeNull();
    expect(Number(match?.[1]) * 60 + Number(match?.[2] ?? 0)).toBe(minutes);
  });
});
