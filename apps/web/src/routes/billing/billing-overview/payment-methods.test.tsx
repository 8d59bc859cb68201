import { MESSAGES } from '@salondesk/core';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, ok, unrestrictedOwnerSession as session } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const card = {
  id: 3, user_id: 7, name: 'Work card', kind: 'card', brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2027, is_default: true, subscription_ids: [5],
  createdAt: '2026-01-02T10:00:00.000Z',
};
const subscription = (id: number, plan_name: string, business_name: string) => ({
  id, business_id: 12, business_name, user_id: 7, plan_id: 1, plan_name, kind: 'Reoccuring', amount: 9900, currency: 'USD', interval: 'monthly', state: 'active',
  pause_mode: null, current_billing_cycle_start: '2026-03-01', next_billing_day: '2026-04-01', payment_method_id: null, adjustments: [], statuses: [], deleted: false,
  createdAt: '2026-01-02T10:00:00.000Z',
});

/** The payment methods part of billing over a fake user-level dispatcher, recording every change sent. */
function openMethods() {
  const sent: { dest: string | null; body: unknown }[] = [];
  const app = renderApp('/12/billing?tab=methods', {
    storedSession: session,
    storedBusiness: 12,
    api: {
      'GET /protected/user/7/checkstatus': ok(session),
      'GET /protected/user/7/business/12/detail': ok(businessDetail),
      'GET /protected/business/12/tablesettings/billing-payment-methods/get': ok(null),
      'GET /protected/user/7/billing': (request) => {
        const dest = new URL(request.url).searchParams.get('dest');
        if (dest === 'payment/all') return ok([card]);
        if (dest === 'subscription/all-by-userid') return ok([subscription(5, 'Salon Pro', 'Luxe Los Angeles'), subscription(6, 'Messages', 'Luxe Denver')]);
        return ok([]);
      },
      'POST /protected/user/7/billing': async (request) => {
        const dest = new URL(request.url).searchParams.get('dest');
        const body = await request.json();
        sent.push({ dest, body });
        return ok(dest === 'payment/remove-from-sub' ? { ok: true } : { ...card, exp_month: 9, exp_year: 2031 });
      },
    },
  });
  return { app, sent };
}

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('payment methods: expiry and the subscriptions a method pays', { timeout: 30_000 }, () => {
  it('saves a renewed card’s expiry (payment/update-card), refusing a month out of range first', async () => {
    const { app, sent } = openMethods();
    await app.user.click(await app.screen.findByRole('button', { name: 'New expiry of Work card (visa •••• 4242)' }, { timeout: 15_000 }));
    const dialog = within(await app.screen.findByRole('dialog', { name: 'New expiry of Work card (visa •••• 4242)' }));
    const month = dialog.getByRole('textbox', { name: 'Month' });
    await app.user.clear(month);
    await app.user.type(month, '13');
    await app.user.click(dialog.getByRole('button', { name: 'Save expiry' }));
    expect(month.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    await app.user.clear(month);
    await app.user.type(month, '9');
    await app.user.clear(dialog.getByRole('textbox', { name: 'Year' }));
    await app.user.type(dialog.getByRole('textbox', { name: 'Year' }), '2031');
    await app.user.click(dialog.getByRole('button', { name: 'Save expiry' }));
    await waitFor(() => expect(sent).toEqual([{ dest: 'payment/update-card', body: { payment_method_id: 3, exp_month: 9, exp_year: 2031 } }]));
    expect(await app.screen.findByText(MESSAGES.successfullyUpdated)).toBeTruthy();
  });

  it('adds the method to the subscriptions ticked at once, and stops it on the one unticked', async () => {
    const { app, sent } = openMethods();
    await app.user.click(await app.screen.findByRole('button', { name: 'Subscriptions paid by Work card (visa •••• 4242)' }, { timeout: 15_000 }));
    const dialog = within(await app.screen.findByRole('dialog', { name: 'Subscriptions paid by Work card (visa •••• 4242)' }));
    const pro = (await dialog.findByRole('checkbox', { name: 'Salon Pro · Luxe Los Angeles' })) as HTMLInputElement;
    expect(pro.checked).toBe(true);
    await app.user.click(dialog.getByRole('checkbox', { name: 'Messages · Luxe Denver' }));
    await app.user.click(pro);
    await app.user.click(dialog.getByRole('button', { name: 'Save subscriptions' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { dest: 'payment/add-to-multiple-subs', body: { payment_method_id: 3, subscription_ids: [6] } },
        { dest: 'payment/remove-from-sub', body: { subscription_id: 5 } },
      ]),
    );
    expect(await app.screen.findByText(MESSAGES.successfullyUpdated)).toBeTruthy();
  });
});
