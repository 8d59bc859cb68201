import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { allEndpoints, CSRF_HEADER, CSRF_HEADER_VALUE, endpoints, MESSAGES } from '@salondesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../server';
import { freshDatabaseUrl, rawRequest, signedIn, startTestServer, type TestServer } from '../test/harness';
import { DEMO_META } from './web';

const json = { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE };

describe('envelopes and errors', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers invalid JSON with 400 and the catalogue message', async () => {
    const response = await rawRequest(server, '/login', { method: 'POST', headers: json, body: '{"username": "owner",' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: false, message: MESSAGES.invalidJson, code: 'BAD_REQUEST' });
  });

  it('answers an empty JSON body with 400', async () => {
    const response = await rawRequest(server, '/login', { method: 'POST', headers: json, body: '' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: false, code: 'BAD_REQUEST' });
  });

  it('answers bad fields with 400 and one issue per field', async () => {
    const response = await rawRequest(server, '/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: '', password: 12 }),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: false, message: MESSAGES.invalidRequest, code: 'BAD_REQUEST' });
    expect(response.body?.issues?.map((i) => i.path)).toEqual([['username'], ['password']]);
    expect(response.body?.issues?.[0]?.message).toBe('Enter your username or email');
  });

  it('answers a body of the wrong type with 400, not 500', async () => {
    for (const body of ['[]', '"text"', 'null', '42']) {
      const response = await rawRequest(server, '/login', { method: 'POST', headers: json, body });
      expect(response.status, body).toBe(400);
      expect(response.body?.message).toBe(MESSAGES.invalidRequest);
    }
    const xml = await rawRequest(server, '/login', {
      method: 'POST',
      headers: { 'content-type': 'application/xml', [CSRF_HEADER]: CSRF_HEADER_VALUE },
      body: '<login/>',
    });
    expect(xml.status).toBe(415);
    expect(xml.body).toMatchObject({ status: false, message: MESSAGES.invalidRequest });
  });

  it('reports a malformed path id as a field issue to an admin', async () => {
    const admin = await signedIn(server, 'admin');
    const response = await admin.fetch(`${server.baseUrl}/protected/user/1/business/abc/detail`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { issues: unknown }).issues).toEqual([{ path: ['params', 'id'], message: 'Must be a number' }]);
  });

  it('answers an unknown API route with the 404 envelope', async () => {
    for (const [method, url] of [['GET', '/protected/nothing/here'], ['POST', '/nothing'], ['DELETE', '/login']] as const) {
      const response = await rawRequest(server, url, { method, headers: { ...json, accept: 'application/json' } });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(response.body).toEqual({ status: false, message: MESSAGES.notFound, code: 'NOT_FOUND' });
    }
  });

  it('refuses a state-changing request without the anti-CSRF header, before looking at it', async () => {
    const withoutHeader: Record<string, string>[] = [{ 'content-type': 'application/json' }, { 'content-type': 'application/json', [CSRF_HEADER]: '0' }];
    for (const headers of withoutHeader) {
      const response = await rawRequest(server, '/login', { method: 'POST', headers, body: '{not json' });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ status: false, message: MESSAGES.csrfMissing, code: 'FORBIDDEN' });
    }
  });

  it('checks access before validating the request', async () => {
    // `abc` is not a valid id, but who may call comes first: 401 without a session, 403 for
    // a non-admin; only an admin, who passes access, hears about the malformed id.
    const anonymous = await rawRequest(server, '/protected/user/abc/checkstatus');
    expect(anonymous.status).toBe(401);
    const owner = await signedIn(server, 'owner');
    expect((await owner.fetch(`${server.baseUrl}/protected/user/abc/checkstatus`)).status).toBe(403);
    const admin = await signedIn(server, 'admin');
    expect((await admin.fetch(`${server.baseUrl}/protected/user/abc/checkstatus`)).status).toBe(400);
  });

  it('sends the security headers on API answers and pages', async () => {
    for (const [url, accept] of [['/healthz', 'application/json'], ['/nope', 'application/json'], ['/1/home', 'text/html']]) {
      const { headers } = await rawRequest(server, url as string, { headers: { accept: accept as string } });
      expect(headers.get('content-security-policy'), url).toBe(
        "default-src 'self';frame-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;connect-src 'self' ws: wss: https://api.stripe.com;frame-ancestors 'none'",
      );
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('reports health with a database check', async () => {
    const response = await rawRequest(server, '/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: true, data: { ok: true, db: true } });
  });
});

describe('unexpected failures', () => {
  it('answers 500 with the catalogue message when the database is gone, and health says 503', async () => {
    const server = await startTestServer();
    const { jar } = await signedIn(server, 'owner');
    await server.database.close();
    try {
      const response = await rawRequest(server, '/protected/user/2/checkstatus', {
        headers: { cookie: `sd_session=${jar.get('sd_session')}` },
      });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ status: false, message: MESSAGES.serverError, code: 'SERVER_ERROR' });
      expect((await rawRequest(server, '/healthz')).status).toBe(503);
    } finally {
      await server.app.close();
    }
  });
});

