import { allBillingDests, allOperations, BILLING_BUSINESS_PATH, BILLING_USER_PATH, CSRF_HEADER, CSRF_HEADER_VALUE, fillPath, needsCsrfHeader, PROXY_PATH, toRouterPath } from '@salondesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NETWORKS } from '../demo/accounts';
import { demoAccount, rawRequest, signedIn, startTestServer, type TestServer } from '../test/harness';
import { SESSION_COOKIE } from '../auth/sessions';
import type { RouteEntry } from './registry';

/**
 * The cross-business matrix, built from the server's own route registry (every route, as
 * registered, with its access) and every proxy operation of core: routes added later are
 * covered without editing this file. The target is Luxe New York; nobody below may see it.
 */
const TARGET_ID = 2;
const target = DEMO_NETWORKS[0]?.locations[1];
if (target?.name !== 'Luxe New York') throw new Error('the demo data changed: Luxe New York is no longer business 2');
/** What of the target business must never appear in an answer to these callers. */
const SECRETS = [target.name, target.address, target.phone, 'America/New_York'];

interface Caller {
  name: string;
  /** The `sd_session` cookie, or null for anonymous. */
  cookie: string | null;
  userId: number | null;
  expected: number[];
}

interface Case {
  route: RouteEntry;
  method: string;
  url: string;
  label: string;
}

/** Each value a path parameter gets: the business under attack, the caller's own user, else 1. */
const fillFor = (route: RouteEntry, caller: Caller, overrides: Record<string, number> = {}) => {
  const values: Record<string, number> = {};
  for (const name of route.endpoint.pathParams) values[name] = name === 'id' ? TARGET_ID : name === 'uid' ? (caller.userId ?? 1) : 1;
  return fillPath(route.endpoint.path, { ...values, ...overrides });
};

function casesFor(routes: readonly RouteEntry[], caller: Caller): Case[] {
  const cases: Case[] = [];
  for (const route of routes) {
    if (route.access !== 'business') continue;
    const path = fillFor(route, caller);
    if (route.endpoint.path === PROXY_PATH) {
      // Every operation as the destination of the proxy route of its method, and one that does not exist.
      const dests = allOperations
        .filter((op) => op.method === route.method)
        .map((op) => fillPath(op.dest, Object.fromEntries(op.destParams.map((p) => [p, 1]))));
      for (const dest of [...dests, 'no/such/destination']) {
        cases.push({ route, method: route.method, url: `${path}?dest=${encodeURIComponent(dest)}`, label: `${route.method} ${route.url} → ${dest}` });
      }
    } else if (route.endpoint.path === BILLING_BUSINESS_PATH) {
      // Every business-level billing dest of the route's method (the caller's own uid), and one that does not exist.
      const dests = allBillingDests
        .filter((d) => d.route === 'business' && d.method === route.method)
        .map((d) => fillPath(d.dest, Object.fromEntries(d.destParams.map((p) => [p, 1]))));
      for (const dest of [...dests, 'no/such/destination']) {
        cases.push({ route, method: route.method, url: `${path}?uid=${caller.userId ?? 1}&dest=${encodeURIComponent(dest)}`, label: `${route.method} ${route.url} → ${dest}` });
      }
    } else {
      cases.push({ route, method: route.method, url: path, label: `${route.method} ${route.url}` });
    }
  }
  return cases;
}

/** A request as the dashboard sends it: the anti-CSRF header on every call that needs it (a GET that changes state too). */
const call = (server: TestServer, method: string, url: string, cookie: string | null, route?: RouteEntry) =>
  rawRequest(server, url, {
    method,
    headers: {
      accept: 'application/json',
      ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      ...(method !== 'GET' || (route && needsCsrfHeader(route.endpoint)) ? { [CSRF_HEADER]: CSRF_HEADER_VALUE } : {}),
    },
    body: method === 'GET' ? undefined : '{}',
  });

