import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { payrollInfo, payrollSettings } from '../models/payroll';
import { dayHoursArb, overtimeArb, payDayArb, payPeriodArb, weekStartArb, workedDaysArb } from './payroll.arb';
import {
  closedPayoutStart,
  describeBreakRule,
  describePayoutStartChange,
  emptyPayrollSales,
  isPayPeriodClosed,
  mergePayrollChanges,
  nextPayPeriod,
  overtimeByDay,
  overtimeLookbackStart,
  payoutStartChange,
  payoutStartChangeNote,
  payoutStartProblem,
  payPeriodAnchor,
  payPeriodContaining,
  payPeriods,
  payrollEmployees,
  payrollTotals,
  previousPayPeriod,
  reopenedPayoutStart,
} from './payroll';
import { addDays, dayOfWeekOf, daysBetween, weekStartOf } from './scheduleTime';
import { breaksOverDays, roundHours } from './timesheets';

const length = (p: { start: string; end: string }) => daysBetween(p.start, p.end) + 1;
const dateOf = (day: string) => Number(day.slice(8));

describe('pay periods', () => {
  test.prop([payDayArb, payPeriodArb, payDayArb])('contain their day and tile the calendar with their neighbours', (day, kind, anchor) => {
    const p = payPeriodContaining(day, kind, anchor);
    expect(p.start <= day && day <= p.end).toBe(true);
    const next = nextPayPeriod(p, kind, anchor);
    const previous = previousPayPeriod(p, kind, anchor);
    expect(next.start).toBe(addDays(p.end, 1));
    expect(previous.end).toBe(addDays(p.start, -1));
    expect(previousPayPeriod(next, kind, anchor)).toEqual(p);
    expect(nextPayPeriod(previous, kind, anchor)).toEqual(p);
    // Every day of a period finds that same period.
    expect(payPeriodContaining(p.start, kind, anchor)).toEqual(p);
    expect(payPeriodContaining(p.end, kind, anchor)).toEqual(p);
  });

  test.prop([payDayArb, payPeriodArb, payDayArb])('have the length their kind says', (day, kind, anchor) => {
    const p = payPeriodContaining(day, kind, anchor);
    if (kind === 'weekly') expect(length(p)).toBe(7);
    if (kind === 'biweekly') expect(length(p)).toBe(14);
    if (kind === 'semimonthly') {
      // 1st–15th, or 16th to the end of the month.
      expect([1, 16]).toContain(dateOf(p.start));
      expect(p.start.slice(0, 7)).toBe(p.end.slice(0, 7));
      expect(dateOf(p.start) === 1 ? dateOf(p.end) : dateOf(addDays(p.end, 1))).toBe(dateOf(p.start) === 1 ? 15 : 1);
    }
    if (kind === 'monthly') expect(length(p)).toBeGreaterThanOrEqual(28);
    if (kind === 'monthly') expect(length(p)).toBeLessThanOrEqual(31);
  });

  /** Where a period counted from `anchor` starts: the anchor itself, or for monthly periods the 28th when its date is later. */
  const expectedStart = (anchor: string, kind: string) => (kind === 'monthly' && dateOf(anchor) > 28 ? `${anchor.slice(0, 8)}28` : anchor);

  test.prop([payDayArb, fc.constantFrom('weekly' as const, 'biweekly' as const, 'monthly' as const)])('start on the last payout start date and count from it', (anchor, kind) => {
    expect(payPeriodContaining(anchor, kind, anchor).start).toBe(expectedStart(anchor, kind));
    // A year of periods later, monthly periods still start on the same date (never drifting).
    let p = payPeriodContaining(anchor, kind, anchor);
    for (let i = 0; i < (kind === 'monthly' ? 12 : kind === 'weekly' ? 52 : 26); i += 1) p = nextPayPeriod(p, kind, anchor);
    if (kind === 'monthly') expect(p.start).toBe(`${Number(anchor.slice(0, 4)) + 1}${expectedStart(anchor, kind).slice(4)}`);
    else expect(p.start).toBe(addDays(anchor, 364));
  });

  test.prop([payDayArb, payPeriodArb, payDayArb, fc.integer({ min: -30, max: 30 })])('closing or reopening never moves the periods', (anchor, kind, day, steps) => {
    // Counting from any period's start gives the same periods as counting from the anchor.
    let p = payPeriodContaining(anchor, kind, anchor);
    for (let i = 0; i < Math.abs(steps); i += 1) p = steps > 0 ? nextPayPeriod(p, kind, anchor) : previousPayPeriod(p, kind, anchor);
    expect(payPeriodContaining(day, kind, p.start)).toEqual(payPeriodContaining(day, kind, anchor));
  });

  it('starts monthly periods on the 28th for a later date, so every month has one', () => {
    const anchor = '2025-01-31';
    const jan = payPeriodContaining('2025-02-15', 'monthly', anchor);
    expect(jan).toEqual({ start: '2025-01-28', end: '2025-02-27' });
    expect(nextPayPeriod(jan, 'monthly', anchor)).toEqual({ start: '2025-02-28', end: '2025-03-27' });
    expect(payPeriodContaining('2025-03-10', 'monthly', '2025-01-10')).toEqual({ start: '2025-03-10', end: '2025-04-09' });
  });

  it('splits months in two for twice a month', () => {
    expect(payPeriodContaining('2024-02-20', 'semimonthly', '2024-01-01')).toEqual({ start: '2024-02-16', end: '2024-02-29' });
    expect(payPeriodContaining('2025-02-15', 'semimonthly', '2025-01-10')).toEqual({ start: '2025-02-01', end: '2025-02-15' });
  });

  test.prop([payDayArb, weekStartArb, fc.constantFrom('weekly' as const, 'biweekly' as const)])('without a closed period, start on the business’s week start', (today, weekStartsOn, kind) => {
    const periods = payPeriods({ lastPayoutStartDate: null, settings: { payPeriod: kind } }, today, weekStartsOn);
    expect(periods.current.start <= today && today <= periods.current.end).toBe(true);
    expect(dayOfWeekOf(periods.current.start)).toBe(weekStartsOn);
    expect(payPeriodAnchor(null, 'monthly', weekStartsOn).slice(8)).toBe('01');
  });

  test.prop([payDayArb, payDayArb, payPeriodArb])('the current period is the open one: it holds the last payout start date', (lastPayoutStartDate, today, kind) => {
    const periods = payPeriods({ lastPayoutStartDate, settings: { payPeriod: kind } }, today);
    expect(periods.current.start <= lastPayoutStartDate && lastPayoutStartDate <= periods.current.end).toBe(true);
    if (kind !== 'semimonthly') expect(periods.current.start).toBe(expectedStart(lastPayoutStartDate, kind));
    // Closing it makes the next one current; reopening the one before makes that one current.
    const closed = { lastPayoutStartDate: closedPayoutStart(periods.current), settings: { payPeriod: kind } };
    expect(isPayPeriodClosed(closed, periods.current)).toBe(true);
    expect(payPeriods(closed, today).current).toEqual(periods.next(periods.current));
    const previous = periods.previous(periods.current);
    const reopened = { lastPayoutStartDate: reopenedPayoutStart(previous), settings: { payPeriod: kind } };
    expect(isPayPeriodClosed(reopened, previous)).toBe(false);
    expect(payPeriods(reopened, today).current).toEqual(previous);
  });

  test.prop([fc.option(payDayArb, { nil: null }), fc.option(payDayArb, { nil: null })])('moving the last payout start closes or reopens exactly the days between', (from, to) => {
    const change = payoutStartChange(from, to);
    if (from === to) {
      expect(change.kind).toBe('none');
      return;
    }
    if (change.kind === 'none') throw new Error('a move is a change');
    const closedBefore = (start: string | null, day: string) => start !== null && day < start;
    // Every day in the change flips; a day outside it does not.
    for (const day of [change.days.first, change.days.last, from, to].filter((d): d is string => d !== null)) {
      const inside = (change.days.first === null || day >= change.days.first) && day <= change.days.last;
      expect(closedBefore(from, day) !== closedBefore(to, day)).toBe(inside);
      if (inside) expect(closedBefore(to, day)).toBe(change.kind === 'close');
    }
  });

  it('says what a change closes or reopens', () => {
    expect(describePayoutStartChange(payoutStartChange('2026-03-02', '2026-03-16'))).toBe('Timesheets of Mar 2 – 15, 2026 can no longer be changed until they are reopened.');
    expect(describePayoutStartChange(payoutStartChange('2026-03-16', '2026-03-02'))).toBe('Timesheets of Mar 2 – 15, 2026 can be changed again.');
    expect(describePayoutStartChange(payoutStartChange(null, '2026-03-16'))).toBe('Timesheets of every day up to Mar 15, 2026 can no longer be changed until they are reopened.');
    expect(payoutStartChangeNote(payoutStartChange('2026-03-02', '2026-03-16'))).toBe('Days 2026-03-02 to 2026-03-15');
  });

  it('saves only what this person changed over what someone else saved meanwhile', () => {
    const base = payrollInfo.parse({ settings: { breakMinutes: 30 }, payrollHourSettings: { clockInTime: '09:00' }, lastPayoutStartDate: '2026-03-02' });
    const current = { ...base, settings: { ...base.settings, breakMinutes: 45 }, lastPayoutStartDate: '2026-03-16' };
    // Closing a period here keeps the other tab's break; a settings save here keeps the other tab's closing.
    expect(mergePayrollChanges(base, { ...base, lastPayoutStartDate: '2026-03-09' }, current)).toEqual({ ...current, lastPayoutStartDate: '2026-03-09' });
    const edited = { ...base, payrollHourSettings: { ...base.payrollHourSettings, clockInTime: '10:00' } };
    expect(mergePayrollChanges(base, edited, current)).toEqual({ ...current, payrollHourSettings: { ...current.payrollHourSettings, clockInTime: '10:00' } });
    expect(mergePayrollChanges(base, base, current)).toEqual(current);
  });

  it('refuses to close a period that is not over', () => {
    expect(payoutStartProblem('2026-03-15', '2026-03-15')).toBeNull();
    expect(payoutStartProblem(null, '2026-03-15')).toBeNull();
    expect(payoutStartProblem('2026-03-16', '2026-03-15')).toMatch(/only once it is over.*2026-03-15/);
  });
});

