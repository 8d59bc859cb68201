import { endpoints } from '@salondesk/core';
import { contextOf } from '../export/context';
import { implementExport } from '../export/implementExport';
import { pleaseLogIn } from '../http/errors';
import { type HandlerContext, implement, businessOf } from '../http/registry';
import type { ReportRunContext } from '../reports/engine/runner';
import { staffVisitReport } from './staffVisits';
import { taskResourceMap } from './taskResourceMap';

/**
 * The staff visit report (`staffvisitdata`, its export) and the appointments view
 * (`appointments/taskresourcemap`). Access and permissions are the endpoints' own (core).
 */


/** What the report runner needs of a request: its business, its user, its clock. */
const runContextOf = (ctx: HandlerContext): ReportRunContext => {
  if (!ctx.auth) throw pleaseLogIn();
  return { db: ctx.db, business: businessOf(ctx), auth: ctx.auth, now: ctx.now };
};

export function appointmentHandlers() {
  return [
    implement(endpoints.visits.staffVisits, async ({ query }, ctx) =>
      staffVisitReport(runContextOf(ctx), query.start, query.end, { detail: query.detail, staff: query.staff }),
    ),

    implementExport(endpoints.visitExports.staffVisits, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const report = await staffVisitReport(runContextOf(ctx), query.start, query.end);
      async function* rows() {
        yield [
          ...report.staff.map((r) => ({ staff: r.name, ...figuresOf(r) })),
          { staff: 'Total', ...figuresOf(report.totals) },
        ];
      }
      return { business: business.name, start: query.start, end: query.end, context: contextOf(business), rows: rows() };
    }),

    implement(endpoints.appointmentsView.taskResourceMap, async ({ query }, ctx) => taskResourceMap(ctx.db, businessOf(ctx), query, ctx.now())),
  ];
}

/** The figures of a row, as the file's columns name them. */
function figuresOf(r: { visits: number; customers: number; new_customers: number; returning_customers: number; service_sales: number; retail_sales: number; prepaid_sales: number; sales: number; per_visit: number; tips: number }) {
  return {
    visits: r.visits,
    customers: r.customers,
    new_customers: r.new_customers,
    returning_customers: r.returning_customers,
    service_sales: r.service_sales,
    retail_sales: r.retail_sales,
    prepaid_sales: r.prepaid_sales,
    sales: r.sales,
    per_visit: r.per_visit,
    tips: r.tips,
  };
}
