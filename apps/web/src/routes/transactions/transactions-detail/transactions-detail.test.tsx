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

const checkedOut = {
  ...ticket,
  id: 502,
  status: 'CHECKOUT',
  checkout_at: '2025-12-20T18:00:00.000Z',
  checkout: {
    id: 90,
    cashamount: 5000,
    creditamount: 0,
    giftamount: 0,
    tipamount: 0,
    feesamount: 0,
    withfees: false,
    withmultiplecoupons: false,
    coupons: [],
    globalcoupons: [],
    subtotal: 5000,
    discount: 0,
    tax: 0,
    total: 5000,
    paid: 5000,
    refunded: 2000,
    isRefund: true,
    refund_id: 3,
    payee: null,
    payeetips: 0,
    paidtips: 0,
    employee_id: null,
    bypass: false,
    created_at: '2025-12-20T18:00:00.000Z',
    checkout_day: '2025-12-20',
    saleslogs: [],
    refunds: [],
  },
};

describe('ticket refund dialog', { timeout: 15_000 }, () => {
  it('refuses more than is left to refund, and nothing, before sending anything', async () => {
    const app = renderApp('/12/transactions/502', {
      storedSession: ownerSession,
      storedBusiness: 12,
      api: {
        'GET /protected/user/7/checkstatus': ok(ownerSession),
        'GET /protected/user/7/business/12/detail': ok(businessDetail),
        'GET /protected/business/12/transaction/502': ok(checkedOut),
      },
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Refund' }, { timeout: 10_000 }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Refund ticket #502' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    await app.user.type(amount, '30.01');
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Unhappy');
    await app.user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.textContent).toContain('At most $30.00');
    await app.user.clear(amount);
    await app.user.type(amount, '0');
    await app.user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(dialog.textContent).toContain('Enter an amount, like $180 or 180.50.');
    expect(app.api.calls.some((c) => c.startsWith('POST ') && c.includes('refund'))).toBe(false);
  });
});
