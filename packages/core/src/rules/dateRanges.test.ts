import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { daysInRange, monthStart } from './dashboard';
import { MAX_SEARCH_DAYS, presetOf, presetRange, RANGE_PRESETS, rangeFromQuery, rangeLabel, searchRangeProblem } from './dateRanges';
import { dayArb, DST_DAYS, DST_ZONES } from './schedule.arb';
import { addDays, dayOfWeekOf, todayIn } from './scheduleTime';

const weekStartArb = fc.integer({ min: 0, max: 6 });
const presetArb = fc.constantFrom(...RANGE_PRESETS);

describe('range presets', () => {
  test.prop([presetArb, dayArb, weekStartArb])('every preset ends by today and is in order', (preset, today, weekStartsOn) => {
    const r = presetRange(preset, today, weekStartsOn);
    expect(r.start <= r.end).toBe(true);
    expect(r.end <= today).toBe(true);
    expect(searchRangeProblem(r)).toBeNull();
  });

  test.prop([dayArb, weekStartArb])('today, yesterday and the last 7 and 30 days have their length and end on today or yesterday', (today, ws) => {
    expect(presetRange('today', today, ws)).toEqual({ start: today, end: today });
    expect(presetRange('yesterday', today, ws)).toEqual({ start: addDays(today, -1), end: addDays(today, -1) });
    for (const [p, n] of [['last-7-days', 7], ['last-30-days', 30]] as const) {
      const r = presetRange(p, today, ws);
      expect(r.end).toBe(today);
      expect(daysInRange(r.start, r.end)).toBe(n);
    }
  });

  test.prop([dayArb, weekStartArb])('this week starts on the business’s first day of the week and holds today', (today, ws) => {
    const r = presetRange('this-week', today, ws);
    expect(dayOfWeekOf(r.start)).toBe(ws);
    expect(r.end).toBe(today);
    expect(daysInRange(r.start, r.end)).toBeGreaterThanOrEqual(1);
    expect(daysInRange(r.start, r.end)).toBeLessThanOrEqual(7);
  });

  test.prop([dayArb])('this month runs from the 1st to today; last month is the whole month before', (today) => {
    const month = presetRange('this-month', today);
    expect(month).toEqual({ start: `${today.slice(0, 7)}-01`, end: today });
    const last = presetRange('last-month', today);
    expect(last.start.slice(8)).toBe('01');
    expect(addDays(last.end, 1)).toBe(monthStart(today)); // ends the day before this month
    expect(last.start.slice(0, 7)).toBe(last.end.slice(0, 7)); // one calendar month
    expect(daysInRange(last.start, last.end)).toBeGreaterThanOrEqual(28);
  });

  test.prop([presetArb, dayArb, weekStartArb])('a preset’s range is recognised as a preset of the same days', (preset, today, ws) => {
    const r = presetRange(preset, today, ws);
    const found = presetOf(r, today, ws);
    expect(found).not.toBe('custom');
    if (found !== 'custom') expect(presetRange(found, today, ws)).toEqual(r);
  });

  test.prop([fc.constantFrom(...DST_ZONES), fc.constantFrom(...DST_DAYS), fc.integer({ min: 0, max: 86_399 })])(
    '"today" is the business’s day in its time zone, on daylight-saving days too',
    (zone, day, second) => {
      // An instant on a DST day, read in the zone: the presets start from that zone's calendar day.
      const now = new Date(Date.parse(`${day}T00:00:00Z`) + second * 1000);
      const today = todayIn(zone, now);
      expect(presetRange('today', today)).toEqual({ start: today, end: today });
      expect(Math.abs(Date.parse(`${today}T12:00:00Z`) - now.getTime())).toBeLessThan(2 * 86_400_000);
    },
  );

  it('a week starting on Monday, and the month before January', () => {
    expect(presetRange('this-week', '2025-03-05', 1)).toEqual({ start: '2025-03-03', end: '2025-03-05' }); // a Wednesday
    expect(presetRange('this-week', '2025-03-05', 0)).toEqual({ start: '2025-03-02', end: '2025-03-05' });
    expect(presetRange('this-week', '2025-03-02', 1)).toEqual({ start: '2025-02-24', end: '2025-03-02' }); // a Sunday
    expect(presetRange('last-month', '2025-01-15')).toEqual({ start: '2024-12-01', end: '2024-12-31' });
    expect(presetRange('last-month', '2024-03-31')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(presetOf({ start: '2025-01-02', end: '2025-01-09' }, '2025-01-15')).toBe('custom');
  });
});

describe('the range in an address', () => {
  test.prop([dayArb, dayArb, dayArb])('start and end in order; a lone day means that day; nothing means today', (a, b, today) => {
    const r = rangeFromQuery({ start: a, end: b }, today);
    expect(r).toEqual(a <= b ? { start: a, end: b } : { start: b, end: a });
    expect(rangeFromQuery({ day: a }, today)).toEqual({ start: a, end: a });
    expect(rangeFromQuery({}, today)).toEqual({ start: today, end: today });
    expect(rangeFromQuery({ start: a }, today)).toEqual({ start: a, end: a });
    expect(rangeFromQuery({ start: 'nonsense', end: '2025-02-30', day: 'x' }, today)).toEqual({ start: today, end: today });
  });

  it(`bounds a search to ${MAX_SEARCH_DAYS} days`, () => {
    expect(searchRangeProblem({ start: '2024-01-01', end: addDays('2024-01-01', MAX_SEARCH_DAYS - 1) })).toBeNull();
    expect(searchRangeProblem({ start: '2024-01-01', end: addDays('2024-01-01', MAX_SEARCH_DAYS) })).toMatch(/at most 400 days/);
    expect(searchRangeProblem({ start: '2024-01-02', end: '2024-01-01' })).toMatch(/not be before/);
  });

  it('labels a range as people read it', () => {
    expect(rangeLabel({ start: '2025-03-03', end: '2025-03-03' })).toBe('Mar 3, 2025');
    expect(rangeLabel({ start: '2025-03-01', end: '2025-03-31' })).toBe('Mar 1 – 31, 2025');
    expect(rangeLabel({ start: '2025-02-24', end: '2025-03-02' })).toBe('Feb 24 – Mar 2, 2025');
    expect(rangeLabel({ start: '2024-12-29', end: '2025-01-04' })).toBe('Dec 29, 2024 – Jan 4, 2025');
  });
});
