import { customReportExample, pivotReportExample } from '@salondesk/core/testing';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, ok, unrestrictedOwnerSession as session } from '../../../../test/fakeApi';
import { renderApp } from '../../../../test/renderApp';

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('reports of all the user’s locations', { timeout: 20_000 }, () => {
  it('are asked for only when opened (user-level customreports and pivotreports), each opening in its own location', async () => {
    const app = renderApp('/12/reports', {
      storedSession: session,
      storedBusiness: 12,
      api: {
        'GET /protected/user/7/checkstatus': ok(session),
        'GET /protected/user/7/business/12/detail': ok({ ...businessDetail, reportsettings: { enabled: true, reports: [] } }),
        'GET /protected/business/12/customreports/all': ok([]),
        'GET /protected/business/12/pivotreports/new': ok([]),
        'GET /protected/business/12/reportcategories': ok([]),
        'GET /protected/user/customreports': ok([customReportExample(3, 'Sales by staff'), customReportExample(8, 'Denver tips', { business_id: 13 })]),
        'GET /protected/user/pivotreports': ok([pivotReportExample(5, 'Staff by month', { business_id: 13 })]),
      },
    });
    const open = await app.screen.findByRole('button', { name: 'Show reports of all your locations' }, { timeout: 10_000 });
    expect(app.api.calls.filter((c) => c.startsWith('GET /protected/user/customreports'))).toEqual([]);
    await app.user.click(open);
    const list = within(await app.screen.findByRole('list', { name: 'Reports of all your locations' }));
    await waitFor(() => expect(app.api.calls).toEqual(expect.arrayContaining(['GET /protected/user/customreports', 'GET /protected/user/pivotreports'])));
    expect(list.getByRole('link', { name: 'Denver tips' }).getAttribute('href')).toBe('/13/reports/custom/8');
    expect(list.getByRole('link', { name: 'Staff by month' }).getAttribute('href')).toBe('/13/reports/pivot/5');
    expect(list.getByRole('link', { name: 'Sales by staff' }).getAttribute('href')).toBe('/12/reports/custom/3');
    expect(list.getByText('Pivot · Luxe Denver')).toBeTruthy();
  });
});
