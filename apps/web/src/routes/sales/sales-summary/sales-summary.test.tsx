import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, ok, unrestrictedOwnerSession as ownerSession } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const aggregate = { tickets: 0, sales: 0, subtotal: 0, discounts: 0, tax: 0, tips: 0, refunds: 0, collected: 0, services: 0, products: 0, giftcards: 0, serviceQuantity: 0, productQuantity: 0 };
const summary = (start: string, end: string, byStaff: { employee_id: number | null; name: string; quantity: number; total: number }[]) => ({
  start,
  end,
  totals: aggregate,
  tender: { cash: 0, credit: 0, gift: 0 },
  byKind: [],
  byStaff,
  byDay: [],
  topItems: [],
});

// A year: seven members, two of them first-named Maya (as the server named them before display names).
const YEAR = summary('2025-01-01', '2025-12-31', [
  { employee_id: 1, name: 'Maya', quantity: 900, total: 25_913_849 },
  { employee_id: 2, name: 'Chloe', quantity: 800, total: 20_000_000 },
  { employee_id: 6, name: 'Maya', quantity: 700, total: 19_000_000 },
  { employee_id: 3, name: 'Hana', quantity: 600, total: 18_000_000 },
  { employee_id: 4, name: 'Nina', quantity: 500, total: 17_000_000 },
  { employee_id: 8, name: 'Sam', quantity: 10, total: 100_000 },
  { employee_id: null, name: 'Unassigned', quantity: 5, total: 50_000 },
]);
// Month to date: fewer members sold, in another order.
const MONTH = summary('2025-12-01', '2025-12-20', [
  { employee_id: 2, name: 'Chloe', quantity: 70, total: 1_900_000 },
  { employee_id: 6, name: 'Maya', quantity: 60, total: 1_500_000 },
  { employee_id: 1, name: 'Maya', quantity: 50, total: 1_200_000 },
]);

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('sales summary, by staff', { timeout: 15_000 }, () => {
  it('shows exactly the rows of the range on screen after the range changes, even when two members share a name', async () => {
    const app = renderApp('/12/reports/daily/sales?start=2025-01-01&end=2025-12-31', {
      storedSession: ownerSession,
      storedBusiness: 12,
      api: {
        'GET /protected/user/7/checkstatus': ok(ownerSession),
        'GET /protected/user/7/business/12/detail': ok(businessDetail),
        'GET /protected/business/12/sales': (request) => (new URL(request.url).searchParams.get('start') === '2025-01-01' ? ok(YEAR) : ok(MONTH)),
        // Nothing saved yet for the three tables.
        'GET /protected/business/12/tablesettings/sales-by-kind/get': ok(null),
        'GET /protected/business/12/tablesettings/sales-by-staff/get': ok(null),
        'GET /protected/business/12/tablesettings/sales-top-items/get': ok(null),
      },
    });
    // The first render also loads the dashboard's modules: a busy machine may take a while.
    await app.screen.findByRole('table', { name: 'By staff' }, { timeout: 10_000 });
    const byStaff = async () => within(await app.screen.findByRole('table', { name: 'By staff' }));
    /** The body rows (the heading and totals rows left out). */
    const bodyRows = async () => [...(await app.screen.findByRole('table', { name: 'By staff' })).querySelectorAll('tbody tr')];
    await waitFor(async () => expect(await bodyRows()).toHaveLength(YEAR.byStaff.length), { timeout: 10_000 });
    expect((await byStaff()).getByRole('rowheader', { name: 'Total' })).toBeTruthy();

    await app.router.navigate('/12/reports/daily/sales?start=2025-12-01&end=2025-12-20');
    await waitFor(async () => expect((await byStaff()).queryByText('$259,138.49')).toBeNull(), { timeout: 10_000 });
    expect((await bodyRows()).map((r) => r.textContent)).toEqual(['Chloe70$19,000.00', 'Maya60$15,000.00', 'Maya50$12,000.00']);
    // The totals row adds the quantities of the rows.
    const total = (await byStaff()).getByRole('rowheader', { name: 'Total' }).closest('tr') as HTMLElement;
    expect(within(total).getAllByRole('cell').map((c) => c.textContent)).toEqual(['180', '$0.00']);
  });
});
