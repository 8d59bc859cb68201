import { createHash } from 'node:crypto';
import { CSRF_HEADER, CSRF_HEADER_VALUE, hashPassword, MESSAGES } from '@salondesk/core';
import { and, count, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import { DEMO_PASSWORD } from '../demo/accounts';
import { outbox } from '../outbox/schema';
import { notifications } from '../realtime/schema';
import { codeFromOutbox, freshDatabaseUrl, rawRequest, serveOn, type TestServer } from '../test/harness';
import { authThrottle, oneTimeCodes, passwordResets } from './schema';
import { countEvents, THROTTLE } from './throttle';

/**
 * The per-address limit on failed sign-ins, lowered to 8 for these tests (the default is 100):
 * below the per-name password lock (10), so failures spread over names reach it first. Clients
 * are told apart by `X-Forwarded-For` on a server that trusts it, as behind a reverse proxy.
 */
const LIMIT = 8;
const WINDOW = THROTTLE.failuresPerAddress.windowMs;
const minutes = (n: number) => n * 60_000;
let now = new Date('2025-08-01T08:00:00Z');

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const RATE_LIMITED = { status: false, message: MESSAGES.tooManyAttempts, code: 'RATE_LIMITED' };

/** A server on an existing database: two in a row on the same one is a restart. */
const serverOn = (database: DatabaseHandle, trustProxy: boolean | string = true): Promise<TestServer> =>
  serveOn(database, { now: () => now, demo: true, trustProxy, signinFailuresPerAddress: LIMIT, publicUrl: 'https://desk.example.test' });

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

/** A POST from the client at `ip`. */
const post = (ip: string, path: string, body: unknown) =>
  rawRequest(server, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE, 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
const login = (ip: string, username: string, password: string) => post(ip, '/login', { username, password: sha256(password) });
const statusesOf = async (requests: (() => Promise<{ status: number }>)[]) => {
  const statuses: number[] = [];
  for (const request of requests) statuses.push((await request()).status);
  return statuses;
};
/** `n` wrong passwords from `ip`, each for a different unknown name. */
const failures = (ip: string, n: number, tag = ip) =>
  statusesOf(Array.from({ length: n }, (_, i) => () => login(ip, `nobody-${tag}-${i}@example.test`, 'guess')));

const throttleRows = async () => (await database.db.select({ n: count() }).from(authThrottle))[0]?.n ?? 0;
const failuresOf = (key: string) => countEvents(database.db, `address:${key}`, WINDOW, now);
const userId = async (username: string) => {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
};

/** A live phone code for the manager, asked for from `ip` (asking is never a failure). */
async function managerCode(ip: string): Promise<string> {
  expect((await post(ip, '/login/account/otp/request', { cc: '+1', phone: '323 555 0102' })).status).toBe(200);
  return codeFromOutbox(server, { to: '+13235550102' });
}
const wrongCode = (code: string, i = 0) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

/** A live reset link's token for the front desk, asked for from `ip`. */
async function frontdeskResetToken(ip: string): Promise<string> {
  expect((await post(ip, '/password/forgot', { email: 'frontdesk@salondesk.demo' })).status).toBe(200);
  const [mail] = await database.db.select().from(outbox).where(eq(outbox.recipient, 'frontdesk@salondesk.demo')).orderBy(desc(outbox.id)).limit(1);
  const token = mail?.body.match(/\/login\/reset\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error('no reset link');
  return token;
}

/** The admin's password step from `ip`: the challenge and its emailed code. */
async function adminChallenge(ip: string) {
  const response = await login(ip, 'admin', DEMO_PASSWORD);
  expect(response.status).toBe(200);
  const challenge = response.body?.data as { uid: number; key: string };
  return { ...challenge, pin: await codeFromOutbox(server, { ref: sha256(challenge.key) }) };
}

describe('failed sign-ins per client address', () => {
  it('one address failing over many names is refused after the limit, the right password too; the same account signs in from another address', async () => {
    now = new Date('2025-08-01T08:00:00Z');
    const attacker = '203.0.113.10';
    // One guess for each of many names, some real accounts among them: no name gets near its own lock.
    const unknown = Array.from({ length: LIMIT }, (_, i) => `stuffed-${i}@example.test`);
    const names = ['owner', 'manager', ...unknown.slice(0, LIMIT - 2), 'lotus', ...unknown.slice(LIMIT - 2)];
    const answers = [];
    for (const name of names) answers.push(await login(attacker, name, 'password123'));
    expect(answers.map((a) => a.status)).toEqual([...Array(LIMIT).fill(401), 429, 429, 429]);
    expect(answers.at(-1)?.body).toEqual(RATE_LIMITED);
    expect(await failuresOf(attacker)).toBe(LIMIT);

    const refused = await login(attacker, 'frontdesk', DEMO_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(RATE_LIMITED);
    expect(refused.headers.getSetCookie()).toEqual([]);

    const elsewhere = await login('198.51.100.20', 'frontdesk', DEMO_PASSWORD);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body?.data).toMatchObject({ user: { username: 'frontdesk' } });
    // The names refused at the address were not counted against them: lotus was tried after the limit.
    expect(await countEvents(database.db, `password:user:${await userId('owner')}`, WINDOW, now)).toBe(1);
    expect(await countEvents(database.db, `password:user:${await userId('lotus')}`, WINDOW, now)).toBe(0);
  });

  it('a refused attempt writes nothing: no throttle row, no try on the code, the code and the reset link stay usable', async () => {
    now = new Date('2025-08-02T08:00:00Z');
    const attacker = '203.0.113.11';
    const friend = '198.51.100.21';
    const pin = await managerCode(friend);
    const token = await frontdeskResetToken(friend);
    const admin = await adminChallenge(friend);
    expect(await failures(attacker, LIMIT)).toEqual(Array(LIMIT).fill(401));

    const rowsBefore = await throttleRows();
    const codesBefore = await database.db.select({ id: oneTimeCodes.id, attempts: oneTimeCodes.attempts, used: oneTimeCodes.used_at }).from(oneTimeCodes);
    const managerId = await userId('manager');
    const refused = [
      await login(attacker, 'manager', 'wrong'),
      await login(attacker, 'manager', DEMO_PASSWORD),
      await post(attacker, '/login/account/otp/validate', { phone: '+13235550102', pin: wrongCode(pin) }),
      await post(attacker, '/login/account/otp/validate', { phone: '+13235550102', pin }),
      await post(attacker, '/login/1/dashboard/otp', { admin: 'admin', key: admin.key, pin: wrongCode(admin.pin) }),
      await post(attacker, '/login/1/dashboard/otp', { admin: 'admin', key: admin.key, pin: admin.pin }),
      await post(attacker, `/password/${token}/reset`, { email: 'frontdesk@salondesk.demo', password: await hashPassword('taken-over-1') }),
    ];
    expect(refused.map((r) => r.status)).toEqual(Array(refused.length).fill(429));
    for (const r of refused) {
      expect(r.body).toEqual(RATE_LIMITED);
      expect(r.headers.getSetCookie()).toEqual([]);
    }
    expect(await throttleRows()).toBe(rowsBefore);
    expect(await countEvents(database.db, `password:user:${managerId}`, WINDOW, now)).toBe(0);
    expect(await countEvents(database.db, `code:user:${managerId}`, WINDOW, now)).toBe(0);
    expect(await database.db.select({ id: oneTimeCodes.id, attempts: oneTimeCodes.attempts, used: oneTimeCodes.used_at }).from(oneTimeCodes)).toEqual(codesBefore);
    const [reset] = await database.db.select().from(passwordResets).where(eq(passwordResets.token_hash, sha256(token)));
    expect(reset?.used_at).toBeNull();

    // Everything the refused attempts carried still works for its owner, from their own address.
    expect((await post(friend, '/login/account/otp/validate', { phone: '+13235550102', pin })).status).toBe(200);
    expect((await post(friend, '/login/1/dashboard/otp', { admin: 'admin', key: admin.key, pin: admin.pin })).status).toBe(200);
    expect((await post(friend, `/password/${token}/reset`, { email: 'frontdesk@salondesk.demo', password: await hashPassword(DEMO_PASSWORD) })).status).toBe(200);
  });

  it('successful sign-ins are never counted, and do not erase the failures before them', async () => {
    now = new Date('2025-08-03T08:00:00Z');
    const salon = '192.0.2.50';
    const signIns = await statusesOf(Array.from({ length: 3 * LIMIT }, (_, i) => () => login(salon, ['owner', 'manager', 'lotus'][i % 3] as string, DEMO_PASSWORD)));
    expect(signIns).toEqual(Array(3 * LIMIT).fill(200));
    expect(await failuresOf(salon)).toBe(0);

    const desk = '192.0.2.51';
    expect(await failures(desk, LIMIT - 1)).toEqual(Array(LIMIT - 1).fill(401));
    expect((await login(desk, 'owner', DEMO_PASSWORD)).status).toBe(200);
    expect(await failuresOf(desk)).toBe(LIMIT - 1);
    expect((await login(desk, 'owner', 'typo')).status).toBe(401);
    expect((await login(desk, 'owner', DEMO_PASSWORD)).status).toBe(429);
  });

  it('wrong phone codes, wrong admin codes and wrong reset links count against the address too', async () => {
    now = new Date('2025-08-04T08:00:00Z');
    const attacker = '203.0.113.12';
    const friend = '198.51.100.22';
    const pin = await managerCode(friend);
    const token = await frontdeskResetToken(friend);
    const statuses = await statusesOf([
      () => post(attacker, '/login/account/otp/validate', { phone: '+13235550102', pin: wrongCode(pin, 0) }),
      () => post(attacker, '/login/account/otp/validate', { phone: '+13235550102', pin: wrongCode(pin, 1) }),
      () => post(attacker, '/login/account/otp/validate', { phone: '+15550009999', pin: '123456' }),
      () => post(attacker, '/login/1/dashboard/otp', { admin: 'admin', key: 'guess-1', pin: '000000' }),
      () => post(attacker, '/login/1/dashboard/otp', { admin: 'admin', key: 'guess-2', pin: '000000' }),
      () => post(attacker, '/login/2/dashboard/otp', { admin: 'owner', key: 'guess-3', pin: '000000' }),
      () => post(attacker, `/password/${token}x/reset`, { email: 'frontdesk@salondesk.demo', password: sha256('a') }),
      () => post(attacker, `/password/${token}/reset`, { email: 'owner@salondesk.demo', password: sha256('b') }),
    ]);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 400, 400]);
    expect(await failuresOf(attacker)).toBe(LIMIT);
    // Over the limit: a password, the right code and a good link are all refused from there.
    expect((await login(attacker, 'manager', DEMO_PASSWORD)).status).toBe(429);
    expect((await post(attacker, '/login/account/otp/validate', { phone: '+13235550102', pin })).status).toBe(429);
    expect((await post(attacker, `/password/${token}/reset`, { email: 'frontdesk@salondesk.demo', password: sha256('c') })).status).toBe(429);
    // A malformed request is answered 400 before anything is counted, even from a refused address.
    expect((await post(attacker, '/login/account/otp/validate', { phone: '+13235550102', pin: '12ab' })).status).toBe(400);
  });

  it('counts IPv6 clients per /64 and IPv4-mapped ones as their IPv4 address', async () => {
    now = new Date('2025-08-05T08:00:00Z');
    const sameNetwork = ['2001:db8:aa:1::1', '2001:db8:aa:1:ffff::2', '2001:DB8:AA:1:0:0:0:3', '2001:0db8:00aa:0001:1234:5678:9abc:def0'];
    const statuses = await statusesOf(
      Array.from({ length: LIMIT }, (_, i) => () => login(sameNetwork[i % sameNetwork.length] as string, `v6-${i}@example.test`, 'guess')),
    );
    expect(statuses).toEqual(Array(LIMIT).fill(401));
    expect(await failuresOf('2001:db8:aa:1::/64')).toBe(LIMIT);
    expect((await login('2001:db8:aa:1:dead:beef::1', 'owner', DEMO_PASSWORD)).status).toBe(429);
    expect((await login('2001:db8:aa:2::1', 'owner', DEMO_PASSWORD)).status).toBe(200);

    expect(await failures('::ffff:192.0.2.77', LIMIT, 'mapped')).toEqual(Array(LIMIT).fill(401));
    expect(await failuresOf('192.0.2.77')).toBe(LIMIT);
    expect((await login('192.0.2.77', 'owner', DEMO_PASSWORD)).status).toBe(429);
    expect((await login('192.0.2.78', 'owner', DEMO_PASSWORD)).status).toBe(200);
  });

  it('keeps counting across a restart on the same database', async () => {
    now = new Date('2025-08-06T08:00:00Z');
    const attacker = '203.0.113.13';
    expect(await failures(attacker, LIMIT)).toEqual(Array(LIMIT).fill(401));
    await server.close();
    now = new Date(now.getTime() + minutes(5));
    server = await serverOn(database);
    expect((await login(attacker, 'owner', DEMO_PASSWORD)).status).toBe(429);
    expect((await login('198.51.100.23', 'owner', DEMO_PASSWORD)).status).toBe(200);
  });

  it('behind a proxy trusted by its address, a client cannot escape the limit by forging X-Forwarded-For', async () => {
    now = new Date('2025-08-10T08:00:00Z');
    // The proxy (here 127.0.0.1 itself) appends the address it saw to whatever the client sent.
    const proxied = await serverOn(database, '127.0.0.1');
    try {
      const through = (forged: string, username: string, password: string) =>
        rawRequest(proxied, '/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE, 'x-forwarded-for': `${forged}, 203.0.113.60` },
          body: JSON.stringify({ username, password: sha256(password) }),
        });
      const statuses = await statusesOf(Array.from({ length: LIMIT + 2 }, (_, i) => () => through(`10.9.8.${i}`, `forger-${i}@example.test`, 'guess')));
      expect(statuses).toEqual([...Array(LIMIT).fill(401), 429, 429]);
      expect(await failuresOf('203.0.113.60')).toBe(LIMIT);
      expect(await failuresOf('10.9.8.0')).toBe(0);
    } finally {
      await proxied.close();
    }
  });

  it('reopens 15 minutes after the last counted failure, with a fresh count', async () => {
    now = new Date('2025-08-07T08:00:00Z');
    const attacker = '203.0.113.14';
    expect(await failures(attacker, LIMIT)).toEqual(Array(LIMIT).fill(401));
    now = new Date(now.getTime() + minutes(14));
    expect((await login(attacker, 'owner', DEMO_PASSWORD)).status).toBe(429);
    now = new Date(now.getTime() + minutes(1) + 1000);
    expect((await login(attacker, 'owner', DEMO_PASSWORD)).status).toBe(200);
    expect(await failures(attacker, LIMIT, 'again')).toEqual(Array(LIMIT).fill(401));
    expect((await login(attacker, 'owner', DEMO_PASSWORD)).status).toBe(429);
  });

  it('concurrent failures from one address cannot slip past the limit, and refused ones count for no name', async () => {
    now = new Date('2025-08-08T08:00:00Z');
    const attacker = '203.0.113.15';
    const answers = await Promise.all(Array.from({ length: 4 * LIMIT }, (_, i) => login(attacker, `race-${i}@example.test`, 'guess')));
    const checked = answers.filter((a) => a.status === 401).length;
    expect(answers.filter((a) => a.status !== 401 && a.status !== 429)).toEqual([]);
    expect(checked).toBeLessThanOrEqual(LIMIT);
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(await failuresOf(attacker)).toBe(checked);
    const [names] = await database.db.select({ n: count() }).from(authThrottle).where(like(authThrottle.subject, 'password:login:race-%'));
    expect(names?.n).toBe(checked);
  });
});

