import { payoutStartInFuture } from '../messages';
import type { PayPeriod, PayrollEmployee, PayrollInfo, PayrollSettings } from '../models/payroll';
import { rangeLabel } from './dateRanges';
import { addDays, daysBetween, weekStartOf } from './scheduleTime';
import { breaksOverDays, dayBreak, roundHours } from './timesheets';

/**
 * Payroll rules (spec 001 §3 Payroll per employee; issue 12): pay periods counted from the
 * business's `lastPayoutStartDate`, daily and weekly overtime over hours after break, and the
 * per-employee assembly of hours (from `rules/timesheets.ts`) with the sales figures the sales
 * reports give. Pure: "today" and the week's first day are arguments. Days are `YYYY-MM-DD` in the
 * business's time zone; day arithmetic is calendar arithmetic, so DST never shifts a period.
 */

/** A pay period: its first and last day, both included. */
export interface PayPeriodRange {
  start: string;
  end: string;
}

/** The days of each pay period. Semi-monthly and monthly periods follow the calendar instead. */
const PERIOD_DAYS = { weekly: 7, biweekly: 14 } as const;

/** Where periods are counted from when no pay period was ever closed: a fixed Sunday, moved to the business's week start; monthly periods on the 1st. */
const REFERENCE_SUNDAY = '2024-01-07';

const ymd = (day: string): [number, number, number] => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m, d];
};
const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();
const dayOf = (year: number, month: number, date: number): string => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;

/** Month `k` after a year and month (k may be negative): [year, month 1–12]. */
const plusMonths = (year: number, month: number, k: number): [number, number] => {
  const index = year * 12 + (month - 1) + k;
  return [Math.floor(index / 12), (((index % 12) + 12) % 12) + 1];
};

/**
 * The start of monthly period `k` from an anchor: the anchor's date of month, or the 28th when it
 * is later (every month has a 28th). Clamping to each month's end instead would move the grid when
 * a period closes on a short month's last day; this way closing never changes the periods.
 */
function monthlyStart(anchor: string, k: number): string {
  const [ay, am, ad] = ymd(anchor);
  const [y, m] = plusMonths(ay, am, k);
  return dayOf(y, m, Math.min(ad, MONTHLY_LAST_START));
}
const MONTHLY_LAST_START = 28;

/**
 * The day periods are counted from: `lastPayoutStartDate`, or — never closed — the week start
 * (`weekStartsOn`, 0 = Sunday) for weekly and biweekly periods, the 1st for monthly ones.
 */
export function payPeriodAnchor(lastPayoutStartDate: string | null, payPeriod: PayPeriod, weekStartsOn = 0): string {
  if (lastPayoutStartDate !== null) return lastPayoutStartDate;
  if (payPeriod === 'monthly' || payPeriod === 'semimonthly') return '2024-01-01';
  return weekStartOf(REFERENCE_SUNDAY, weekStartsOn);
}

/**
 * The pay period containing `day`:
 * - weekly / biweekly: 7 / 14 days, on a grid through `anchor`;
 * - semimonthly: the 1st–15th or the 16th–end of the month (whatever the anchor);
 * - monthly: from the anchor's date of month (the 28th when later) to the day before it next month.
 */
export function payPeriodContaining(day: string, payPeriod: PayPeriod, anchor: string): PayPeriodRange {
  if (payPeriod === 'weekly' || payPeriod === 'biweekly') {
    const length = PERIOD_DAYS[payPeriod];
    const k = Math.floor(daysBetween(anchor, day) / length);
    const start = addDays(anchor, k * length);
    return { start, end: addDays(start, length - 1) };
  }
  const [y, m, d] = ymd(day);
  if (payPeriod === 'semimonthly') return d <= 15 ? { start: dayOf(y, m, 1), end: dayOf(y, m, 15) } : { start: dayOf(y, m, 16), end: dayOf(y, m, daysInMonth(y, m)) };
  const [ay, am] = ymd(anchor);
  let k = (y - ay) * 12 + (m - am);
  if (monthlyStart(anchor, k) > day) k -= 1;
  return { start: monthlyStart(anchor, k), end: addDays(monthlyStart(anchor, k + 1), -1) };
}

