import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, id, reportedDay } from '../models/ids';
import { COLUMN_KIND as K } from '../rules/export';
import { FIGURES, VISIT_FIGURES } from '../rules/figures';
import { defineEndpoint } from './endpoint';
import { defineExport } from './exports';
import { queryFlag } from './reportEngine';
import type { Transport } from './transport';

/**
 * The staff visit report (spec 001 §7 `GET staffvisitdata` with start, end; spec 001 §2 "Staff
 * visit report"): per staff member, their visits over a range of business days with their
 * customers, sales and tips (`rules/staffVisits.ts`, `VISIT_FIGURES`), and on request the visits
 * themselves. It needs the staff reports right, as the period report `staffsales/byvisit` whose
 * figures it shows. Paths are under `/protected/business/{id}`.
 */
const P = '/protected/business/{id}';

/** The most days one report covers (as every period report). */
export const STAFF_VISITS_MAX_DAYS = 400;
/** The most visits one answer lists; a longer list says it was cut (`truncated`). */
export const STAFF_VISITS_DETAIL_MAX = 20_000;

/** Whose visits to list: a staff member's id, or `none` for lines credited to nobody. */
export const visitStaff = z.union([id, z.literal('none')]);

export const staffVisitQuery = z.object({
  start: day,
  end: day,
  /** List the visits themselves too (`true`). */
  detail: queryFlag,
  /** Only this staff member's visits (the detail of one row). */
  staff: z.optional(visitStaff),
});
export type StaffVisitQuery = z.input<typeof staffVisitQuery>;

const figures = {
  visits: z.int(),
  customers: z.int(),
  new_customers: z.int(),
  returning_customers: z.int(),
  service_sales: z.int(),
  retail_sales: z.int(),
  prepaid_sales: z.int(),
  /** Gross sales (`FIGURES.sales`), in cents. */
  sales: z.int(),
  per_visit: z.int(),
  tips: z.int(),
};

export const staffVisitRow = z.object({
  /** Null for lines credited to nobody. */
  staff_id: z.nullable(id),
  /** The display name (unique in the business), `Unassigned` or `Former staff`. */
  name: z.string(),
  ...figures,
});
export type StaffVisitRowResponse = z.infer<typeof staffVisitRow>;

/** One visit: a completed ticket with lines of one staff member. */
export const staffVisit = z.object({
  ticket_id: id,
  day: reportedDay,
  staff_id: z.nullable(id),
  customer: z.nullable(z.string()),
  /** Whether the ticket was the customer's first completed ticket at the location. */
  new_customer: z.boolean(),
  service_sales: z.int(),
  retail_sales: z.int(),
  prepaid_sales: z.int(),
  sales: z.int(),
  /** The ticket's tips when this staff member checked it out, else 0. */
  tips: z.int(),
});
export type StaffVisit = z.infer<typeof staffVisit>;

export const staffVisitReport = z.object({
  start: reportedDay,
  end: reportedDay,
  staff: z.array(staffVisitRow),
  totals: z.object(figures),
  /** The visits, when asked for (`detail`), oldest first; null otherwise. */
  visits: z.nullable(z.array(staffVisit)),
  /** More visits than `STAFF_VISITS_DETAIL_MAX`: the list stops there. */
  truncated: z.boolean(),
});
export type StaffVisitReport = z.infer<typeof staffVisitReport>;

export const visitEndpoints = {
  staffVisits: defineEndpoint({
    name: 'visits.staffVisits',
    method: 'GET',
    path: `${P}/staffvisitdata`,
    access: 'business',
    permission: 'reporting.staffreport',
    params: z.object({ id }),
    query: staffVisitQuery,
    response: staffVisitReport,
    errorMessage: MESSAGES.failedToFetchReport,
  }),
} as const;

/** The columns of the report's file: a row per staff member, as its screen shows them. */
export const STAFF_VISIT_EXPORT_COLUMNS = [
  { key: 'staff', label: 'Staff', kind: K.TEXT },
  { key: 'visits', label: VISIT_FIGURES.visits.label, kind: K.COUNT },
  { key: 'customers', label: VISIT_FIGURES.customers.label, kind: K.COUNT },
  { key: 'new_customers', label: VISIT_FIGURES.newCustomers.label, kind: K.COUNT },
  { key: 'returning_customers', label: VISIT_FIGURES.returningCustomers.label, kind: K.COUNT },
  { key: 'service_sales', label: FIGURES.services.label, kind: K.MONEY },
  { key: 'retail_sales', label: FIGURES.products.label, kind: K.MONEY },
  { key: 'prepaid_sales', label: FIGURES.giftcards.label, kind: K.MONEY },
  { key: 'sales', label: FIGURES.sales.label, kind: K.MONEY },
  { key: 'per_visit', label: VISIT_FIGURES.perVisit.label, kind: K.MONEY },
  { key: 'tips', label: VISIT_FIGURES.tips.label, kind: K.MONEY },
] as const;

export const visitExports = {
  /** The staff visit report over a range (CSV, XLSX): a row per staff member, then the totals. */
  staffVisits: defineExport({
    report: 'staff-visits',
    title: 'Staff visits',
    path: `${P}/export/staff-visits`,
    access: 'business',
    permission: 'reporting.staffreport',
    params: z.object({ id }),
    query: { start: day, end: day },
    columns: STAFF_VISIT_EXPORT_COLUMNS,
  }),
} as const;

export function visitsClient(transport: Transport) {
  const e = visitEndpoints;
  return {
    /** The staff visit report of a range; `detail` adds the visits (of one staff member with `staff`). */
    staffVisits: (businessId: number, start: string, end: string, options: { detail?: boolean; staff?: number | 'none' } = {}) =>
      transport.request(e.staffVisits, {
        params: { id: businessId },
        query: { start, end, detail: options.detail ? 'true' : 'false', ...(options.staff !== undefined ? { staff: options.staff } : {}) },
      }),
  };
}
