import { createHash } from 'node:crypto';
import { CSRF_HEADER, CSRF_HEADER_VALUE, endpoints, hashPassword, isOtpChallenge, MESSAGES } from '@salondesk/core';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { DEMO_PASSWORD } from '../demo/accounts';
import { outbox } from '../outbox/schema';
import { challengeRef, clientFor, codeFromOutbox, demoAccount, rawRequest, signedIn, startTestServer, type TestServer } from '../test/harness';
import { oneTimeCodes, passwordResets } from './schema';

const post = (server: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  rawRequest(server, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE, ...headers },
    body: JSON.stringify(body),
  });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

let now = new Date('2025-06-01T10:00:00Z');
const minutes = (n: number) => n * 60_000;

describe('sign-in paths', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: () => now, demo: true, publicUrl: 'https://desk.example.test' });
  });
  afterAll(() => server.close());

  describe('admin code (second factor)', () => {
    const adminLogin = async () => {
      const { client, jar } = clientFor(server);
      const result = await client.auth.login({ username: 'admin@salondesk.demo', password: DEMO_PASSWORD });
      if (!isOtpChallenge(result)) throw new Error('expected the code challenge');
      return { client, jar, challenge: result };
    };

    it('gives no session for the password alone, and emails a 6-digit code to the admin', async () => {
      const { jar, challenge } = await adminLogin();
      expect(challenge).toMatchObject({ otpRequired: true, uid: 1 });
      expect(challenge.key.length).toBeGreaterThanOrEqual(43);
      expect(jar.size).toBe(0);
      const [mail] = await server.database.db.select().from(outbox).where(eq(outbox.ref, challengeRef(challenge)));
      expect(mail).toMatchObject({ channel: 'email', recipient: 'admin@salondesk.demo', status: 'recorded' });
      expect(mail?.body).toMatch(/\b\d{6}\b/);
      // Only a salted hash of the code is stored, never the code or the key.
      const code = await codeFromOutbox(server, { ref: challengeRef(challenge) });
      const [row] = await server.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.key_hash, sha256(challenge.key)));
      expect(JSON.stringify(row)).not.toContain(code);
      expect(JSON.stringify(row)).not.toContain(challenge.key);
    });

    it('completes sign-in with the code, once', async () => {
      const { client, challenge } = await adminLogin();
      const pin = await codeFromOutbox(server, { ref: challengeRef(challenge) });
      const session = await client.auth.verifyAdminCode({ uid: challenge.uid, admin: 'admin', key: challenge.key, pin });
      expect(session.user).toMatchObject({ username: 'admin', role: 'ADMIN' });
      await expect(client.auth.checkStatus(1)).resolves.toBeTruthy();
      const again = clientFor(server).client.auth.verifyAdminCode({ uid: challenge.uid, admin: 'admin', key: challenge.key, pin });
      await expect(again).rejects.toMatchObject({ status: 401, message: MESSAGES.invalidCode });
    });

    it('refuses the code with another key, another admin name, or another uid', async () => {
      const { challenge } = await adminLogin();
      const other = await adminLogin();
      const pin = await codeFromOutbox(server, { ref: challengeRef(challenge) });
      const attempt = (input: Partial<{ uid: number; admin: string; key: string }>) =>
        clientFor(server).client.auth.verifyAdminCode({ uid: challenge.uid, admin: 'admin', key: challenge.key, pin, ...input });
      await expect(attempt({ key: other.challenge.key })).rejects.toMatchObject({ status: 401 });
      await expect(attempt({ admin: 'owner' })).rejects.toMatchObject({ status: 401 });
      await expect(attempt({ uid: 2 })).rejects.toMatchObject({ status: 401 });
      // The newer challenge replaced this one's code.
      await expect(attempt({})).rejects.toMatchObject({ status: 401, message: MESSAGES.invalidCode });
      const otherPin = await codeFromOutbox(server, { ref: challengeRef(other.challenge) });
      await expect(
        other.client.auth.verifyAdminCode({ uid: 1, admin: 'ADMIN@salondesk.demo', key: other.challenge.key, pin: otherPin }),
      ).resolves.toMatchObject({ user: { id: 1 } });
    });

    it('kills the code after 5 wrong tries', async () => {
      const { challenge } = await adminLogin();
      const pin = await codeFromOutbox(server, { ref: challengeRef(challenge) });
      const attempt = (p: string) => clientFor(server).client.auth.verifyAdminCode({ uid: 1, admin: 'admin', key: challenge.key, pin: p });
      for (let i = 0; i < 5; i++) await expect(attempt(otherThan(pin))).rejects.toMatchObject({ status: 401 });
      await expect(attempt(pin)).rejects.toMatchObject({ status: 401, message: MESSAGES.invalidCode });
    });

    it('lets the code expire after 10 minutes', async () => {
      const { challenge } = await adminLogin();
      const pin = await codeFromOutbox(server, { ref: challengeRef(challenge) });
      now = new Date(now.getTime() + minutes(10) + 1000);
      await expect(
        clientFor(server).client.auth.verifyAdminCode({ uid: 1, admin: 'admin', key: challenge.key, pin }),
      ).rejects.toMatchObject({ status: 401, message: MESSAGES.invalidCode });
    });

    it('refuses a malformed code with 400, before counting it', async () => {
      const { challenge } = await adminLogin();
      const response = await post(server, '/login/1/dashboard/otp', { admin: 'admin', key: challenge.key, pin: '12ab' });
      expect(response.status).toBe(400);
      expect(response.body?.issues).toEqual([{ path: ['pin'], message: 'Enter the 6-digit code' }]);
    });
  });

  describe('phone code', () => {
    const owner = demoAccount('owner');

    it('answers the same for a known and an unknown number, and texts only the known one', async () => {
      const known = await post(server, '/login/account/otp/request', { cc: '+1', phone: '(310) 555-0101' });
      const unknown = await post(server, '/login/account/otp/request', { cc: '+1', phone: '(310) 555-0199' });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      expect(known.body).toEqual({ status: true, data: { sent: true }, message: MESSAGES.codeSent });
      const texts = await server.database.db.select().from(outbox).where(eq(outbox.channel, 'sms'));
      expect(texts.map((t) => t.recipient)).toContain(owner.phone);
      expect(texts.map((t) => t.recipient)).not.toContain('+13105550199');
    });

    it('signs in with the code sent to the number, however the number is written', async () => {
      const { client, jar } = clientFor(server);
      await client.auth.requestPhoneCode({ cc: '1', phone: '310.555.0101' });
      const pin = await codeFromOutbox(server, { to: owner.phone as string });
      const session = await client.auth.verifyPhoneCode({ phone: '+1 310 555 0101', pin });
      expect(session.user.username).toBe('owner');
      expect(session.businesses.map((b) => b.name)).toEqual(['Luxe Los Angeles', 'Luxe New York', 'Luxe Santa Monica']);
      expect(jar.size).toBe(1);
      await expect(clientFor(server).client.auth.verifyPhoneCode({ phone: owner.phone as string, pin })).rejects.toMatchObject({
        status: 401,
        message: MESSAGES.invalidCode,
      });
    });

    it('refuses an expired code', async () => {
      const { client } = clientFor(server);
      await client.auth.requestPhoneCode({ cc: '+1', phone: '323 555 0102' });
      const pin = await codeFromOutbox(server, { to: '+13235550102' });
      now = new Date(now.getTime() + minutes(11));
      await expect(client.auth.verifyPhoneCode({ phone: '+13235550102', pin })).rejects.toMatchObject({ status: 401 });
    });

    it('never texts an admin, who signs in with password and emailed code', async () => {
      await server.database.db.update(users).set({ phone: '+15550001111' }).where(eq(users.username, 'admin'));
      await post(server, '/login/account/otp/request', { cc: '+1', phone: '555 000 1111' });
      expect(await server.database.db.select().from(outbox).where(eq(outbox.recipient, '+15550001111'))).toEqual([]);
      await server.database.db.update(users).set({ phone: null }).where(eq(users.username, 'admin'));
    });

    it('answers 400 for what is not a phone number', async () => {
      const response = await post(server, '/login/account/otp/request', { cc: '+1', phone: 'call me' });
      expect(response.status).toBe(400);
      expect(response.body?.issues).toEqual([{ path: ['phone'], message: MESSAGES.invalidPhone }]);
    });
  });

  describe('forgot and reset password', () => {
    const frontdesk = demoAccount('frontdesk');
    const resetLinkFor = async (email: string) => {
      const [mail] = await server.database.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
      const match = mail?.body.match(/https:\/\/desk\.example\.test\/login\/reset\/([A-Za-z0-9_-]+)/);
      if (!match) throw new Error(`no reset link for ${email}`);
      return match[1] as string;
    };

    it('answers the same whether or not the email exists, and emails only an account', async () => {
      const known = await post(server, '/password/forgot', { email: frontdesk.email });
      const unknown = await post(server, '/password/forgot', { email: 'nobody@salondesk.demo' });
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      expect(known.body).toEqual({ status: true, data: { sent: true }, message: MESSAGES.resetLinkSent });
      expect(await server.database.db.select().from(outbox).where(eq(outbox.recipient, 'nobody@salondesk.demo'))).toEqual([]);
    });

    it('sets the new password with the link, once, and ends every session of the user', async () => {
      const before = await signedIn(server, 'frontdesk');
      const { client } = clientFor(server);
      await client.auth.forgotPassword({ email: frontdesk.email });
      const token = await resetLinkFor(frontdesk.email);
      expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
      const stored = await server.database.db.select().from(passwordResets).where(eq(passwordResets.token_hash, sha256(token)));
      expect(stored).toHaveLength(1);

      const { data, message } = await client.transport.requestWithMessage(
        endpoints.auth.passwordReset,
        { params: { token }, body: { email: frontdesk.email, password: await hashPassword('new-secret-1') } },
      );
      expect(data).toEqual({ reset: true });
      expect(message).toBe(MESSAGES.passwordChanged);

      await expect(before.client.auth.checkStatus(before.session.user.id)).rejects.toMatchObject({ status: 401, message: MESSAGES.pleaseLogIn });
      const userId = before.session.user.id;
      expect(await server.database.db.select().from(sessions).where(eq(sessions.user_id, userId))).toEqual([]);
      await expect(clientFor(server).client.auth.login({ username: 'frontdesk', password: DEMO_PASSWORD })).rejects.toMatchObject({ status: 401 });
      await expect(clientFor(server).client.auth.login({ username: 'frontdesk', password: 'new-secret-1' })).resolves.toMatchObject({
        user: { username: 'frontdesk' },
      });
      // Used: the same link fails.
      await expect(client.auth.resetPassword({ token, email: frontdesk.email, password: DEMO_PASSWORD })).rejects.toMatchObject({
        status: 400,
        message: MESSAGES.resetLinkInvalid,
      });
      // Put the demo password back for the next tests, through the same flow.
      await client.auth.forgotPassword({ email: frontdesk.email });
      await client.auth.resetPassword({ token: await resetLinkFor(frontdesk.email), email: frontdesk.email, password: DEMO_PASSWORD });
    });

    it('refuses a link with another email, an unknown token, or after an hour, and changes nothing', async () => {
      const { client } = clientFor(server);
      await client.auth.forgotPassword({ email: frontdesk.email });
      const token = await resetLinkFor(frontdesk.email);
      const [before] = await server.database.db.select({ hash: users.password_hash }).from(users).where(eq(users.username, 'frontdesk'));
      const reset = (t: string, email: string) => client.auth.resetPassword({ token: t, email, password: 'x-new-password' });
      await expect(reset(token, 'owner@salondesk.demo')).rejects.toMatchObject({ status: 400, message: MESSAGES.resetLinkInvalid });
      await expect(reset(`${token}x`, frontdesk.email)).rejects.toMatchObject({ status: 400 });
      now = new Date(now.getTime() + minutes(61));
      await expect(reset(token, frontdesk.email)).rejects.toMatchObject({ status: 400, message: MESSAGES.resetLinkInvalid });
      const [after] = await server.database.db.select({ hash: users.password_hash }).from(users).where(eq(users.username, 'frontdesk'));
      expect(after?.hash).toBe(before?.hash);
      const [row] = await server.database.db
        .select()
        .from(passwordResets)
        .where(and(eq(passwordResets.token_hash, sha256(token))));
      expect(row?.used_at).toBeNull();
    });

    it('refuses a plain password in the reset', async () => {
      const response = await post(server, '/password/abc/reset', { email: frontdesk.email, password: 'plain' });
      expect(response.status).toBe(400);
      expect(response.body?.issues).toEqual([{ path: ['password'], message: 'Password must be sent hashed' }]);
    });
  });
});

