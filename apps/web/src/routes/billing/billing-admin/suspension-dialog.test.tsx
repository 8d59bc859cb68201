import { MESSAGES } from '@salondesk/core';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, businessDetail, ok } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const denver = { id: 13, name: 'Luxe Denver', currency: 'USD', subscriptions: 1, unpaid: 0, past_due: 0, balance_due: 0, suspended_after: null, suspension_reason: null, payers: [] };

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('suspending a business (issue 28)', { timeout: 30_000 }, () => {
  it('sends the day and the reason its users will read, trimmed', async () => {
    const posted: unknown[] = [];
    const app = renderApp('/12/admin/billing', {
      storedSession: adminSession,
      storedBusiness: 12,
      api: {
        'GET /protected/user/1/checkstatus': ok(adminSession),
        'GET /protected/user/1/business/12/detail': ok(businessDetail),
        'GET /protected/business/12/tablesettings/billing-admin-businesses/get': ok(null),
        'GET /protected/user/1/billing': (request) => {
          const dest = new URL(request.url).searchParams.get('dest') ?? '';
          if (dest === 'businesses/all' || dest === 'reports/businesses') return ok([denver]);
          return ok({ total: 1, by_state: {}, by_invoice_status: {}, businesses: [] });
        },
        'POST /protected/admin/13/suspension/update': async (request) => {
          const body = (await request.json()) as { date: string; reason: string | null };
          posted.push(body);
          return ok({ isSuspended: true, willBeSuspended: false, suspended_after: body.date, reason: body.reason });
        },
      },
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Suspension of Luxe Denver' }, { timeout: 15_000 }));
    const dialog = within(app.screen.getByRole('dialog', { name: 'Suspension of Luxe Denver' }));
    await app.user.type(dialog.getByLabelText('Suspended from'), '2026-11-20');
    await app.user.type(dialog.getByRole('textbox', { name: 'Reason' }), '  Closed for renovation  ');
    await app.user.click(dialog.getByRole('button', { name: 'Set suspension' }));
    await waitFor(() => expect(posted).toEqual([{ date: '2026-11-20', reason: 'Closed for renovation' }]));
    expect(await app.screen.findByText(MESSAGES.successfullyUpdated)).toBeTruthy();
  });
});
