import { endpoints } from '@salondesk/core';
import { checkRange } from '../http/checkRange';
import { notFound, pleaseLogIn } from '../http/errors';
import { implement } from '../http/registry';
import { aggregateSalesReport } from './aggregate-sales';
import { salesSummary } from './sales-from-rollup';

/** The sales summary and aggregate sales reports (daily reports `sales` and `aggregate-sales`). */
export function salesHandlers() {
  const e = endpoints.sales;
  return [
    implement(e.summary, async ({ query }, ctx) => {
      if (!ctx.business) throw notFound();
      checkRange(query.start, query.end);
      return salesSummary(ctx.db, ctx.business.id, query.start, query.end);
    }),

    implement(e.aggregate, async ({ query }, ctx) => {
      if (!ctx.business) throw notFound();
      if (!ctx.auth) throw pleaseLogIn();
      checkRange(query.start, query.end);
      return aggregateSalesReport(ctx.db, ctx.auth, ctx.business, query.start, query.end);
    }),
  ];
}
