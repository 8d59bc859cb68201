import mitt from 'mitt';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { type Notification, type NotificationEvents, notification, REALTIME_EVENT, subscribeAck } from './notification';
import { type PublishStep, publishStep } from './publishStep';
import { defaultSocketUrl, SOCKET_PATH } from './socketUrl';

/**
 * - `idle`: created, `connect()` not called yet;
 * - `connecting`: opening, or retrying after a lost connection (socket.io reconnects by itself);
 * - `open`: connected and authenticated;
 * - `closed`: `close()` was called, or the server ended the connection (sign-out);
 * - `error`: the server refused the connection (no session, a foreign origin); it is not retried.
 */
export const CONNECTION_STATE = { idle: 'idle', connecting: 'connecting', open: 'open', closed: 'closed', error: 'error' } as const;
export type ConnectionState = (typeof CONNECTION_STATE)[keyof typeof CONNECTION_STATE];
export const CONNECTION_STATE_LABEL: Record<ConnectionState, string> = {
  idle: 'Not connected',
  connecting: 'Connecting…',
  open: 'Live',
  closed: 'Disconnected',
  error: 'Could not connect',
};

export interface NotificationStreamSnapshot {
  state: ConnectionState;
  /** Why the last attempt failed (the server's message), while `connecting` again or in `error`. */
  error: string | null;
}

/**
 * Builds the socket; the default is socket.io-client's `io`, imported on the first `connect()`
 * (so an app that bundles core but never connects never loads socket.io-client). Tests pass their
 * own (to add a cookie header in Node).
 */
export type SocketFactory = (url: string, options: Partial<ManagerOptions & SocketOptions>) => Socket;

export interface NotificationStreamOptions {
  /** The socket server's address. Default: `defaultSocketUrl` of `hostname` and `secure`. */
  url?: string;
  /** Default: whether the page is served over https. */
  secure?: boolean;
  /** Default: the page's host name (`localhost` outside a browser). */
  hostname?: string;
  socket?: SocketFactory;
  /** Told about each payload that failed validation (it never reaches a listener). */
  onInvalid?: (payload: unknown) => void;
}

export interface NotificationStream {
  /** The connection state now. */
  readonly state: ConnectionState;
  getSnapshot(): NotificationStreamSnapshot;
  /**
   * Listens to one kind of notification, or to the build steps of the businesses joined
   * (`publishStep`); returns the function that stops listening.
   */
  on<K extends keyof RealtimeEvents>(kind: K, listener: (payload: RealtimeEvents[K]) => void): () => void;
  /** Listens to every notification; returns the function that stops listening. */
  onAny(listener: (payload: Notification) => void): () => void;
  /** Listens to connection state changes; returns the function that stops listening. */
  onState(listener: (snapshot: NotificationStreamSnapshot) => void): () => void;
  /** Opens the connection (again, after `close()`). */
  connect(): void;
  /** Closes the connection; listeners stay registered. */
  close(): void;
  /**
   * Joins a business's room (kept across reconnections). Resolves `true` once joined, `false`
   * when the server refuses (the user may not see that business).
   */
  subscribeBusiness(businessId: number): Promise<boolean>;
  /** Leaves a business's room. */
  unsubscribeBusiness(businessId: number): void;
}

/** What a listener can hear: each kind of notification, and the build steps (not notifications: not kept in a list). */
export type RealtimeEvents = NotificationEvents & { publishStep: PublishStep };

type Listeners = RealtimeEvents & { any: Notification };

/** The address the stream connects to when none is given. */
function defaultUrl(options: NotificationStreamOptions): string {
  const location = (globalThis as { location?: { hostname?: string; protocol?: string } }).location;
  return defaultSocketUrl({
    hostname: options.hostname ?? location?.hostname ?? 'localhost',
    secure: options.secure ?? location?.protocol === 'https:',
  });
}

/**
 * The realtime notification stream (spec 000 §1): a socket.io connection whose notifications
 * are validated (invalid ones are dropped) and handed to typed listeners through a mitt emitter.
 */
