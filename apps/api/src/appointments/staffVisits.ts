import {
  rangeProblem,
  STAFF_VISITS_DETAIL_MAX,
  STAFF_VISITS_MAX_DAYS,
  type StaffCustomersRow,
  type StaffSalesByVisitRow,
  type StaffVisit,
  type StaffVisitReport,
  staffVisitSummary,
  type TipsByStaffRow,
} from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { invalidRequest } from '../http/errors';
import { type ReportRunContext, withReportSource } from '../reports/engine/runner';

/**
 * The staff visit report (`staffvisitdata`), read through the guarded report runner (read-only,
 * as the reporting role, scoped to the business) from the report functions that define its
 * figures: `staff_sales_by_visit` (the period report `staffsales/byvisit`: visits and sales),
 * `tips_by_staff` (tips), `staff_customers` (customers, new and returning) and, for the detail,
 * `staff_visit_customers` (each visit with its customer and tips). Core's `staffVisitSummary`
 * puts them side by side.
 */

export interface StaffVisitOptions {
  /** List the visits too. */
  detail?: boolean;
  /** Only this staff member's visits (`none`: lines credited to nobody). */
  staff?: number | 'none' | undefined;
}

/** Refuses a range the report does not cover (backwards, not days, longer than 400 days). */
export function checkVisitRange(start: string, end: string): void {
  const problem = rangeProblem(start, end, STAFF_VISITS_MAX_DAYS);
  if (problem) throw invalidRequest([{ path: ['query', 'end'], message: problem }]);
}

interface VisitRow {
  ticket_id: number;
  day: string;
  staff_id: number | null;
  customer: string | null;
  new_customer: boolean;
  service_sales: number;
  retail_sales: number;
  prepaid_sales: number;
  gross_sales: number;
  tips: number;
}

export async function staffVisitReport(ctx: ReportRunContext, start: string, end: string, options: StaffVisitOptions = {}): Promise<StaffVisitReport> {
  checkVisitRange(start, end);
  const range = { start_day: start, end_day: end };
  return withReportSource(
    ctx,
    { kind: 'function', name: 'staff_sales_by_visit' },
    range,
    async (tx, relation) => {
      const byVisit = await tx.rows<StaffSalesByVisitRow & Record<string, unknown>>(sql`select * from (${relation}) as src`);
      const tips = await tx.rows<TipsByStaffRow & Record<string, unknown>>(sql`select staff_id, staff, tips from reports.tips_by_staff(${start}::date, ${end}::date)`);
      const customers = await tx.rows<StaffCustomersRow & Record<string, unknown>>(sql`select * from reports.staff_customers(${start}::date, ${end}::date)`);
      const summary = staffVisitSummary({ byVisit: byVisit.rows, tips: tips.rows, customers: customers.rows });
      let visits: StaffVisit[] | null = null;
      let truncated = false;
      if (options.detail) {
        const who =
          options.staff === undefined ? sql`true` : options.staff === 'none' ? sql`c.staff_id is null` : sql`c.staff_id = ${options.staff}::int`;
        const list = await tx.rows<VisitRow & Record<string, unknown>>(
          sql`select c.ticket_id, c.day, c.staff_id, c.customer, c.new_customer, c.service_sales, c.retail_sales, c.prepaid_sales, c.gross_sales, c.tips
              from reports.staff_visit_customers(${start}::date, ${end}::date) c where ${who} order by c.day, c.ticket_id, c.staff_id nulls last`,
        );
        truncated = list.truncated;
        visits = list.rows.map((v) => ({
          ticket_id: v.ticket_id,
          day: v.day,
          staff_id: v.staff_id,
          customer: v.customer,
          new_customer: v.new_customer,
          service_sales: v.service_sales,
          retail_sales: v.retail_sales,
          prepaid_sales: v.prepaid_sales,
          sales: v.gross_sales,
          tips: v.tips,
        }));
      }
      return { start, end, ...summary, visits, truncated };
    },
    { rowCap: STAFF_VISITS_DETAIL_MAX, statementTimeoutMs: 60_000 },
  );
}
