import { createAdapter } from '@socket.io/postgres-adapter';
import { canSeeBusiness, id, isAdmin, MESSAGES, type Notification, type PublishStep, REALTIME_EVENT, REALTIME_ROOM, SOCKET_PATH } from '@salondesk/core';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod/mini';
import { hashToken, SESSION_COOKIE, type SessionStore } from '../auth/sessions';
import type { AuthState } from '../auth/authState';
import { findBusiness } from '../businesses/queries';
import type { Database } from '../db/client';

/**
 * Where a notification goes: the admins, everyone subscribed to one business, or both (a socket
 * in both rooms gets it once).
 */
export type NotificationAudience = { admins: true } | { businessId: number; admins?: boolean };

export interface Realtime {
  /** The socket.io server (tests look at its rooms). */
  io: Server;
  /** Sends a notification to its audience, on every API node (through PostgreSQL). */
  emit(audience: NotificationAudience, payload: Notification): void;
  /** Sends a build step to its business's room, on every API node. */
  emitPublishStep(payload: PublishStep): void;
  /** Disconnects every socket of a session, on every node (logout). */
  endSession(tokenHash: string): void;
  /** Disconnects the sockets of this node whose session has ended (expired, idle, user disabled). */
  sweep(): Promise<void>;
}

export interface RealtimeOptions {
  db: Database;
  /** The pool whose connection settings the adapter's own small pool copies. */
  pool: pg.Pool;
  sessions: SessionStore;
  /** Origins allowed besides the server's own (the dashboard's public address). */
  allowedOrigins: readonly string[];
  /** How often this node re-checks the sessions of its sockets. Default one minute. */
  sweepEveryMs?: number;
}

interface SocketData {
  auth: AuthState;
  token: string;
}

const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;
const subscribeBody = z.object({ businessId: id });

/**
 * May a handshake with this Origin connect? Its own origin (the Host it was sent to) and the
 * allow-list. A browser sends no Origin on a same-origin polling GET, so a missing Origin is not
 * refused here (the session cookie is still required, and it is SameSite=Lax); a present foreign
 * one (or "null") is.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (host !== undefined && parsed.host === host.toLowerCase()) return true;
  return allowed.has(parsed.origin);
}

/**
 * socket.io on the API's own HTTP server (`/socket.io`): the handshake needs a live session
 * cookie and an allowed Origin; admins join `admins`; a `subscribe` joins `business:{id}` when
 * the user may see that business (re-checked against the session at that moment). Packets fan
 * out to the other API nodes through PostgreSQL LISTEN/NOTIFY (`@socket.io/postgres-adapter`).
 * Closing the Fastify app disconnects every socket first, then stops the adapter and its pool.
 */
