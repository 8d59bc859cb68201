import { fc, test } from '@fast-check/vitest';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { MESSAGES, timesheetOtherDay } from '../messages';
import { TIMESHEET_SLOT_MAX_HOURS, TIMESHEET_USUAL_MAX_HOURS } from '../models/payroll';
import { clockPinProblem } from './clockPin';
import { BAD_SLOT_KINDS, badSlot, DEMO_TIME_ZONES, timesheetDayArb, validDayArb } from './timesheetSlots.arb';
import { clockoutFromTime, daySlotProblems, isStillClockedIn, slotFigures, slotIsModified, stillClockedInFrom } from './timesheetSlots';
import { addDays } from './scheduleTime';
import { roundHours, slotDay, slotHours } from './timesheets';

const zoneArb = fc.constantFrom(...DEMO_TIME_ZONES);
const instantArb = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true });

describe('a slot’s figures', () => {
  test.prop([instantArb, fc.integer({ min: 0, max: 20 * 60 }), fc.integer({ min: -120, max: 120 }), fc.integer({ min: -120, max: 120 }), fc.boolean()])(
    'are the instants’ hours, the originals’ hours, 0 for payroll while open, and modified exactly when a time moved',
    (clockin, minutes, moveIn, moveOut, open) => {
      const now = new Date(clockin.getTime() + 30 * 3_600_000);
      const original = { in: clockin.toISOString(), out: new Date(clockin.getTime() + minutes * 60_000).toISOString() };
      const slot = {
        clockin_at: new Date(clockin.getTime() + moveIn * 60_000).toISOString(),
        clockout_at: open ? null : new Date(Date.parse(original.out) + moveOut * 60_000).toISOString(),
        original_clockin: original.in,
        original_clockout: original.out,
      };
      const figures = slotFigures(slot, now);
      expect(figures.hours).toBe(roundHours(slotHours(slot.clockin_at, slot.clockout_at, now)));
      expect(figures.original_hours).toBe(roundHours(minutes / 60));
      expect(figures.payroll_hours).toBe(open ? 0 : figures.hours);
      expect(figures.is_modified).toBe(open || moveIn !== 0 || moveOut !== 0);
      expect(slotIsModified(slot)).toBe(figures.is_modified);
    },
  );

  it('compares instants, not how they are written', () => {
    expect(slotIsModified({ clockin_at: '2026-01-02T09:00:00.000Z', clockout_at: null, original_clockin: '2026-01-02T01:00:00-08:00', original_clockout: null })).toBe(false);
    expect(slotIsModified({ clockin_at: '2026-01-02T09:00:00Z', clockout_at: '2026-01-02T17:00:00Z', original_clockin: '2026-01-02T09:00:00Z', original_clockout: null })).toBe(true);
  });
});