/** The pay period after one. */
export const nextPayPeriod = (period: PayPeriodRange, payPeriod: PayPeriod, anchor: string): PayPeriodRange => payPeriodContaining(addDays(period.end, 1), payPeriod, anchor);

/** The pay period before one. */
export const previousPayPeriod = (period: PayPeriodRange, payPeriod: PayPeriod, anchor: string): PayPeriodRange => payPeriodContaining(addDays(period.start, -1), payPeriod, anchor);

/**
 * The business's pay periods as its settings give them: `containing(day)`, `next`, `previous`, and
 * `current` — the open period (the one holding `lastPayoutStartDate`), or the one holding `today`
 * when no period was ever closed.
 */
export function payPeriods(info: Pick<PayrollInfo, 'lastPayoutStartDate'> & { settings: Pick<PayrollSettings, 'payPeriod'> }, today: string, weekStartsOn = 0) {
  const kind = info.settings.payPeriod;
  const anchor = payPeriodAnchor(info.lastPayoutStartDate, kind, weekStartsOn);
  return {
    kind,
    anchor,
    current: payPeriodContaining(info.lastPayoutStartDate ?? today, kind, anchor),
    containing: (day: string) => payPeriodContaining(day, kind, anchor),
    next: (period: PayPeriodRange) => nextPayPeriod(period, kind, anchor),
    previous: (period: PayPeriodRange) => previousPayPeriod(period, kind, anchor),
  };
}

/** Whether every day of a period is closed (before `lastPayoutStartDate`). */
export const isPayPeriodClosed = (info: Pick<PayrollInfo, 'lastPayoutStartDate'>, period: PayPeriodRange): boolean =>
  info.lastPayoutStartDate !== null && period.end < info.lastPayoutStartDate;

/** What closing a pay period sets `lastPayoutStartDate` to: the day after its last. */
export const closedPayoutStart = (period: PayPeriodRange): string => addDays(period.end, 1);

/** What reopening a pay period sets `lastPayoutStartDate` to: its first day (later closed periods reopen with it). */
export const reopenedPayoutStart = (period: PayPeriodRange): string => period.start;

/** What moving `lastPayoutStartDate` does: closes the days between, reopens them, or nothing. */
export type PayoutStartChange = { kind: 'none' } | { kind: 'close' | 'reopen'; from: string | null; to: string | null; days: { first: string | null; last: string } };

/**
 * The change from one `lastPayoutStartDate` to another: later closes the days from the old start
 * (or from the beginning, when none) to the day before the new one; earlier (or cleared) reopens
 * the days from the new start to the day before the old one.
 */
export function payoutStartChange(from: string | null, to: string | null): PayoutStartChange {
  if (from === to) return { kind: 'none' };
  if (to !== null && (from === null || to > from)) return { kind: 'close', from, to, days: { first: from, last: addDays(to, -1) } };
  return { kind: 'reopen', from, to, days: { first: to, last: addDays(from as string, -1) } };
}

/** The days a change closed or reopened, in words, as the timesheet activity keeps them: `Days 2026-03-01 to 2026-03-14` or `Every day up to 2026-03-14`. */
export function payoutStartChangeNote(change: PayoutStartChange): string {
  if (change.kind === 'none') return '';
  return change.days.first === null ? `Every day up to ${change.days.last}` : `Days ${change.days.first} to ${change.days.last}`;
}

/**
 * What a change does, as the confirmation before it says: `Timesheets of Mar 2 – 15, 2026 can no
 * longer be changed until they are reopened.` or `Timesheets of Mar 2 – 15, 2026 can be changed again.`
 */
export function describePayoutStartChange(change: PayoutStartChange): string {
  if (change.kind === 'none') return 'No day is closed or reopened.';
  const days = change.days.first === null ? `every day up to ${rangeLabel({ start: change.days.last, end: change.days.last })}` : rangeLabel({ start: change.days.first, end: change.days.last });
  return change.kind === 'close' ? `Timesheets of ${days} can no longer be changed until they are reopened.` : `Timesheets of ${days} can be changed again.`;
}

/**
 * Why `lastPayoutStartDate` may not move to `to`, or null: a period is closed only once it is
 * over, so the new start is today at the latest (every day before it has ended).
 */
