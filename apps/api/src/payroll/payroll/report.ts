import {
  emptyPayrollSales,
  hoursByEmployeeDay,
  overtimeLookbackStart,
  type PayrollData,
  type PayrollInfo,
  type PayrollSalesFigures,
  type PayrollServiceLine,
  payrollEmployees,
  payrollTotals,
  STAFF_STATUS,
} from '@salondesk/core';
import { and, between, eq, sql } from 'drizzle-orm';
import type { ReportRunContext } from '../../reports/engine/runner';
import { withReportSource } from '../../reports/engine/runner';
import { loadSettings } from '../../schedule/queries';
import { listStaff, rosterDisplayNames } from '../../staff/queries';
import { timesheets } from '../schema';
import { readPayrollInfo } from '../settings';

/**
 * Payroll per employee over a range (spec 001 §3; `payrolldata/withservicedetail`):
 * - hours from the clocked-out timesheet slots, through core's timesheet figures
 *   (`hoursByEmployeeDay`, the §9 break day by day, overtime by core's `overtimeByDay`);
 * - sales, tips and tickets from the sales reports' own definitions: the report functions of the
 *   `reports` schema (`sales_by_staff`: gross sales by kind; `tips_by_staff`: tickets and tips;
 *   `staff_item_sales`: quantities, discounts and the service detail), read through the guarded
 *   runner in one read-only transaction, as every report reads them.
 */

type Num = number | string | null;
const n = (v: Num | undefined): number => Number(v ?? 0);

interface SalesByStaffRow extends Record<string, unknown> {
  staff_id: number | null;
  service_sales: Num;
  retail_sales: Num;
  prepaid_sales: Num;
  gross_sales: Num;
}
interface TipsByStaffRow extends Record<string, unknown> {
  staff_id: number | null;
  tickets: Num;
  tips: Num;
}
interface ItemSalesRow extends Record<string, unknown> {
  staff_id: number | null;
  kind: string;
  item_id: number | null;
  item: string;
  quantity: Num;
  discounts: Num;
  gross_sales: Num;
}

/** The sales figures of each staff member over a range, and the services each sold, from the report functions. */
export async function payrollSales(ctx: ReportRunContext, start: string, end: string): Promise<{ sales: Map<number, PayrollSalesFigures>; services: Map<number, PayrollServiceLine[]> }> {
  return withReportSource(
    ctx,
    { kind: 'function', name: 'sales_by_staff' },
    { start_day: start, end_day: end },
    async (tx, relation) => {
      const byStaff = (await tx.rows<SalesByStaffRow>(sql`select * from (${relation}) as src`)).rows;
      const tips = (await tx.rows<TipsByStaffRow>(sql`select * from reports.tips_by_staff(${start}::date, ${end}::date)`)).rows;
      const items = (await tx.rows<ItemSalesRow>(sql`select * from reports.staff_item_sales(${start}::date, ${end}::date)`)).rows;

      const sales = new Map<number, PayrollSalesFigures>();
      const of = (staffId: number) => {
        const known = sales.get(staffId);
        if (known) return known;
        const made = emptyPayrollSales();
        sales.set(staffId, made);
        return made;
      };
      for (const r of byStaff) {
        if (r.staff_id === null) continue;
        const s = of(r.staff_id);
        s.salesAfterDiscount = n(r.gross_sales);
        s.salesBeforeDiscount += n(r.gross_sales);
        s.service.sales = n(r.service_sales);
        s.retail.sales = n(r.retail_sales);
        s.prepaid.sales = n(r.prepaid_sales);
      }
      for (const r of tips) {
        if (r.staff_id === null) continue;
        const s = of(r.staff_id);
        s.tickets = n(r.tickets);
        s.tip = n(r.tips);
      }
      const services = new Map<number, PayrollServiceLine[]>();
      const KIND = { service: 'service', product: 'retail', giftcard: 'prepaid' } as const;
      for (const r of items) {
        if (r.staff_id === null) continue;
        const s = of(r.staff_id);
        const kind = KIND[r.kind as keyof typeof KIND];
        if (kind) s[kind].quantity += n(r.quantity);
        s.salesBeforeDiscount += n(r.discounts);
        if (r.kind === 'service') {
          const list = services.get(r.staff_id) ?? [];
          list.push({ service_id: r.item_id, service: r.item, quantity: n(r.quantity), sales: n(r.gross_sales) });
          services.set(r.staff_id, list);
        }
      }
      for (const list of services.values()) list.sort((a, b) => b.sales - a.sales || a.service.localeCompare(b.service));
      return { sales, services };
    },
    { rowCap: 200_000, statementTimeoutMs: 60_000 },
  );
}

/** Each person's hours per business day from their clocked-out slots, `from` to `end`. */
export async function payrollHours(ctx: Pick<ReportRunContext, 'db' | 'now'>, business: { id: number; timezone: string }, from: string, end: string) {
  const slots = await ctx.db
    .select({ employee_id: timesheets.employee_id, clockin_at: timesheets.clockin_at, clockout_at: timesheets.clockout_at })
    .from(timesheets)
    .where(and(eq(timesheets.business_id, business.id), eq(timesheets.status, 'OUT'), between(timesheets.day, from, end)));
  return hoursByEmployeeDay(slots, business.timezone, ctx.now(), false);
}

/** Payroll per employee with the service detail, over a range already checked. */
export async function payrollReport(ctx: ReportRunContext, business: { id: number; timezone: string }, start: string, end: string, known?: PayrollInfo): Promise<PayrollData> {
  const info = known ?? (await readPayrollInfo(ctx.db, business.id));
  const { weekStartsOn } = await loadSettings(ctx.db, business.id);
  const hours = await payrollHours(ctx, business, overtimeLookbackStart(start, info.settings, weekStartsOn), end);
  const { sales, services } = await payrollSales(ctx, start, end);

  // Everyone active on the roster, and anyone else with hours or sales in the range (a former member keeps their name).
  const names = await rosterDisplayNames(ctx.db, business.id);
  const roster = await listStaff(ctx.db, business.id, true);
  const hasFigures = (id: number) => [...(hours.get(id)?.keys() ?? [])].some((d) => d >= start && d <= end) || sales.has(id);
  const listed = roster.filter((m) => (m.deleted_at === null && m.status === STAFF_STATUS.ACTIVE) || hasFigures(m.id));
  const known_ = new Set(roster.map((m) => m.id));
  const strays = [...new Set([...hours.keys(), ...sales.keys()])].filter((id) => !known_.has(id) && hasFigures(id)).sort((a, b) => a - b);
  const staff = [
    ...listed.map((m) => ({ employee_id: m.id, employee_name: names.get(m.id) ?? m.full_name })),
    ...strays.map((id) => ({ employee_id: id, employee_name: 'Former staff' })),
  ];

  const rows = payrollEmployees({ start, end, staff, hours, sales, settings: info.settings, weekStartsOn }).map((r) => ({ ...r, services: services.get(r.employee_id) ?? [] }));
  return { start, end, rows, totals: payrollTotals(rows), info };
}