describe('still clocked in', () => {
  const settingsArb = fc.record({
    clockOutTime: fc.option(fc.integer({ min: 0, max: 1439 }).map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`), { nil: null }),
    clockOutGraceMinutes: fc.integer({ min: 0, max: 720 }),
  });

  test.prop([instantArb, settingsArb, zoneArb])('starts after the clock-in, at most 12 hours later, at the clock-out time plus the grace', (clockin, settings, zone) => {
    const from = stillClockedInFrom(clockin, settings, zone).getTime();
    const longest = clockin.getTime() + TIMESHEET_USUAL_MAX_HOURS * 3_600_000;
    expect(from).toBeGreaterThan(clockin.getTime());
    expect(from).toBeLessThanOrEqual(longest);
    if (settings.clockOutTime === null) expect(from).toBe(longest);
    else if (from < longest) {
      // The first clock-out time of the zone after the clock-in, plus the grace.
      const closing = new Date(from - settings.clockOutGraceMinutes * 60_000);
      expect(closing.getTime()).toBeGreaterThan(clockin.getTime());
      const wall = formatInTimeZone(closing, zone, 'HH:mm');
      // On the night a clock skips the clock-out time (spring forward), the zone reads the hour after.
      if (wall !== settings.clockOutTime) expect(formatInTimeZone(fromZonedTime(`${formatInTimeZone(closing, zone, 'yyyy-MM-dd')}T${settings.clockOutTime}:00`, zone), zone, 'HH:mm')).toBe(wall);
    }
  });

  it('counts an open slot from the clock-out time plus the grace, never a closed one', () => {
    const settings = { clockOutTime: '19:00', clockOutGraceMinutes: 30 };
    const zone = 'America/Los_Angeles';
    const clockin = fromZonedTime('2026-11-02T09:00:00', zone);
    expect(stillClockedInFrom(clockin, settings, zone).toISOString()).toBe(fromZonedTime('2026-11-02T19:30:00', zone).toISOString());
    expect(isStillClockedIn({ clockin_at: clockin, clockout_at: null }, settings, zone, fromZonedTime('2026-11-02T19:29:00', zone))).toBe(false);
    expect(isStillClockedIn({ clockin_at: clockin, clockout_at: null }, settings, zone, fromZonedTime('2026-11-02T19:30:00', zone))).toBe(true);
    expect(isStillClockedIn({ clockin_at: clockin, clockout_at: fromZonedTime('2026-11-02T21:00:00', zone) }, settings, zone, fromZonedTime('2026-11-03T09:00:00', zone))).toBe(false);
    // Clocked in after closing time: the next day's, but never more than 12 hours on.
    const evening = fromZonedTime('2026-11-02T20:00:00', zone);
    expect(stillClockedInFrom(evening, settings, zone).toISOString()).toBe(fromZonedTime('2026-11-03T08:00:00', zone).toISOString());
    expect(stillClockedInFrom(evening, { clockOutTime: '04:00', clockOutGraceMinutes: 30 }, zone).toISOString()).toBe(fromZonedTime('2026-11-03T04:30:00', zone).toISOString());
    // No clock-out time: 12 hours after the clock-in.
    expect(stillClockedInFrom(clockin, { clockOutTime: null, clockOutGraceMinutes: 30 }, zone).toISOString()).toBe(fromZonedTime('2026-11-02T21:00:00', zone).toISOString());
  });
});

describe('a clock-out typed as a time', () => {
  const NY = 'America/New_York';
  const wall = (at: Date, zone: string) => formatInTimeZone(at, zone, 'HH:mm');
  const minute = (t: number) => Math.floor(t / 60_000) * 60_000;

  it('is on the clock-in’s day unless it is earlier on the clock; a slot of no time stays on its day', () => {
    const clockin = fromZonedTime('2026-03-02T09:00:00', NY);
    expect(clockoutFromTime(clockin, '17:30', NY)?.toISOString()).toBe(fromZonedTime('2026-03-02T17:30:00', NY).toISOString());
    expect(clockoutFromTime(clockin, '07:30', NY)?.toISOString()).toBe(fromZonedTime('2026-03-03T07:30:00', NY).toISOString());
    // Clocked in and out within the same minute: the same day, not 24 hours later.
    expect(clockoutFromTime(clockin, '09:00', NY)?.toISOString()).toBe(clockin.toISOString());
    expect(clockoutFromTime(new Date(clockin.getTime() + 25_000), '09:00', NY)?.toISOString()).toBe(clockin.toISOString());
    expect(clockoutFromTime(clockin, '9:00 PM', NY)).toBeNull();
  });

  it('reads the hour the clocks repeat as the one after the clock-in, and the hour they skip as the one after it', () => {
    // 1 November 2026, New York: 01:00–02:00 happens twice (EDT, then EST).
    const firstPass = new Date('2026-11-01T05:30:00Z'); // 01:30 EDT
    expect(clockoutFromTime(firstPass, '01:10', NY)?.toISOString()).toBe('2026-11-01T06:10:00.000Z'); // 01:10 EST, 40 minutes on
    expect(clockoutFromTime(firstPass, '01:45', NY)?.toISOString()).toBe('2026-11-01T05:45:00.000Z'); // 01:45 EDT, 15 minutes on
    // 8 March 2026: 02:00–03:00 does not happen; 02:30 reads as 03:30 EDT.
    const night = fromZonedTime('2026-03-08T01:00:00', NY);
    expect(clockoutFromTime(night, '02:30', NY)?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  test.prop([instantArb, fc.integer({ min: 0, max: 23 * 60 }), zoneArb])(
    'gives back a slot’s own clock-out from its wall-clock time, unless the clocks went back in between (then an earlier reading of that time)',
    (start, minutes, zone) => {
      const clockin = new Date(minute(start.getTime()));
      const clockout = new Date(clockin.getTime() + minutes * 60_000);
      const read = clockoutFromTime(clockin, wall(clockout, zone), zone) as Date;
      expect(wall(read, zone)).toBe(wall(clockout, zone));
      expect(read.getTime()).toBeGreaterThanOrEqual(clockin.getTime());
      expect([slotDay(clockin, zone), addDays(slotDay(clockin, zone), 1)]).toContain(slotDay(read, zone));
      const offset = (at: Date) => Date.parse(`${formatInTimeZone(at, zone, "yyyy-MM-dd'T'HH:mm")}Z`) - at.getTime();
      const wentBack = offset(clockout) < offset(clockin);
      if (wentBack) expect(read.getTime()).toBeLessThanOrEqual(clockout.getTime());
      else expect(read.toISOString()).toBe(clockout.toISOString());
    },
  );
});

describe('a day’s slots', () => {
  test.prop([timesheetDayArb.chain((day) => zoneArb.chain((zone) => validDayArb(day, zone, { open: true }).map((v) => ({ day, zone, ...v }))))])(
    'slots in order with gaps, clocked in on the day, have no problem',
    ({ day, zone, slots, now }) => {
      expect(daySlotProblems(slots, { day, timeZone: zone, now })).toEqual([]);
    },
  );

  test.prop([
    timesheetDayArb.chain((day) => zoneArb.chain((zone) => validDayArb(day, zone).map((v) => ({ day, zone, ...v })))),
    fc.constantFrom(...BAD_SLOT_KINDS),
    fc.nat(),
  ])('one bad slot anywhere is found where it is', ({ day, zone, slots, now }, kind, at) => {
    const victim = slots.find((s) => s.clockout_at !== null);
    const bad = badSlot(kind, day, zone, now, victim);
    const index = at % (slots.length + 1);
    const drafts = [...slots.slice(0, index), bad, ...slots.slice(index)];
    const problems = daySlotProblems(drafts, { day, timeZone: zone, now });
    const expected = {
      'clockout-before-clockin': MESSAGES.timesheetClockoutBeforeClockin,
      'future-clockin': MESSAGES.timesheetFutureTime,
      'future-clockout': MESSAGES.timesheetFutureTime,
      'other-day': timesheetOtherDay(day),
      'too-long': MESSAGES.timesheetTooLong,
      overlap: victim ? MESSAGES.timesheetOverlap : MESSAGES.timesheetClockoutBeforeClockin,
    }[kind];
    expect(problems.filter((p) => p.index === index).map((p) => p.message)).toContain(expected);
    // Only the bad slot, and for an overlap the slot it overlaps, have problems.
    const victimIndex = victim ? drafts.indexOf(victim) : -1;
    expect(problems.every((p) => p.index === index || (kind === 'overlap' && p.index === victimIndex))).toBe(true);
  });

  const zone = 'America/Los_Angeles';
  const at = (wall: string) => fromZonedTime(wall, zone).toISOString();
  const now = new Date(at('2026-11-03T12:00:00'));

  it('names each problem', () => {
    const problems = daySlotProblems(
      [
        { employee_id: 1, clockin_at: at('2026-11-02T09:00:00'), clockout_at: at('2026-11-02T08:00:00') },
        { employee_id: 2, clockin_at: at('2026-11-01T09:00:00'), clockout_at: at('2026-11-01T17:00:00') },
        { employee_id: 3, clockin_at: at('2026-11-02T09:00:00'), clockout_at: at('2026-11-04T08:00:00') },
        { employee_id: 4, clockin_at: at('2026-11-02T09:00:00'), clockout_at: at('2026-11-02T17:00:00') },
        { employee_id: 4, clockin_at: at('2026-11-02T16:00:00'), clockout_at: at('2026-11-02T18:00:00') },
        { id: 7, employee_id: 6, clockin_at: at('2026-11-02T01:00:00'), clockout_at: at('2026-11-03T03:00:00') },
        { id: 7, employee_id: 5, clockin_at: at('2026-11-02T09:00:00'), clockout_at: null },
      ],
      { day: '2026-11-02', timeZone: zone, now },
    );
    expect(problems).toEqual([
      { index: 0, field: 'clockout_at', message: MESSAGES.timesheetClockoutBeforeClockin },
      { index: 1, field: 'clockin_at', message: timesheetOtherDay('2026-11-02') },
      { index: 2, field: 'clockout_at', message: MESSAGES.timesheetFutureTime },
      { index: 3, field: 'clockout_at', message: MESSAGES.timesheetOverlap },
      { index: 4, field: 'clockout_at', message: MESSAGES.timesheetOverlap },
      { index: 5, field: 'clockout_at', message: MESSAGES.timesheetTooLong },
      { index: 6, field: 'id', message: MESSAGES.timesheetSlotTwice },
    ]);
  });

  it('holds a day to the person’s slots of other days: the night before, and one open slot per person', () => {
    const others = [
      { id: 1, employee_id: 1, clockin_at: at('2026-11-01T22:00:00'), clockout_at: at('2026-11-02T02:00:00') },
      { id: 2, employee_id: 2, clockin_at: at('2026-10-31T09:00:00'), clockout_at: null },
    ];
    const context = { day: '2026-11-02', timeZone: zone, now, others };
    expect(daySlotProblems([{ employee_id: 1, clockin_at: at('2026-11-02T01:00:00'), clockout_at: at('2026-11-02T05:00:00') }], context)).toEqual([
      { index: 0, field: 'clockout_at', message: MESSAGES.timesheetOverlap },
    ]);
    expect(daySlotProblems([{ employee_id: 1, clockin_at: at('2026-11-02T02:00:00'), clockout_at: at('2026-11-02T05:00:00') }], context)).toEqual([]);
    expect(daySlotProblems([{ employee_id: 2, clockin_at: at('2026-11-02T09:00:00'), clockout_at: null }], context)).toEqual([
      { index: 0, field: 'clockin_at', message: MESSAGES.timesheetOverlap },
    ]);
    // A slot of another day that this day's list names is judged as listed, not as it was.
    expect(daySlotProblems([{ id: 1, employee_id: 1, clockin_at: at('2026-11-02T01:00:00'), clockout_at: at('2026-11-02T05:00:00') }], context)).toEqual([]);
  });

  it('counts the real hours of a slot across the autumn change as its length', () => {
    // 20:00 to 06:00 on the night Los Angeles falls back is 11 real hours: accepted (under 24).
    expect(daySlotProblems([{ employee_id: 1, clockin_at: at('2026-10-31T20:00:00'), clockout_at: at('2026-11-01T06:00:00') }], { day: '2026-10-31', timeZone: zone, now })).toEqual([]);
  });
});

describe('clock PINs', () => {
  it('are 4 to 8 digits, not a repeated digit or a run', () => {
    expect(clockPinProblem('2580')).toBeNull();
    expect(clockPinProblem('70415533')).toBeNull();
    for (const pin of ['123', '123456789', '12a4', ' 2580', '']) expect(clockPinProblem(pin)).toBe(MESSAGES.clockPinFormat);
    for (const pin of ['1111', '1234', '9876', '34567', '00000000']) expect(clockPinProblem(pin)).toBe(MESSAGES.clockPinTooSimple);
  });
});
