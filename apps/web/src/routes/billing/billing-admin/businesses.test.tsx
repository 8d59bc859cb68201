import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, businessDetail, ok } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const business = (id: number, name: string, subscriptions: number) => ({ id, name, currency: 'USD', subscriptions, unpaid: 0, past_due: 0, balance_due: 0, suspended_after: null, payers: [] });

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('billing of all businesses', { timeout: 30_000 }, () => {
  it('lists only the businesses with a subscription from the billing report of businesses (reports/businesses)', async () => {
    const asked: string[] = [];
    const app = renderApp('/12/admin/billing', {
      storedSession: adminSession,
      storedBusiness: 12,
      api: {
        'GET /protected/user/1/checkstatus': ok(adminSession),
        'GET /protected/user/1/business/12/detail': ok(businessDetail),
        'GET /protected/business/12/tablesettings/billing-admin-businesses/get': ok(null),
        'GET /protected/user/1/billing': (request) => {
          const dest = new URL(request.url).searchParams.get('dest') ?? '';
          asked.push(dest);
          if (dest === 'businesses/all') return ok([business(12, 'Luxe Los Angeles', 1), business(13, 'Luxe Denver', 0)]);
          if (dest === 'reports/businesses') return ok([business(12, 'Luxe Los Angeles', 1)]);
          return ok({ total: 1, by_state: {}, by_invoice_status: {}, businesses: [] });
        },
      },
    });
    const table = within(await app.screen.findByRole('table', { name: 'Businesses' }, { timeout: 15_000 }));
    expect(await table.findByText('Luxe Denver')).toBeTruthy();
    expect(asked).not.toContain('reports/businesses');
    await app.user.click(app.screen.getByRole('switch', { name: 'Only businesses with a subscription' }));
    await waitFor(() => expect(asked).toContain('reports/businesses'));
    await waitFor(() => expect(table.queryByText('Luxe Denver')).toBeNull());
    expect(table.getByText('Luxe Los Angeles')).toBeTruthy();
  });
});