/**
 * Overtime read unit by unit: each quarter hour of a week, in order, is overtime when it is past
 * the daily threshold in its day, or when the week already holds the weekly threshold of
 * quarter hours that were not daily overtime.
 */
function overtimeBySpec(days: Map<string, number>, daily: number | null, weekly: number | null, weekStartsOn: number): Map<string, number> {
  const out = new Map<string, number>();
  const regularByWeek = new Map<string, number>();
  for (const day of [...days.keys()].sort()) {
    const quarters = Math.round((days.get(day) ?? 0) * 4);
    const week = weekStartOf(day, weekStartsOn);
    let overtime = 0;
    for (let q = 1; q <= quarters; q += 1) {
      if (daily !== null && q > daily * 4) {
        overtime += 1;
        continue;
      }
      const regular = regularByWeek.get(week) ?? 0;
      if (weekly !== null && regular >= weekly * 4) overtime += 1;
      regularByWeek.set(week, regular + 1);
    }
    out.set(day, overtime / 4);
  }
  return out;
}

describe('overtime', () => {
  test.prop([workedDaysArb, weekStartArb])('is off by default', (days, weekStartsOn) => {
    const defaults = payrollSettings.parse({});
    expect(defaults.overtimeDailyHours).toBeNull();
    expect(defaults.overtimeWeeklyHours).toBeNull();
    expect([...overtimeByDay(days, defaults, weekStartsOn).values()].every((h) => h === 0)).toBe(true);
  });

  test.prop([workedDaysArb, overtimeArb, weekStartArb])('counts what a quarter-hour by quarter-hour reading counts', (days, thresholds, weekStartsOn) => {
    const got = overtimeByDay(days, thresholds, weekStartsOn);
    const expected = overtimeBySpec(days, thresholds.overtimeDailyHours, thresholds.overtimeWeeklyHours, weekStartsOn);
    expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [day, h] of expected) expect(got.get(day)).toBeCloseTo(h, 9);
  });

  test.prop([workedDaysArb, overtimeArb, weekStartArb])('is never more than the hours, nor counted twice', (days, thresholds, weekStartsOn) => {
    const got = overtimeByDay(days, thresholds, weekStartsOn);
    for (const [day, h] of days) {
      expect(got.get(day)).toBeGreaterThanOrEqual(0);
      expect(got.get(day)).toBeLessThanOrEqual(h + 1e-9);
    }
    // Both thresholds on count at least what either alone counts, and at most their sum.
    const daily = overtimeByDay(days, { ...thresholds, overtimeWeeklyHours: null }, weekStartsOn);
    const weekly = overtimeByDay(days, { ...thresholds, overtimeDailyHours: null }, weekStartsOn);
    const sum = (m: Map<string, number>) => [...m.values()].reduce((s, h) => s + h, 0);
    expect(sum(got)).toBeGreaterThanOrEqual(Math.max(sum(daily), sum(weekly)) - 1e-9);
    expect(sum(got)).toBeLessThanOrEqual(sum(daily) + sum(weekly) + 1e-9);
  });

  test.prop([workedDaysArb, fc.integer({ min: 4, max: 96 }).map((q) => q / 4)])('daily: a day’s hours past the threshold', (days, threshold) => {
    const got = overtimeByDay(days, { overtimeDailyHours: threshold, overtimeWeeklyHours: null });
    for (const [day, h] of days) expect(got.get(day)).toBeCloseTo(Math.max(0, h - threshold), 9);
  });

  test.prop([workedDaysArb, fc.integer({ min: 4, max: 320 }).map((q) => q / 4), weekStartArb])('weekly: a week’s hours past the threshold, weeks starting on the business’s day', (days, threshold, weekStartsOn) => {
    const got = overtimeByDay(days, { overtimeDailyHours: null, overtimeWeeklyHours: threshold }, weekStartsOn);
    const weeks = new Map<string, { hours: number; overtime: number }>();
    for (const [day, h] of days) {
      const w = weeks.get(weekStartOf(day, weekStartsOn)) ?? { hours: 0, overtime: 0 };
      weeks.set(weekStartOf(day, weekStartsOn), { hours: w.hours + h, overtime: w.overtime + (got.get(day) ?? 0) });
    }
    for (const w of weeks.values()) expect(w.overtime).toBeCloseTo(Math.max(0, w.hours - threshold), 9);
  });

  it('a 45-hour week of 9-hour days with 8 h a day and 40 h a week: 5 hours, not 10', () => {
    const days = new Map(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'].map((d) => [d, 9]));
    const got = overtimeByDay(days, { overtimeDailyHours: 8, overtimeWeeklyHours: 40 }, 1);
    expect([...got.values()].reduce((s, h) => s + h, 0)).toBe(5);
  });
});

