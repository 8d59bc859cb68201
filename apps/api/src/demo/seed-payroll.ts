import { dayInZone, entryInstants, type PayrollSettings, payPeriods, payoutStartChange, payoutStartChangeNote, type TimesheetSettings, TIMESHEET_ACTION } from '@salondesk/core';
import type { Database } from '../db/client';
import { payrollSettingsTable, timesheetActivity } from '../payroll/schema';
import { loadSettings } from '../schedule/queries';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

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

/**
 * Writes each location's payroll settings with the pay period containing today open and the one
 * before it closed (`lastPayoutStartDate` = the open period's first day), and the closing in the
 * timesheet activity, done by the network's owner on the open period's first morning.
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
    const open = periods.current;
    await tx.insert(payrollSettingsTable).values({ business_id: location.id, settings: demo.settings, payroll_hour_settings: demo.hours, last_payout_start_date: open.start });
    const change = payoutStartChange(periods.previous(open).start, open.start);
    if (change.kind === 'none') continue;
    const closedAt = entryInstants(open.start, '08:00', '08:00', location.timezone).start;
    await tx.insert(timesheetActivity).values({
      business_id: location.id,
      user_id: location.ownerId,
      action: TIMESHEET_ACTION.CLOSE_PERIOD,
      day: change.days.first ?? change.days.last,
      reason: payoutStartChangeNote(change),
      // Never after the moment the demo is made.
      created_at: closedAt < now ? closedAt : now,
    });
  }
}
