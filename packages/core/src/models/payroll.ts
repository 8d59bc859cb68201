import { z } from 'zod/mini';
import { day, id, instant, reportedDay, timeOfDay } from './ids';
import { text } from './input';

/**
 * Timesheets and payroll (spec 001 §3 Timesheet slot, Break settings, Timesheet settings, Payroll
 * per employee; §4 Timesheet slot; §9 the break rule). Shared by the timesheet, payroll and
 * appointments parts; their calls are in `api/timesheets.ts` and `api/payroll.ts`.
 *
 * A slot's hours are never stored: they are the elapsed time between its instants (to now while it
 * is `IN`), computed by `rules/timesheets.ts`, so a DST change or midnight never miscounts them and
 * a correction can never leave a stale figure behind.
 */

// ——— Timesheet slots ————————————————————————————————————————————————————————————————

/** spec 001 §4: `IN` means still clocked in (its hours run to now); `OUT` clocked out. */
export const TIMESHEET_STATUS = { IN: 'IN', OUT: 'OUT' } as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUS)[keyof typeof TIMESHEET_STATUS];
export const TIMESHEET_STATUS_LABEL: Record<TimesheetStatus, string> = { IN: 'Clocked in', OUT: 'Clocked out' };

/**
 * A timesheet slot as the API sends it (spec 001 §3): the times as they are now (`clockin_at`,
 * `clockout_at`) and as they were first recorded (`original_clockin`, `original_clockout`), which no
 * correction ever changes. `day` is the business-zone day of the clock-in; `employee_name` the
 * member's name unique in the business.
 * - `hours`: the elapsed hours of the slot as it is now (to now while `IN`);
 * - `original_hours`: the same over the original times (to now while the original is open);
 * - `payroll_hours`: the hours payroll counts — `hours` once clocked out, 0 while still `IN`;
 * - `is_modified`: a correction changed a time (the originals differ from the times).
 */
export const timesheetSlot = z.object({
  id,
  business_id: id,
  employee_id: id,
  employee_name: z.string(),
  day: reportedDay,
  clockin_at: instant,
  clockout_at: z.nullable(instant),
  original_clockin: instant,
  original_clockout: z.nullable(instant),
  status: z.enum([TIMESHEET_STATUS.IN, TIMESHEET_STATUS.OUT]),
  hours: z.number(),
  original_hours: z.number(),
  payroll_hours: z.number(),
  is_modified: z.boolean(),
  updated_at: instant,
});
export type TimesheetSlot = z.infer<typeof timesheetSlot>;

/** Where a slot came from: the staff clock, a manager's correction screen, or the demo. */
export const TIMESHEET_SOURCE = { CLOCK: 'clock', MANAGER: 'manager', DEMO: 'demo' } as const;
export type TimesheetSource = (typeof TIMESHEET_SOURCE)[keyof typeof TIMESHEET_SOURCE];

/** The longest a reason for a correction may be (the activity's column holds it whole). */
export const TIMESHEET_REASON_MAX = 500;
/** The most slots `ts/updateall/{date}` takes at once (every slot of a day of a large location). */
export const TIMESHEET_UPDATE_MAX_SLOTS = 500;
/** The longest a slot may run, in hours (a slot past it is a forgotten clock-out, to be corrected). */
export const TIMESHEET_SLOT_MAX_HOURS = 24;
/**
 * Longer than any usual day's work, in hours: an open slot this old is past its usual clock-out
 * whatever the location's clock-out time (`stillClockedInFrom`), so the staff clock warns and the
 * timesheet lists it as still clocked in.
 */
export const TIMESHEET_USUAL_MAX_HOURS = 12;

/** A reason for a correction: required (spaces alone are none), trimmed, at most `TIMESHEET_REASON_MAX` characters. */
export const timesheetReason = text(TIMESHEET_REASON_MAX, { min: 1, trim: true, tooShort: 'Say why the timesheet changes' });

// ——— Timesheet activity ——————————————————————————————————————————————————————————————

/** What happened to a timesheet, as its activity records it. */
export const TIMESHEET_ACTION = {
  CLOCK_IN: 'clockin',
  CLOCK_OUT: 'clockout',
  ADD: 'add',
  EDIT: 'edit',
  DELETE: 'delete',
  CLOSE_PERIOD: 'close-period',
  REOPEN_PERIOD: 'reopen-period',
} as const;
export type TimesheetAction = (typeof TIMESHEET_ACTION)[keyof typeof TIMESHEET_ACTION];
export const TIMESHEET_ACTION_LABEL: Record<TimesheetAction, string> = {
  clockin: 'Clocked in',
  clockout: 'Clocked out',
  add: 'Added a slot',
  edit: 'Corrected a slot',
  delete: 'Removed a slot',
  'close-period': 'Closed a pay period',
  'reopen-period': 'Reopened a pay period',
};

/** A slot's times before or after a change. */
export const timesheetTimes = z.object({ clockin_at: instant, clockout_at: z.nullable(instant) });
export type TimesheetTimes = z.infer<typeof timesheetTimes>;