describe('payroll per employee', () => {
  const settings = (over: Partial<ReturnType<typeof payrollSettings.parse>> = {}) => ({ ...payrollSettings.parse({}), ...over });

  test.prop([workedDaysArb, fc.option(fc.integer({ min: 0, max: 120 }), { nil: null }), fc.option(dayHoursArb, { nil: null }), overtimeArb, weekStartArb, fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 })])(
    'hours are the days of the range, the break deducted day by day; overtime looks back to the week’s start',
    (days, breakMinutes, breakThresholdHours, thresholds, weekStartsOn, skipStart, skipEnd) => {
      const sorted = [...days.keys()].sort();
      if (sorted.length === 0) return;
      const start = addDays(sorted[0] as string, skipStart);
      const end = addDays(sorted.at(-1) as string, -skipEnd);
      if (start > end) return;
      const s = settings({ breakMinutes, breakThresholdHours, ...thresholds });
      const [row] = payrollEmployees({ start, end, staff: [{ employee_id: 7, employee_name: 'Ana R.' }], hours: new Map([[7, days]]), sales: new Map(), settings: s, weekStartsOn });
      if (!row) throw new Error('one row per person listed');
      const inRange = [...days].filter(([d]) => d >= start && d <= end).map(([, h]) => h);
      expect({ hours: row.hours, breakHours: row.breakHours, hoursAfterBreak: row.hoursAfterBreak }).toEqual(breaksOverDays(inRange, s));
      expect(row.overtimeHours).toBeGreaterThanOrEqual(0);
      expect(row.overtimeHours).toBeLessThanOrEqual(row.hoursAfterBreak);
      // The same overtime as reading every day from the first week's start and keeping the range's days.
      const from = overtimeLookbackStart(start, s, weekStartsOn);
      const looked = new Map([...days].filter(([d]) => d >= from && d <= end));
      const [again] = payrollEmployees({ start, end, staff: [{ employee_id: 7, employee_name: 'Ana R.' }], hours: new Map([[7, looked]]), sales: new Map(), settings: s, weekStartsOn });
      expect(again?.overtimeHours).toBe(row.overtimeHours);
      expect(row.tickets).toBe(0);
    },
  );

  it('puts each person’s sales beside their hours, and adds everything up', () => {
    const sales = { ...emptyPayrollSales(), tickets: 3, salesAfterDiscount: 9_000, salesBeforeDiscount: 10_000, tip: 1_500, service: { quantity: 3, sales: 9_000 } };
    const rows = payrollEmployees({
      start: '2026-03-02',
      end: '2026-03-08',
      staff: [
        { employee_id: 1, employee_name: 'Ana R.' },
        { employee_id: 2, employee_name: 'Ben K.' },
      ],
      hours: new Map([[1, new Map([['2026-03-02', 8.5], ['2026-03-03', 4]])]]),
      sales: new Map([[2, sales]]),
      settings: settings({ breakMinutes: 30, breakThresholdHours: 6 }),
    });
    expect(rows.map((r) => [r.employee_name, r.hours, r.breakHours, r.hoursAfterBreak, r.tickets, r.tip])).toEqual([
      ['Ana R.', 12.5, 0.5, 12, 0, 0],
      ['Ben K.', 0, 0, 0, 3, 1_500],
    ]);
    const totals = payrollTotals(rows);
    expect(totals).toMatchObject({ hours: 12.5, breakHours: 0.5, hoursAfterBreak: 12, tickets: 3, salesAfterDiscount: 9_000, tip: 1_500, service: { quantity: 3, sales: 9_000 } });
    expect(roundHours(totals.hours - totals.breakHours)).toBe(totals.hoursAfterBreak);
  });

  it('explains the break rule with an example', () => {
    expect(describeBreakRule({ breakMinutes: 30, breakThresholdHours: 6 })).toEqual({
      rule: "30 minutes of break are deducted from each day of 6 hours or more, never more than the day's hours.",
      example: 'A day of 8 hours is paid 7.5 hours (0.5 hours of break taken off).',
    });
    expect(describeBreakRule({ breakMinutes: 30, breakThresholdHours: 6 }, 5).example).toBe('A day of 5 hours is paid 5 hours: it is under the 6-hour threshold.');
    expect(describeBreakRule({ breakMinutes: null, breakThresholdHours: 6 }).rule).toBe('No break is deducted: paid hours are the hours clocked.');
  });
});