describe('admins are told when an address is locked', () => {
  const lockAlerts = () =>
    database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.title, MESSAGES.addressSignInLockedTitle)))
      .orderBy(notifications.id);

  it('one notification per lock, with the address (an IPv6 /64 shown as such), however many refused tries follow', async () => {
    now = new Date('2025-08-09T08:00:00Z');
    const before = (await lockAlerts()).length;
    expect(await failures('203.0.113.16', LIMIT + 5)).toEqual([...Array(LIMIT).fill(401), ...Array(5).fill(429)]);
    const afterFirst = await lockAlerts();
    expect(afterFirst).toHaveLength(before + 1);
    expect(afterFirst.at(-1)).toMatchObject({
      kind: 'adminMessage',
      source: 'security',
      body: `Sign-in paused for the address 203.0.113.16 after ${LIMIT} failed sign-in attempts in 15 minutes, over any accounts. It reopens 15 minutes after the last try.`,
    });

    // A failure short of the limit tells no one.
    expect(await failures('203.0.113.17', LIMIT - 1)).toEqual(Array(LIMIT - 1).fill(401));
    expect(await lockAlerts()).toHaveLength(before + 1);

    // The same address locked again after it reopened is a new lock.
    now = new Date(now.getTime() + minutes(16));
    expect(await failures('203.0.113.16', LIMIT, 'again')).toEqual(Array(LIMIT).fill(401));
    expect(await lockAlerts()).toHaveLength(before + 2);

    await failures('2001:db8:bb:7::99', LIMIT);
    expect((await lockAlerts()).at(-1)?.body).toContain('the address 2001:db8:bb:7::/64 ');
  });
});