describe('route registry', () => {
  it('registers every endpoint of the contract with its access rule', async () => {
    const server = await startTestServer();
    try {
      const routes = server.app.salondeskRoutes;
      expect(routes.map((r) => r.endpoint.name).sort()).toEqual(allEndpoints.map((e) => e.name).sort());
      expect(routes.find((r) => r.endpoint === endpoints.businesses.detail)).toMatchObject({
        method: 'GET',
        url: '/protected/user/:uid/business/:id/detail',
        access: 'business',
      });
    } finally {
      await server.close();
    }
  });

  it('refuses to start when an endpoint has no handler', async () => {
    const extra = { ...endpoints.auth.logout, name: 'tests.unimplemented', path: '/unimplemented' };
    await expect(
      buildServer({ connectionString: await freshDatabaseUrl(), endpoints: [...allEndpoints, extra] }),
    ).rejects.toThrow('No handler for endpoint(s): tests.unimplemented');
  });
});

describe('the dashboard', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'salondesk-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Salondesk</title></head><body><div id="root"></div></body></html>');
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    await fs.writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
    server = await startTestServer({ webDist: dist });
  });
  afterAll(async () => {
    await server.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('serves index.html for a page of the dashboard, not cached', async () => {
    for (const url of ['/1/home', '/login', '/']) {
      const response = await rawRequest(server, url, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.status, url).toBe(200);
      expect(response.text).toContain('<div id="root">');
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('marks the page for demo mode only when the server runs in it', async () => {
    const page = async (target: TestServer) =>
      (await rawRequest(target, '/login', { headers: { accept: 'text/html' } })).text;
    expect(await page(server)).not.toContain(DEMO_META);
    const demo = await startTestServer({ webDist: dist, demo: true });
    try {
      expect(await page(demo)).toContain(`${DEMO_META}</head>`);
    } finally {
      await demo.close();
    }
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await rawRequest(server, '/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.text).toBe('console.log("app")');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('keeps the API answering under the same port: POST /login is the API, GET /login the page', async () => {
    const { session } = await signedIn(server, 'owner');
    expect(session.user.username).toBe('owner');
  });

  it('answers a missing asset with the 404 envelope, not the page', async () => {
    const response = await rawRequest(server, '/assets/missing.js', { headers: { accept: '*/*' } });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ status: false, message: MESSAGES.notFound });
  });
});

describe('without a built dashboard', () => {
  it('says how to build it', async () => {
    const server = await startTestServer({ webDist: path.join(os.tmpdir(), 'salondesk-no-dist') });
    try {
      const response = await rawRequest(server, '/1/home', { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.text).toContain('pnpm build');
    } finally {
      await server.close();
    }
  });
});
