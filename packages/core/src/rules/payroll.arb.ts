import { fc } from '@fast-check/vitest';
import { PAY_PERIODS, type PayPeriod } from '../models/payroll';
import { addDays } from './scheduleTime';

/** Domain arbitraries for the payroll rules' property tests. */

/** A calendar day between 2020 and 2035. */
export const payDayArb = fc.integer({ min: 0, max: 16 * 366 }).map((n) => addDays('2020-01-01', n));

export const payPeriodArb: fc.Arbitrary<PayPeriod> = fc.constantFrom(...PAY_PERIODS);

/** The first day of the week, 0 = Sunday. */
export const weekStartArb = fc.integer({ min: 0, max: 6 });

/** Hours after break of one day, on a quarter-hour grid (0–16 h). */
export const dayHoursArb = fc.integer({ min: 0, max: 64 }).map((q) => q / 4);

/** A person's days with hours: up to five weeks from a start day, some days off. */
export const workedDaysArb = fc
  .tuple(payDayArb, fc.array(fc.option(dayHoursArb, { nil: null, freq: 3 }), { minLength: 1, maxLength: 35 }))
  .map(([start, hours]) => {
    const days = new Map<string, number>();
    hours.forEach((h, i) => {
      if (h !== null) days.set(addDays(start, i), h);
    });
    return days;
  });

/** Overtime thresholds on a quarter-hour grid, each possibly off. */
export const overtimeArb = fc.record({
  overtimeDailyHours: fc.option(fc.integer({ min: 4, max: 96 }).map((q) => q / 4), { nil: null }),
  overtimeWeeklyHours: fc.option(fc.integer({ min: 4, max: 320 }).map((q) => q / 4), { nil: null }),
});
