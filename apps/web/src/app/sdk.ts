import {
  type ConnectivitySource,
  type ConnectivityStore,
  createConnectivityStore,
  createSignInClient,
  createMemoryStorage,
  createSessionStore,
  isAdmin,
  isOtpChallenge,
  type KeyValueStorage,
  type OtpChallenge,
  type SignInClient,
  type Session,
  type SessionStore,
} from '@salondesk/core';
import { afterLoginPath } from './guard';

/**
 * The SDK side of the dashboard: the core client and the session store. It is a chunk of its own,
 * fetched by the login screen as soon as it renders (and counted in the login route's budget);
 * the query cache belongs to the dashboard's provider, which /login does not need.
 */
export interface Sdk {
  /** Only the sign-in calls; the dashboard builds the full client over its transport. */
  client: SignInClient;
  sessionStore: SessionStore;
  /** Whether the browser is online (the offline banner, error states). */
  connectivity: ConnectivityStore;
}

export interface SdkOptions {
  /** Tests pass a fetch that answers like the API; browsers use their own. */
  fetch?: typeof globalThis.fetch;
  storage?: KeyValueStorage;
  /** Where going offline and "back online" are heard; browsers use `window`, tests pass their own or nothing (always online). */
  connectivity?: ConnectivitySource;
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
  const client = createSignInClient({ baseURL: '', ...(options.fetch ? { fetch: options.fetch } : {}) });
  return {
    client,
    sessionStore: createSessionStore({ client, storage: options.storage ?? browserStorage(), connectivity: options.connectivity }),
    connectivity: createConnectivityStore(options.connectivity),
  };
}

let current: Sdk | null = null;

/** The page's one SDK, created on first use. */
export const getSdk = (): Sdk => (current ??= createSdk({ connectivity: typeof window === 'undefined' ? undefined : window }));

/** Replaces the page's SDK (tests; embedding). `null` forgets it. */
export function installSdk(sdk: Sdk | null): void {
  current = sdk;
}

/** Where to go once signed in: the requested path, else the first business's home (for an admin, the platform's first). */
async function destinationFor(session: Session, next: string | null): Promise<string> {
  const { client } = getSdk();
  const adminFirst =
    session.businesses.length === 0 && isAdmin(session.user)
      ? await client.businesses.listAll().then(
          (all) => all[0]?.id ?? null,
          () => null,
        )
      : null;
  return afterLoginPath(session, next, adminFirst);
}

/**
 * Signs in with a password and says where to go, or, for a platform admin, returns the code
 * challenge (the code is in their email). Throws the client's ApiError.
 */
export async function signIn(
  credentials: { username: string; password: string },
  next: string | null,
): Promise<{ destination: string } | { challenge: OtpChallenge }> {
  const result = await getSdk().sessionStore.login(credentials);
  if (isOtpChallenge(result)) return { challenge: result };
  return { destination: await destinationFor(result, next) };
}

/** The admin's second step: the emailed code. Returns where to go. */
export async function signInWithAdminCode(input: { uid: number; admin: string; key: string; pin: string }, next: string | null): Promise<string> {
  return destinationFor(await getSdk().sessionStore.verifyAdminCode(input), next);
}

/** Asks for a code by SMS (the answer is the same for any number). */
export async function requestPhoneCode(input: { cc: string; phone: string }): Promise<void> {
  await getSdk().client.auth.requestPhoneCode(input);
}

/** Signs in with the SMS code. Returns where to go. */
export async function signInWithPhoneCode(input: { cc: string; phone: string; pin: string }, next: string | null): Promise<string> {
  return destinationFor(await getSdk().sessionStore.loginWithPhoneCode(input), next);
}

