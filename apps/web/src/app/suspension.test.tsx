import { MESSAGES, type SuspensionStatus } from '@salondesk/core';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, ok, ownerSession } from '../test/fakeApi';
import { renderApp } from '../test/renderApp';

const suspension = { isSuspended: true, willBeSuspended: false, suspended_after: '2026-11-20', reason: 'Closed for renovation' };
const status = (owed: Partial<SuspensionStatus['owed']>): SuspensionStatus => ({
  suspension,
  owed: { amount: 0, currency: 'USD', invoices: 0, invoice_id: null, ...owed },
  contact: { email: 'support@salondesk.example', phone: '+18005550199' },
});
const api = (answer: SuspensionStatus, detail = { ...businessDetail, suspension }) => ({
  'GET /protected/user/7/checkstatus': ok(ownerSession),
  'GET /protected/user/7/business/12/detail': ok(detail),
  'GET /protected/business/12/suspension': ok(answer),
});

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('a suspended business’s banner and held-back screens (issue 28)', { timeout: 20_000 }, () => {
  it('owing nothing: since when, why and the platform’s contact, each once, and never told to pay', async () => {
    const app = renderApp('/12/home', { api: api(status({})), storedSession: ownerSession, storedBusiness: 12 });
    const contact = await app.screen.findByRole('group', { name: 'Support contact' }, { timeout: 10_000 });
    expect(within(contact).getByRole('link', { name: 'support@salondesk.example' }).getAttribute('href')).toBe('mailto:support@salondesk.example');
    expect(within(contact).getByRole('link', { name: '(800) 555-0199' }).getAttribute('href')).toBe('tel:+18005550199');
    const banner = contact.closest('[role="status"]') as HTMLElement;
    expect(banner.textContent).toContain('This business has been suspended since Fri, Nov 20, 2026.');
    expect(banner.textContent).toContain('Reason: Closed for renovation');
    expect(banner.textContent).toContain(MESSAGES.suspensionNothingOwedToRestore);
    // The held-back screen says only that it is closed, and where billing is.
    expect(app.screen.getByRole('heading', { level: 1, name: MESSAGES.screenClosedWhileSuspended })).toBeTruthy();
    expect(app.screen.getAllByText(/suspended since/)).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/[Pp]ay (its|the|\$)/);
  });

  it('owing: what its invoices owe, with a button to pay the oldest', async () => {
    const app = renderApp('/12/home', { api: api(status({ amount: 12900, invoices: 2, invoice_id: 31 })), storedSession: ownerSession, storedBusiness: 12 });
    const pay = await app.screen.findByRole('link', { name: 'Pay $129.00' }, { timeout: 10_000 });
    expect(pay.getAttribute('href')).toBe('/12/billing/invoices/31');
    expect((pay.closest('[role="status"]') as HTMLElement).textContent).toContain('$129.00 is owed on 2 invoices: paying restores access.');
    expect(app.screen.queryByRole('group', { name: 'Support contact' })).toBeNull();
  });

  it('until its status arrives, the banner says since when and why from the business itself', async () => {
    const app = renderApp('/12/home', {
      api: { ...api(status({})), 'GET /protected/business/12/suspension': () => new Promise(() => undefined) },
      storedSession: ownerSession,
      storedBusiness: 12,
    });
    await waitFor(() => expect(app.screen.getByText('This business has been suspended since Fri, Nov 20, 2026.')).toBeTruthy(), { timeout: 10_000 });
    expect(app.screen.getByText('Reason: Closed for renovation')).toBeTruthy();
  });
});
