import { type PayrollInfo, payrollSettings, timesheetSettings } from '@salondesk/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { payrollSettingsTable } from './schema';

/**
 * A business's payroll settings with the defaults filled in (no row: every default, no closed
 * period). One reading for payroll, timesheets and the clock.
 */
export async function readPayrollInfo(db: Executor, businessId: number, options: { forUpdate?: boolean } = {}): Promise<PayrollInfo> {
  const query = db.select().from(payrollSettingsTable).where(eq(payrollSettingsTable.business_id, businessId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return {
    settings: payrollSettings.parse(row?.settings ?? {}),
    payrollHourSettings: timesheetSettings.parse(row?.payroll_hour_settings ?? {}),
    lastPayoutStartDate: row?.last_payout_start_date ?? null,
  };
}

/**
 * Whether a business-zone day is in a closed pay period: before the start of the open one
 * (`lastPayoutStartDate`). Slots of a closed period change only after the period is reopened.
 */
export const isClosedDay = (info: Pick<PayrollInfo, 'lastPayoutStartDate'>, day: string): boolean => info.lastPayoutStartDate !== null && day < info.lastPayoutStartDate;
