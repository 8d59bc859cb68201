import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, isApiError } from '../errors';
import { MESSAGES } from '../messages';
import { hashPassword } from '../rules/password';
import { createClient } from './index';

const API = 'http://api.salondesk.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const sessionBody = {
  user: { id: 1, role: 'OWNER', acl: { blocks: ['unrestricted'] }, fullname: 'Olivia Owner', email: 'o@x.test', username: 'owner' },
  businesses: [{ id: 12, network_id: 1, name: 'Luxe Los Angeles', status: 'ACTIVE', timezone: 'America/Los_Angeles' }],
};

describe('transport', () => {
  it('sends the hashed password with the anti-CSRF header and unwraps the envelope', async () => {
    let seen: { body: unknown; csrf: string | null } | undefined;
    server.use(
      http.post(`${API}/login`, async ({ request }) => {
        seen = { body: await request.json(), csrf: request.headers.get('x-salondesk-csrf') };
        return HttpResponse.json({ status: true, data: sessionBody, message: MESSAGES.loggedIn });
      }),
    );
    const client = createClient({ baseURL: API });
    const session = await client.auth.login({ username: 'owner', password: 'salondesk' });
    if (!('user' in session)) throw new Error('expected a session, got the admin code challenge');
    expect(session.user.acl).toEqual({ blocks: ['unrestricted'], units: {}, restrictions: [], multiLocation: false, custom: [] });
    expect(seen?.csrf).toBe('1');
    expect(seen?.body).toEqual({ username: 'owner', password: await hashPassword('salondesk') });
    expect(JSON.stringify(seen?.body)).not.toContain('salondesk');
  });

  it('sends no anti-CSRF header on a GET that only reads', async () => {
    let csrf: string | null = 'unset';
    server.use(
      http.get(`${API}/protected/user/3/checkstatus`, ({ request }) => {
        csrf = request.headers.get('x-salondesk-csrf');
        return HttpResponse.json({ status: false, message: 'Please log in to continue.', code: 'UNAUTHORIZED' }, { status: 401 });
      }),
    );
    await createClient({ baseURL: API }).auth.checkStatus(3).catch(() => undefined);
    expect(csrf).toBeNull();
  });

  it('sends the anti-CSRF header on GET /logout, which changes state', async () => {
    let csrf: string | null = 'unset';
    server.use(
      http.get(`${API}/logout`, ({ request }) => {
        csrf = request.headers.get('x-salondesk-csrf');
        return HttpResponse.json({ status: true, data: { loggedOut: true } });
      }),
    );
    await createClient({ baseURL: API }).auth.logout();
    expect(csrf).toBe('1');
  });

  it("shows the server's message when it gives one", async () => {
    server.use(http.post(`${API}/login`, () => HttpResponse.json({ status: false, message: 'Incorrect username or password.', code: 'UNAUTHORIZED' }, { status: 401 })));
    const error = await createClient({ baseURL: API }).auth.login({ username: 'x', password: 'y' }).catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'Incorrect username or password.' });
  });

  it("falls back to the call's catalogue message when the server gives none", async () => {
    server.use(http.get(`${API}/protected/user/3/business/12/detail`, () => new HttpResponse('upstream broke', { status: 502 })));
    const error = await createClient({ baseURL: API }).businesses.get(3, 12).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'SERVER_ERROR', message: MESSAGES.failedToFetchBusinessData });
  });

  it('treats a 200 with status false as a failure', async () => {
    server.use(http.get(`${API}/protected/admin/businesses`, () => HttpResponse.json({ status: false, message: 'Nope' })));
    await expect(createClient({ baseURL: API }).businesses.listAll()).rejects.toMatchObject({ message: 'Nope' });
  });

  it('rejects a response that does not match its schema', async () => {
    server.use(http.get(`${API}/protected/admin/businesses`, () => HttpResponse.json({ status: true, data: [{ id: 'abc' }] })));
    await expect(createClient({ baseURL: API }).businesses.listAll()).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: MESSAGES.failedToFetchBusinessData,
    });
  });

  it("reports an unreachable server as a network error in the spec's words (spec 000 §8), whatever the call", async () => {
    server.use(http.get(`${API}/protected/admin/businesses`, () => HttpResponse.error()));
    const error = await createClient({ baseURL: API }).businesses.listAll().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK', message: MESSAGES.serverOffline });
  });

  it('raises the session-expired event on "Please log in to continue." until unsubscribed', async () => {
    server.use(http.get(`${API}/protected/user/3/checkstatus`, () => HttpResponse.json({ status: false, message: MESSAGES.pleaseLogIn }, { status: 401 })));
    const onSessionExpired = vi.fn();
    const listener = vi.fn();
    const client = createClient({ baseURL: API, onSessionExpired });
    const off = client.on('sessionExpired', listener);
    await expect(client.auth.checkStatus(3)).rejects.toMatchObject({ status: 401, message: MESSAGES.pleaseLogIn });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    await expect(client.auth.checkStatus(3)).rejects.toBeInstanceOf(ApiError);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(2);
  });

  it('uses an injected fetch', async () => {
    const fetch = vi.fn(async () => Response.json({ status: true, data: { loggedOut: true } }));
    const client = createClient({ baseURL: API, fetch });
    await expect(client.auth.logout()).resolves.toEqual({ loggedOut: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
