import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, ok, unrestrictedOwnerSession as ownerSession } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const member = (id: number, name: string, full_name: string, display_name: string) => ({
  id,
  business_id: 12,
  username: null,
  name,
  nickname: null,
  full_name,
  display_name,
  status: 'ACTIVE',
  order: id,
  attributes: {},
  visible_in_appointment: true,
  deleted: false,
  deleted_at: null,
  acl: { blocks: [], units: {}, restrictions: [] },
  photo_media_id: null,
  photo_url: null,
});

const ticket = {
  id: 501,
  status: 'ACTIVE',
  day: '2025-12-20',
  customer_id: null,
  phones: [],
  checkout: null,
  payments: [],
  services: [],
  products: [],
  checkin_at: '2025-12-20T17:00:00.000Z',
  service_at: '2025-12-20T17:05:00.000Z',
  checkout_at: null,
  updated_at: '2025-12-20T17:05:00.000Z',
  booked_for: null,
  serviced_by: { id: 6, name: 'Maya Patel' },
  checkoutdetails: [],
  receipt_url: null,
};

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('ticket update dialog', { timeout: 15_000 }, () => {
  it('lists each staff member once, by a name no one else has', async () => {
    const app = renderApp('/12/transactions/501', {
      storedSession: ownerSession,
      storedBusiness: 12,
      api: {
        'GET /protected/user/7/checkstatus': ok(ownerSession),
        'GET /protected/user/7/business/12/detail': ok(businessDetail),
        'GET /protected/business/12/transaction/501': ok(ticket),
        'GET /protected/business/12/getemployees': ok([member(1, 'Maya', 'Maya Flores', 'Maya Flores'), member(2, 'Chloe', 'Chloe Moreau', 'Chloe Moreau'), member(6, 'Maya', 'Maya Patel', 'Maya Patel')]),
      },
    });
    // The first render also loads the dashboard's modules: a busy machine may take a while.
    await app.user.click(await app.screen.findByRole('button', { name: 'Update' }, { timeout: 10_000 }));
    const dialog = await app.screen.findByRole('dialog');
    const select = within(dialog).getByRole('combobox', { name: 'Staff' });
    await within(select).findByRole('option', { name: 'Chloe Moreau' });
    const labels = within(select).getAllByRole('option').map((o) => o.textContent);
    expect(labels).toEqual(['Maya Flores', 'Chloe Moreau', 'Maya Patel']);
    expect((select as HTMLSelectElement).value).toBe('6');
  });
});
