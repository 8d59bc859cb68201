import { MESSAGES, SESSION_STORAGE_KEYS } from '@salondesk/core';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, businessDetail, fail, ok, ownerSession } from '../test/fakeApi';
import { currentPath, renderApp } from '../test/renderApp';

const denver = { ...businessDetail, id: 13, name: 'Luxe Denver', timezone: 'America/Denver' };
const ownerApi = {
  'GET /protected/user/7/checkstatus': ok(ownerSession),
  'GET /protected/user/7/business/12/detail': ok(businessDetail),
  'GET /protected/user/7/business/13/detail': ok(denver),
  'GET /logout': ok({ loggedOut: true }),
};

describe('route guard', () => {
  it('sends a reader with no session to /login, remembering the path', async () => {
    const app = renderApp('/12/home');
    // The first test of the file also loads the dashboard's modules: give it time on a busy machine.
    await waitFor(() => expect(currentPath(app.router)).toBe('/login?next=%2F12%2Fhome'), { timeout: 5000 });
    expect(app.api.calls).toEqual([]);
  });

  it('restores the stored user, verifies it and opens the business', async () => {
    const app = renderApp('/12/home', { api: ownerApi, storedSession: ownerSession, storedBusiness: 12 });
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Luxe Los Angeles' })).toBeTruthy();
    expect(app.api.calls).toContain('GET /protected/user/7/checkstatus');
  });

  it('logs out when the stored session has expired', async () => {
    const app = renderApp('/12/home', {
      api: { 'GET /protected/user/7/checkstatus': fail(401, MESSAGES.pleaseLogIn) },
      storedSession: ownerSession,
    });
    await waitFor(() => expect(currentPath(app.router)).toBe('/login?next=%2F12%2Fhome'));
    expect(await app.screen.findByText(MESSAGES.pleaseLogIn)).toBeTruthy();
    expect(app.storage.getItem(SESSION_STORAGE_KEYS.user)).toBeNull();
  });

  it('opens / at the business the user last worked in', async () => {
    const app = renderApp('/', { api: ownerApi, storedSession: ownerSession, storedBusiness: 13 });
    await waitFor(() => expect(currentPath(app.router)).toBe('/13/home'));
  });

  it('shows a 404 page for an unknown path', async () => {
    const app = renderApp('/12/nowhere', { api: ownerApi, storedSession: ownerSession });
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('No Business Permission', () => {
  const forbidden = () => renderApp('/99/home', { api: ownerApi, storedSession: ownerSession, storedBusiness: 13 });

  it('offers exactly two choices and fetches nothing of the other business', async () => {
    const app = forbidden();
    const dialog = await app.screen.findByRole('alertdialog', { name: 'No Business Permission' });
    expect(within(dialog).getByText(MESSAGES.noBusinessPermission)).toBeTruthy();
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Switch Account', 'Stay in current business']);
    expect(app.api.calls.some((c) => c.includes('/99/'))).toBe(false);
  });

  it('"Stay in current business" goes back to the last permitted business', async () => {
    const app = forbidden();
    await app.user.click(await app.screen.findByRole('button', { name: 'Stay in current business' }));
    await waitFor(() => expect(currentPath(app.router)).toBe('/13/home'));
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Luxe Denver' })).toBeTruthy();
  });

  it('"Switch Account" logs out and opens the login screen', async () => {
    const app = forbidden();
    await app.user.click(await app.screen.findByRole('button', { name: 'Switch Account' }));
    await waitFor(() => expect(currentPath(app.router)).toBe('/login?next=%2F99%2Fhome'));
    await waitFor(() => expect(app.storage.getItem(SESSION_STORAGE_KEYS.user)).toBeNull());
    expect(app.api.calls).toContain('GET /logout');
    expect(await app.screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('is never shown to an admin', async () => {
    const app = renderApp('/12/home', {
      api: {
        'GET /protected/user/1/checkstatus': ok(adminSession),
        'GET /protected/admin/businesses': ok([ownerSession.businesses[0]]),
        'GET /protected/user/1/business/12/detail': ok(businessDetail),
      },
      storedSession: adminSession,
    });
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Luxe Los Angeles' })).toBeTruthy();
    expect(app.screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('dashboard header', () => {
  it('switches business from the keyboard and keeps the same screen', async () => {
    const app = renderApp('/12/home', { api: ownerApi, storedSession: ownerSession, storedBusiness: 12 });
    await app.screen.findByRole('heading', { level: 1, name: 'Luxe Los Angeles' });
    const switcher = app.screen.getByRole('button', { name: /^Business/ });
    switcher.focus();
    await app.user.keyboard('{ArrowDown}');
    expect(await app.screen.findByRole('option', { name: /Luxe Denver/ })).toBeTruthy();
    await app.user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(currentPath(app.router)).toBe('/13/home'));
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Luxe Denver' })).toBeTruthy();
    expect(app.storage.getItem(SESSION_STORAGE_KEYS.business)).toBe('13');
  });

  it('Logout clears the stored user, business and selection and goes to /login', async () => {
    const app = renderApp('/12/home', { api: ownerApi, storedSession: ownerSession, storedBusiness: 12 });
    await app.screen.findByRole('heading', { level: 1, name: 'Luxe Los Angeles' });
    await app.user.click(app.screen.getByRole('button', { name: /Account/ }));
    await app.user.click(await app.screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(currentPath(app.router)).toBe('/login'));
    expect(app.storage.getItem(SESSION_STORAGE_KEYS.user)).toBeNull();
    expect(app.storage.getItem(SESSION_STORAGE_KEYS.business)).toBeNull();
    expect(app.storage.getItem(SESSION_STORAGE_KEYS.selection)).toBeNull();
  });
});

describe('business home', () => {
  it('shows the error with a retry that loads the business again', async () => {
    let attempts = 0;
    // Too many requests: not asked again by itself (a 4xx), but another try later may work.
    const app = renderApp('/12/home', {
      api: {
        ...ownerApi,
        'GET /protected/user/7/business/12/detail': () => (++attempts === 1 ? { status: 429, body: { status: false } } : ok(businessDetail)),
      },
      storedSession: ownerSession,
    });
    const alert = await app.screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.failedToFetchBusinessData);
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Luxe Los Angeles' })).toBeTruthy();
    // With the business loaded, the home asks for its dashboard.
    await waitFor(() => expect(app.api.calls).toContain('GET /protected/business/12/dashboard'));
  });
});
