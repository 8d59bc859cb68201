import type { Session } from '@salondesk/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { visibleBusinesses } from '../businesses/queries';
import type { Database } from '../db/client';
import { sessionTokenOf } from '../http/registry';
import type { AuthState } from './authState';
import { SESSION_COOKIE, type SessionPolicy, type SessionStore } from './sessions';

/** The session as the wire carries it: the user and the businesses they may open. */
export async function sessionOf(db: Database, auth: Pick<AuthState, 'user' | 'grants'>): Promise<Session> {
  return { user: auth.user, businesses: await visibleBusinesses(db, auth) };
}

/**
 * Starts a session for a user who proved who they are (a password, a code, a registration from an
 * invitation): a new cookie, the request's old session (if any) ended. Every sign-in path calls it.
 */
export async function startSession(
  ctx: { request: FastifyRequest; reply: FastifyReply; sessions: SessionStore; db: Database },
  policy: SessionPolicy,
  userId: number,
): Promise<Session> {
  const previous = sessionTokenOf(ctx.request);
  if (previous) await ctx.sessions.destroy(previous);
  const { token } = await ctx.sessions.create(userId);
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
}
