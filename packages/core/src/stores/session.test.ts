import { describe, expect, it } from 'vitest';
import { createClient } from '../api/index';
import { MESSAGES } from '../messages';
import { createMemoryStorage, createSessionStore, SESSION_STORAGE_KEYS } from './session';

const owner = {
  user: { id: 7, role: 'OWNER', acl: {}, fullname: 'Olivia Owner', email: 'o@x.test', username: 'owner' },
  businesses: [
    { id: 12, network_id: 1, name: 'Luxe Los Angeles', status: 'ACTIVE', timezone: 'America/Los_Angeles' },
    { id: 13, network_id: 1, name: 'Luxe Denver', status: 'ACTIVE', timezone: 'America/Denver' },
  ],
};

type Reply = { status?: number; body: unknown };
/** A fetch that answers by `METHOD path`, recording the calls: the HTTP boundary, not the client. */
function fakeFetch(routes: Record<string, Reply | (() => Reply)>) {
  const calls: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    calls.push(key);
    const route = routes[key];
    if (!route) return Response.json({ status: false, message: 'not found' }, { status: 404 });
    const reply = typeof route === 'function' ? route() : route;
    return Response.json(reply.body, { status: reply.status ?? 200 });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const setup = (routes: Record<string, Reply | (() => Reply)>, stored: Record<string, string> = {}) => {
  const { fetch, calls } = fakeFetch(routes);
  const client = createClient({ baseURL: 'http://api.test', fetch });
  const storage = createMemoryStorage(stored);
  const connectivity = new EventTarget();
  const store = createSessionStore({ client, storage, connectivity });
  /** The browser comes back online; resolves once the store's check has had time to finish. */
  const goOnline = async () => {
    connectivity.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 20));
  };
  return { client, storage, store, calls, goOnline };
};

