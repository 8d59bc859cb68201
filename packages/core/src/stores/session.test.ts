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
  const store = createSessionStore({ client, storage });
  return { client, storage, store, calls };
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
});
