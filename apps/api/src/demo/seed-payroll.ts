import { addDays, dayInZone, entryInstants, type PayPeriodRange, type PayrollSettings, payPeriods, payoutStartChange, payoutStartChangeNote, type TimesheetSettings, TIMESHEET_ACTION } from '@salondesk/core';
import type { Executor } from '../db/executor';
import { payrollSettingsTable, timesheetActivity } from '../payroll/schema';
import { loadSettings } from '../schedule/queries';

/** A location's payroll, as its owner set it: break rule, overtime, pay period and usual hours. */
interface DemoPayroll {
  settings: PayrollSettings;
  hours: TimesheetSettings;
}

/**
 * Payroll settings per demo location, in the order the locations are made, each different so
 * the screens show every kind: California's daily and weekly overtime in Los Angeles, weekly pay
 * and weekly overtime in New York, twice a month in Santa Monica, monthly in Kathmandu, every two
 * weeks with a short-day break in Sydney.
 */
export const DEMO_PAYROLL: readonly DemoPayroll[] = [
  {
    settings: { breakMinutes: 30, breakThresholdHours: 6, overtimeDailyHours: 8, overtimeWeeklyHours: 40, payPeriod: 'biweekly' },
    hours: { clockInTime: '09:00', clockOutTime: '18:00', shiftDuration: 510, clockOutGraceMinutes: 30 },
  },
  {
    settings: { breakMinutes: 30, breakThresholdHours: 6, overtimeDailyHours: null, overtimeWeeklyHours: 40, payPeriod: 'weekly' },
    hours: { clockInTime: '10:00', clockOutTime: '19:00', shiftDuration: 540, clockOutGraceMinutes: 15 },
  },
  {
    settings: { breakMinutes: 45, breakThresholdHours: 8, overtimeDailyHours: null, overtimeWeeklyHours: null, payPeriod: 'semimonthly' },
    hours: { clockInTime: '09:30', clockOutTime: '17:30', shiftDuration: 480, clockOutGraceMinutes: 30 },
  },
  {
    settings: { breakMinutes: 60, breakThresholdHours: 7, overtimeDailyHours: null, overtimeWeeklyHours: 48, payPeriod: 'monthly' },
    hours: { clockInTime: '10:00', clockOutTime: '18:00', shiftDuration: 480, clockOutGraceMinutes: 45 },
  },
  {
    settings: { breakMinutes: 30, breakThresholdHours: 5, overtimeDailyHours: 10, overtimeWeeklyHours: 38, payPeriod: 'biweekly' },
    hours: { clockInTime: '08:30', clockOutTime: '17:00', shiftDuration: 480, clockOutGraceMinutes: 20 },
  },
];

/** When the owner closes a pay period: at 08:00 on the second day after its last (the first day of the next is theirs to correct forgotten clock-outs). */
export const DEMO_PERIOD_CLOSED_AT = { daysAfterEnd: 2, time: '08:00' } as const;

/**
 * Writes each location's payroll settings and the last closing in the timesheet activity, as the
 * network's owner did it: a period is closed at 08:00 on the second day after it ends
 * (`DEMO_PERIOD_CLOSED_AT`), so whatever the hour the demo is made, the period holding today is
 * open, an earlier one is closed, and the open days reach back to at least yesterday (where the
 * timesheets leave their forgotten clock-out). In the first day and a bit of a period the one
 * before it is still open too, waiting to be closed, as at a real salon.
 */
export async function seedPayroll(
  tx: Executor,
  locations: readonly { id: number; timezone: string; ownerId: number | null }[],
  now: Date,
): Promise<void> {
  for (const [index, location] of locations.entries()) {
    const demo = DEMO_PAYROLL[index % DEMO_PAYROLL.length] as DemoPayroll;
    const today = dayInZone(now, location.timezone);
    const { weekStartsOn } = await loadSettings(tx, location.id);
    const periods = payPeriods({ lastPayoutStartDate: null, settings: demo.settings }, today, weekStartsOn);
    const closesAt = (period: PayPeriodRange) => entryInstants(addDays(period.end, DEMO_PERIOD_CLOSED_AT.daysAfterEnd), DEMO_PERIOD_CLOSED_AT.time, DEMO_PERIOD_CLOSED_AT.time, location.timezone).start;
    const holdingToday = periods.current;
    const before = periods.previous(holdingToday);
    // The first open period; the one before it is the last the owner closed (always before now).
    const open = closesAt(before) <= now ? holdingToday : before;
    const closed = periods.previous(open);
    await tx.insert(payrollSettingsTable).values({ business_id: location.id, settings: demo.settings, payroll_hour_settings: demo.hours, last_payout_start_date: open.start });
    const change = payoutStartChange(closed.start, open.start);
    if (change.kind === 'none') continue;
    await tx.insert(timesheetActivity).values({
      business_id: location.id,
      user_id: location.ownerId,
      action: TIMESHEET_ACTION.CLOSE_PERIOD,
      day: change.days.first ?? change.days.last,
      reason: payoutStartChangeNote(change),
      created_at: closesAt(closed),
    });
  }
}
