import { MESSAGES } from '@salondesk/core';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, ok, unrestrictedOwnerSession as session } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

/** The settings screen over a fake API whose business info keeps what `businessinfo/update` saves, as the server does. */
function openSettings() {
  const bodies: unknown[] = [];
  let detail = { ...businessDetail, info: { ...businessDetail.info, webpaymentProvider: null, loyaltyPointsThreshold: 10 } };
  const app = renderApp('/12/settings', {
    storedSession: session,
    storedBusiness: 12,
    api: {
      'GET /protected/user/7/checkstatus': ok(session),
      'GET /protected/user/7/business/12/detail': () => ok(detail),
      'GET /protected/business/12/bizsettings/get': ok({ groups: [] }),
      'POST /protected/business/12/businessinfo/update': async (request) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        detail = { ...detail, info: { ...detail.info, ...body } };
        return ok(detail.info);
      },
    },
  });
  return { app, bodies };
}

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('payments and loyalty (business info)', { timeout: 20_000 }, () => {
  it('sends only what changed, checked first with the request’s own schema, and shows it saved', async () => {
    const { app, bodies } = openSettings();
    const form = within(await app.screen.findByRole('form', { name: 'Payments and loyalty' }, { timeout: 10_000 }));
    expect((form.getByRole('textbox', { name: 'Loyalty points threshold' }) as HTMLInputElement).value).toBe('10');
    const save = form.getByRole('button', { name: 'Save payments and loyalty' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await app.user.type(form.getByRole('textbox', { name: 'Points per dollar' }), '1.234');
    await app.user.click(save);
    expect(await form.findByText(MESSAGES.pointsPerDollarInvalid)).toBeTruthy();
    expect(bodies).toEqual([]);

    await app.user.clear(form.getByRole('textbox', { name: 'Points per dollar' }));
    await app.user.type(form.getByRole('textbox', { name: 'Points per dollar' }), '1.5');
    await app.user.selectOptions(form.getByRole('combobox', { name: 'Web payment provider' }), 'stripe');
    await app.user.type(form.getByRole('textbox', { name: 'Payment information' }), 'Zelle: pay@luxe.example');
    await app.user.click(save);
    await waitFor(() => expect(bodies).toEqual([{ webpaymentProvider: 'stripe', pointsPerDollar: 1.5, payInfo: 'Zelle: pay@luxe.example' }]));
    expect(await app.screen.findByText(MESSAGES.businessInfoUpdated)).toBeTruthy();
    // Read back from the business: nothing is left to save.
    await waitFor(() => expect((app.screen.getByRole('button', { name: 'Save payments and loyalty' }) as HTMLButtonElement).disabled).toBe(true));
    expect((app.screen.getByRole('combobox', { name: 'Web payment provider' }) as HTMLSelectElement).value).toBe('stripe');
  });

  it('refuses a threshold out of bounds beside its field', async () => {
    const { app, bodies } = openSettings();
    const form = within(await app.screen.findByRole('form', { name: 'Payments and loyalty' }, { timeout: 10_000 }));
    const threshold = form.getByRole('textbox', { name: 'Loyalty points threshold' });
    await app.user.clear(threshold);
    await app.user.type(threshold, '0');
    await app.user.click(form.getByRole('button', { name: 'Save payments and loyalty' }));
    expect(await form.findByText(MESSAGES.loyaltyThresholdInvalid)).toBeTruthy();
    expect(threshold.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([]);
  });
});
