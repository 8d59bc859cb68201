import { dayInZone, endpoints, type PayrollData, payoutStartChange, payoutStartChangeNote, payoutStartProblem, payPeriodStillClockedIn, TIMESHEET_ACTION, TIMESHEET_STATUS } from '@salondesk/core';
import { and, eq, lt, sql } from 'drizzle-orm';
import { contextOf } from '../../export/context';
import { implementExport } from '../../export/implementExport';
import { HttpError } from '../../http/errors';
import { type HandlerContext, businessOf } from '../../http/registry';
import { implement } from '../../http/registry';
import { runContextOf } from '../../reports/engine/runContext';
import { rosterDisplayNames } from '../../staff/queries';
import { checkRange } from '../../http/checkRange';
import { payrollSettingsTable, timesheetActivity, timesheets } from '../schema';
import { readPayrollInfo } from '../settings';
import { payrollReport } from './report';


/** A file of the payroll over a range: named after the business and the range, its rows read by `rows` once the request is checked. */
async function payrollFile<R>(ctx: HandlerContext, query: { start: string; end: string }, rows: (report: PayrollData) => R[]) {
  const business = businessOf(ctx);
  checkRange(query.start, query.end);
  const report = await payrollReport(runContextOf(ctx), business, query.start, query.end);
  return {
    business: business.name,
    start: query.start,
    end: query.end,
    context: contextOf(business),
    rows: (async function* () {
      yield rows(report);
    })(),
  };
}

/**
 * Payroll: `payrollinfo/get`, `payrollinfo/update` (settings, and closing or reopening pay periods
 * by moving `lastPayoutStartDate`), `payrolldata/withservicedetail`, and its exports. Every call
 * needs `payroll.staffreport` (core's definitions; checked before the handler runs).
 */
export function payrollHandlers() {
  const e = endpoints.payroll;
  const x = endpoints.payrollExports;
  return [
    implement(e.info, async (_request, ctx) => readPayrollInfo(ctx.db, businessOf(ctx).id)),

    /**
     * Saves the settings and the open period's start in one transaction, or nothing: a refusal (a
     * period not over, someone still clocked in on days it would close) changes nothing. Moving the
     * start later closes the days between, earlier reopens them; either is written to the timesheet
     * activity with who did it and the days.
     */
    implement(e.update, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const { userId } = runContextOf(ctx);
      return ctx.db.transaction(async (tx) => {
        // The row exists and is locked: two updates at once take turns, each seeing the other's result.
        await tx.insert(payrollSettingsTable).values({ business_id: business.id }).onConflictDoNothing();
        const before = await readPayrollInfo(tx, business.id, { forUpdate: true });
        const change = payoutStartChange(before.lastPayoutStartDate, body.lastPayoutStartDate);
        if (change.kind === 'close') {
          const problem = payoutStartProblem(change.to, dayInZone(ctx.now(), business.timezone));
          if (problem) throw new HttpError(400, problem, { issues: [{ path: ['body', 'lastPayoutStartDate'], message: problem }] });
          const open = await tx
            .selectDistinct({ employee_id: timesheets.employee_id })
            .from(timesheets)
            .where(and(eq(timesheets.business_id, business.id), eq(timesheets.status, TIMESHEET_STATUS.IN), lt(timesheets.day, change.to as string)));
          if (open.length > 0) {
            const names = await rosterDisplayNames(tx, business.id);
            throw new HttpError(409, payPeriodStillClockedIn(open.map((o) => names.get(o.employee_id) ?? 'Former staff').sort()));
          }
        }
        await tx
          .update(payrollSettingsTable)
          .set({ settings: body.settings, payroll_hour_settings: body.payrollHourSettings, last_payout_start_date: body.lastPayoutStartDate, updated_at: sql`now()` })
          .where(eq(payrollSettingsTable.business_id, business.id));
        if (change.kind !== 'none') {
          await tx.insert(timesheetActivity).values({
            business_id: business.id,
            user_id: userId,
            action: change.kind === 'close' ? TIMESHEET_ACTION.CLOSE_PERIOD : TIMESHEET_ACTION.REOPEN_PERIOD,
            day: change.days.first ?? change.days.last,
            reason: payoutStartChangeNote(change),
          });
        }
        return readPayrollInfo(tx, business.id);
      });
    }),

    implement(e.data, async ({ query }, ctx) => {
      const run = runContextOf(ctx);
      checkRange(query.start, query.end);
      return payrollReport(run, run.business, query.start, query.end);
    }),

    implementExport(x.payroll, ({ query }, ctx) =>
      payrollFile(ctx, query, (report) =>
        report.rows.map((r) => ({
          staff: r.employee_name,
          hours: r.hours,
          breakHours: r.breakHours,
          hoursAfterBreak: r.hoursAfterBreak,
          overtimeHours: r.overtimeHours,
          tickets: r.tickets,
          salesBeforeDiscount: r.salesBeforeDiscount,
          salesAfterDiscount: r.salesAfterDiscount,
          tip: r.tip,
          serviceQuantity: r.service.quantity,
          serviceSales: r.service.sales,
          retailQuantity: r.retail.quantity,
          retailSales: r.retail.sales,
          prepaidQuantity: r.prepaid.quantity,
          prepaidSales: r.prepaid.sales,
        })),
      ),
    ),

    implementExport(x.services, ({ query }, ctx) =>
      payrollFile(ctx, query, (report) => report.rows.flatMap((r) => r.services.map((s) => ({ staff: r.employee_name, service: s.service, quantity: s.quantity, sales: s.sales })))),
    ),
  ];
}