describe('cross-business matrix', () => {
  let server: TestServer;
  let callers: Caller[];

  beforeAll(async () => {
    server = await startTestServer({ demo: true });
    const as = async (username: string): Promise<Caller> => {
      const { jar, session } = await signedIn(server, username);
      return { name: username, cookie: jar.get(SESSION_COOKIE) ?? null, userId: session.user.id, expected: [403, 404] };
    };
    callers = [
      { name: 'anonymous', cookie: null, userId: null, expected: [401] },
      await as('manager'), // restricted manager of Luxe Los Angeles only
      await as('lotus'), // owner of the other network
    ];
  });
  afterAll(() => server.close());

  it('walks every route of the registry', () => {
    const routes = server.app.salondeskRoutes;
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.some((r) => r.access === 'business')).toBe(true);
    // The registry is what Fastify serves: every entry is a real route.
    for (const route of routes) expect(server.app.hasRoute({ method: route.method, url: route.url }), route.url).toBe(true);
    expect(routes.map((r) => r.url)).toContain(toRouterPath(PROXY_PATH));
  });

  it('refuses every business-scoped route of Luxe New York to anonymous, the Los Angeles manager and the other network owner, without a trace of its data', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const caller of callers) {
      for (const c of casesFor(server.app.salondeskRoutes, caller)) {
        const response = await call(server, c.method, c.url, caller.cookie, c.route);
        checked++;
        const leaks = SECRETS.filter((secret) => response.text.includes(secret));
        if (!caller.expected.includes(response.status) || response.body?.status !== false || leaks.length > 0) {
          failures.push(`${caller.name} ${c.label}: ${response.status} ${response.text.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(3 * 3);
  });

  it("refuses user routes with another user's id", async () => {
    const owner = 2;
    const failures: string[] = [];
    for (const caller of callers) {
      for (const route of server.app.salondeskRoutes) {
        const userParam = route.endpoint.pathParams.includes('uid') ? 'uid' : route.access === 'user' && route.endpoint.path.startsWith('/protected/user/{id}') ? 'id' : null;
        if (!userParam || route.access === 'public') continue;
        const url = fillFor(route, caller, { [userParam]: owner, ...(route.access === 'business' ? { id: 1 } : {}) });
        // The user-level billing route: every dest of its method on the owner's user (payment methods, subscriptions…).
        const urls =
          route.endpoint.path === BILLING_USER_PATH
            ? allBillingDests
                .filter((d) => d.route === 'user' && d.method === route.method)
                .map((d) => `${url}?dest=${encodeURIComponent(fillPath(d.dest, Object.fromEntries(d.destParams.map((p) => [p, 1]))))}`)
            : [url];
        for (const each of urls) {
          const response = await call(server, route.method, each, caller.cookie, route);
          const leaks = [demoAccount('owner').email, 'Olivia'].filter((s) => response.text.includes(s));
          if (!caller.expected.includes(response.status) || leaks.length > 0) failures.push(`${caller.name} ${route.method} ${each}: ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses admin routes to everyone but admins', async () => {
    for (const caller of callers) {
      for (const route of server.app.salondeskRoutes.filter((r) => r.access === 'admin')) {
        const response = await call(server, route.method, fillFor(route, caller), caller.cookie, route);
        expect(caller.expected, `${caller.name} ${route.url}`).toContain(response.status);
        expect(response.text).not.toContain(target.name);
      }
    }
  });

  it('is not vacuous: the owner of Luxe Collective does see Luxe New York through the same requests', async () => {
    const owner = await signedIn(server, 'owner');
    const detail = server.app.salondeskRoutes.find((r) => r.endpoint.name === 'businesses.detail') as RouteEntry;
    const response = await call(
      server,
      'GET',
      fillFor(detail, { name: 'owner', cookie: null, userId: owner.session.user.id, expected: [] }),
      owner.jar.get(SESSION_COOKIE) ?? null,
    );
    expect(response.status).toBe(200);
    expect(response.text).toContain(target.name);
  });
});
