import { MESSAGES, SESSION_STORAGE_KEYS } from '@salondesk/core';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, fail, ok } from '../../../test/fakeApi';
import { currentPath, renderApp } from '../../../test/renderApp';

const TOKEN = 'Tq3_-x'.padEnd(43, 'k');
const PATH = `/register-user/12/${TOKEN}`;
const preview = { business: 'Luxe Los Angeles', email: 'dana@example.test', role: 'STAFF', expires_at: '2026-03-09T10:00:00.000Z' };
/** The session of the account just made: front desk with staff viewing only. */
const newSession = {
  user: { id: 40, role: 'STAFF', acl: { blocks: ['operation'], units: { operation: ['view-staff'] } }, fullname: 'Dana Desk', email: 'dana@example.test', username: 'dana@example.test' },
  businesses: [{ id: 12, network_id: 1, name: 'Luxe Los Angeles', status: 'ACTIVE', timezone: 'America/Los_Angeles' }],
};

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('/register-user/{businessId}/{token}', { timeout: 20_000 }, () => {
  it('creates the account from the link with a hashed password, signs in and opens the business with only what the acl gives', async () => {
    const bodies: { fullname: string; password: string }[] = [];
    const app = renderApp(PATH, {
      api: {
        [`GET /invitation/12/${TOKEN}`]: ok(preview),
        [`POST /invitation/12/${TOKEN}/register`]: async (request) => {
          bodies.push((await request.json()) as { fullname: string; password: string });
          return ok(newSession, MESSAGES.accountCreated);
        },
        'GET /protected/user/40/business/12/detail': ok(businessDetail),
        'GET /protected/user/40/checkstatus': ok(newSession),
      },
    });
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Join Luxe Los Angeles' }, { timeout: 10_000 })).toBeTruthy();
    expect(app.screen.getByText('You are invited as Front desk. Choose your name and a password to create your account.')).toBeTruthy();
    expect((app.screen.getByLabelText('Email') as HTMLInputElement).value).toBe('dana@example.test');
    // No session was asked for: the page is public.
    expect(app.api.calls.some((c) => c.includes('checkstatus'))).toBe(false);

    await app.user.type(app.screen.getByLabelText('Full name'), 'Dana Desk');
    await app.user.type(app.screen.getByLabelText('Password'), 'welcome-aboard-7');
    await app.user.type(app.screen.getByLabelText('Confirm password'), 'welcome-aboard-8');
    await app.user.click(app.screen.getByRole('button', { name: 'Create account' }));
    expect(await app.screen.findByText('The two passwords are not the same.')).toBeTruthy();
    expect(bodies).toEqual([]);

    await app.user.clear(app.screen.getByLabelText('Confirm password'));
    await app.user.type(app.screen.getByLabelText('Confirm password'), 'welcome-aboard-7');
    await app.user.click(app.screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.fullname).toBe('Dana Desk');
    expect(bodies[0]?.password).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(bodies)).not.toContain('welcome-aboard-7');

    await waitFor(() => expect(currentPath(app.router)).toBe('/12/home'), { timeout: 5000 });
    expect(await app.screen.findByText(MESSAGES.accountCreated)).toBeTruthy();
    expect(JSON.parse(app.storage.getItem(SESSION_STORAGE_KEYS.user) ?? 'null')).toMatchObject({ user: { id: 40 } });
    // The navigation offers what the acl gives: Staff, not Settings or Transactions.
    const nav = await app.screen.findByRole('navigation', { name: /main|sections|business/i });
    expect(nav.textContent).toContain('Staff');
    expect(nav.textContent).not.toContain('Settings');
    expect(nav.textContent).not.toContain('Transactions');
  });

  it('refuses a used link with its message, and offers nothing to fill', async () => {
    const app = renderApp(PATH, { api: { [`GET /invitation/12/${TOKEN}`]: fail(410, MESSAGES.invitationUsed) } });
    expect(await app.screen.findByRole('heading', { level: 1, name: 'This invitation link does not work' }, { timeout: 10_000 })).toBeTruthy();
    expect((await app.screen.findByRole('alert')).textContent).toBe(MESSAGES.invitationUsed);
    expect(app.screen.queryByLabelText('Password')).toBeNull();
    expect(app.screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('says so when the link stops working while the form is open', async () => {
    const app = renderApp(PATH, {
      api: {
        [`GET /invitation/12/${TOKEN}`]: ok(preview),
        [`POST /invitation/12/${TOKEN}/register`]: fail(410, MESSAGES.invitationExpired),
      },
    });
    await app.user.type(await app.screen.findByLabelText('Full name', {}, { timeout: 10_000 }), 'Dana Desk');
    await app.user.type(app.screen.getByLabelText('Password'), 'welcome-aboard-7');
    await app.user.type(app.screen.getByLabelText('Confirm password'), 'welcome-aboard-7');
    await app.user.click(app.screen.getByRole('button', { name: 'Create account' }));
    expect((await app.screen.findByRole('alert')).textContent).toBe(MESSAGES.invitationExpired);
    expect(currentPath(app.router)).toBe(PATH);
  });
});