export function payoutStartProblem(to: string | null, today: string): string | null {
  return to !== null && to > today ? payoutStartInFuture(today) : null;
}

/**
 * What to save when `edited` was made from `base` but the business's settings are now `current`
 * (someone else saved meanwhile): `current` with only the fields this person changed. Closing a
 * period then never undoes a break rule saved in another tab, nor a settings save reopen a period.
 */
export function mergePayrollChanges(base: PayrollInfo, edited: PayrollInfo, current: PayrollInfo): PayrollInfo {
  const pick = <T extends object>(b: T, e: T, c: T): T => {
    const out = { ...c };
    for (const key of Object.keys(e) as (keyof T)[]) if (e[key] !== b[key]) out[key] = e[key];
    return out;
  };
  return {
    settings: pick(base.settings, edited.settings, current.settings),
    payrollHourSettings: pick(base.payrollHourSettings, edited.payrollHourSettings, current.payrollHourSettings),
    lastPayoutStartDate: edited.lastPayoutStartDate !== base.lastPayoutStartDate ? edited.lastPayoutStartDate : current.lastPayoutStartDate,
  };
}

// ——— Overtime ———————————————————————————————————————————————————————————————————————

/**
 * Overtime per day over one person's hours after break (by business day), as the settings ask:
 * - daily (`overtimeDailyHours`): a day's hours past the threshold;
 * - weekly (`overtimeWeeklyHours`, weeks starting on `weekStartsOn`): hours past the threshold in
 *   the week, counted day by day in order, leaving out what is already daily overtime (an hour is
 *   never overtime twice).
 * Both null (the default): no overtime. A weekly figure needs the week's earlier days: pass them
 * (the range's first week from its week start) and sum only the days of the range.
 */
export function overtimeByDay(
  hoursAfterBreakByDay: ReadonlyMap<string, number>,
  settings: Pick<PayrollSettings, 'overtimeDailyHours' | 'overtimeWeeklyHours'>,
  weekStartsOn = 0,
): Map<string, number> {
  const out = new Map<string, number>();
  const daily = settings.overtimeDailyHours;
  const weekly = settings.overtimeWeeklyHours;
  let week: string | null = null;
  let regularInWeek = 0;
  for (const day of [...hoursAfterBreakByDay.keys()].sort()) {
    const hours = Math.max(0, hoursAfterBreakByDay.get(day) ?? 0);
    const weekStart = weekStartOf(day, weekStartsOn);
    if (weekStart !== week) {
      week = weekStart;
      regularInWeek = 0;
    }
    const dailyOvertime = daily === null ? 0 : Math.max(0, hours - daily);
    const regular = hours - dailyOvertime;
    const weeklyOvertime = weekly === null ? 0 : Math.max(0, regular - Math.max(0, weekly - regularInWeek));
    regularInWeek += regular;
    out.set(day, dailyOvertime + weeklyOvertime);
  }
  return out;
}

/** The first day whose hours a range's overtime depends on: the start of its first week when weekly overtime is on. */
export const overtimeLookbackStart = (start: string, settings: Pick<PayrollSettings, 'overtimeWeeklyHours'>, weekStartsOn = 0): string =>
  settings.overtimeWeeklyHours === null ? start : weekStartOf(start, weekStartsOn);

// ——— Payroll per employee —————————————————————————————————————————————————————————————

/** A person's sales figures over the range, as the sales reports define them (cents; `rules/figures.ts`). */
export type PayrollSalesFigures = Pick<PayrollEmployee, 'tickets' | 'salesBeforeDiscount' | 'salesAfterDiscount' | 'tip' | 'service' | 'retail' | 'prepaid'>;

export const emptyPayrollSales = (): PayrollSalesFigures => ({
  tickets: 0,
  salesBeforeDiscount: 0,
  salesAfterDiscount: 0,
  tip: 0,
  service: { quantity: 0, sales: 0 },
  retail: { quantity: 0, sales: 0 },
  prepaid: { quantity: 0, sales: 0 },
});

