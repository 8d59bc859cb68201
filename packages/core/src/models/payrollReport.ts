import { z } from 'zod/mini';
import { id, reportedDay } from './ids';
import { payrollEmployee, payrollInfo } from './payroll';

/**
 * The answer of `payrolldata/withservicedetail` (spec 001 §7): payroll per employee over a range
 * (`payrollEmployee`, spec 001 §3), each row with the services the person sold, and the totals.
 */

/** One service a staff member sold over the range: its quantity and gross sales (cents), as the sales reports count them. */
export const payrollServiceLine = z.object({
  service_id: z.nullable(id),
  service: z.string(),
  quantity: z.number(),
  sales: z.number(),
});
export type PayrollServiceLine = z.infer<typeof payrollServiceLine>;

/** A staff member's payroll with the service detail, best-selling service first. */
export const payrollRow = z.extend(payrollEmployee, { services: z.array(payrollServiceLine) });
export type PayrollRow = z.infer<typeof payrollRow>;

/** Every figure of a payroll added up. */
export const payrollTotalsSchema = z.omit(payrollEmployee, { employee_id: true, employee_name: true });

export const payrollData = z.object({
  start: reportedDay,
  end: reportedDay,
  /** One row per staff member: everyone on the roster, and anyone no longer on it with hours or sales in the range. */
  rows: z.array(payrollRow),
  totals: payrollTotalsSchema,
  /** The settings the hours were read with (break rule, overtime, pay period) and the open period's start. */
  info: payrollInfo,
});
export type PayrollData = z.infer<typeof payrollData>;
