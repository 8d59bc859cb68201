import { createHash, randomBytes } from 'node:crypto';
import { ApiError, createClient, isOtpChallenge, type OtpChallenge, type SalondeskClient, type Session } from '@salondesk/core';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { ensureDatabase } from '../db/embedded';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo/accounts';
import { outbox } from '../outbox/schema';
import { type BuildServerOptions, buildServer } from '../server';

/**
 * When the template's demo data was made: the demo's "today" is `todayIn(zone, demoSeededAt())`.
 * A test about the demo's days uses it, not `new Date()`: the run may have crossed a location's
 * midnight since (Sydney's is 13:00 UTC, Los Angeles's 08:00 UTC).
 */
export const demoSeededAt = (): Date => new Date(inject('demoSeededAt'));

/** A new database copied from the migrated, seeded template: each test file gets its own. */
export async function freshDatabaseUrl(): Promise<string> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(adminUrl, name, inject('templateDatabase'));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A per-address sign-in limit (`signinFailuresPerAddress`) no test reaches. Every test request
 * comes from 127.0.0.1, so a test file that makes many failed sign-ins on purpose (the
 * per-account brute-force and lock tests) passes it explicitly, to keep testing what it tests
 * rather than the address limit; the address limit has its own tests (auth/address-throttle.test.ts).
 */
export const NO_ADDRESS_LIMIT = 1_000_000;

export interface TestServer {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export interface TestServerOptions extends Omit<BuildServerOptions, 'database' | 'connectionString'> {
  /** A database to share with another test server (`freshDatabaseUrl()`); default a fresh one. */
  databaseUrl?: string;
}

/**
 * `buildServer` on a fresh database, listening on 127.0.0.1:0: tests talk real HTTP to it.
 * Background jobs are off unless a test asks (`jobs: { workers: true }`): the server still sends
 * jobs, but no worker or scheduler runs, so a housekeeping tick never deletes rows under a test
 * with its own clock.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { databaseUrl, ...serverOptions } = options;
  const database = openDatabase(databaseUrl ?? (await freshDatabaseUrl()), { max: 4 });
  const server = await serveOn(database, serverOptions);
  return {
    ...server,
    async close() {
      await server.close();
      await database.close();
    },
  };
}

/**
 * A test server on a database the caller opened and closes (closing the server leaves the
 * database open): for tests that restart the server on the same data.
 */
export async function serveOn(database: DatabaseHandle, options: Omit<TestServerOptions, 'databaseUrl'> = {}): Promise<TestServer> {
  const app = await buildServer({
    webDist: '/nonexistent-salondesk-dist',
    verifyPreSerialized: true,
    ...options,
    jobs: { workers: false, ...options.jobs },
    database,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, baseUrl: `http://127.0.0.1:${address.port}`, database, close: () => app.close() };
}

/** A fetch that keeps cookies like a browser would (one jar, no expiry handling). */
export function cookieJarFetch() {
  const jar = new Map<string, string>();
  const fetchWithCookies: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const cleared = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (cleared) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
  return { fetch: fetchWithCookies, jar };
}

export interface TestClient {
  client: SalondeskClient;
  jar: Map<string, string>;
  fetch: typeof fetch;
}

/** core's `createClient` over a cookie-keeping fetch: the SDK itself is under test too. */
export function clientFor(server: TestServer): TestClient {
  const { fetch, jar } = cookieJarFetch();
  return { client: createClient({ baseURL: server.baseUrl, fetch }), jar, fetch };
}

export const demoAccount = (username: string) => {
  const account = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!account) throw new Error(`No demo account ${username}`);
  return account;
};

/** The 6-digit code of the newest outbox message matching `where` (an email's ref, a phone number). */
export async function codeFromOutbox(server: TestServer, where: { ref?: string; to?: string }): Promise<string> {
  const [row] = await server.database.db
    .select()
    .from(outbox)
    .where(where.ref ? eq(outbox.ref, where.ref) : eq(outbox.recipient, where.to ?? ''))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code in the outbox for ${JSON.stringify(where)}`);
  return code;
}

/** The outbox ref of an admin challenge's code email. */
export const challengeRef = (challenge: OtpChallenge): string => createHash('sha256').update(challenge.key).digest('hex');

/**
 * A client signed in as a demo account, with the session it got. An admin's sign-in is
 * completed with the code emailed to them, read from the outbox table as a person would read it.
 */
export async function signedIn(server: TestServer, username: string): Promise<TestClient & { session: Session }> {
  const test = clientFor(server);
  const result = await test.client.auth.login({ username, password: DEMO_PASSWORD });
  if (!isOtpChallenge(result)) return { ...test, session: result };
  const pin = await codeFromOutbox(server, { ref: challengeRef(result) });
  const session = await test.client.auth.verifyAdminCode({ uid: result.uid, admin: username, key: result.key, pin });
  return { ...test, session };
}

/** What any JSON answer of the API looks like, loosely. */
export interface Envelope {
  status: boolean;
  data?: unknown;
  message?: string;
  code?: string;
  issues?: { path: (string | number)[]; message: string }[];
}

/** Raw JSON request (for what the SDK would never send). */
export async function rawRequest(
  server: TestServer,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; body: Envelope | undefined; text: string }> {
  const response = await fetch(`${server.baseUrl}${path}`, init);
  const text = await response.text();
  let body: Envelope | undefined;
  try {
    body = JSON.parse(text) as Envelope;
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** The `ApiError` a call fails with (a test of a refusal); fails the test when the call succeeds. */
export async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}
