import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AdminMessage, REALTIME_EVENT } from './notification';
import { type ConnectionState, createNotificationStream, type NotificationStream } from './notificationStream';
import { SOCKET_PATH } from './socketUrl';

/**
 * A real socket.io server on 127.0.0.1: it refuses a connection whose `auth.token` is "refuse"
 * (as the API refuses one without a session) and lets the test push payloads to its clients.
 */
let http: HttpServer;
let server: Server;
let url: string;
const connected: ServerSocket[] = [];

beforeAll(async () => {
  http = createServer();
  server = new Server(http, { path: SOCKET_PATH });
  server.use((socket, next) => (socket.handshake.auth.token === 'refuse' ? next(new Error('Please log in to continue.')) : next()));
  server.on('connection', (socket) => {
    connected.push(socket);
    socket.on(REALTIME_EVENT.subscribe, (body: { businessId: number }, ack: (a: unknown) => void) => {
      if (body.businessId === 7) void socket.join(`business:7`);
      ack({ ok: body.businessId === 7 });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
});

const streams: NotificationStream[] = [];
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
  connected.splice(0);
});

const streamWith = (token?: string) => {
  const stream = createNotificationStream({
    url,
    socket: (address, options) => io(address, { ...options, auth: token ? { token } : {}, reconnectionDelay: 50, reconnectionDelayMax: 100 }),
  });
  streams.push(stream);
  return stream;
};

const until = (stream: NotificationStream, state: ConnectionState) =>
  new Promise<void>((resolve) => {
    if (stream.state === state) return resolve();
    const stop = stream.onState((s) => {
      if (s.state === state) {
        stop();
        resolve();
      }
    });
  });

const message = (overrides: Partial<AdminMessage> = {}): AdminMessage => ({
  kind: 'adminMessage',
  id: 1,
  title: 'Message from Ada',
  body: 'Hello admins',
  createdAt: '2025-07-01T08:00:00.000Z',
  source: 'admin',
  senderName: 'Ada',
  ...overrides,
});

/** Waits until the server has seen `n` connections (the client's `open` may come first). */
const serverSockets = async (n: number) => {
  await expect.poll(() => connected.length).toBeGreaterThanOrEqual(n);
  return connected;
};

describe('the notification stream', () => {
  it('goes idle → connecting → open → closed', async () => {
    const stream = streamWith();
    const states: ConnectionState[] = [];
    stream.onState((s) => states.push(s.state));
    expect(stream.state).toBe('idle');
    stream.connect();
    await until(stream, 'open');
    stream.close();
    expect(states).toEqual(['connecting', 'open', 'closed']);
    expect(stream.getSnapshot()).toEqual({ state: 'closed', error: null });
  });

  it('ends in error, with the server’s reason, when the server refuses the connection (and does not retry)', async () => {
    const stream = streamWith('refuse');
    stream.connect();
    await until(stream, 'error');
    expect(stream.getSnapshot().error).toBe('Please log in to continue.');
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.state).toBe('error');
  });

  it('hands valid notifications to the listeners of their kind, drops invalid ones', async () => {
    const invalid: unknown[] = [];
    const stream = createNotificationStream({ url, socket: io, onInvalid: (p) => invalid.push(p) });
    streams.push(stream);
    const messages: AdminMessage[] = [];
    const any: string[] = [];
    stream.on('adminMessage', (m) => messages.push(m));
    stream.on('websitePublished', () => any.push('wrong listener'));
    stream.onAny((n) => any.push(n.kind));
    stream.connect();
    await until(stream, 'open');
    const [socket] = await serverSockets(1);
    const bad = [
      { ...message(), kind: 'nope' },
      { ...message(), createdAt: 'yesterday' },
      { ...message(), id: -1 },
      { ...message(), title: '' },
      { ...message(), body: 'x'.repeat(1001) },
      { kind: 'websitePublished', id: 3, title: 'Published', body: '', createdAt: '2025-07-01T08:00:00Z', versionId: 1, version: 1, url: '/sites/a/' }, // no businessId
      { kind: 'websitePublished', id: 3, businessId: 7, title: 'Published', body: '', createdAt: '2025-07-01T08:00:00Z' }, // no version
      'not an object',
      null,
    ];
    for (const payload of bad) socket?.emit(REALTIME_EVENT.notification, payload);
    socket?.emit(REALTIME_EVENT.notification, message({ id: 2, body: 'the good one' }));
    await expect.poll(() => messages.length).toBe(1);
    expect(messages[0]).toEqual(message({ id: 2, body: 'the good one' }));
    expect(any).toEqual(['adminMessage']);
    expect(invalid).toHaveLength(bad.length);
  });

  it("hands a business room's build steps to publishStep listeners, never to notification listeners", async () => {
    const invalid: unknown[] = [];
    const stream = createNotificationStream({ url, socket: io, onInvalid: (p) => invalid.push(p) });
    streams.push(stream);
    const steps: string[] = [];
    const any: string[] = [];
    stream.on('publishStep', (s) => steps.push(`${s.kind}:${s.step}`));
    stream.onAny((n) => any.push(n.kind));
    stream.connect();
    await until(stream, 'open');
    const [socket] = await serverSockets(1);
    const step = { businessId: 7, versionId: 3, kind: 'app', step: 'building', at: '2025-07-01T08:00:00Z', message: 'Building', url: null };
    socket?.emit(REALTIME_EVENT.publishStep, { ...step, step: 'exploded' });
    socket?.emit(REALTIME_EVENT.publishStep, { ...step, versionId: 0 });
    socket?.emit(REALTIME_EVENT.publishStep, step);
    socket?.emit(REALTIME_EVENT.publishStep, { ...step, step: 'live', url: 'http://localhost/sites/luxe/app/' });
    await expect.poll(() => steps).toEqual(['app:building', 'app:live']);
    expect(any).toEqual([]);
    expect(invalid).toHaveLength(2);
  });

  it('on() returns the function that stops that listener only', async () => {
    const stream = streamWith();
    const a: number[] = [];
    const b: number[] = [];
    const stopA = stream.on('adminMessage', (m) => a.push(m.id));
    stream.on('adminMessage', (m) => b.push(m.id));
    stream.connect();
    await until(stream, 'open');
    const [socket] = await serverSockets(1);
    socket?.emit(REALTIME_EVENT.notification, message({ id: 1 }));
    await expect.poll(() => b).toEqual([1]);
    stopA();
    socket?.emit(REALTIME_EVENT.notification, message({ id: 2 }));
    await expect.poll(() => b).toEqual([1, 2]);
    expect(a).toEqual([1]);
  });

  it('reconnects by itself when the server drops the connection, and joins its business rooms again', async () => {
    const stream = streamWith();
    const states: ConnectionState[] = [];
    stream.onState((s) => states.push(s.state));
    const received: number[] = [];
    stream.on('websitePublished', (n) => received.push(n.id));
    stream.connect();
    await until(stream, 'open');
    expect(await stream.subscribeBusiness(7)).toBe(true);
    expect(await stream.subscribeBusiness(8)).toBe(false);
    const [first] = await serverSockets(1);
    // A transport failure (not a deliberate kick): the client retries.
    first?.conn.close();
    await until(stream, 'connecting');
    await until(stream, 'open');
    await serverSockets(2);
    const published = {
      kind: 'websitePublished',
      id: 9,
      businessId: 7,
      title: 'Website published',
      body: '',
      createdAt: '2025-07-01T08:00:00Z',
      versionId: 4,
      version: 2,
      url: 'http://localhost/sites/luxe/',
    };
    await expect
      .poll(async () => {
        server.to('business:7').emit(REALTIME_EVENT.notification, published);
        await new Promise((r) => setTimeout(r, 20));
        return received.length > 0;
      })
      .toBe(true);
    expect(states.slice(0, 4)).toEqual(['connecting', 'open', 'connecting', 'open']);
  });

  it('is closed, not retrying, when the server ends the connection (a sign-out)', async () => {
    const stream = streamWith();
    stream.connect();
    await until(stream, 'open');
    const [socket] = await serverSockets(1);
    socket?.disconnect(true);
    await until(stream, 'closed');
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.state).toBe('closed');
  });

  it('loads socket.io-client itself when no factory is given', async () => {
    const stream = createNotificationStream({ url });
    streams.push(stream);
    stream.connect();
    expect(stream.state).toBe('connecting');
    await until(stream, 'open');
    await serverSockets(1);
  });

  it('answers a business subscription asked before connecting once connected', async () => {
    const stream = streamWith();
    const joined = stream.subscribeBusiness(7);
    stream.connect();
    expect(await joined).toBe(true);
  });
});
