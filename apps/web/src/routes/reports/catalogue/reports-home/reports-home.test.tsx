import { MESSAGES } from '@salondesk/core';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, fail, ok, ownerSession } from '../../../../test/fakeApi';
import { renderApp } from '../../../../test/renderApp';
import { customReportExample, pivotReportExample } from '@salondesk/core/testing';

/** A manager with the custom-report right, given report 3 (by `acl.custom`), who made report 4. */
const session = { ...ownerSession, user: { ...ownerSession.user, role: 'MANAGER', acl: { blocks: ['reporting'], units: { reporting: ['customreport', 'transactionreport'] }, custom: [3] } } };
const report = (id: number, title: string, created_by: number, category_name: string | null) => customReportExample(id, title, { created_by, category_name });

function openReports(pivots = ok([])) {
  return renderApp('/12/reports', {
    storedSession: session,
    storedBusiness: 12,
    api: {
      'GET /protected/user/7/checkstatus': ok(session),
      'GET /protected/user/7/business/12/detail': ok({ ...businessDetail, reportsettings: { enabled: true, reports: ['sales'] } }),
      'GET /protected/business/12/customreports/all': ok([report(3, 'Sales by staff', 2, 'Sales'), report(4, 'My tips', 7, null)]),
      'GET /protected/business/12/pivotreports/new': pivots,
      'GET /protected/business/12/reportcategories': ok([{ id: 1, category_name: 'Sales', category_icon: 'chart-bar', type: 'proc', reports: 1 }]),
      'GET /protected/business/12/tablesettings/reports-custom/get': ok(null),
      'GET /protected/business/12/tablesettings/reports-pivot/get': ok(null),
    },
  });
}

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('the reports home', { timeout: 20_000 }, () => {
  it('lists reports by category, opening each in its viewer; only one’s own may be changed', async () => {
    const app = openReports();
    const sales = within(await app.screen.findByRole('table', { name: 'Custom reports: Sales' }, { timeout: 10_000 }));
    // Its rows come once the user's saved table settings are known.
    expect((await sales.findByRole('link', { name: 'Sales by staff' })).getAttribute('href')).toBe('/12/reports/custom/3');
    // Given, not made by them: they may run and copy it, not change it.
    expect(sales.getByRole('button', { name: 'Copy Sales by staff' })).toBeTruthy();
    expect(sales.queryByRole('link', { name: 'Edit Sales by staff' })).toBeNull();
    expect(sales.queryByRole('button', { name: 'Delete Sales by staff' })).toBeNull();
    const mine = within(app.screen.getByRole('table', { name: 'Custom reports: Uncategorised' }));
    expect((await mine.findByRole('link', { name: 'Edit My tips' })).getAttribute('href')).toBe('/12/reports/catalogue/custom/4/edit');
    expect(mine.getByRole('button', { name: 'Delete My tips' })).toBeTruthy();
    // The daily report the location offers, from the slug registry; categories are for owners.
    expect(app.screen.getByRole('link', { name: /^Sales\s*Daily reports$/ }).getAttribute('href')).toBe('/12/reports/daily/sales');
    expect(app.screen.queryByRole('link', { name: 'Categories' })).toBeNull();
    expect(app.screen.getByText('No pivot reports yet')).toBeTruthy();
    expect(app.screen.getAllByRole('link', { name: 'New pivot report' })[0]!.getAttribute('href')).toBe('/12/reports/pivot/new');
  });

  it('opens a pivot in its viewer; one’s own pivot has an Edit link to the pivot editor', async () => {
    const app = openReports(ok([pivotReportExample(5, 'Staff by month', { created_by: 7 }), pivotReportExample(6, 'Owner pivot', { created_by: 2 })]));
    const pivots = within(await app.screen.findByRole('table', { name: 'Pivot reports: Uncategorised' }, { timeout: 10_000 }));
    expect((await pivots.findByRole('link', { name: 'Staff by month' })).getAttribute('href')).toBe('/12/reports/pivot/5');
    expect(pivots.getByRole('link', { name: 'Edit Staff by month' }).getAttribute('href')).toBe('/12/reports/pivot/5/edit');
    expect(pivots.queryByRole('link', { name: 'Edit Owner pivot' })).toBeNull();
    expect(app.screen.getByRole('link', { name: 'New pivot report' }).getAttribute('href')).toBe('/12/reports/pivot/new');
  });

  it('says when the pivot reports could not be loaded, in the spec’s words', async () => {
    const app = openReports({ status: 500, body: { status: false } } as ReturnType<typeof fail>);
    await waitFor(() => expect(app.screen.getAllByText(MESSAGES.failedToFetchPivotReports).length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(await app.screen.findByRole('table', { name: 'Custom reports: Sales' })).toBeTruthy();
  });
});
