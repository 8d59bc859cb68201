import { endpoints, isAdmin, MESSAGES, normalizeFullPhone, normalizePhone } from '@salondesk/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { HttpError, invalidRequest, notFound, pleaseLogIn } from '../http/errors';
import { clearSessionCookie, implement, sessionTokenOf } from '../http/registry';
import type { Outbox } from '../outbox/outbox';
import type { Notifier } from '../realtime/notify';
import { accountWho, createLockAlerts, maskLogin, phoneWho } from './lockAlerts';
import { challengeKeyHash, consumeCode, issueCode, newChallengeKey } from './codes';
import { UNMATCHABLE_HASH, verifyStoredPassword } from './password';
import { resetPassword, issueResetToken, RESET_TTL_MS } from './resets';
import { hashToken, type SessionPolicy, type SessionStore } from './sessions';
import { sessionOf, startSession as startSessionFor } from './signIn';
import { addressSubject, clearEvents, limitsOf, type Reservation, reserveAttempt, sweepThrottle, THROTTLE, type ThrottleLimit, type ThrottlePolicy } from './throttle';
import { findUserByLogin, findUserByPhone, loadUserAccess, type UserRow } from './users';


export interface AuthHandlerOptions {
  policy: SessionPolicy;
  outbox: Outbox;
  /** The dashboard's address as people reach it, for links in emails: `https://desk.example.com`. */
  publicUrl: string;
  /** Where security notifications go (a lock after repeated failures); none: not sent. */
  notifier?: Notifier;
  /** Ends the live sockets of a session that logs out. */
  endRealtimeSession?: (tokenHash: string) => void;
  /**
   * Failed sign-ins one client address may make in `THROTTLE.failuresPerAddress`'s window before
   * it is refused (`SALONDESK_SIGNIN_FAILURES_PER_ADDRESS`). Default: that policy's `max`.
   */
  failuresPerAddress?: number;
}

const tooManyAttempts = () => new HttpError(429, MESSAGES.tooManyAttempts);
const invalidCode = () => new HttpError(401, MESSAGES.invalidCode);
const sameLogin = (row: Pick<UserRow, 'username' | 'email'>, login: string) => {
  const needle = login.trim().toLowerCase();
  return row.username.toLowerCase() === needle || row.email.toLowerCase() === needle;
};

/** Throttle subjects: one per account, one per login name typed (unknown users get one too). */
const subjects = {
  password: (row: UserRow | undefined, login: string) => (row ? `password:user:${row.id}` : `password:login:${login.trim().toLowerCase()}`),
  codeUser: (userId: number) => `code:user:${userId}`,
  codePhone: (phone: string) => `code:phone:${phone}`,
  sendPhone: (phone: string) => `send:phone:${phone}`,
  resetEmail: (email: string) => `reset:email:${email.trim().toLowerCase()}`,
  /** A client address key (addressKey: an IPv4 address or an IPv6 /64). */
  address: addressSubject,
};

