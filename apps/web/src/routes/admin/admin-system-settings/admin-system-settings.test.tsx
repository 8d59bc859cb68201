import { MESSAGES } from '@salondesk/core';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, businessDetail, ok } from '../../../test/fakeApi';
import { currentPath, renderApp } from '../../../test/renderApp';

const settings = [{ key: 'dashboard.refresh', value: { refresh: 60 }, updated_at: '2025-03-01T10:00:00.000Z' }];

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('system settings', { timeout: 20_000 }, () => {
  it('asks before leaving with an edited value not saved', async () => {
    const app = renderApp('/12/admin/system-settings', {
      storedSession: adminSession,
      storedBusiness: 12,
      api: {
        'GET /protected/user/1/checkstatus': ok(adminSession),
        'GET /protected/user/1/business/12/detail': ok(businessDetail),
        'GET /protected/business/12/io-request': ok(settings),
      },
    });
    const value = await app.screen.findByRole('textbox', { name: 'Value of dashboard.refresh (JSON)' }, { timeout: 10_000 });
    expect(fireEvent(window, new Event('beforeunload', { cancelable: true }))).toBe(true);
    await app.user.clear(value);
    await app.user.type(value, '{{"refresh": 90}');
    expect(fireEvent(window, new Event('beforeunload', { cancelable: true }))).toBe(false);
    await app.user.click(app.screen.getAllByRole('link', { name: 'Home' })[0]!);
    const ask = await app.screen.findByRole('alertdialog', { name: MESSAGES.unsavedChangesTitle });
    await app.user.click(within(ask).getByRole('button', { name: 'Stay on this page' }));
    expect(currentPath(app.router)).toBe('/12/admin/system-settings');
    // Discarding the change: leaving no longer asks.
    await app.user.click(app.screen.getByRole('button', { name: 'Discard changes' }));
    await app.user.click(app.screen.getAllByRole('link', { name: 'Home' })[0]!);
    await waitFor(() => expect(currentPath(app.router)).toBe('/12/home'));
    expect(app.screen.queryByRole('alertdialog')).toBeNull();
  });
});