export function attachRealtime(app: FastifyInstance, options: RealtimeOptions): Realtime {
  const allowed = new Set(options.allowedOrigins.map((o) => new URL(o).origin));

  // The adapter's NOTIFYs and clean-ups go through a small pool of its own, so it never starves requests.
  const adapterPool = new pg.Pool({ ...options.pool.options, max: 2 });
  adapterPool.on('error', (error) => app.log.warn({ err: error }, 'Realtime adapter: PostgreSQL connection lost'));
  // The adapter LISTENs on a connection of its own (connect, then LISTEN, in the background):
  // a client we create and end ourselves, never one borrowed from a pool. Closing waits for the
  // set-up to finish, so nothing is left half open; once closing, a connect never answers, so
  // the adapter's retry timer cannot loop.
  const pending = new Set<Promise<unknown>>();
  const listening = new Set<pg.Client>();
  let closing = false;
  const track = <T>(promise: Promise<T>): Promise<T> => {
    pending.add(promise);
    const forget = () => pending.delete(promise);
    promise.then(forget, forget);
    return promise;
  };
  const endClient = (client: pg.Client) => {
    listening.delete(client);
    return client.end().catch(() => {});
  };
  const trackedPool = {
    connect: () => {
      if (closing) return new Promise<never>(() => {});
      const client = new pg.Client(options.pool.options);
      client.on('error', (error) => app.log.warn({ err: error }, 'Realtime adapter: the LISTEN connection failed'));
      listening.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      Object.assign(client, {
        query: (...args: unknown[]) => track(query(...args)),
        release: () => void endClient(client),
      });
      return track(
        client.connect().then(
          () => client,
          (error: unknown) => {
            void endClient(client);
            throw error;
          },
        ),
      );
    },
    query: adapterPool.query.bind(adapterPool),
  } as unknown as pg.Pool;

  const io = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    cors: { origin: [...allowed], credentials: true },
    adapter: createAdapter(trackedPool, { errorHandler: (error) => app.log.warn({ err: error }, 'Realtime adapter error') }),
  });

  io.use((socket, next) => {
    const { headers } = socket.request;
    if (!originAllowed(headers.origin, headers.host, allowed)) return next(new Error(MESSAGES.realtimeForeignOrigin));
    const token = app.parseCookie(headers.cookie ?? '')[SESSION_COOKIE];
    if (!token) return next(new Error(MESSAGES.pleaseLogIn));
    options.sessions.resolve(token).then(
      (auth) => {
        if (!auth) return next(new Error(MESSAGES.pleaseLogIn));
        socket.data = { auth, token } satisfies SocketData;
        next();
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'Realtime handshake: the session could not be read');
        next(new Error(MESSAGES.serverError));
      },
    );
  });

  io.on('connection', (socket: Socket) => {
    const { auth, token } = socket.data as SocketData;
    void socket.join(sessionRoom(auth.tokenHash));
    if (isAdmin(auth.user)) void socket.join(REALTIME_ROOM.admins);

    socket.on(REALTIME_EVENT.subscribe, (body: unknown, ack: unknown) => {
      const answer = typeof ack === 'function' ? (ack as (a: { ok: boolean }) => void) : () => {};
      const parsed = subscribeBody.safeParse(body);
      if (!parsed.success) return answer({ ok: false });
      void (async () => {
        // The grants as they are now, not as they were at the handshake.
        const current = await options.sessions.resolve(token, { touch: false });
        if (!current) {
          answer({ ok: false });
          socket.disconnect(true);
          return;
        }
        const business = await findBusiness(options.db, parsed.data.businessId);
        if (!business || !canSeeBusiness(current.user, current.grants, business)) return answer({ ok: false });
        await socket.join(REALTIME_ROOM.business(business.id));
        answer({ ok: true });
      })().catch((error: unknown) => {
        app.log.error({ err: error }, 'Realtime subscribe failed');
        answer({ ok: false });
      });
    });
    socket.on(REALTIME_EVENT.unsubscribe, (body: unknown) => {
      const parsed = subscribeBody.safeParse(body);
      if (parsed.success) void socket.leave(REALTIME_ROOM.business(parsed.data.businessId));
    });
  });

  async function sweep(): Promise<void> {
    for (const socket of io.of('/').sockets.values()) {
      const data = socket.data as SocketData | undefined;
      if (!data) continue;
      const live = await options.sessions.resolve(data.token, { touch: false });
      if (!live || live.tokenHash !== hashToken(data.token)) socket.disconnect(true);
    }
  }
  const sweeper = setInterval(() => {
    sweep().catch((error: unknown) => app.log.warn({ err: error }, 'Realtime: the session sweep failed'));
  }, options.sweepEveryMs ?? 60_000);
  sweeper.unref();

  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    // Open sockets would keep the HTTP server from closing.
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    closing = true;
    while (pending.size > 0) {
      await Promise.allSettled([...pending]);
      await new Promise((resolve) => setImmediate(resolve)); // the adapter's own continuation runs first
    }
    await io.close();
    // A LISTEN connection the adapter did not hand back (one that failed half-way) is ended too.
    await Promise.all([...listening].map(endClient));
    await adapterPool.end();
  });

  return {
    io,
    emit(audience, payload) {
      const rooms = 'businessId' in audience ? [REALTIME_ROOM.business(audience.businessId), ...(audience.admins ? [REALTIME_ROOM.admins] : [])] : [REALTIME_ROOM.admins];
      io.to(rooms).emit(REALTIME_EVENT.notification, payload);
    },
    emitPublishStep(payload) {
      io.to(REALTIME_ROOM.business(payload.businessId)).emit(REALTIME_EVENT.publishStep, payload);
    },
    endSession(tokenHash) {
      io.in(sessionRoom(tokenHash)).disconnectSockets(true);
    },
    sweep,
  };
}
