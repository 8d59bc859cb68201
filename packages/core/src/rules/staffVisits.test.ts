import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { salesPerVisit, type StaffCustomersRow, type StaffSalesByVisitRow, staffVisitSummary, type TipsByStaffRow } from './staffVisits';

const staffId = fc.option(fc.integer({ min: 1, max: 12 }), { nil: null });
const cents = fc.integer({ min: 0, max: 5_000_000 });

const byVisitArb = fc.uniqueArray(
  fc.record({ staff_id: staffId, visits: fc.integer({ min: 1, max: 500 }), service_sales: cents, retail_sales: cents, prepaid_sales: cents }),
  { selector: (r) => r.staff_id, maxLength: 8 },
).map((rows): StaffSalesByVisitRow[] =>
  rows.map((r) => {
    const gross = r.service_sales + r.retail_sales + r.prepaid_sales;
    return { ...r, staff: r.staff_id === null ? 'Unassigned' : `Staff ${r.staff_id}`, gross_sales: gross, per_visit: salesPerVisit(gross, r.visits) };
  }),
);
const tipsArb = fc
  .uniqueArray(fc.record({ staff_id: staffId, tips: cents }), { selector: (r) => r.staff_id, maxLength: 8 })
  .map((rows): TipsByStaffRow[] => rows.map((r) => ({ ...r, staff: r.staff_id === null ? 'Unassigned' : `Staff ${r.staff_id}` })));

/** `round(numeric)` as PostgreSQL does it: halves away from zero. */
const pgRound = (x: number) => Math.sign(x) * Math.floor(Math.abs(x) + 0.5);

describe('the staff visit report', () => {
  test.prop([byVisitArb, tipsArb, fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 2000 })])(
    'keeps every staff member with visits or tips, and its totals add up their sales and tips',
    (byVisit, tips, visits, customers) => {
      const all: StaffCustomersRow = { staff_id: null, staff: 'All staff', all_staff: true, visits, customers, new_customers: Math.floor(customers / 3), returning_customers: customers - Math.floor(customers / 3) };
      const report = staffVisitSummary({ byVisit, tips, customers: [all] });
      const key = (id: number | null) => id ?? 0;
      const expected = new Set([...byVisit.map((r) => key(r.staff_id)), ...tips.filter((t) => t.tips > 0).map((t) => key(t.staff_id))]);
      expect(new Set(report.staff.map((r) => key(r.staff_id)))).toEqual(expected);
      expect(report.staff.slice(0, byVisit.length).map((r) => r.staff_id)).toEqual(byVisit.map((r) => r.staff_id));
      expect(report.totals.sales).toBe(byVisit.reduce((s, r) => s + r.gross_sales, 0));
      expect(report.totals.tips).toBe(tips.reduce((s, t) => s + t.tips, 0));
      expect(report.totals.service_sales + report.totals.retail_sales + report.totals.prepaid_sales).toBe(report.totals.sales);
      expect(report.totals.visits).toBe(visits);
      expect(report.totals.per_visit).toBe(salesPerVisit(report.totals.sales, visits));
      for (const row of report.staff) {
        const source = byVisit.find((r) => r.staff_id === row.staff_id);
        expect(row.sales).toBe(source?.gross_sales ?? 0);
        expect(row.visits).toBe(source?.visits ?? 0);
        expect(row.tips).toBe(tips.find((t) => t.staff_id === row.staff_id)?.tips ?? 0);
      }
    },
  );

  test.prop([fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 })])('rounds sales per visit as the period report does', (sales, visits) => {
    expect(salesPerVisit(sales, visits)).toBe(visits === 0 ? 0 : pgRound(sales / visits) || 0);
  });

  it('puts each staff member’s customers on their row, and everyone’s in the totals', () => {
    const report = staffVisitSummary({
      byVisit: [{ staff_id: 3, staff: 'Ava B.', visits: 4, service_sales: 30000, retail_sales: 2000, prepaid_sales: 0, gross_sales: 32000, per_visit: 8000 }],
      tips: [
        { staff_id: 3, staff: 'Ava B.', tips: 4500 },
        { staff_id: 9, staff: 'Leo C.', tips: 700 },
        { staff_id: 11, staff: 'Kai D.', tips: 0 },
      ],
      customers: [
        { staff_id: 3, staff: 'Ava B.', all_staff: false, visits: 4, customers: 3, new_customers: 1, returning_customers: 2 },
        { staff_id: null, staff: 'All staff', all_staff: true, visits: 4, customers: 3, new_customers: 1, returning_customers: 2 },
      ],
    });
    expect(report.staff.map((r) => [r.name, r.visits, r.customers, r.new_customers, r.returning_customers, r.sales, r.per_visit, r.tips])).toEqual([
      ['Ava B.', 4, 3, 1, 2, 32000, 8000, 4500],
      ['Leo C.', 0, 0, 0, 0, 0, 0, 700],
    ]);
    expect(report.totals).toMatchObject({ visits: 4, customers: 3, new_customers: 1, returning_customers: 2, sales: 32000, per_visit: 8000, tips: 5200 });
  });
});
