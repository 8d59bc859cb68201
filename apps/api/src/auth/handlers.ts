import { endpoints, MESSAGES, type Session } from '@salondesk/core';
import { visibleBusinesses } from '../businesses/queries';
import type { Database } from '../db/client';
import { HttpError, notFound, pleaseLogIn } from '../http/errors';
import { clearSessionCookie, implement, sessionTokenOf } from '../http/registry';
import { UNMATCHABLE_HASH, verifyStoredPassword } from './password';
import { type AuthState, SESSION_COOKIE, type SessionPolicy } from './sessions';
import { findUserByLogin, loadUserAccess } from './users';

async function sessionOf(db: Database, auth: Pick<AuthState, 'user' | 'grants'>): Promise<Session> {
  return { user: auth.user, businesses: await visibleBusinesses(db, auth) };
}

export function authHandlers(policy: SessionPolicy) {
  return [
    /**
     * POST /login. An unknown user, a wrong password and a disabled account all take one full
     * scrypt and get the same 401 body, so none can be told apart.
     */
    implement(endpoints.auth.login, async ({ body }, ctx) => {
      const row = await findUserByLogin(ctx.db, body.username);
      const matches = await verifyStoredPassword(body.password, row?.password_hash ?? UNMATCHABLE_HASH);
      if (!row || !matches || row.disabled_at !== null) throw new HttpError(401, MESSAGES.invalidCredentials);

      const previous = sessionTokenOf(ctx.request);
      if (previous) await ctx.sessions.destroy(previous);
      const { token } = await ctx.sessions.create(row.id);
      ctx.reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.request.protocol === 'https',
        path: '/',
        maxAge: Math.floor(policy.absoluteMs / 1000),
      });
      const auth = await ctx.sessions.resolve(token);
      if (!auth) throw new Error('A session just created could not be read back');
      return sessionOf(ctx.db, auth);
    }),

    /** GET /logout: ends the session server-side and clears the cookie; fine without a session. */
    implement(endpoints.auth.logout, async (_request, ctx) => {
      const token = sessionTokenOf(ctx.request);
      if (token) await ctx.sessions.destroy(token);
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
