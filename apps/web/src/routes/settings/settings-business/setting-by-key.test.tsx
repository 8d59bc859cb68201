import { MESSAGES } from '@salondesk/core';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, fail, ok, unrestrictedOwnerSession as session } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('a setting by its name (io-request bizsettings)', { timeout: 20_000 }, () => {
  it('looks a setting up by name, uppercased, and sets it by name as text', async () => {
    const asked: string[] = [];
    const sent: unknown[] = [];
    let setting = { key: 'SMS_REMINDERS', type: 'bool', value: 'false', json: false, isDefault: true };
    const app = renderApp('/12/settings', {
      storedSession: session,
      storedBusiness: 12,
      api: {
        'GET /protected/user/7/checkstatus': ok(session),
        'GET /protected/user/7/business/12/detail': ok(businessDetail),
        'GET /protected/business/12/bizsettings/get': ok({ groups: [] }),
        'GET /protected/business/12/io-request': (request) => {
          const url = new URL(request.url);
          asked.push(`${url.searchParams.get('dest')}?key=${url.searchParams.get('key')}`);
          return url.searchParams.get('key') === 'SMS_REMINDERS' ? ok(setting) : fail(404, MESSAGES.settingTypeNotFound);
        },
        'POST /protected/business/12/io-request': async (request) => {
          const body = (await request.json()) as { key: string; value: string };
          sent.push({ dest: new URL(request.url).searchParams.get('dest'), ...body });
          setting = { ...setting, value: body.value, json: body.value === 'true', isDefault: false };
          return ok(setting);
        },
      },
    });
    const search = within(await app.screen.findByRole('search', { name: 'Look up a setting by its name' }, { timeout: 10_000 }));
    await app.user.type(search.getByRole('textbox', { name: 'Setting name' }), 'no such thing');
    await app.user.click(search.getByRole('button', { name: 'Look up' }));
    const section = within(app.screen.getByRole('region', { name: 'A setting by its name' }));
    expect((await section.findByRole('alert')).textContent).toBe(MESSAGES.settingTypeNotFound);

    await app.user.clear(search.getByRole('textbox', { name: 'Setting name' }));
    await app.user.type(search.getByRole('textbox', { name: 'Setting name' }), 'sms_reminders');
    await app.user.click(search.getByRole('button', { name: 'Look up' }));
    const form = within(await app.screen.findByRole('form', { name: 'Setting SMS_REMINDERS' }));
    expect(asked).toContain('bizsettings?key=SMS_REMINDERS');
    expect(form.getByText(/the default value/)).toBeTruthy();
    const value = form.getByRole('textbox', { name: 'Value of SMS_REMINDERS' });
    await app.user.clear(value);
    await app.user.type(value, 'true');
    await app.user.click(form.getByRole('button', { name: 'Save SMS_REMINDERS' }));
    await waitFor(() => expect(sent).toEqual([{ dest: 'bizsettings', key: 'SMS_REMINDERS', value: 'true' }]));
    expect(await app.screen.findByText(MESSAGES.settingUpdated)).toBeTruthy();
    expect(await form.findByText(/set for this location/)).toBeTruthy();
  });
});
