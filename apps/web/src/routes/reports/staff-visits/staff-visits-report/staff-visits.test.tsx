import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, ok, unrestrictedOwnerSession as ownerSession } from '../../../../test/fakeApi';
import { currentPath, renderApp } from '../../../../test/renderApp';

const figures = (visits: number, sales: number, tips: number) => ({
  visits,
  customers: Math.max(0, visits - 1),
  new_customers: Math.min(1, visits),
  returning_customers: Math.max(0, visits - 2),
  service_sales: sales,
  retail_sales: 0,
  prepaid_sales: 0,
  sales,
  per_visit: visits === 0 ? 0 : Math.round(sales / visits),
  tips,
});
const report = (staff: { staff_id: number | null; name: string; visits: number; sales: number; tips: number }[], visits: unknown[] | null = null) => ({
  start: '2026-03-01',
  end: '2026-03-31',
  staff: staff.map((s) => ({ staff_id: s.staff_id, name: s.name, ...figures(s.visits, s.sales, s.tips) })),
  totals: figures(staff.reduce((n, s) => n + s.visits, 0), staff.reduce((n, s) => n + s.sales, 0), staff.reduce((n, s) => n + s.tips, 0)),
  visits,
  truncated: false,
});
const visit = { ticket_id: 41, day: '2026-03-02', staff_id: 5, customer: 'Alex Morgan', new_customer: true, service_sales: 4500, retail_sales: 0, prepaid_sales: 0, sales: 4500, tips: 500 };

function open(staff: Parameters<typeof report>[0]) {
  return renderApp('/12/reports/staff-visits?start=2026-03-01&end=2026-03-31', {
    storedSession: ownerSession,
    storedBusiness: 12,
    api: {
      'GET /protected/user/7/checkstatus': ok(ownerSession),
      'GET /protected/user/7/business/12/detail': ok(businessDetail),
      'GET /protected/business/12/staffvisitdata': (request) => (new URL(request.url).searchParams.get('detail') === 'true' ? ok(report(staff, [visit])) : ok(report(staff))),
      'GET /protected/business/12/tablesettings/staff-visits/get': ok(null),
      'GET /protected/business/12/tablesettings/staff-visit-detail/get': ok(null),
    },
  });
}

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('the staff visits screen', { timeout: 20_000 }, () => {
  it('shows a row per staff member with the totals, and opens one’s visits below, in the address', async () => {
    const app = open([
      { staff_id: 5, name: 'Maya F.', visits: 3, sales: 9000, tips: 900 },
      { staff_id: 6, name: 'Noah D.', visits: 2, sales: 5000, tips: 0 },
    ]);
    const table = await app.screen.findByRole('table', { name: 'Staff visits, 2026-03-01 to 2026-03-31' }, { timeout: 10_000 });
    const maya = await within(table).findByRole('button', { name: 'Visits of Maya F.' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('row').at(-1)?.textContent).toContain('$140.00');
    await app.user.click(maya);
    expect(currentPath(app.router)).toContain('staff=5');
    expect(maya.getAttribute('aria-expanded')).toBe('true');
    const detail = await app.screen.findByRole('region', { name: 'Visits of Maya F.' });
    expect(await within(detail).findByRole('link', { name: '#41' })).toBeTruthy();
    expect(within(detail).getByText('Alex Morgan')).toBeTruthy();
    await app.user.click(within(detail).getByRole('button', { name: 'Hide visits' }));
    expect(app.screen.queryByRole('region', { name: 'Visits of Maya F.' })).toBeNull();
  });

  it('says when the range has no visits', async () => {
    const app = open([]);
    expect(await app.screen.findByText('No visits in this range', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});
