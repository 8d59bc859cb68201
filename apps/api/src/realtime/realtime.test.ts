import {
  type AdminMessage,
  type ConnectionState,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  createNotificationStream,
  MESSAGES,
  type Notification,
  type NotificationStream,
  REALTIME_ROOM,
} from '@salondesk/core';
import { and, count, eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/sessions';
import { THROTTLE } from '../auth/throttle';
import { DEMO_PASSWORD } from '../demo/accounts';
import { buildServer } from '../server';
import { NO_ADDRESS_LIMIT, rawRequest, signedIn, startTestServer, type TestServer } from '../test/harness';
import { notificationReads, notifications } from './schema';

let clock = new Date();
let server: TestServer;
const streams: NotificationStream[] = [];

beforeAll(async () => {
  // The security notification tests lock accounts and phones from 127.0.0.1 (over 100 failures in
  // all), so the per-address limit is set out of reach: its own notification is tested in
  // auth/address-throttle.test.ts.
  server = await startTestServer({ demo: true, now: () => clock, signinFailuresPerAddress: NO_ADDRESS_LIMIT });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await server.close();
});

const cookieOf = (jar: Map<string, string>) => `${SESSION_COOKIE}=${jar.get(SESSION_COOKIE) ?? ''}`;

/** core's notification stream, in Node: the cookie and Origin a browser would send. */
function streamAs(cookie: string | null, options: { origin?: string; baseUrl?: string } = {}) {
  const baseUrl = options.baseUrl ?? server.baseUrl;
  const stream = createNotificationStream({
    url: baseUrl,
    socket: (url, socketOptions) =>
      io(url, {
        ...socketOptions,
        reconnectionDelay: 100,
        extraHeaders: { ...(cookie ? { cookie } : {}), origin: options.origin ?? baseUrl },
      }),
  });
  streams.push(stream);
  const received: Notification[] = [];
  stream.onAny((n) => received.push(n));
  return { stream, received };
}

const settled = (stream: NotificationStream): Promise<ConnectionState> =>
  new Promise((resolve) => {
    const done = (state: ConnectionState) => ['open', 'error', 'closed'].includes(state);
    if (done(stream.state)) return resolve(stream.state);
    const stop = stream.onState((s) => {
      if (done(s.state)) {
        stop();
        resolve(s.state);
      }
    });
  });

async function connected(cookie: string | null, options: { origin?: string; baseUrl?: string } = {}) {
  const made = streamAs(cookie, options);
  made.stream.connect();
  await settled(made.stream);
  return made;
}

const post = (path: string, cookie: string | null, body: unknown) =>
  rawRequest(server, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const get = (path: string, cookie: string | null) => rawRequest(server, path, { headers: cookie ? { cookie } : {} });

const adminRows = async () => {
  const [row] = await server.database.db.select({ n: count() }).from(notifications);
  return row?.n ?? 0;
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the realtime handshake', () => {
  it('refuses a connection without a session cookie, and with an unknown one', async () => {
    const none = await connected(null);
    expect(none.stream.getSnapshot()).toEqual({ state: 'error', error: MESSAGES.pleaseLogIn });
    const forged = await connected(`${SESSION_COOKIE}=not-a-session`);
    expect(forged.stream.getSnapshot()).toEqual({ state: 'error', error: MESSAGES.pleaseLogIn });
  });

  it('refuses a foreign Origin, accepts its own and the public address', async () => {
    const owner = await signedIn(server, 'owner');
    const foreign = await connected(cookieOf(owner.jar), { origin: 'https://evil.example' });
    expect(foreign.stream.getSnapshot()).toEqual({ state: 'error', error: MESSAGES.realtimeForeignOrigin });
    const nullOrigin = await connected(cookieOf(owner.jar), { origin: 'null' });
    expect(nullOrigin.stream.state).toBe('error');
    const own = await connected(cookieOf(owner.jar));
    expect(own.stream.state).toBe('open');
    const publicAddress = await connected(cookieOf(owner.jar), { origin: 'http://localhost:8080' });
    expect(publicAddress.stream.state).toBe('open');
  });

  it('ends the sockets of a session that logs out, and refuses its cookie afterwards', async () => {
    const admin = await signedIn(server, 'admin');
    const cookie = cookieOf(admin.jar);
    const live = await connected(cookie);
    expect(live.stream.state).toBe('open');
    const other = await signedIn(server, 'admin'); // another session of the same admin stays
    const otherLive = await connected(cookieOf(other.jar));
    await admin.client.auth.logout();
    await expect.poll(() => live.stream.state).toBe('closed');
    const again = await connected(cookie);
    expect(again.stream.getSnapshot()).toEqual({ state: 'error', error: MESSAGES.pleaseLogIn });
    expect(otherLive.stream.state).toBe('open');
    // Nothing sent after the logout reaches the ended session.
    await other.client.notifications.send({ body: 'after the logout' });
    await expect.poll(() => otherLive.received.some((n) => n.body === 'after the logout')).toBe(true);
    expect(live.received.some((n) => n.body === 'after the logout')).toBe(false);
  });

  it('disconnects a socket whose session has since expired when it sweeps', async () => {
    const owner = await signedIn(server, 'owner');
    const live = await connected(cookieOf(owner.jar));
    expect(live.stream.state).toBe('open');
    const saved = clock;
    try {
      clock = new Date(clock.getTime() + 13 * 60 * 60_000); // past the 12-hour limit
      await server.app.realtime.sweep();
      await expect.poll(() => live.stream.state).toBe('closed');
    } finally {
      clock = saved;
    }
  });
});

describe('admin messages', () => {
  it('reach every admin live, never an owner or a manager, and are kept for admins who were offline', async () => {
    const admin = await signedIn(server, 'admin');
    const owner = await signedIn(server, 'owner');
    const manager = await signedIn(server, 'manager');
    const adminLive = await connected(cookieOf(admin.jar));
    const ownerLive = await connected(cookieOf(owner.jar));
    const managerLive = await connected(cookieOf(manager.jar));
    expect([adminLive.stream.state, ownerLive.stream.state, managerLive.stream.state]).toEqual(['open', 'open', 'open']);
    // Non-admins are not in the admins room at all.
    const inRoom = await server.app.realtime.io.in(REALTIME_ROOM.admins).fetchSockets();
    expect(inRoom.length).toBeGreaterThan(0);
    for (const socket of inRoom) expect((socket.data as { auth: { user: { role: string } } }).auth.user.role).toBe('ADMIN');

    const body = `Maintenance tonight ${Date.now()}`;
    const sent = await admin.client.notifications.send({ body: `  ${body}  ` });
    expect(sent).toMatchObject({ kind: 'adminMessage', body, source: 'admin', senderName: admin.session.user.fullname, read: false });

    await expect.poll(() => adminLive.received.filter((n) => n.body === body)).toHaveLength(1);
    const live = adminLive.received.find((n) => n.body === body) as AdminMessage;
    expect(live).toEqual({ kind: 'adminMessage', id: sent.id, title: sent.title, body, createdAt: sent.createdAt, source: 'admin', senderName: sent.senderName });
    await pause(300);
    expect(ownerLive.received).toEqual([]);
    expect(managerLive.received).toEqual([]);

    // An admin who was not connected finds it in the list.
    const later = await signedIn(server, 'admin');
    const page = await later.client.notifications.list();
    expect(page.items.find((n) => n.id === sent.id)).toMatchObject({ body, read: false });
  });

  it('fan out to an admin connected to another API node, through PostgreSQL', async () => {
    const other = await buildServer({ database: server.database, webDist: '/nonexistent-salondesk-dist', now: () => clock });
    try {
      await other.listen({ host: '127.0.0.1', port: 0 });
      const address = other.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      const otherUrl = `http://127.0.0.1:${address.port}`;
      const admin = await signedIn(server, 'admin');
      const onOtherNode = await connected(cookieOf(admin.jar), { baseUrl: otherUrl });
      expect(onOtherNode.stream.state).toBe('open');
      const body = `Across nodes ${Date.now()}`;
      // The other node's LISTEN may take a moment after start: send until one arrives, then check it came once per send.
      await expect
        .poll(
          async () => {
            if (!onOtherNode.received.some((n) => n.body === body)) await admin.client.notifications.send({ body });
            await pause(200);
            return onOtherNode.received.some((n) => n.body === body);
          },
          { timeout: 15_000 },
        )
        .toBe(true);
    } finally {
      await other.close();
    }
  });

  it('are listed newest first, a page at a time, and marked read per admin', async () => {
    const admin = await signedIn(server, 'admin');
    const stamp = Date.now();
    const ids: number[] = [];
    for (const n of [1, 2, 3]) ids.push((await admin.client.notifications.send({ body: `paging ${stamp} #${n}` })).id);
    const first = await admin.client.notifications.list({ limit: 2 });
    expect(first.items.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextBefore).toBe(ids[1]);
    const second = await admin.client.notifications.list({ limit: 2, before: first.nextBefore ?? undefined });
    expect(second.items[0]?.id).toBe(ids[0]);

    const before = first.unread;
    const afterOne = await admin.client.notifications.markRead({ ids: [ids[2] as number] });
    expect(afterOne.unread).toBe(before - 1);
    expect((await admin.client.notifications.list({ limit: 1 })).items[0]).toMatchObject({ id: ids[2], read: true });
    // Marking it again changes nothing.
    expect((await admin.client.notifications.markRead({ ids: [ids[2] as number] })).unread).toBe(before - 1);
    expect((await admin.client.notifications.markRead({ all: true })).unread).toBe(0);
    const [reads] = await server.database.db
      .select({ n: count() })
      .from(notificationReads)
      .where(and(eq(notificationReads.user_id, admin.session.user.id), eq(notificationReads.notification_id, ids[0] as number)));
    expect(reads?.n).toBe(1);
  });

  it('answer bad input with 400 and a clear message, and change nothing', async () => {
    const admin = await signedIn(server, 'admin');
    const cookie = cookieOf(admin.jar);
    const rows = await adminRows();
    const readsOf = async () =>
      (await server.database.db.select({ n: count() }).from(notificationReads).where(eq(notificationReads.user_id, admin.session.user.id)))[0]?.n ?? 0;
    await admin.client.notifications.send({ body: `unread ${Date.now()}` });
    const reads = await readsOf();
    const empty = await post('/protected/admin/notifications/message', cookie, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body?.issues?.[0]?.message).toBe(MESSAGES.adminMessageRequired);
    const long = await post('/protected/admin/notifications/message', cookie, { body: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body?.issues?.[0]?.message).toBe(MESSAGES.adminMessageTooLong);
    for (const body of [{}, { body: 42 }, null]) expect((await post('/protected/admin/notifications/message', cookie, body)).status).toBe(400);
    for (const body of [{}, { ids: [] }, { ids: [1], all: true }, { all: false }, { ids: ['x'] }]) {
      expect((await post('/protected/admin/notifications/read', cookie, body)).status, JSON.stringify(body)).toBe(400);
    }
    for (const query of ['limit=0', 'limit=101', 'before=-1', 'limit=abc']) {
      expect((await get(`/protected/admin/notifications?${query}`, cookie)).status, query).toBe(400);
    }
    expect(await adminRows()).toBe(rows + 1);
    expect(await readsOf()).toBe(reads);
  });

  it('are refused with 403 to owners and managers (401 without a session), and nothing is sent', async () => {
    const rows = await adminRows();
    for (const username of ['owner', 'manager']) {
      const cookie = cookieOf((await signedIn(server, username)).jar);
      expect((await get('/protected/admin/notifications', cookie)).status).toBe(403);
      expect((await post('/protected/admin/notifications/message', cookie, { body: 'let me in' })).status).toBe(403);
      expect((await post('/protected/admin/notifications/read', cookie, { all: true })).status).toBe(403);
    }
    expect((await get('/protected/admin/notifications', null)).status).toBe(401);
    expect(await adminRows()).toBe(rows);
  });
});

describe('business rooms', () => {
  it('are joined only for a business the user may see, and only their notifications arrive', async () => {
    const manager = await connected(cookieOf((await signedIn(server, 'manager')).jar)); // Luxe Los Angeles (1) only
    const lotus = await connected(cookieOf((await signedIn(server, 'lotus')).jar)); // the other network
    const owner = await connected(cookieOf((await signedIn(server, 'owner')).jar)); // Luxe Collective: 1, 2, 3
    const admin = await connected(cookieOf((await signedIn(server, 'admin')).jar));
    expect(await manager.stream.subscribeBusiness(2)).toBe(false);
    expect(await manager.stream.subscribeBusiness(1)).toBe(true);
    expect(await lotus.stream.subscribeBusiness(2)).toBe(false);
    expect(await lotus.stream.subscribeBusiness(999_999)).toBe(false);
    expect(await owner.stream.subscribeBusiness(2)).toBe(true);
    expect(await admin.stream.subscribeBusiness(2)).toBe(true);

    const published = await server.app.notifier.notify({
      kind: 'websitePublished',
      businessId: 2,
      title: 'Website published',
      body: 'luxe-ny.example',
      versionId: 5,
      version: 2,
      url: 'http://localhost/sites/luxe-ny/',
    });
    await expect.poll(() => owner.received.some((n) => n.id === published?.id)).toBe(true);
    await expect.poll(() => admin.received.filter((n) => n.id === published?.id)).toHaveLength(1);
    expect(owner.received.find((n) => n.id === published?.id)).toMatchObject({ versionId: 5, version: 2, url: 'http://localhost/sites/luxe-ny/' });
    await pause(300);
    // In the admins' room and the business's: the admin got it once.
    expect(admin.received.filter((n) => n.id === published?.id)).toHaveLength(1);
    expect(manager.received).toEqual([]);
    expect(lotus.received).toEqual([]);
  });

  it('a deploy reaches admins who never joined the business room; a report run and a build step only that room', async () => {
    const admin = await connected(cookieOf((await signedIn(server, 'admin')).jar));
    const owner = await connected(cookieOf((await signedIn(server, 'owner')).jar));
    const lotus = await connected(cookieOf((await signedIn(server, 'lotus')).jar));
    expect(await owner.stream.subscribeBusiness(3)).toBe(true);
    const steps: string[] = [];
    const lotusSteps: string[] = [];
    owner.stream.on('publishStep', (s) => steps.push(s.step));
    lotus.stream.on('publishStep', (s) => lotusSteps.push(s.step));
    admin.stream.on('publishStep', (s) => lotusSteps.push(s.step));

    const deployed = await server.app.notifier.notify({
      kind: 'mobileAppDeployed',
      businessId: 3,
      title: 'Mobile app deployed',
      body: 'App version 1 is live',
      versionId: 9,
      version: 1,
      url: 'http://localhost/sites/luxe-sf/app/',
    });
    const finished = await server.app.notifier.notify({ kind: 'reportRunFinished', businessId: 3, title: 'Report run finished', body: 'Sales: 3 rows.', reportId: '12' });
    server.app.notifier.publishStep({ businessId: 3, versionId: 9, kind: 'app', step: 'building', at: clock.toISOString(), message: 'Building', url: null });
    await expect.poll(() => admin.received.some((n) => n.id === deployed?.id)).toBe(true);
    await expect.poll(() => owner.received.map((n) => n.id)).toEqual([deployed?.id, finished?.id]);
    await expect.poll(() => steps).toEqual(['building']);
    await pause(300);
    expect(admin.received.some((n) => n.id === finished?.id)).toBe(false);
    expect(lotus.received).toEqual([]);
    expect(lotusSteps).toEqual([]);

    // Kept in the admins' notification list, unread, with its version and address; not the report run.
    const list = await (await signedIn(server, 'admin')).client.notifications.list({ limit: 20 });
    expect(list.items.find((n) => n.id === deployed?.id)).toMatchObject({ kind: 'mobileAppDeployed', businessId: 3, version: 1, url: 'http://localhost/sites/luxe-sf/app/', read: false });
    expect(list.items.some((n) => n.id === finished?.id)).toBe(false);
  });
});

describe('security notifications', () => {
  it('locking an account with wrong passwords sends the admins exactly one notification, however many tries follow', async () => {
    const admin = await connected(cookieOf((await signedIn(server, 'admin')).jar));
    const rows = await adminRows();
    const statuses: number[] = [];
    for (let i = 0; i < THROTTLE.password.max + 5; i++) {
      statuses.push((await post('/login', null, { username: 'frontdesk', password: 'f'.repeat(64) })).status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(THROTTLE.password.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(await adminRows()).toBe(rows + 1);
    await expect.poll(() => admin.received.filter((n) => n.kind === 'adminMessage' && n.source === 'security')).toHaveLength(1);
    const [alert] = admin.received;
    expect(alert).toMatchObject({ title: MESSAGES.signInLockedTitle, source: 'security', senderName: null });
    expect(alert?.body).toContain('the account frontdesk');
    expect(alert?.body).not.toContain(DEMO_PASSWORD);
    await pause(300);
    expect(admin.received).toHaveLength(1);
  });

  it('an unknown name is masked in the notification', async () => {
    const rows = await adminRows();
    for (let i = 0; i < THROTTLE.password.max; i++) await post('/login', null, { username: 'hunter2-my-password', password: 'f'.repeat(64) });
    expect(await adminRows()).toBe(rows + 1);
    const admin = await signedIn(server, 'admin');
    const [newest] = (await admin.client.notifications.list({ limit: 1 })).items;
    expect(newest?.body).toContain('an unknown name (hu');
    expect(newest?.body).not.toContain('hunter2');
  });
});

describe('security notifications for codes', () => {
  it('a phone number reaching the hourly limit of wrong codes sends one notification, with the number masked', async () => {
    const phone = '+13235550102'; // the manager's
    expect((await post('/login/account/otp/request', null, { cc: '+1', phone: '323 555 0102' })).status).toBe(200);
    const rows = await adminRows();
    const statuses = new Map<number, number>();
    for (let i = 0; i < THROTTLE.codeFailures.max + 3; i++) {
      const { status } = await post('/login/account/otp/validate', null, { phone, pin: String(100000 + i) });
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(statuses.get(429)).toBe(3);
    expect(await adminRows()).toBe(rows + 1);
    const admin = await signedIn(server, 'admin');
    const [newest] = (await admin.client.notifications.list({ limit: 1 })).items;
    expect(newest).toMatchObject({ title: MESSAGES.codeSignInLockedTitle, source: 'security' });
    expect(newest?.body).toContain('the account manager');
    expect(newest?.body).toContain('+1•••••••102');
    expect(newest?.body).not.toContain(phone);
  });
});

describe('shutting down', () => {
  it('closes right after starting, while the adapter is still setting up its LISTEN connection', async () => {
    for (let i = 0; i < 3; i++) {
      const own = await startTestServer();
      await own.close();
    }
  });

  it('closes with sockets connected: clients are dropped and the server stops', async () => {
    const own = await startTestServer({ demo: true });
    const admin = await signedIn(own, 'admin');
    const live = await connected(cookieOf(admin.jar), { baseUrl: own.baseUrl });
    expect(live.stream.state).toBe('open');
    await own.close();
    await expect.poll(() => live.stream.state).not.toBe('open');
    live.stream.close();
  });
});