export function createNotificationStream(options: NotificationStreamOptions = {}): NotificationStream {
  const url = options.url ?? defaultUrl(options);
  let loading: Promise<void> | null = null;
  const emitter = mitt<Listeners>();
  const stateListeners = new Set<(snapshot: NotificationStreamSnapshot) => void>();
  const businesses = new Set<number>();
  /** Callers of `subscribeBusiness` waiting for the next connection. */
  const waiting = new Map<number, ((ok: boolean) => void)[]>();
  let snapshot: NotificationStreamSnapshot = { state: 'idle', error: null };
  let socket: Socket | null = null;

  const setState = (state: ConnectionState, error: string | null = null) => {
    if (snapshot.state === state && snapshot.error === error) return;
    snapshot = { state, error };
    for (const listener of [...stateListeners]) listener(snapshot);
  };

  const join = (s: Socket, businessId: number): Promise<boolean> =>
    new Promise((resolve) => {
      s.timeout(10_000).emit(REALTIME_EVENT.subscribe, { businessId }, (err: unknown, ack: unknown) => {
        const parsed = subscribeAck.safeParse(ack);
        const ok = !err && parsed.success && parsed.data.ok;
        if (!ok) businesses.delete(businessId);
        resolve(ok);
      });
    });

  function open(factory: SocketFactory): Socket {
    const s = factory(url, { path: SOCKET_PATH, autoConnect: false, withCredentials: true });
    s.on('connect', () => {
      setState('open');
      for (const businessId of businesses) {
        const waiters = waiting.get(businessId) ?? [];
        waiting.delete(businessId);
        void join(s, businessId).then((ok) => {
          for (const resolve of waiters) resolve(ok);
        });
      }
    });
    s.on('disconnect', () => setState(s.active ? 'connecting' : 'closed'));
    s.on('connect_error', (error: Error) => setState(s.active ? 'connecting' : 'error', error.message));
    s.on(REALTIME_EVENT.notification, (payload: unknown) => {
      const parsed = notification.safeParse(payload);
      if (!parsed.success) {
        options.onInvalid?.(payload);
        return;
      }
      emitter.emit(parsed.data.kind, parsed.data as never);
      emitter.emit('any', parsed.data);
    });
    s.on(REALTIME_EVENT.publishStep, (payload: unknown) => {
      const parsed = publishStep.safeParse(payload);
      if (!parsed.success) {
        options.onInvalid?.(payload);
        return;
      }
      emitter.emit('publishStep', parsed.data);
    });
    return s;
  }

  return {
    get state() {
      return snapshot.state;
    },
    getSnapshot: () => snapshot,
    on(kind, listener) {
      const handler = listener as (payload: Listeners[typeof kind]) => void;
      emitter.on(kind, handler);
      return () => emitter.off(kind, handler);
    },
    onAny(listener) {
      emitter.on('any', listener);
      return () => emitter.off('any', listener);
    },
    onState(listener) {
      stateListeners.add(listener);
      return () => void stateListeners.delete(listener);
    },
    connect() {
      if (!socket && options.socket) socket = open(options.socket);
      if (socket) {
        if (socket.connected || snapshot.state === 'connecting') return;
        setState('connecting');
        socket.connect();
        return;
      }
      if (loading) return;
      setState('connecting');
      loading = import('socket.io-client').then(
        ({ io }) => {
          loading = null;
          if (snapshot.state !== 'connecting') return; // closed while loading
          socket = open(io);
          socket.connect();
        },
        (error: Error) => {
          loading = null;
          setState('error', error.message);
        },
      );
    },
    close() {
      socket?.disconnect();
      setState(snapshot.state === 'idle' ? 'idle' : 'closed');
    },
    subscribeBusiness(businessId) {
      businesses.add(businessId);
      if (socket?.connected) return join(socket, businessId);
      // Joined on the next connection; answered then.
      return new Promise((resolve) => waiting.set(businessId, [...(waiting.get(businessId) ?? []), resolve]));
    },
    unsubscribeBusiness(businessId) {
      businesses.delete(businessId);
      for (const resolve of waiting.get(businessId) ?? []) resolve(false);
      waiting.delete(businessId);
      if (socket?.connected) socket.emit(REALTIME_EVENT.unsubscribe, { businessId });
    },
  };
}
