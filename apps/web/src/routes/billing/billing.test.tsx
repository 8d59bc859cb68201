import { MESSAGES } from '@salondesk/core';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, fail, ok, unrestrictedOwnerSession as session } from '../../test/fakeApi';
import { currentPath, renderApp } from '../../test/renderApp';

const invoice = (over: Record<string, unknown> = {}) => ({
  id: 41, business_id: 12, business_name: 'Luxe Los Angeles', user_id: 7, subscription_id: 5, type: 'recurring', status: 'paid', currency: 'USD',
  subtotal: 10_000, adjustments_total: 0, tax: 0, total: 10_000, paid: 10_000, refunded: 0, dueDate: '2026-03-01', current_billing_cycle_start: '2026-03-01',
  createdAt: '2026-03-01T08:00:00.000Z', deleted: false, past_due: false, payment_method_id: null, comment: null, attempts: 2, next_attempt_at: null,
  installment_plan_id: null, installment_number: null, ...over,
});
const charge = (refunded: number) => ({
  id: 90, kind: 'charge', invoice_id: 41, payment_id: 90, amount: 10_000, currency: 'USD', status: 'succeeded', foreign_payment_id: 'ch_sim_1',
  payment_method: 'visa 4242', failure_message: null, refunded, by: null, at: '2026-03-02T08:00:00.000Z',
});
const failed = { ...charge(0), id: 89, payment_id: 89, status: 'failed', foreign_payment_id: 'ch_sim_0', failure_message: 'Your card was declined.', at: '2026-03-01T08:00:00.000Z' };

const base = {
  'GET /protected/user/7/checkstatus': ok(session),
  'GET /protected/user/7/business/12/detail': ok(businessDetail),
  'GET /protected/business/12/tablesettings/billing-invoices/get': ok(null),
  'GET /protected/business/12/tablesettings/billing-invoice-payments/get': ok(null),
  'GET /protected/business/12/tablesettings/billing-invoice-history/get': ok(null),
};

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('billing screens', { timeout: 30_000 }, () => {
  it('the invoice list offers only the four statuses and past due, and asks the dispatcher for exactly that', async () => {
    const asked: URLSearchParams[] = [];
    const app = renderApp('/12/billing', {
      storedSession: session,
      storedBusiness: 12,
      api: {
        ...base,
        'GET /protected/business/12/billing': (request) => {
          const query = new URL(request.url).searchParams;
          asked.push(query);
          if (query.get('status') === 'fail') return ok([invoice({ id: 43, status: 'fail', paid: 0, past_due: false })]);
          if (query.get('past_due') === 'true') return ok([invoice({ id: 44, status: 'unpaid', paid: 0, past_due: true })]);
          return ok([invoice(), invoice({ id: 42, status: 'alternate', paid: 0 })]);
        },
      },
    });
    const filter = await app.screen.findByRole('radiogroup', { name: 'Invoice status' }, { timeout: 15_000 });
    expect(within(filter).getAllByRole('radio').map((r) => r.textContent)).toEqual(['All', 'Unpaid', 'Paid', 'Pending', 'Failed']);
    expect(await app.screen.findByText('Alternate Arrangement')).toBeTruthy();
    // No status and not past due: the range's invoices (`invoice/all`, with startdate and enddate).
    expect(asked[0]?.get('dest')).toBe('invoice/all');
    expect(asked[0]?.has('startdate') && asked[0]?.has('enddate')).toBe(true);
    expect(asked[0]?.get('uid')).toBe('7');

    await app.user.click(within(filter).getByRole('radio', { name: 'Failed' }));
    expect(await app.screen.findByRole('link', { name: '#43' })).toBeTruthy();
    expect(asked.at(-1)?.get('dest')).toBe('invoice/withfilter');
    expect(asked.at(-1)?.get('status')).toBe('fail');

    await app.user.click(within(filter).getByRole('radio', { name: 'All' }));
    await app.user.click(app.screen.getByRole('switch', { name: 'Past due only' }));
    expect(await app.screen.findByRole('link', { name: '#44' })).toBeTruthy();
    expect(asked.at(-1)?.get('past_due')).toBe('true');
    expect(asked.at(-1)?.has('status')).toBe(false);
    expect(app.screen.getByText('Past due')).toBeTruthy();

    await app.user.click(app.screen.getByRole('link', { name: '#44' }));
    await waitFor(() => expect(currentPath(app.router)).toBe('/12/billing/invoices/44'));
  });

  it('an invoice shows its payments and history; a refund above what is left is refused beside the field, a part refund goes through', async () => {
    let refunded = 0;
    const refunds: unknown[] = [];
    const detail = () =>
      invoice({
        refunded,
        lines: [{ id: 1, description: 'Salondesk Pro, March', quantity: 1, unit_amount: 10_000, amount: 10_000 }],
        adjustments: [],
        transactions: [failed, charge(refunded), ...(refunded > 0 ? [{ ...charge(0), id: 91, kind: 'refund', payment_id: 90, amount: refunded, foreign_payment_id: 're_sim_1' }] : [])],
        history: [
          { id: 1, from: null, to: 'unpaid', actor: 'system', user_id: null, by: null, reason: 'Cycle opened', at: '2026-03-01T08:00:00.000Z' },
          { id: 2, from: 'unpaid', to: 'fail', actor: 'system', user_id: null, by: null, reason: 'Your card was declined.', at: '2026-03-01T08:00:01.000Z' },
          { id: 3, from: 'fail', to: 'paid', actor: 'system', user_id: null, by: null, reason: 'Retry succeeded', at: '2026-03-02T08:00:00.000Z' },
        ],
        installment_plan: null,
        next_statuses: [],
      });
    const app = renderApp('/12/billing/invoices/41', {
      storedSession: session,
      storedBusiness: 12,
      api: {
        ...base,
        'GET /protected/business/12/billing': () => ok(detail()),
        'POST /protected/business/12/billing': async (request) => {
          const body = (await request.json()) as { amount: number };
          refunds.push({ dest: new URL(request.url).searchParams.get('dest'), body });
          if (body.amount > 10_000 - refunded) return fail(400, 'The refund is more than what is left to refund on this payment');
          refunded += body.amount;
          return ok(detail());
        },
      },
    });
    expect(await app.screen.findByText('Retry succeeded', {}, { timeout: 15_000 })).toBeTruthy();
    expect(app.screen.getAllByText('Your card was declined.').length).toBeGreaterThan(0);
    await app.user.click(app.screen.getByRole('button', { name: 'Refund part of the payment of $100.00' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Refund a payment' });
    await app.user.type(within(dialog).getByLabelText('Amount to refund'), '120');
    await app.user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('The refund is more than what is left to refund on this payment')).toBeTruthy();
    expect(refunds).toEqual([]);

    await app.user.clear(within(dialog).getByLabelText('Amount to refund'));
    await app.user.type(within(dialog).getByLabelText('Amount to refund'), '25');
    await app.user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(app.screen.queryByRole('dialog', { name: 'Refund a payment' })).toBeNull());
    expect(refunds).toEqual([{ dest: 'invoice/refund', body: { invoice_id: 41, foreign_payment_id: 'ch_sim_1', amount: 2_500 } }]);
    expect(await app.screen.findByText(MESSAGES.successfullyUpdated)).toBeTruthy();
    await waitFor(() => expect(app.screen.getAllByText('$25.00').length).toBeGreaterThan(0));
  });
});
