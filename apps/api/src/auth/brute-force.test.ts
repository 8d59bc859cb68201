import { CSRF_HEADER, CSRF_HEADER_VALUE, createClient, MESSAGES } from '@salondesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { DEMO_PASSWORD } from '../demo/accounts';
import { codeFromOutbox, freshDatabaseUrl, NO_ADDRESS_LIMIT, rawRequest, serveOn, type TestServer } from '../test/harness';
import { CODE_MAX_TRIES, newCode } from './codes';
import { countEvents, THROTTLE } from './throttle';

let now = new Date('2025-07-01T08:00:00Z');
const minutes = (n: number) => n * 60_000;
const HOUR = minutes(60);

/**
 * A server on an existing database: two in a row on the same one is a restart. Every request here
 * comes from 127.0.0.1 and this file makes well over a thousand failures on purpose, so the
 * per-address limit is set out of reach: these tests are about the per-account, per-phone and
 * per-name limits (the address limit has its own, in address-throttle.test.ts).
 */
const serverOn = (database: DatabaseHandle): Promise<TestServer> =>
  serveOn(database, { now: () => now, demo: true, signinFailuresPerAddress: NO_ADDRESS_LIMIT });

const post = (server: TestServer, path: string, body: unknown) =>
  rawRequest(server, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify(body),
  });

const MANAGER_PHONE = '+13235550102';
const MANAGER_ID = 3;

