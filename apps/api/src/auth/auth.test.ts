import { createHash } from 'node:crypto';
import { ApiError, CSRF_HEADER, CSRF_HEADER_VALUE, MESSAGES } from '@salondesk/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo/accounts';
import { clientFor, rawRequest, signedIn, startTestServer, type TestServer } from '../test/harness';
import { SESSION_COOKIE } from './sessions';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const postLogin = (server: TestServer, body: unknown) =>
  rawRequest(server, '/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify(body),
  });

const sessionCookieOf = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));

describe('login', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it.each(DEMO_ACCOUNTS.map((a) => [a.username, a] as const))('signs in %s and returns their session', async (_name, account) => {
    const { client, jar, session } = await signedIn(server, account.username);
    expect(session.user).toMatchObject({ username: account.username, email: account.email, role: account.role });
    expect(jar.get(SESSION_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const status = await client.auth.checkStatus(session.user.id);
    expect(status.user.id).toBe(session.user.id);
  });

  it('gives each account the businesses it was granted', async () => {
    const names = async (username: string) =>
      (await signedIn(server, username)).session.businesses.map((b) => b.name);
    expect(await names('admin')).toHaveLength(5);
    expect(await names('owner')).toEqual(['Luxe Los Angeles', 'Luxe New York', 'Luxe Santa Monica']);
    expect(await names('manager')).toEqual(['Luxe Los Angeles']);
    expect(await names('lotus')).toEqual(['Lotus Kathmandu', 'Harbour Sydney']);
  });

  it('accepts the email, in any case, and says so with the catalogue message', async () => {
    const response = await postLogin(server, { username: ' OWNER@Salondesk.Demo ', password: sha256(DEMO_PASSWORD) });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: true, message: MESSAGES.loggedIn });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie, not Secure over plain http, with a new id every login', async () => {
    const first = await postLogin(server, { username: 'manager', password: sha256(DEMO_PASSWORD) });
    const second = await postLogin(server, { username: 'manager', password: sha256(DEMO_PASSWORD) });
    const cookie = sessionCookieOf(first.headers) ?? '';
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/);
    expect(sessionCookieOf(second.headers)?.split(';')[0]).not.toBe(cookie.split(';')[0]);
  });

  it('marks the cookie Secure when the request came over https (behind a trusted proxy)', async () => {
    const proxied = await startTestServer({ trustProxy: true });
    try {
      const response = await rawRequest(proxied, '/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE, 'x-forwarded-proto': 'https' },
        body: JSON.stringify({ username: 'manager', password: sha256(DEMO_PASSWORD) }),
      });
      expect(sessionCookieOf(response.headers)).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('stores only the SHA-256 of the session token', async () => {
    const { jar, session } = await signedIn(server, 'lotus');
    const token = jar.get(SESSION_COOKIE) as string;
    const rows = await server.database.db.select().from(sessions).where(eq(sessions.user_id, session.user.id));
    expect(rows.map((r) => r.token_hash)).toContain(sha256(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('answers a wrong password and an unknown user with the same 401 body', async () => {
    const wrong = await postLogin(server, { username: 'owner', password: sha256('not the password') });
    const unknown = await postLogin(server, { username: 'nobody@salondesk.demo', password: sha256(DEMO_PASSWORD) });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.text).toBe(unknown.text);
    expect(wrong.body).toEqual({ status: false, message: MESSAGES.invalidCredentials, code: 'UNAUTHORIZED' });
    expect(sessionCookieOf(wrong.headers)).toBeUndefined();
  });

  it('refuses a password that was not hashed on the client', async () => {
    const response = await postLogin(server, { username: 'owner', password: DEMO_PASSWORD });
    expect(response.status).toBe(400);
    expect(response.body?.issues).toEqual([{ path: ['password'], message: 'Password must be sent hashed' }]);
  });

  it('refuses a disabled user and ends their sessions', async () => {
    const local = await startTestServer();
    try {
      const { client, session } = await signedIn(local, 'manager');
      await local.database.db.update(users).set({ disabled_at: new Date() }).where(eq(users.id, session.user.id));
      await expect(client.auth.checkStatus(session.user.id)).rejects.toMatchObject({ status: 401, message: MESSAGES.pleaseLogIn });
      const again = await postLogin(local, { username: 'manager', password: sha256(DEMO_PASSWORD) });
      expect(again.body).toEqual({ status: false, message: MESSAGES.invalidCredentials, code: 'UNAUTHORIZED' });
    } finally {
      await local.close();
    }
  });
});

describe('logout and checkstatus', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('ends the session on the server: the old cookie no longer works', async () => {
    const { client, jar, session } = await signedIn(server, 'owner');
    const token = jar.get(SESSION_COOKIE) as string;
    const expired: ApiError[] = [];
    client.on('sessionExpired', (e) => expired.push(e));

    await expect(client.auth.logout()).resolves.toEqual({ loggedOut: true });
    expect(jar.has(SESSION_COOKIE)).toBe(false);

    const replayed = await rawRequest(server, `/protected/user/${session.user.id}/checkstatus`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual({ status: false, message: 'Please log in to continue.', code: 'UNAUTHORIZED' });

    await expect(client.auth.checkStatus(session.user.id)).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveLength(1);
  });

  it('logs out without a session too', async () => {
    const response = await rawRequest(server, '/logout', { headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: true, data: { loggedOut: true } });
  });

  it('refuses GET or HEAD /logout without the anti-CSRF header (a link on another site) and the session lives on', async () => {
    const { client, jar, session } = await signedIn(server, 'owner');
    const token = jar.get(SESSION_COOKIE) as string;
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await rawRequest(server, '/logout', { method, headers: { cookie: `${SESSION_COOKIE}=${token}` } });
      expect(response.status).toBe(403);
    }
    const refused = await rawRequest(server, '/logout', { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(refused.body).toEqual({ status: false, message: MESSAGES.csrfMissing, code: 'FORBIDDEN' });
    await expect(client.auth.checkStatus(session.user.id)).resolves.toMatchObject({ user: { id: session.user.id } });
  });

  it('asks to log in when there is no session', async () => {
    const { client } = clientFor(server);
    await expect(client.auth.checkStatus(1)).rejects.toMatchObject({ status: 401, message: MESSAGES.pleaseLogIn });
  });

  it("refuses another user's checkstatus to a non-admin, allows it to an admin", async () => {
    const manager = await signedIn(server, 'manager');
    const owner = DEMO_ACCOUNTS.findIndex((a) => a.username === 'owner') + 1;
    await expect(manager.client.auth.checkStatus(owner)).rejects.toMatchObject({
      status: 403,
      message: MESSAGES.noBusinessPermission,
    });
    const admin = await signedIn(server, 'admin');
    const seen = await admin.client.auth.checkStatus(owner);
    expect(seen.user.username).toBe('owner');
    expect(seen.businesses).toHaveLength(3);
  });
});

describe('session expiry (injected clock)', () => {
  let server: TestServer;
  let now = new Date('2025-03-01T09:00:00Z');
  const minutes = (n: number) => n * 60 * 1000;
  beforeAll(async () => {
    server = await startTestServer({ now: () => now, sessionIdleMinutes: 30 });
  });
  afterAll(() => server.close());

  it('ends a session idle for longer than the idle timeout', async () => {
    now = new Date('2025-03-01T09:00:00Z');
    const { client, session } = await signedIn(server, 'owner');
    now = new Date(now.getTime() + minutes(29));
    await expect(client.auth.checkStatus(session.user.id)).resolves.toBeTruthy();
    now = new Date(now.getTime() + minutes(29)); // 58 minutes after login, 29 after the last request
    await expect(client.auth.checkStatus(session.user.id)).resolves.toBeTruthy();
    now = new Date(now.getTime() + minutes(31));
    await expect(client.auth.checkStatus(session.user.id)).rejects.toMatchObject({ status: 401, message: MESSAGES.pleaseLogIn });
  });

  it('ends an active session 12 hours after login', async () => {
    now = new Date('2025-03-02T08:00:00Z');
    const { client, session } = await signedIn(server, 'owner');
    for (let hour = 0; hour < 12 * 4 - 1; hour++) {
      now = new Date(now.getTime() + minutes(15));
      await client.auth.checkStatus(session.user.id);
    }
    now = new Date(new Date('2025-03-02T08:00:00Z').getTime() + minutes(12 * 60));
    await expect(client.auth.checkStatus(session.user.id)).rejects.toMatchObject({ status: 401 });
  });

  it('writes last_seen_at at most once a minute', async () => {
    now = new Date('2025-03-03T08:00:00Z');
    const { client, session } = await signedIn(server, 'lotus');
    const lastSeen = async () =>
      (await server.database.db.select().from(sessions).where(eq(sessions.user_id, session.user.id)))[0]?.last_seen_at.getTime();
    now = new Date(now.getTime() + 30_000);
    await client.auth.checkStatus(session.user.id);
    expect(await lastSeen()).toBe(new Date('2025-03-03T08:00:00Z').getTime());
    now = new Date(now.getTime() + 31_000);
    await client.auth.checkStatus(session.user.id);
    expect(await lastSeen()).toBe(now.getTime());
  });
});
