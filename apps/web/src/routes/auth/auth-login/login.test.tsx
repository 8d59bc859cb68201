import { MESSAGES, SESSION_STORAGE_KEYS } from '@salondesk/core';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, businessDetail, fail, ok, ownerSession } from '../../../test/fakeApi';
import { currentPath, renderApp } from '../../../test/renderApp';

const signIn = async (app: ReturnType<typeof renderApp>, username = 'owner', password = 'secret') => {
  await app.user.type(await app.screen.findByLabelText('Username or email'), username);
  await app.user.type(app.screen.getByLabelText('Password'), `${password}{Enter}`);
};

describe('/login', () => {
  it('has labelled fields with autocomplete and a Sign in button', async () => {
    const app = renderApp('/login');
    const username = await app.screen.findByLabelText('Username or email');
    expect(username.getAttribute('autocomplete')).toBe('username');
    expect(app.screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(app.screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(app.screen.getByRole('heading', { level: 1, name: 'Sign in to Salondesk' })).toBeTruthy();
  });

  it('signs in with Enter, toasts the catalogue message and opens the first business', async () => {
    const app = renderApp('/login', {
      api: {
        'POST /login': ok(ownerSession, MESSAGES.loggedIn),
        'GET /protected/user/7/business/12/detail': ok(businessDetail),
        'GET /protected/user/7/checkstatus': ok(ownerSession),
      },
    });
    await signIn(app);
    expect((await app.screen.findByText('Sucessfully Logged In')).closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(currentPath(app.router)).toBe('/12/home'), { timeout: 5000 });
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Luxe Los Angeles' })).toBeTruthy();
    expect(JSON.parse(app.storage.getItem(SESSION_STORAGE_KEYS.user) ?? 'null')).toMatchObject({ user: { id: 7 } });
    expect(app.api.calls).toContain('POST /login');
  });

  it("shows the server's message when sign-in fails, and stays", async () => {
    const app = renderApp('/login', { api: { 'POST /login': fail(401, MESSAGES.invalidCredentials) } });
    await signIn(app, 'owner', 'wrong');
    const alert = await app.screen.findByRole('alert');
    expect(alert.textContent).toContain('Incorrect username or password.');
    expect(currentPath(app.router)).toBe('/login');
    expect(app.screen.queryByText(MESSAGES.loggedIn)).toBeNull();
  });

  it("shows the call's catalogue default when the server gives no message", async () => {
    const app = renderApp('/login', { api: { 'POST /login': { status: 502, body: 'bad gateway' } } });
    await signIn(app);
    expect((await app.screen.findByRole('alert')).textContent).toContain(MESSAGES.requestFailed);
  });

  it('goes back to the path that was asked for', async () => {
    const app = renderApp('/13/home', {
      api: {
        'POST /login': ok(ownerSession),
        'GET /protected/user/7/business/13/detail': ok({ ...businessDetail, id: 13, name: 'Luxe Denver' }),
      },
    });
    await waitFor(() => expect(currentPath(app.router)).toBe('/login?next=%2F13%2Fhome'));
    await signIn(app);
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Luxe Denver' })).toBeTruthy();
    expect(currentPath(app.router)).toBe('/13/home');
  });

  it('asks a platform admin for the emailed code, and signs in with it', async () => {
    let sent: unknown;
    const app = renderApp('/login', {
      api: {
        'POST /login': ok({ otpRequired: true, uid: 1, key: 'challenge-key' }),
        'POST /login/1/dashboard/otp': async (request) => {
          sent = await request.json();
          return ok(adminSession, MESSAGES.loggedIn);
        },
        'GET /protected/admin/businesses': ok([ownerSession.businesses[0]]),
        'GET /protected/user/1/business/12/detail': ok(businessDetail),
      },
    });
    await signIn(app, 'admin');
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeTruthy();
    expect(app.storage.getItem(SESSION_STORAGE_KEYS.user)).toBeNull();
    await app.user.type(app.screen.getByLabelText('6-digit code'), '12a3456{Enter}');
    await waitFor(() => expect(currentPath(app.router)).toBe('/12/home'), { timeout: 5000 });
    expect(sent).toEqual({ admin: 'admin', key: 'challenge-key', pin: '123456' });
  });

  it('signs in with a code texted to the phone', async () => {
    const bodies: unknown[] = [];
    const record = (reply: ReturnType<typeof ok>) => async (request: Request) => {
      bodies.push(await request.json());
      return reply;
    };
    const app = renderApp('/login', {
      api: {
        'POST /login/account/otp/request': record(ok({ sent: true }, MESSAGES.codeSent)),
        'POST /login/account/otp/validate': record(ok(ownerSession, MESSAGES.loggedIn)),
        'GET /protected/user/7/business/12/detail': ok(businessDetail),
      },
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Sign in with a phone code' }));
    await app.user.type(app.screen.getByLabelText('Phone number'), '(310) 555-0101{Enter}');
    await app.user.type(await app.screen.findByLabelText('6-digit code'), '654321{Enter}');
    await waitFor(() => expect(currentPath(app.router)).toBe('/12/home'), { timeout: 5000 });
    expect(bodies).toEqual([
      { cc: '+1', phone: '(310) 555-0101' },
      { phone: '+13105550101', pin: '654321' },
    ]);
  });

  it('shows a wrong code and lets the reader try again', async () => {
    const app = renderApp('/login', {
      api: {
        'POST /login/account/otp/request': ok({ sent: true }),
        'POST /login/account/otp/validate': fail(401, MESSAGES.invalidCode),
      },
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Sign in with a phone code' }));
    await app.user.type(app.screen.getByLabelText('Phone number'), '3105550101{Enter}');
    await app.user.type(await app.screen.findByLabelText('6-digit code'), '000000{Enter}');
    expect((await app.screen.findByRole('alert')).textContent).toContain(MESSAGES.invalidCode);
    expect((app.screen.getByLabelText('6-digit code') as HTMLInputElement).value).toBe('');
    expect(currentPath(app.router)).toBe('/login');
  });
});