/** One entry of `activity/timesheets`: who changed what, when and why; `before`/`after` null where there was none. */
export const timesheetActivity = z.object({
  id,
  slot_id: z.nullable(id),
  employee_id: z.nullable(id),
  employee_name: z.nullable(z.string()),
  user_id: z.nullable(id),
  user_name: z.nullable(z.string()),
  action: z.enum(Object.values(TIMESHEET_ACTION) as [TimesheetAction, ...TimesheetAction[]]),
  reason: z.nullable(z.string()),
  day: z.nullable(reportedDay),
  before: z.nullable(timesheetTimes),
  after: z.nullable(timesheetTimes),
  created_at: instant,
});
export type TimesheetActivity = z.infer<typeof timesheetActivity>;

// ——— Payroll settings (payrollinfo) ———————————————————————————————————————————————————

/** Pay periods, each counted from `lastPayoutStartDate`. */
export const PAY_PERIODS = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;
export type PayPeriod = (typeof PAY_PERIODS)[number];
export const PAY_PERIOD_LABEL: Record<PayPeriod, string> = { weekly: 'Weekly', biweekly: 'Every two weeks', semimonthly: 'Twice a month', monthly: 'Monthly' };

/** The most break minutes a day may take (a whole day). */
export const BREAK_MINUTES_MAX = 24 * 60;

/**
 * Break settings (spec 001 §3), with the overtime thresholds and the pay period: the `settings` of
 * `payrollinfo`. Each break field and threshold is optional (null is "not set": no break, no
 * overtime). The break threshold applies only when the break minutes are set (§5).
 */
export const payrollSettings = z.object({
  breakMinutes: z._default(z.nullable(z.int().check(z.minimum(0, { error: 'Must be 0 or more minutes' }), z.maximum(BREAK_MINUTES_MAX, { error: 'Must be at most 1440 minutes' }))), null),
  breakThresholdHours: z._default(z.nullable(z.number().check(z.minimum(0, { error: 'Must be 0 or more hours' }), z.maximum(24, { error: 'Must be at most 24 hours' }))), null),
  /** Hours a day past which time is overtime; null: no daily overtime. */
  overtimeDailyHours: z._default(z.nullable(z.number().check(z.minimum(1, { error: 'Must be at least 1 hour' }), z.maximum(24, { error: 'Must be at most 24 hours' }))), null),
  /** Hours a week (the business's week) past which time is overtime; null: no weekly overtime. */
  overtimeWeeklyHours: z._default(z.nullable(z.number().check(z.minimum(1, { error: 'Must be at least 1 hour' }), z.maximum(168, { error: 'Must be at most 168 hours' }))), null),
  payPeriod: z._default(z.enum(PAY_PERIODS), 'biweekly'),
});
export type PayrollSettings = z.infer<typeof payrollSettings>;

/**
 * Timesheet settings (spec 001 §3): the `payrollHourSettings` of `payrollinfo`. `clockInTime` and
 * `clockOutTime` are the location's usual times (`HH:mm`, its zone); a slot still `IN` past
 * `clockOutTime` plus `clockOutGraceMinutes` is listed as still clocked in. `shiftDuration` is the
 * usual shift in minutes.
 */
export const timesheetSettings = z.object({
  clockInTime: z._default(z.nullable(timeOfDay), null),
  clockOutTime: z._default(z.nullable(timeOfDay), null),
  shiftDuration: z._default(z.nullable(z.int().check(z.minimum(1, { error: 'Must be at least 1 minute' }), z.maximum(BREAK_MINUTES_MAX, { error: 'Must be at most 1440 minutes' }))), null),
  clockOutGraceMinutes: z._default(z.int().check(z.minimum(0, { error: 'Must be 0 or more minutes' }), z.maximum(720, { error: 'Must be at most 720 minutes' })), 30),
});
export type TimesheetSettings = z.infer<typeof timesheetSettings>;

/** `payrollinfo/get`, and the body of `payrollinfo/update`. `lastPayoutStartDate`: the first day of the open pay period; days before it are closed. */
export const payrollInfo = z.object({
  settings: payrollSettings,
  payrollHourSettings: timesheetSettings,
  lastPayoutStartDate: z.nullable(day),
});
export type PayrollInfo = z.infer<typeof payrollInfo>;

// ——— Payroll per employee ————————————————————————————————————————————————————————————

/** Quantities and sales (cents, after discount) of one kind of item. */
export const payrollSales = z.object({ quantity: z.number(), sales: z.number() });

/**
 * Payroll per employee (spec 001 §3) over a range of days: hours (clocked-out slots), break hours
 * deducted by the §9 rule, hours after break, overtime, tickets, sales before and after discount
 * (cents), tips, and quantities and sales by type — service, retail (product), prepaid (gift card).
 * Sales figures are the sales reports' (`rules/figures.ts`).
 */
export const payrollEmployee = z.object({
  employee_id: id,
  employee_name: z.string(),
  hours: z.number(),
  breakHours: z.number(),
  hoursAfterBreak: z.number(),
  overtimeHours: z.number(),
  tickets: z.number(),
  salesBeforeDiscount: z.number(),
  salesAfterDiscount: z.number(),
  tip: z.number(),
  service: payrollSales,
  retail: payrollSales,
  prepaid: payrollSales,
});
export type PayrollEmployee = z.infer<typeof payrollEmployee>;
