import {
  createClient,
  createMemoryStorage,
  createSessionStore,
  isAdmin,
  type KeyValueStorage,
  type SalondeskClient,
  type SessionStore,
} from '@salondesk/core';
import { afterLoginPath } from './guard';

/**
 * The SDK side of the dashboard: the core client and the session store. It is a chunk of its own,
 * fetched by the login screen as soon as it renders (and counted in the login route's budget);
 * the query cache belongs to the dashboard's provider, which /login does not need.
 */
export interface Sdk {
  client: SalondeskClient;
  sessionStore: SessionStore;
}

export interface SdkOptions {
  /** Tests pass a fetch that answers like the API; browsers use their own. */
  fetch?: typeof globalThis.fetch;
  storage?: KeyValueStorage;
}

function browserStorage(): KeyValueStorage {
  try {
    if (typeof globalThis.localStorage !== 'undefined') return globalThis.localStorage;
  } catch {
    // Refused (privacy modes, sandboxed frames): keep the session for this page only.
  }
  return createMemoryStorage();
}

/** Same-origin client: the API serves the dashboard (or Vite's dev server proxies to it). */
export function createSdk(options: SdkOptions = {}): Sdk {
  const client = createClient({ baseURL: '', ...(options.fetch ? { fetch: options.fetch } : {}) });
  return {
    client,
    sessionStore: createSessionStore({ client, storage: options.storage ?? browserStorage() }),
  };
}

let current: Sdk | null = null;

/** The page's one SDK, created on first use. */
export const getSdk = (): Sdk => (current ??= createSdk());

/** Replaces the page's SDK (tests; embedding). `null` forgets it. */
export function installSdk(sdk: Sdk | null): void {
  current = sdk;
}

/**
 * Signs in and says where to go: the requested path, else the first business's home (for an
 * admin without businesses of their own, the platform's first). Throws the client's ApiError.
 */
export async function signIn(credentials: { username: string; password: string }, next: string | null): Promise<string> {
  const { client, sessionStore } = getSdk();
  const session = await sessionStore.login(credentials);
  const adminFirst =
    session.businesses.length === 0 && isAdmin(session.user)
      ? await client.businesses.listAll().then(
          (all) => all[0]?.id ?? null,
          () => null,
        )
      : null;
  return afterLoginPath(session, next, adminFirst);
}
