import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { invoiceFilterStatus } from '../models/billing';
import { day, id } from '../models/ids';
import { COLUMN_KIND as K } from '../rules/export';
import { BILLING_BUSINESS_PATH } from './billing';
import { defineExport } from './exports';

/**
 * Billing's exports: the invoice list of the billing screen as CSV or XLSX, with exactly the
 * screen's filter (`invoice/withfilter`: the range, one of the four statuses, past due) and its
 * access (anyone who may see the business, as the dest's `member`). Its name starts with
 * `exports.billing`, so a suspended business's users still reach it.
 */
export const billingExports = {
  invoices: defineExport({
    report: 'billing-invoices',
    title: 'Invoices',
    path: `${BILLING_BUSINESS_PATH}/export/invoices`,
    access: 'business',
    params: z.object({ id }),
    query: {
      startdate: z.optional(day),
      enddate: z.optional(day),
      status: z.optional(invoiceFilterStatus),
      past_due: z.optional(z.enum(['true', 'false'], { error: 'Must be true or false' })),
    },
    columns: [
      { key: 'invoice', label: 'Invoice', kind: K.COUNT },
      { key: 'status', label: 'Status', kind: K.TEXT },
      { key: 'past_due', label: 'Past due', kind: K.TEXT },
      { key: 'type', label: 'Type', kind: K.TEXT },
      { key: 'created', label: 'Created', kind: K.DATETIME },
      { key: 'due', label: 'Due', kind: K.DAY },
      { key: 'currency', label: 'Currency', kind: K.TEXT },
      { key: 'total', label: 'Total', kind: K.MONEY },
      { key: 'paid', label: 'Paid', kind: K.MONEY },
      { key: 'refunded', label: 'Refunded', kind: K.MONEY },
      { key: 'attempts', label: 'Charge attempts', kind: K.COUNT },
    ],
    errorMessage: MESSAGES.exportFailed,
  }),
} as const;
