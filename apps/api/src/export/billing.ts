import { billingExports, INVOICE_STATUS_LABEL, INVOICE_TYPE_LABEL } from '@salondesk/core';
import { invoicesWithFilter } from '../billing/queries';
import { notFound } from '../http/errors';
import { implementExport, once } from './implementExport';
import { contextOf } from './context';

/**
 * The billing screen's invoice list as a file: read by the list's own query
 * (`invoicesWithFilter`, the `invoice/withfilter` dest's), with the same filter, in the
 * business's currency and time zone.
 */
export function billingExportHandlers() {
  return [
    implementExport(billingExports.invoices, async ({ query }, ctx) => {
      const business = ctx.business;
      if (!business) throw notFound();
      const invoices = await invoicesWithFilter(ctx.db, business.id, query, ctx.now());
      const days = invoices.map((i) => i.current_billing_cycle_start ?? i.createdAt.slice(0, 10)).sort();
      return {
        business: business.name,
        start: query.startdate ?? days[0] ?? ctx.now().toISOString().slice(0, 10),
        end: query.enddate ?? days[days.length - 1] ?? ctx.now().toISOString().slice(0, 10),
        context: contextOf(business),
        rows: once(async () =>
          invoices.map((i) => ({
            invoice: i.id,
            status: INVOICE_STATUS_LABEL[i.status],
            past_due: i.past_due ? 'Yes' : 'No',
            type: INVOICE_TYPE_LABEL[i.type],
            created: i.createdAt,
            due: i.dueDate ?? '',
            currency: i.currency,
            total: i.total,
            paid: i.paid,
            refunded: i.refunded,
            attempts: i.attempts,
          })),
        ),
      };
    }),
  ];
}
