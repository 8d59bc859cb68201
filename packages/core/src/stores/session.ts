import type { SalondeskClient } from '../api/index';
import { MESSAGES } from '../messages';
import { isOtpChallenge, type LoginResult, session as sessionSchema, type Session } from '../models/session';

/** Where the session is kept between page loads: `localStorage`, `sessionStorage`, or a test double. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The storage keys of the stored user, business and selection (spec 000 §4 Session). */
export const SESSION_STORAGE_KEYS = {
  user: 'salondesk.user',
  business: 'salondesk.business',
  selection: 'salondesk.selection',
} as const;
export type SessionStorageKeys = { [K in keyof typeof SESSION_STORAGE_KEYS]: string };

/**
 * - `idle`: nothing restored yet (call `restore()`);
 * - `restoring`: a stored user was found and is being verified with the server;
 * - `signedIn` / `signedOut`.
 */
export type SessionStatus = 'idle' | 'restoring' | 'signedIn' | 'signedOut';

/** Why the last sign-out happened: the user asked, the server ended the session, or nobody was signed in. */
export type SignOutReason = 'logout' | 'expired' | 'none';

export interface SessionState {
  status: SessionStatus;
  session: Session | null;
  /** The business the user last worked in (one of theirs, or any for an admin). */
  businessId: number | null;
  /** What the user had selected inside the dashboard (screen-defined, JSON). */
  selection: Record<string, unknown>;
  signOutReason: SignOutReason;
}

/** Where the store hears that the browser is back online: `window` in a browser, a test double elsewhere. */
export interface ConnectivityEvents {
  addEventListener(type: 'online', listener: () => void): void;
  removeEventListener(type: 'online', listener: () => void): void;
}

export interface SessionStoreOptions {
  client: Pick<SalondeskClient, 'auth' | 'on'>;
  storage: KeyValueStorage;
  keys?: Partial<SessionStorageKeys>;
  /** When given, the session is checked (`checkstatus`) each time the browser comes back online. */
  connectivity?: ConnectivityEvents;
}

export interface SessionStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SessionState;
  /**
   * Signs in with a password; stores the session and selects the first business. For a platform
   * admin it resolves to the code challenge instead and stays signed out until
   * `verifyAdminCode`. Throws the client's ApiError.
   */
  login(credentials: { username: string; password: string }): Promise<LoginResult>;
  /** Completes an admin's sign-in with the code emailed after `login`. */
  verifyAdminCode(input: { uid: number; admin: string; key: string; pin: string }): Promise<Session>;
  /** Signs in with a code sent by SMS (`cc` and local number, or the complete number). */
  loginWithPhoneCode(input: { cc?: string; phone: string; pin: string }): Promise<Session>;
  /**
   * Adopts a session the server granted through a call the store does not make itself (registering
   * from an invitation answers the new user's session and sets its cookie): stored, first business selected.
   */
  adopt(session: Session): Session;
  /**
   * Asks the server whether the session still holds (`checkstatus`); a `Please log in to
   * continue.` answer signs out, an unreachable server changes nothing.
   */
  checkStatus(): Promise<void>;
  /** Ends the session on the server (best effort) and clears the stored user, business and selection. */
  logout(): Promise<void>;
  /**
   * Restores the stored user and verifies it with `checkStatus`. A `Please log in to continue.`
   * answer signs out; an unreachable server keeps the stored session (the check runs again later).
   */
  restore(): Promise<void>;
  selectBusiness(businessId: number): void;
  setSelection(selection: Record<string, unknown>): void;
  /** Stops listening to the client's `sessionExpired` event and to connectivity. */
  destroy(): void;
}

/** Storage that forgets on reload: for tests, SSR and browsers that refuse `localStorage`. */
export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { dump(): Record<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    dump: () => Object.fromEntries(items),
  };
}

