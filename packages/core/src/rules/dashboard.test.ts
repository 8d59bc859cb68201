import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { addDays } from './scheduleTime';
import {
  comparisonDays,
  dayInZone,
  daysInRange,
  percentChange,
  periodToDate,
  rangeProblem,
  timeInZone,
  dayLabel,
  everyDayOf,
  shortDayLabel,
  dayStartInZone,
  sameTimeOn,
} from './dashboard';

const zoneArb = fc.constantFrom('America/Los_Angeles', 'America/New_York', 'Asia/Kathmandu', 'Australia/Sydney', 'UTC');
const instantArb = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true });

describe('comparison days', () => {
  it('are today, yesterday and the end of last month, in the business time zone', () => {
    // 07:30 UTC on 1 March is still 28/29 February in Los Angeles.
    expect(comparisonDays(new Date('2024-03-01T07:30:00Z'), 'America/Los_Angeles')).toEqual({ today: '2024-02-29', yesterday: '2024-02-28', lastMonthEnd: '2024-01-31' });
    expect(comparisonDays(new Date('2024-03-01T07:30:00Z'), 'Australia/Sydney')).toEqual({ today: '2024-03-01', yesterday: '2024-02-29', lastMonthEnd: '2024-02-29' });
    // The spring-forward day in Los Angeles is still one day.
    expect(comparisonDays(new Date('2024-03-11T06:59:00Z'), 'America/Los_Angeles').yesterday).toBe('2024-03-09');
  });

  test.prop([instantArb, zoneArb])('yesterday is one calendar day back and last month ends before this month starts', (now, zone) => {
    const { today, yesterday, lastMonthEnd } = comparisonDays(now, zone);
    expect(daysInRange(yesterday, today)).toBe(2);
    expect(addDays(lastMonthEnd, 1).slice(8)).toBe('01');
    expect(addDays(lastMonthEnd, 1).slice(0, 7)).toBe(today.slice(0, 7));
    expect(dayInZone(now, zone)).toBe(today);
  });
});

describe('yesterday up to the same time', () => {
  it('is yesterday at the wall-clock time it is now, in the business’s zone', () => {
    // 09:41 in Los Angeles on 23 Nov 2026 → 09:41 on 22 Nov.
    expect(sameTimeOn('2026-11-22', new Date('2026-11-23T17:41:00Z'), 'America/Los_Angeles').toISOString()).toBe('2026-11-22T17:41:00.000Z');
    // The day after clocks went back (1 Nov 2026): 10:00 PST is 10:00 PDT the day before, an hour earlier in UTC.
    expect(sameTimeOn('2026-11-01', new Date('2026-11-02T18:00:00Z'), 'America/Los_Angeles').toISOString()).toBe('2026-11-01T18:00:00.000Z');
    expect(sameTimeOn('2026-03-07', new Date('2026-03-08T17:00:00Z'), 'America/Los_Angeles').toISOString()).toBe('2026-03-07T18:00:00.000Z');
    expect(dayStartInZone('2026-11-23', 'Asia/Kathmandu').toISOString()).toBe('2026-11-22T18:15:00.000Z');
  });

  test.prop([instantArb, zoneArb])('falls on yesterday, before now, 22 to 26 hours earlier', (now, zone) => {
    const { yesterday } = comparisonDays(now, zone);
    const then = sameTimeOn(yesterday, now, zone);
    expect(dayInZone(then, zone)).toBe(yesterday);
    const hours = (now.getTime() - then.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThanOrEqual(22);
    expect(hours).toBeLessThanOrEqual(26);
  });

  test.prop([instantArb.map((d) => d.toISOString().slice(0, 10)), zoneArb])('a day starts at its local midnight', (day, zone) => {
    const start = dayStartInZone(day, zone);
    expect(dayInZone(start, zone)).toBe(day);
    expect(dayInZone(new Date(start.getTime() - 1), zone)).toBe(addDays(day, -1));
  });
});

describe('period to date', () => {
  test.prop([instantArb.map((d) => d.toISOString().slice(0, 10)), fc.constantFrom('day', 'week', 'month', 'year' as const)])(
    'ends today, and the previous stretch is no longer and ends before it starts',
    (today, period) => {
      const { current, previous } = periodToDate(today, period);
      expect(current.end).toBe(today);
      expect(previous.end < current.start).toBe(true);
      expect(daysInRange(previous.start, previous.end)).toBeLessThanOrEqual(daysInRange(current.start, current.end));
    },
  );

  it('compares a leap year to its 31 December with the whole previous year, not a day of this one', () => {
    expect(periodToDate('2020-12-31', 'year').previous).toEqual({ start: '2019-01-01', end: '2019-12-31' });
  });

  it('compares the 1st–12th with the same days of last month', () => {
    expect(periodToDate('2024-03-12', 'month')).toEqual({ current: { start: '2024-03-01', end: '2024-03-12' }, previous: { start: '2024-02-01', end: '2024-02-12' } });
    expect(periodToDate('2024-03-31', 'month').previous).toEqual({ start: '2024-02-01', end: '2024-02-29' });
  });
});

it('percent change has one decimal and no comparison from zero', () => {
  expect(percentChange(110, 100)).toBe(10);
  expect(percentChange(50, 150)).toBe(-66.7);
  expect(percentChange(5, 0)).toBeNull();
});

it('report ranges are ordered and bounded', () => {
  expect(rangeProblem('2024-01-01', '2024-12-31')).toBeNull();
  expect(rangeProblem('2024-02-01', '2024-01-01')).toMatch(/before/);
  expect(rangeProblem('2020-01-01', '2024-01-01')).toMatch(/at most/);
});

describe('display helpers', () => {
  it('shows times as hh:mm a in the business zone and days as people read them', () => {
    expect(timeInZone('2025-03-01T17:05:00.000Z', 'America/Los_Angeles')).toBe('09:05 AM');
    expect(timeInZone('2025-03-01T17:05:00.000Z', 'Asia/Kathmandu')).toBe('10:50 PM');
    expect(dayLabel('2025-03-01')).toBe('Sat, Mar 1, 2025');
    expect(shortDayLabel('2025-03-01')).toBe('Mar 1');
  });

  it('lists every day of a range for a chart, with its row or none', () => {
    const rows = [{ day: '2025-03-02', total: 5 }, { day: '2025-02-27', total: 9 }];
    expect(everyDayOf('2025-02-28', '2025-03-03', rows)).toEqual([
      { day: '2025-02-28', row: undefined },
      { day: '2025-03-01', row: undefined },
      { day: '2025-03-02', row: rows[0] },
      { day: '2025-03-03', row: undefined },
    ]);
    expect(everyDayOf('2025-03-03', '2025-03-02', rows)).toEqual([]);
  });
});
