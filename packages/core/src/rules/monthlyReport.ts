import type { StaffMonthlyReport } from '../api/staff';
import { todayIn } from './scheduleTime';

/** A calendar month: `month` is 1–12. */
export interface YearMonth {
  year: number;
  month: number;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** The month `now` falls in, in the business's time zone (its "this month"). */
export function currentMonth(timeZone: string, now: Date): YearMonth {
  const [year, month] = todayIn(timeZone, now).split('-').map(Number) as [number, number];
  return { year, month };
}

/** The month `delta` months after (or before, negative) `ym`. */
export function shiftMonth(ym: YearMonth, delta: number): YearMonth {
  const index = ym.year * 12 + (ym.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

/** `YYYY-MM`, the value of an `<input type="month">`. */
export const monthValue = (ym: YearMonth): string => `${String(ym.year).padStart(4, '0')}-${String(ym.month).padStart(2, '0')}`;

/** Reads `YYYY-MM` (years 2000–2100, as `monthlyreport/{y}/{m}` takes them); null when it is not one. */
export function parseMonthValue(text: string): YearMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < 2000 || year > 2100 || month < 1 || month > 12) return null;
  return { year, month };
}

/** "March 2026". */
export const formatMonth = (ym: YearMonth): string => `${MONTH_NAMES[ym.month - 1] ?? ''} ${ym.year}`;

/** Booked minutes as hours with at most one decimal: `90` → `1.5 h`, `600` → `10 h`. */
export function formatHours(minutes: number): string {
  const tenths = Math.round((Math.max(0, minutes) / 60) * 10);
  return `${tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1)} h`;
}

export type MonthlyReportRow = StaffMonthlyReport['rows'][number];

/** The month's totals over every member (the report's footer). */
export function monthlyReportTotals(rows: readonly MonthlyReportRow[]): Pick<MonthlyReportRow, 'appointments' | 'completed' | 'cancelled' | 'minutes' | 'revenue'> {
  return rows.reduce(
    (t, r) => ({ appointments: t.appointments + r.appointments, completed: t.completed + r.completed, cancelled: t.cancelled + r.cancelled, minutes: t.minutes + r.minutes, revenue: t.revenue + r.revenue }),
    { appointments: 0, completed: 0, cancelled: 0, minutes: 0, revenue: 0 },
  );
}