describe('brute force against sign-in (figures of issue #3)', () => {
  let database: DatabaseHandle;
  let server: TestServer;
  beforeAll(async () => {
    database = openDatabase(await freshDatabaseUrl(), { max: 6 });
    server = await serverOn(database);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  it('codes are 6 random digits', () => {
    const codes = Array.from({ length: 2000 }, newCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1980);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });

  it('1,000 wrong codes for one phone: no sign-in, counting stops at 100, and the lock holds across a restart', { timeout: 120_000 }, async () => {
    now = new Date('2025-07-01T08:00:00Z');
    expect((await post(server, '/login/account/otp/request', { cc: '+1', phone: '323 555 0102' })).status).toBe(200);
    const live = await codeFromOutbox(server, { to: MANAGER_PHONE });
    const wrong = (i: number) => String((Number(live) + 1 + i) % 1_000_000).padStart(6, '0');

    const statuses = new Map<number, number>();
    let signIns = 0;
    for (let i = 0; i < 1000; i++) {
      const response = await post(server, '/login/account/otp/validate', { phone: MANAGER_PHONE, pin: wrong(i) });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 200 || response.headers.getSetCookie().length > 0) signIns++;
      if (i === THROTTLE.codeFailures.max) expect(response.body).toEqual({ status: false, message: MESSAGES.tooManyAttempts, code: 'RATE_LIMITED' });
    }
    expect(signIns).toBe(0);
    expect(Object.fromEntries(statuses)).toEqual({ 401: 100, 429: 900 });
    expect(await countEvents(database.db, `code:phone:${MANAGER_PHONE}`, HOUR, now)).toBe(100);
    expect(await countEvents(database.db, `code:user:${MANAGER_ID}`, HOUR, now)).toBe(100);

    // Restart: a new server on the same database. Even a fresh, correct code is refused.
    await server.close();
    now = new Date(now.getTime() + minutes(20));
    server = await serverOn(database);
    await post(server, '/login/account/otp/request', { cc: '+1', phone: '3235550102' });
    const fresh = await codeFromOutbox(server, { to: MANAGER_PHONE });
    const locked = await post(server, '/login/account/otp/validate', { phone: MANAGER_PHONE, pin: fresh });
    expect(locked.status).toBe(429);
    expect(locked.headers.getSetCookie()).toEqual([]);
    expect(await countEvents(database.db, `code:phone:${MANAGER_PHONE}`, HOUR, now)).toBe(100);

    // An hour after the last counted failure, the right code works again.
    now = new Date(now.getTime() + HOUR);
    await post(server, '/login/account/otp/request', { cc: '+1', phone: '3235550102' });
    const later = await codeFromOutbox(server, { to: MANAGER_PHONE });
    const ok = await post(server, '/login/account/otp/validate', { phone: MANAGER_PHONE, pin: later });
    expect(ok.status).toBe(200);
    expect(ok.body?.data).toMatchObject({ user: { username: 'manager' } });
  });

  it('an unknown number is refused exactly like a known one', async () => {
    now = new Date('2025-07-02T08:00:00Z');
    const seen: number[] = [];
    for (let i = 0; i < 102; i++) seen.push((await post(server, '/login/account/otp/validate', { phone: '+15550009999', pin: '123456' })).status);
    expect(seen.filter((s) => s === 401)).toHaveLength(100);
    expect(seen.slice(100)).toEqual([429, 429]);
  });

  it('concurrent wrong codes cannot slip past the limit', { timeout: 60_000 }, async () => {
    now = new Date('2025-07-03T08:00:00Z');
    const phone = '+9779815550103';
    await post(server, '/login/account/otp/request', { cc: '+977', phone: '981 555 0103' });
    const live = await codeFromOutbox(server, { to: phone });
    const pins = Array.from({ length: 300 }, (_, i) => String((Number(live) + 1 + i) % 1_000_000).padStart(6, '0'));
    const statuses: number[] = [];
    for (let batch = 0; batch < pins.length; batch += 25) {
      const answers = await Promise.all(pins.slice(batch, batch + 25).map((pin) => post(server, '/login/account/otp/validate', { phone, pin })));
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(0);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeLessThanOrEqual(100);
    expect(checked).toBeGreaterThanOrEqual(100 - 25);
    expect(await countEvents(database.db, `code:phone:${phone}`, HOUR, now)).toBeLessThanOrEqual(100);
  });

  it('a code dies after 5 wrong tries, even when the right one comes next', async () => {
    now = new Date('2025-07-04T08:00:00Z');
    await post(server, '/login/account/otp/request', { cc: '+1', phone: '310 555 0101' });
    const live = await codeFromOutbox(server, { to: '+13105550101' });
    for (let i = 0; i < CODE_MAX_TRIES; i++) {
      expect((await post(server, '/login/account/otp/validate', { phone: '+13105550101', pin: String((Number(live) + 7) % 1_000_000).padStart(6, '0') })).status).toBe(401);
    }
    expect((await post(server, '/login/account/otp/validate', { phone: '+13105550101', pin: live })).status).toBe(401);
  });

  it('at most 5 codes per 15 minutes are texted to one number, and the answer never tells whether it is known', async () => {
    now = new Date('2025-07-05T08:00:00Z');
    const ask = (phone: string) => post(server, '/login/account/otp/request', { cc: '+1', phone });
    const known = [];
    const unknown = [];
    for (let i = 0; i < 7; i++) {
      known.push((await ask('310 555 0101')).status);
      unknown.push((await ask('310 555 0177')).status);
    }
    expect(known).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(unknown).toEqual(known);
  });

  describe('password sign-in', () => {
    const login = (username: string, password: string) => createClient({ baseURL: server.baseUrl }).auth.login({ username, password });
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => 'signed in',
        (e: { status: number; message: string }) => `${e.status} ${e.message}`,
      );

    it('10 failures lock the account for 15 minutes (the right password too); an unknown name gets exactly the same answers', async () => {
      now = new Date('2025-07-06T08:00:00Z');
      const known: string[] = [];
      const unknown: string[] = [];
      for (let i = 0; i < 12; i++) {
        known.push(await outcome(login('lotus', `wrong-${i}`)));
        unknown.push(await outcome(login('nobody-at-all', `wrong-${i}`)));
      }
      expect(known.slice(0, 10)).toEqual(Array(10).fill(`401 ${MESSAGES.invalidCredentials}`));
      expect(known.slice(10)).toEqual(Array(2).fill(`429 ${MESSAGES.tooManyAttempts}`));
      expect(unknown).toEqual(known);
      expect(await outcome(login('lotus', DEMO_PASSWORD))).toBe(`429 ${MESSAGES.tooManyAttempts}`);
      // The email of the same account is the same account.
      expect(await outcome(login('LOTUS@salondesk.demo', DEMO_PASSWORD))).toBe(`429 ${MESSAGES.tooManyAttempts}`);
      expect(await countEvents(database.db, 'password:user:4', HOUR, now)).toBe(10);

      now = new Date(now.getTime() + minutes(14));
      expect(await outcome(login('lotus', DEMO_PASSWORD))).toBe(`429 ${MESSAGES.tooManyAttempts}`);
      now = new Date(now.getTime() + minutes(2));
      expect(await outcome(login('lotus', DEMO_PASSWORD))).toBe('signed in');
      // A success clears the failures: the next mistake is the first again.
      expect(await outcome(login('lotus', 'wrong'))).toBe(`401 ${MESSAGES.invalidCredentials}`);
      expect(await countEvents(database.db, 'password:user:4', HOUR, now)).toBe(1);
    });

    it('the admin code counts failures per account too', async () => {
      now = new Date('2025-07-07T08:00:00Z');
      const statuses: number[] = [];
      for (let i = 0; i < 101; i++) {
        statuses.push((await post(server, '/login/1/dashboard/otp', { admin: 'admin', key: `guess-${i}`, pin: '000000' })).status);
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(100);
      expect(statuses.at(-1)).toBe(429);
    });
  });
});