export interface PayrollInput {
  /** The range, both days included. */
  start: string;
  end: string;
  /** Who gets a row, in the order shown (display names). Anyone with hours or sales but not listed is left out. */
  staff: readonly { employee_id: number; employee_name: string }[];
  /** Each person's hours per business day (`hoursByEmployeeDay`, clocked-out slots only), from `overtimeLookbackStart` to `end`. */
  hours: ReadonlyMap<number, ReadonlyMap<string, number>>;
  /** Each person's sales figures over the range. */
  sales: ReadonlyMap<number, PayrollSalesFigures>;
  settings: PayrollSettings;
  weekStartsOn?: number;
}

/**
 * Payroll per employee (spec 001 §3) over a range: hours, the §9 break deducted day by day, hours
 * after break and overtime (each rounded to the hundredth; hours − break = hours after break, as
 * shown), with the person's sales figures.
 */
export function payrollEmployees(input: PayrollInput): PayrollEmployee[] {
  const { start, end, settings } = input;
  return input.staff.map(({ employee_id, employee_name }) => {
    const days = input.hours.get(employee_id) ?? new Map<string, number>();
    const inRange = [...days].filter(([day]) => day >= start && day <= end);
    const hours = breaksOverDays(
      inRange.map(([, h]) => h),
      settings,
    );
    const afterBreak = new Map([...days].filter(([day]) => day <= end).map(([day, h]) => [day, dayBreak(h, settings).hoursAfterBreak]));
    const overtime = overtimeByDay(afterBreak, settings, input.weekStartsOn ?? 0);
    let overtimeHours = 0;
    for (const [day, ot] of overtime) if (day >= start) overtimeHours += ot;
    return {
      employee_id,
      employee_name,
      ...hours,
      overtimeHours: Math.min(roundHours(overtimeHours), hours.hoursAfterBreak),
      ...(input.sales.get(employee_id) ?? emptyPayrollSales()),
    };
  });
}

/** The totals row of a payroll: every figure added up (hours to the hundredth). */
export function payrollTotals(rows: readonly PayrollEmployee[]): Omit<PayrollEmployee, 'employee_id' | 'employee_name'> {
  const total = { hours: 0, breakHours: 0, hoursAfterBreak: 0, overtimeHours: 0, ...emptyPayrollSales() };
  for (const r of rows) {
    total.hours += r.hours;
    total.breakHours += r.breakHours;
    total.hoursAfterBreak += r.hoursAfterBreak;
    total.overtimeHours += r.overtimeHours;
    total.tickets += r.tickets;
    total.salesBeforeDiscount += r.salesBeforeDiscount;
    total.salesAfterDiscount += r.salesAfterDiscount;
    total.tip += r.tip;
    for (const kind of ['service', 'retail', 'prepaid'] as const) {
      total[kind].quantity += r[kind].quantity;
      total[kind].sales += r[kind].sales;
    }
  }
  return { ...total, hours: roundHours(total.hours), breakHours: roundHours(total.breakHours), hoursAfterBreak: roundHours(total.hoursAfterBreak), overtimeHours: roundHours(total.overtimeHours) };
}

/**
 * The break rule in words, for the settings screen, with an example day (spec 001 §9): what a
 * day of `exampleHours` keeps after the break.
 */
export function describeBreakRule(settings: Pick<PayrollSettings, 'breakMinutes' | 'breakThresholdHours'>, exampleHours = 8): { rule: string; example: string } {
  const { breakMinutes, breakThresholdHours } = settings;
  if (breakMinutes === null || breakMinutes <= 0) return { rule: 'No break is deducted: paid hours are the hours clocked.', example: `A day of ${exampleHours} hours is paid ${exampleHours} hours.` };
  const when = breakThresholdHours === null || breakThresholdHours <= 0 ? 'from every day with hours' : `from each day of ${breakThresholdHours} hours or more`;
  const rule = `${breakMinutes} minutes of break are deducted ${when}, never more than the day's hours.`;
  const b = dayBreak(exampleHours, settings);
  const example =
    b.breakHours > 0
      ? `A day of ${exampleHours} hours is paid ${roundHours(b.hoursAfterBreak)} hours (${roundHours(b.breakHours)} hours of break taken off).`
      : `A day of ${exampleHours} hours is paid ${exampleHours} hours: it is under the ${breakThresholdHours}-hour threshold.`;
  return { rule, example };
}
