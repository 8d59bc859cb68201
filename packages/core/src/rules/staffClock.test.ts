import { fc, test } from '@fast-check/vitest';
import { fromZonedTime } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { TIMESHEET_USUAL_MAX_HOURS } from '../models/payroll';
import { clockedInSince, clockMemberStatus, isPastUsualClockOut } from './staffClock';
import { stillClockedInFrom } from './timesheetSlots';
import { DEMO_TIME_ZONES } from './timesheetSlots.arb';

const ZONE = 'America/Los_Angeles';
const at = (wall: string, zone = ZONE) => fromZonedTime(wall, zone).toISOString();

describe('the staff clock', () => {
  it('says since when someone is clocked in: the time today, with the day before today (the business’s zone)', () => {
    const now = new Date(at('2026-11-04T14:00:00'));
    expect(clockedInSince(at('2026-11-04T08:58:00'), now, ZONE)).toBe('Clocked in since 08:58 AM');
    // 54 hours ago.
    expect(clockedInSince(at('2026-11-02T08:00:00'), now, ZONE)).toBe('Clocked in since Mon, Nov 2, 2026, 08:00 AM');
    // 23:30 yesterday in Los Angeles is already today in UTC: still yesterday here.
    expect(clockedInSince(at('2026-11-03T23:30:00'), now, ZONE)).toBe('Clocked in since Tue, Nov 3, 2026, 11:30 PM');
  });

  it('warns once the slot is past its usual clock-out, with how long it has run', () => {
    const settings = { clockOutTime: '18:00', clockOutGraceMinutes: 30 };
    const clockin = at('2026-11-02T08:00:00');
    const member = { has_pin: true, clocked_in_at: clockin, still_clocked_in_from: stillClockedInFrom(clockin, settings, ZONE).toISOString() };
    expect(clockMemberStatus(member, new Date(at('2026-11-02T18:29:00')), ZONE).warning).toBeNull();
    const late = clockMemberStatus(member, new Date(at('2026-11-04T14:00:00')), ZONE);
    expect(late.label).toBe('Clocked in since Mon, Nov 2, 2026, 08:00 AM');
    expect(late.warning).toBe('Clocked in for 54 h, past the usual clock-out. Clock out now, and ask a manager to correct the time if you left earlier.');
    expect(clockMemberStatus({ has_pin: true, clocked_in_at: null, still_clocked_in_from: null }, new Date(), ZONE)).toEqual({ label: 'Clocked out', warning: null });
    expect(clockMemberStatus({ has_pin: false, clocked_in_at: null, still_clocked_in_from: null }, new Date(), ZONE)).toEqual({ label: 'No PIN yet', warning: null });
  });

  test.prop([
    fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }),
    fc.option(fc.integer({ min: 0, max: 1439 }).map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`), { nil: null }),
    fc.integer({ min: 0, max: 720 }),
    fc.constantFrom(...DEMO_TIME_ZONES),
    fc.integer({ min: 0, max: 72 * 60 }),
  ])('never warns before the clock-in’s usual clock-out, always past it, and always after 12 hours', (clockin, clockOutTime, grace, zone, minutes) => {
    const from = stillClockedInFrom(clockin, { clockOutTime, clockOutGraceMinutes: grace }, zone);
    const member = { clocked_in_at: clockin.toISOString(), still_clocked_in_from: from.toISOString() };
    const now = new Date(clockin.getTime() + minutes * 60_000);
    expect(isPastUsualClockOut(member, now)).toBe(now.getTime() >= from.getTime());
    if (minutes >= TIMESHEET_USUAL_MAX_HOURS * 60) expect(isPastUsualClockOut(member, now)).toBe(true);
  });
});