describe('session store', () => {
  it('logs in, stores the user and selects the first business', async () => {
    const { store, storage } = setup({ 'POST /login': { body: { status: true, data: owner, message: MESSAGES.loggedIn } } });
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().status));
    await store.login({ username: 'owner', password: 'secret' });
    expect(store.getSnapshot()).toMatchObject({ status: 'signedIn', businessId: 12, session: { user: { id: 7 } } });
    expect(seen).toEqual(['signedIn']);
    expect(JSON.parse(storage.dump()[SESSION_STORAGE_KEYS.user] ?? 'null')).toMatchObject({ user: { username: 'owner' } });
    expect(storage.dump()[SESSION_STORAGE_KEYS.business]).toBe('12');
  });

  it('adopts a session granted by a call it does not make itself (registering from an invitation), as a login would', async () => {
    const { store, storage, client } = setup({
      [`POST /invitation/12/${'k'.repeat(43)}/register`]: { body: { status: true, data: owner } },
    });
    const session = await client.invitations.register({ businessId: 12, token: 'k'.repeat(43), fullname: 'Olivia Owner', password: 'secret' });
    expect(store.adopt(session)).toBe(session);
    expect(store.getSnapshot()).toMatchObject({ status: 'signedIn', businessId: 12, session: { user: { id: 7 } }, signOutReason: 'none' });
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEYS.user) ?? 'null')).toMatchObject({ user: { id: 7 } });
  });

  it('leaves the store signed out when the login fails', async () => {
    const { store, storage } = setup({ 'POST /login': { status: 401, body: { status: false, message: MESSAGES.invalidCredentials } } });
    await expect(store.login({ username: 'owner', password: 'bad' })).rejects.toMatchObject({ message: MESSAGES.invalidCredentials });
    expect(store.getSnapshot().session).toBeNull();
    expect(storage.dump()).toEqual({});
  });

  it('logout clears the stored user, business and selection, even when the server call fails', async () => {
    const { store, storage } = setup(
      { 'POST /login': { body: { status: true, data: owner } }, 'GET /logout': { status: 500, body: { status: false, message: 'x' } } },
      {},
    );
    await store.login({ username: 'owner', password: 'secret' });
    store.setSelection({ staff: [3] });
    await store.logout();
    expect(store.getSnapshot()).toMatchObject({ status: 'signedOut', session: null, businessId: null, signOutReason: 'logout' });
    expect(storage.dump()).toEqual({});
  });

  it('restores the stored user and business, verified by checkStatus', async () => {
    const { store, calls } = setup(
      { 'GET /protected/user/7/checkstatus': { body: { status: true, data: owner } } },
      { [SESSION_STORAGE_KEYS.user]: JSON.stringify(owner), [SESSION_STORAGE_KEYS.business]: '13' },
    );
    const restoring = store.restore();
    expect(store.getSnapshot().status).toBe('restoring');
    await restoring;
    expect(calls).toEqual(['GET /protected/user/7/checkstatus']);
    expect(store.getSnapshot()).toMatchObject({ status: 'signedIn', businessId: 13 });
  });

  it('signs out when checkStatus says "Please log in to continue."', async () => {
    const { store, storage } = setup(
      { 'GET /protected/user/7/checkstatus': { status: 401, body: { status: false, message: MESSAGES.pleaseLogIn } } },
      { [SESSION_STORAGE_KEYS.user]: JSON.stringify(owner), [SESSION_STORAGE_KEYS.selection]: '{"a":1}' },
    );
    await store.restore();
    expect(store.getSnapshot()).toMatchObject({ status: 'signedOut', session: null, signOutReason: 'expired' });
    expect(storage.dump()).toEqual({});
  });

  it('keeps the stored session when the server is unreachable', async () => {
    const { store } = setup({}, { [SESSION_STORAGE_KEYS.user]: JSON.stringify(owner) });
    // No route: the fake answers 404 with another message, which is not a session expiry.
    await store.restore();
    expect(store.getSnapshot()).toMatchObject({ status: 'signedIn', businessId: 12 });
  });

  it('is signed out at once when nothing (or garbage) is stored', async () => {
    const { store, calls } = setup({}, { [SESSION_STORAGE_KEYS.user]: '{not json' });
    await store.restore();
    expect(store.getSnapshot().status).toBe('signedOut');
    expect(calls).toEqual([]);
  });

  it('signs out when any call reports the session expired', async () => {
    const { store, client } = setup({
      'POST /login': { body: { status: true, data: owner } },
      'GET /protected/admin/businesses': { status: 401, body: { status: false, message: MESSAGES.pleaseLogIn } },
    });
    await store.login({ username: 'owner', password: 'secret' });
    await client.businesses.listAll().catch(() => undefined);
    expect(store.getSnapshot()).toMatchObject({ status: 'signedOut', signOutReason: 'expired' });
  });

  it('selects only a business the session allows when restoring', async () => {
    const { store } = setup(
      { 'GET /protected/user/7/checkstatus': { body: { status: true, data: owner } } },
      { [SESSION_STORAGE_KEYS.user]: JSON.stringify(owner), [SESSION_STORAGE_KEYS.business]: '99' },
    );
    await store.restore();
    expect(store.getSnapshot().businessId).toBe(12);
  });

  it('stays signed out on an admin code challenge, and signs in with the code', async () => {
    const challenge = { otpRequired: true, uid: 1, key: 'k3y' };
    const admin = { ...owner, user: { ...owner.user, id: 1, role: 'ADMIN' } };
    const { store, storage, calls } = setup({
      'POST /login': { body: { status: true, data: challenge } },
      'POST /login/1/dashboard/otp': () => ({ body: { status: true, data: admin } }),
    });
    const result = await store.login({ username: 'admin', password: 'secret' });
    expect(result).toEqual(challenge);
    expect(store.getSnapshot().session).toBeNull();
    expect(storage.dump()).toEqual({});
    const sent = await store.verifyAdminCode({ uid: 1, admin: 'admin', key: 'k3y', pin: '123456' });
    expect(sent).toMatchObject({ user: { role: 'ADMIN' } });
    expect(store.getSnapshot()).toMatchObject({ status: 'signedIn', session: { user: { id: 1 } } });
    expect(calls).toEqual(['POST /login', 'POST /login/1/dashboard/otp']);
  });

  it('signs in with a phone code, sending the normalized number', async () => {
    let body: unknown;
    const client = createClient({
      baseURL: 'http://api.test',
      fetch: async (_input, init) => {
        body = JSON.parse(String(init?.body));
        return Response.json({ status: true, data: owner });
      },
    });
    const store = createSessionStore({ client, storage: createMemoryStorage() });
    await store.loginWithPhoneCode({ cc: '+1', phone: '(323) 555-0142', pin: '654321' });
    expect(body).toEqual({ phone: '+13235550142', pin: '654321' });
    expect(store.getSnapshot()).toMatchObject({ status: 'signedIn', businessId: 12 });
  });

  it('checks the session when the browser comes back online, and signs out if it is over', async () => {
    let answer: Reply = { body: { status: true, data: { ...owner, businesses: owner.businesses.slice(1) } } };
    const { store, calls, goOnline } = setup({
      'POST /login': { body: { status: true, data: owner } },
      'GET /protected/user/7/checkstatus': () => answer,
    });
    await goOnline();
    expect(calls).toEqual([]); // nobody signed in: nothing to check
    await store.login({ username: 'owner', password: 'secret' });
    await goOnline();
    expect(calls).toEqual(['POST /login', 'GET /protected/user/7/checkstatus']);
    expect(store.getSnapshot()).toMatchObject({ status: 'signedIn', businessId: 13 });
    answer = { status: 401, body: { status: false, message: MESSAGES.pleaseLogIn } };
    await goOnline();
    expect(store.getSnapshot()).toMatchObject({ status: 'signedOut', session: null, signOutReason: 'expired' });
  });

  it('keeps the session when the online check cannot reach the server, and stops listening on destroy', async () => {
    const { store, calls, goOnline } = setup({ 'POST /login': { body: { status: true, data: owner } } });
    await store.login({ username: 'owner', password: 'secret' });
    await goOnline();
    expect(store.getSnapshot().status).toBe('signedIn');
    store.destroy();
    await goOnline();
    expect(calls.filter((c) => c.includes('checkstatus'))).toHaveLength(1);
  });
});
