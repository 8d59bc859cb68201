import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, ok, unrestrictedOwnerSession as session } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const defaultCard = { id: 3, kind: 'card', brand: 'visa', last4: '4242', source: 'default', owner: 'Luxe Los Angeles' };
const invoice = (over: Record<string, unknown> = {}) => ({
  id: 41, business_id: 12, business_name: 'Luxe Los Angeles', user_id: 7, subscription_id: null, type: 'onetime', status: 'unpaid', currency: 'USD',
  subtotal: 12_900, adjustments_total: 0, tax: 0, total: 12_900, paid: 0, refunded: 0, dueDate: '2026-12-01', current_billing_cycle_start: null,
  createdAt: '2026-12-01T08:00:00.000Z', deleted: false, past_due: false, payment_method_id: null, comment: null, attempts: 1, next_attempt_at: '2026-12-15T08:00:00.000Z',
  installment_plan_id: null, installment_number: null, lines: [], adjustments: [], transactions: [], history: [], installment_plan: null, next_statuses: [],
  charge_method: defaultCard, ...over,
});
const api = (detail: ReturnType<typeof invoice>) => ({
  'GET /protected/user/7/checkstatus': ok(session),
  'GET /protected/user/7/business/12/detail': ok(businessDetail),
  'GET /protected/business/12/tablesettings/billing-invoice-payments/get': ok(null),
  'GET /protected/business/12/tablesettings/billing-invoice-history/get': ok(null),
  'GET /protected/business/12/billing': ok(detail),
});
const row = (card: HTMLElement, label: string) => (within(card).getByText(label).parentElement as HTMLElement).textContent ?? '';

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('an invoice’s charge: its method and its next attempt (issue 28)', { timeout: 30_000 }, () => {
  it('a paid invoice shows its attempts and no next one; its method is named by brand and last four, and whose', async () => {
    const app = renderApp('/12/billing/invoices/41', { storedSession: session, storedBusiness: 12, api: api(invoice({ status: 'paid', paid: 12_900 })) });
    const card = (await app.screen.findByRole('heading', { name: 'Invoice', level: 2 }, { timeout: 15_000 })).closest('section') as HTMLElement;
    expect(row(card, 'Charge attempts')).toBe('Charge attempts1 of 3');
    expect(row(card, 'Payment method')).toBe('Payment methodLuxe Los Angeles’s default card, Visa •••• 4242');
    expect(card.textContent).not.toMatch(/Method \d/);
  });

  it('an unpaid one shows its next attempt in the business’s time, and the pay dialog names whose card is charged', async () => {
    const app = renderApp('/12/billing/invoices/41', { storedSession: session, storedBusiness: 12, api: api(invoice()) });
    const card = (await app.screen.findByRole('heading', { name: 'Invoice', level: 2 }, { timeout: 15_000 })).closest('section') as HTMLElement;
    expect(row(card, 'Charge attempts')).toBe('Charge attempts1 of 3, next Tue, Dec 15, 2026, 00:00 PST');
    await app.user.click(app.screen.getByRole('button', { name: 'Pay now' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Pay invoice #41?' });
    expect(dialog.textContent).toContain('$129.00 will be charged to Luxe Los Angeles’s default card, Visa •••• 4242.');
    expect(dialog.textContent).not.toContain('your default payment method');
  });
});