export function authHandlers({ policy, outbox, publicUrl, notifier, endRealtimeSession, failuresPerAddress }: AuthHandlerOptions) {
  const addressPolicy: ThrottlePolicy = { ...THROTTLE.failuresPerAddress, max: failuresPerAddress ?? THROTTLE.failuresPerAddress.max };
  const lockAlerts = createLockAlerts(notifier, addressPolicy);

  /**
   * Every path that checks a secret counts its failures against the client's address too, in the
   * same reservation as its own subjects and first: an address over its limit is refused before
   * the secret is looked at, and its attempt is counted for nothing (not for the account either,
   * so a refused address locks no one). A success is released everywhere (not counted), but it
   * does not erase the address's earlier failures.
   */
  const addressLimit = (ctx: { clientAddress: string }): ThrottleLimit => ({ subject: subjects.address(ctx.clientAddress), policy: addressPolicy });
  /** After a failure: tells the admins when it is the one that locks the address. */
  const addressFailed = (ctx: { clientAddress: string }, attempt: Extract<Reservation, { ok: true }>) => {
    const subject = subjects.address(ctx.clientAddress);
    return lockAlerts.addressFailed(subject, attempt.counts[subject] ?? 0, ctx.clientAddress);
  };

  /** Starts a session for a user who proved who they are: new cookie, old session (if any) ended. */
  const startSession = (ctx: { request: FastifyRequest; reply: FastifyReply; sessions: SessionStore; db: Database }, userId: number) =>
    startSessionFor(ctx, policy, userId);

  return [
    /**
     * POST /login. An unknown user, a wrong password and a disabled account all take one full
     * scrypt and get the same 401 body, so none can be told apart; after 10 failures in 15
     * minutes, the name typed (known or not) is refused for 15 minutes, before any check, and so
     * is a client address after its failures over any names (THROTTLE.failuresPerAddress). A
     * platform admin's correct password gets no session: an emailed code completes it.
     */
    implement(endpoints.auth.login, async ({ body }, ctx) => {
      const now = ctx.now();
      const row = await findUserByLogin(ctx.db, body.username);
      const subject = subjects.password(row, body.username);
      const attempt = await reserveAttempt(ctx.db, [addressLimit(ctx), { subject, policy: THROTTLE.password }], now);
      if (!attempt.ok) throw tooManyAttempts();
      const matches = await verifyStoredPassword(body.password, row?.password_hash ?? UNMATCHABLE_HASH);
      if (!row || !matches || row.disabled_at !== null) {
        await lockAlerts.passwordFailed(subject, attempt.counts[subject] ?? 0, row ? accountWho(row.username) : maskLogin(body.username));
        await addressFailed(ctx, attempt);
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
      // Not a failure: counted for neither. The name's earlier failures are forgotten, the address's are not.
      await attempt.release();
      await clearEvents(ctx.db, subject);

      // Only someone who knows the admin's password gets a code sent, so sends are not limited
      // here (the password lockout above limits who gets this far).
      if (isAdmin(row)) {
        const { key, keyHash } = newChallengeKey();
        const code = await issueCode(ctx.db, { purpose: 'admin', userId: row.id, keyHash }, now);
        await outbox.email({
          to: row.email,
          subject: `Your Salondesk sign-in code: ${code}`,
          text: `Hello ${row.fullname},\n\nYour Salondesk sign-in code is ${code}. It works once, for 10 minutes.\n\nIf you did not try to sign in, change your password: someone knows it.`,
          ref: keyHash,
        });
        return { otpRequired: true as const, uid: row.id, key };
      }
      return startSession(ctx, row.id);
    }),

    /**
     * POST /login/{uid}/dashboard/otp: the admin's second step. The code must be the live one of
     * this challenge, for this admin; 5 wrong tries kill it; 100 failures an hour lock the account.
     */
    implement(endpoints.auth.adminOtp, async ({ params, body }, ctx) => {
      const now = ctx.now();
      const attempt = await reserveAttempt(ctx.db, [addressLimit(ctx), ...limitsOf([subjects.codeUser(params.uid)], THROTTLE.codeFailures)], now);
      if (!attempt.ok) throw tooManyAttempts();
      const access = await loadUserAccess(ctx.db, params.uid);
      const admin = access && isAdmin(access.user) && sameLogin(access.user, body.admin) ? access.user : undefined;
      const ok = await consumeCode(
        ctx.db,
        { purpose: 'admin', userId: params.uid, keyHash: challengeKeyHash(body.key) },
        body.pin,
        now,
      );
      if (!admin || !ok) {
        const subject = subjects.codeUser(params.uid);
        if (access) await lockAlerts.codeFailed([{ subject, count: attempt.counts[subject] ?? 0, who: accountWho(access.user.username) }]);
        await addressFailed(ctx, attempt);
        throw invalidCode();
      }
      await attempt.release();
      return startSession(ctx, admin.id);
    }),

    /**
     * POST /login/account/otp/request: a code by SMS when the number belongs to an account. The
     * answer is the same for any number; at most 5 codes per 15 minutes per number (known or not).
     */
    implement(endpoints.auth.phoneOtpRequest, async ({ body }, ctx) => {
      const phone = normalizePhone(body.cc, body.phone);
      if (phone === null) throw invalidRequest([{ path: ['phone'], message: MESSAGES.invalidPhone }]);
      const now = ctx.now();
      const sends = await reserveAttempt(ctx.db, limitsOf([subjects.sendPhone(phone)], THROTTLE.codeSends), now);
      if (!sends.ok) throw tooManyAttempts();
      const user = await findUserByPhone(ctx.db, phone);
      if (user) {
        const code = await issueCode(ctx.db, { purpose: 'phone', userId: user.id, phone }, now);
        await outbox.sms({ to: phone, text: `Your Salondesk sign-in code is ${code}. It works once, for 10 minutes. Never share it.` });
      }
      await sweepThrottle(ctx.db, now);
      return { sent: true as const };
    }),

    /**
     * POST /login/account/otp/validate: signs in with the SMS code. Failures count per number and
     * per account: after 100 in an hour every try is refused (the right code too), unanswered.
     */
    implement(endpoints.auth.phoneOtpValidate, async ({ body }, ctx) => {
      const phone = normalizeFullPhone(body.phone);
      if (phone === null) throw invalidRequest([{ path: ['phone'], message: MESSAGES.invalidPhone }]);
      const now = ctx.now();
      const user = await findUserByPhone(ctx.db, phone);
      const attempt = await reserveAttempt(
        ctx.db,
        [addressLimit(ctx), ...limitsOf(user ? [subjects.codePhone(phone), subjects.codeUser(user.id)] : [subjects.codePhone(phone)], THROTTLE.codeFailures)],
        now,
      );
      if (!attempt.ok) throw tooManyAttempts();
      const ok = user ? await consumeCode(ctx.db, { purpose: 'phone', userId: user.id, phone }, body.pin, now) : false;
      if (!user || !ok) {
        const phoneSubject = subjects.codePhone(phone);
        await lockAlerts.codeFailed([
          { subject: phoneSubject, count: attempt.counts[phoneSubject] ?? 0, who: phoneWho(phone) },
          ...(user ? [{ subject: subjects.codeUser(user.id), count: attempt.counts[subjects.codeUser(user.id)] ?? 0, who: accountWho(user.username) }] : []),
        ]);
        await addressFailed(ctx, attempt);
        throw invalidCode();
      }
      await attempt.release();
      return startSession(ctx, user.id);
    }),

    /**
     * POST /password/forgot: a reset link by email when the address belongs to an enabled
     * account. The answer is the same for any address; at most 5 links an hour per address.
     */
    implement(endpoints.auth.passwordForgot, async ({ body }, ctx) => {
      const now = ctx.now();
      const sends = await reserveAttempt(ctx.db, limitsOf([subjects.resetEmail(body.email)], THROTTLE.resetSends), now);
      const row = sends.ok ? await findUserByLogin(ctx.db, body.email) : undefined;
      if (row && row.disabled_at === null && row.email.toLowerCase() === body.email.trim().toLowerCase()) {
        const token = await issueResetToken(ctx.db, row.id, now);
        const link = `${publicUrl.replace(/\/+$/, '')}/login/reset/${token}`;
        await outbox.email({
          to: row.email,
          subject: 'Reset your Salondesk password',
          text: `Hello ${row.fullname},\n\nTo choose a new password, open this link within ${RESET_TTL_MS / 60_000} minutes:\n\n${link}\n\nIt works once. If you did not ask for it, ignore this email: your password stays as it is.`,
        });
      }
      return { sent: true as const };
    }),

    /**
     * POST /password/{token}/reset: the new password (hashed by the client); every session of the
     * user ends. A wrong link is a failed sign-in of the client address (guessing tokens is out of
     * reach, but a refused address is refused here too, before the token is looked at).
     */
    implement(endpoints.auth.passwordReset, async ({ params, body }, ctx) => {
      const now = ctx.now();
      const attempt = await reserveAttempt(ctx.db, [addressLimit(ctx)], now);
      if (!attempt.ok) throw tooManyAttempts();
      const changed = await resetPassword(ctx.db, { token: params.token, email: body.email, clientHash: body.password }, now);
      if (!changed) {
        await addressFailed(ctx, attempt);
        throw new HttpError(400, MESSAGES.resetLinkInvalid);
      }
      await attempt.release();
      return { reset: true as const };
    }),

    /** GET /logout: ends the session server-side and clears the cookie; fine without a session. */
    implement(endpoints.auth.logout, async (_request, ctx) => {
      const token = sessionTokenOf(ctx.request);
      if (token) {
        await ctx.sessions.destroy(token);
        endRealtimeSession?.(hashToken(token));
      }
      clearSessionCookie(ctx.reply);
      return { loggedOut: true };
    }),

    /** The signed-in user's session; an admin may look at another user's. */
    implement(endpoints.auth.checkStatus, async ({ params }, ctx) => {
      if (!ctx.auth) throw pleaseLogIn();
      if (params.id === ctx.auth.user.id) return sessionOf(ctx.db, ctx.auth);
      const other = await loadUserAccess(ctx.db, params.id);
      if (!other) throw notFound();
      return sessionOf(ctx.db, other);
    }),
  ];
}