function readJson(storage: KeyValueStorage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function safely(action: () => void): void {
  try {
    action();
  } catch {
    // A full or refused storage must not break signing in or out.
  }
}

/**
 * The signed-in session as a framework-free store: `subscribe(listener) => unsubscribe` and
 * `getSnapshot()` (a new object on every change), persisted to an injected storage.
 */
export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { client, storage } = options;
  const keys: SessionStorageKeys = { ...SESSION_STORAGE_KEYS, ...options.keys };
  const listeners = new Set<() => void>();

  let state: SessionState = {
    status: 'idle',
    session: null,
    businessId: null,
    selection: {},
    signOutReason: 'none',
  };

  const setState = (next: Partial<SessionState>) => {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener();
  };

  const persist = (session: Session, businessId: number | null) => {
    safely(() => storage.setItem(keys.user, JSON.stringify(session)));
    safely(() => (businessId === null ? storage.removeItem(keys.business) : storage.setItem(keys.business, String(businessId))));
  };

  const clear = (reason: SignOutReason) => {
    for (const key of [keys.user, keys.business, keys.selection]) safely(() => storage.removeItem(key));
    setState({ status: 'signedOut', session: null, businessId: null, selection: {}, signOutReason: reason });
  };

  /** Keeps the chosen business when the session still allows it, else the first one. */
  const businessFor = (session: Session, preferred: number | null): number | null => {
    if (preferred !== null && (session.user.role === 'ADMIN' || session.businesses.some((b) => b.id === preferred))) {
      return preferred;
    }
    return session.businesses[0]?.id ?? null;
  };

  const unsubscribeExpired = client.on('sessionExpired', () => {
    if (state.session !== null || state.status === 'restoring') clear('expired');
  });

  // Restores a check started before a newer login or logout from overwriting it.
  let generation = 0;

  /** Adopts a session the server just granted (any sign-in path). */
  const signIn = (run: number, session: Session): Session => {
    if (run === generation) {
      const businessId = businessFor(session, null);
      persist(session, businessId);
      safely(() => storage.removeItem(keys.selection));
      setState({ status: 'signedIn', session, businessId, selection: {}, signOutReason: 'none' });
    }
    return session;
  };

  async function checkStatus(): Promise<void> {
    const current = state.session;
    if (current === null || state.status !== 'signedIn') return;
    const run = generation;
    try {
      const session = await client.auth.checkStatus(current.user.id);
      if (run !== generation || state.session === null) return;
      const businessId = businessFor(session, state.businessId);
      persist(session, businessId);
      setState({ session, businessId });
    } catch (error) {
      if (run !== generation) return;
      if (error instanceof Error && error.message === MESSAGES.pleaseLogIn && state.session !== null) clear('expired');
      // Anything else (still offline, a server error): keep the session; the next call decides.
    }
  }

  const onOnline = () => void checkStatus();
  options.connectivity?.addEventListener('online', onOnline);

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,

    async login(credentials) {
      const run = ++generation;
      const result = await client.auth.login(credentials);
      return isOtpChallenge(result) ? result : signIn(run, result);
    },

    async verifyAdminCode(input) {
      const run = ++generation;
      return signIn(run, await client.auth.verifyAdminCode(input));
    },

    async loginWithPhoneCode(input) {
      const run = ++generation;
      return signIn(run, await client.auth.verifyPhoneCode(input));
    },

    adopt: (session) => signIn(++generation, session),

    checkStatus,

    async logout() {
      ++generation;
      clear('logout');
      try {
        await client.auth.logout();
      } catch {
        // The local session is gone either way; the cookie expires on its own.
      }
    },

    async restore() {
      const run = ++generation;
      const stored = sessionSchema.safeParse(readJson(storage, keys.user));
      if (!stored.success) {
        clear('none');
        return;
      }
      const storedBusiness = Number(storage.getItem(keys.business));
      const selection = readJson(storage, keys.selection);
      setState({
        status: 'restoring',
        session: stored.data,
        businessId: businessFor(stored.data, Number.isSafeInteger(storedBusiness) && storedBusiness > 0 ? storedBusiness : null),
        selection: typeof selection === 'object' && selection !== null && !Array.isArray(selection) ? (selection as Record<string, unknown>) : {},
      });
      try {
        const session = await client.auth.checkStatus(stored.data.user.id);
        if (run !== generation) return;
        const businessId = businessFor(session, state.businessId);
        persist(session, businessId);
        setState({ status: 'signedIn', session, businessId, signOutReason: 'none' });
      } catch (error) {
        if (run !== generation) return;
        if (error instanceof Error && error.message === MESSAGES.pleaseLogIn) {
          clear('expired');
          return;
        }
        // Offline or a server error: keep the stored session; the next call or check decides.
        setState({ status: 'signedIn', signOutReason: 'none' });
      }
    },

    selectBusiness(businessId) {
      if (state.session === null || state.businessId === businessId) return;
      safely(() => storage.setItem(keys.business, String(businessId)));
      setState({ businessId });
    },

    setSelection(selection) {
      safely(() => storage.setItem(keys.selection, JSON.stringify(selection)));
      setState({ selection });
    },

    destroy() {
      unsubscribeExpired();
      options.connectivity?.removeEventListener('online', onOnline);
      listeners.clear();
    },
  };
}
