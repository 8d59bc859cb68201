/**
 * The staff visit report (`staffvisitdata`, spec 001 §2 "Staff visit report"): per staff member,
 * their visits over a range with what they sold, their customers (new and returning) and their
 * tips. Every figure comes from a report function of the `reports` schema, never from a second
 * reading of the sales: visits and sales from `staff_sales_by_visit` (the period report
 * `staffsales/byvisit`), tips from `tips_by_staff`, customers from `staff_customers`. This module
 * only puts those rows side by side and adds the totals; `VISIT_FIGURES` (rules/figures.ts) names
 * and explains each figure.
 */

/** A row of `reports.staff_sales_by_visit`. */
export interface StaffSalesByVisitRow {
  staff_id: number | null;
  staff: string;
  visits: number;
  service_sales: number;
  retail_sales: number;
  prepaid_sales: number;
  gross_sales: number;
  per_visit: number;
}

/** A row of `reports.tips_by_staff`. */
export interface TipsByStaffRow {
  staff_id: number | null;
  staff: string;
  tips: number;
}

/** A row of `reports.staff_customers`; `all_staff` is the row of every staff member together. */
export interface StaffCustomersRow {
  staff_id: number | null;
  staff: string;
  all_staff: boolean;
  visits: number;
  customers: number;
  new_customers: number;
  returning_customers: number;
}

/** The figures of one staff member, or of everyone (the totals). Money in cents. */
export interface StaffVisitFigures {
  visits: number;
  customers: number;
  new_customers: number;
  returning_customers: number;
  service_sales: number;
  retail_sales: number;
  prepaid_sales: number;
  sales: number;
  per_visit: number;
  tips: number;
}

export interface StaffVisitRow extends StaffVisitFigures {
  /** Null for lines credited to nobody ("Unassigned"). */
  staff_id: number | null;
  /** The staff member's display name (unique in the business), `Unassigned` or `Former staff`. */
  name: string;
}

export interface StaffVisitSummary {
  staff: StaffVisitRow[];
  totals: StaffVisitFigures;
}

/** Gross sales per visit, as the period report rounds it: to the cent, halves away from zero. */
export function salesPerVisit(sales: number, visits: number): number {
  if (visits === 0) return 0;
  const q = Math.abs(sales) / visits;
  return Math.sign(sales) * Math.round(q) || 0;
}

const keyOf = (staffId: number | null) => (staffId === null ? 'none' : String(staffId));

const emptyFigures = (): StaffVisitFigures => ({
  visits: 0,
  customers: 0,
  new_customers: 0,
  returning_customers: 0,
  service_sales: 0,
  retail_sales: 0,
  prepaid_sales: 0,
  sales: 0,
  per_visit: 0,
  tips: 0,
});

/**
 * The report's rows: one per staff member who had a visit or took a tip in the range, in the
 * order of `staff_sales_by_visit` (most sales first), then those with tips only; and the totals,
 * where sales and tips add up and visits and customers count each ticket and customer once.
 */
export function staffVisitSummary(sources: { byVisit: readonly StaffSalesByVisitRow[]; tips: readonly TipsByStaffRow[]; customers: readonly StaffCustomersRow[] }): StaffVisitSummary {
  const rows = new Map<string, StaffVisitRow>();
  const rowOf = (staffId: number | null, name: string): StaffVisitRow => {
    const key = keyOf(staffId);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { staff_id: staffId, name, ...emptyFigures() }));
    return row;
  };
  for (const v of sources.byVisit) {
    const row = rowOf(v.staff_id, v.staff);
    row.visits = v.visits;
    row.service_sales = v.service_sales;
    row.retail_sales = v.retail_sales;
    row.prepaid_sales = v.prepaid_sales;
    row.sales = v.gross_sales;
    row.per_visit = v.per_visit;
  }
  for (const t of sources.tips) {
    if (t.tips === 0 && !rows.has(keyOf(t.staff_id))) continue;
    rowOf(t.staff_id, t.staff).tips = t.tips;
  }
  let all: StaffCustomersRow | undefined;
  for (const c of sources.customers) {
    if (c.all_staff) {
      all = c;
      continue;
    }
    const row = rows.get(keyOf(c.staff_id));
    if (!row) continue;
    row.customers = c.customers;
    row.new_customers = c.new_customers;
    row.returning_customers = c.returning_customers;
  }
  const staff = [...rows.values()];
  const totals = emptyFigures();
  for (const row of staff) {
    totals.service_sales += row.service_sales;
    totals.retail_sales += row.retail_sales;
    totals.prepaid_sales += row.prepaid_sales;
    totals.sales += row.sales;
    totals.tips += row.tips;
  }
  totals.visits = all?.visits ?? 0;
  totals.customers = all?.customers ?? 0;
  totals.new_customers = all?.new_customers ?? 0;
  totals.returning_customers = all?.returning_customers ?? 0;
  totals.per_visit = salesPerVisit(totals.sales, totals.visits);
  return { staff, totals };
}
