import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { currentMonth, formatHours, formatMonth, monthlyReportTotals, monthValue, parseMonthValue, shiftMonth } from './monthlyReport';
import { todayIn } from './scheduleTime';

const yearMonth = fc.record({ year: fc.integer({ min: 2000, max: 2100 }), month: fc.integer({ min: 1, max: 12 }) });
const zone = fc.constantFrom('America/Los_Angeles', 'America/New_York', 'Asia/Kathmandu', 'Australia/Sydney', 'UTC');

describe('monthly report months', () => {
  test.prop([yearMonth, fc.integer({ min: -600, max: 600 })])('shifting a month and back gives the same month; every month is 1–12', (ym, delta) => {
    const shifted = shiftMonth(ym, delta);
    expect(shifted.month).toBeGreaterThanOrEqual(1);
    expect(shifted.month).toBeLessThanOrEqual(12);
    expect(shiftMonth(shifted, -delta)).toEqual(ym);
    expect(shifted.year * 12 + shifted.month - (ym.year * 12 + ym.month)).toBe(delta);
  });

  it('crosses years both ways', () => {
    expect(shiftMonth({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });

  test.prop([yearMonth])('YYYY-MM reads back as the same month', (ym) => {
    expect(monthValue(ym)).toMatch(/^\d{4}-\d{2}$/);
    expect(parseMonthValue(monthValue(ym))).toEqual(ym);
  });

  it('refuses what is not a month the report can show', () => {
    for (const bad of ['', '2026', '2026-13', '2026-00', '1999-12', '2101-01', '2026-1', 'March']) expect(parseMonthValue(bad)).toBeNull();
  });

  test.prop([zone, fc.date({ min: new Date('2000-01-02T00:00:00Z'), max: new Date('2100-12-30T00:00:00Z'), noInvalidDate: true })])(
    'this month is the month of today in the business time zone',
    (timeZone, now) => {
      expect(monthValue(currentMonth(timeZone, now))).toBe(todayIn(timeZone, now).slice(0, 7));
    },
  );

  it('is still last month in Los Angeles when it is already the 1st in UTC', () => {
    expect(currentMonth('America/Los_Angeles', new Date('2026-03-01T05:00:00Z'))).toEqual({ year: 2026, month: 2 });
    expect(currentMonth('Australia/Sydney', new Date('2026-02-28T14:00:00Z'))).toEqual({ year: 2026, month: 3 });
  });

  it('names the month and formats hours', () => {
    expect(formatMonth({ year: 2026, month: 3 })).toBe('March 2026');
    expect(formatHours(0)).toBe('0 h');
    expect(formatHours(90)).toBe('1.5 h');
    expect(formatHours(600)).toBe('10 h');
    expect(formatHours(125)).toBe('2.1 h');
  });

  const row = fc.record({ staff_id: fc.integer({ min: 1 }), name: fc.string(), appointments: fc.nat(1000), completed: fc.nat(1000), cancelled: fc.nat(1000), minutes: fc.nat(100_000), revenue: fc.nat(10_000_000) });
  test.prop([fc.array(row, { maxLength: 30 })])('totals add up every member', (rows) => {
    const totals = monthlyReportTotals(rows);
    for (const key of ['appointments', 'completed', 'cancelled', 'minutes', 'revenue'] as const) expect(totals[key]).toBe(rows.reduce((n, r) => n + r[key], 0));
  });
});
