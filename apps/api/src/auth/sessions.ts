import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { deleteOlderThan, RETENTION } from '../jobs/retention';
import { roles, sessions, userBusinesses, userNetworks, users } from '../db/schema';
import type { AuthState } from './authState';
import { toUser } from './users';

/** The session cookie: 32 random bytes, base64url. Only its SHA-256 is stored. */
export const SESSION_COOKIE = 'sd_session';

export interface SessionPolicy {
  /** A session ends this long after login, however active. */
  absoluteMs: number;
  /** A session ends after this long without a request. */
  idleMs: number;
  /** `last_seen_at` is written at most this often. */
  touchEveryMs: number;
}

export const sessionPolicy = (idleMinutes: number): SessionPolicy => ({
  absoluteMs: 12 * 60 * 60 * 1000,
  idleMs: idleMinutes * 60 * 1000,
  touchEveryMs: 60 * 1000,
});

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface SessionStore {
  /** A new session for the user; returns the cookie value. */
  create(userId: number): Promise<{ token: string; expiresAt: Date }>;
  /**
   * The live session for a cookie value, or null (unknown, expired, idle too long, user disabled).
   * A request keeps the session alive (`touch`, the default); a check that is not the user's
   * doing (the realtime socket re-checking its session) passes `{ touch: false }`.
   */
  resolve(token: string, options?: { touch?: boolean }): Promise<AuthState | null>;
  /** Ends the session of a cookie value, if there is one. */
  destroy(token: string): Promise<void>;
}

export function createSessionStore(db: Database, policy: SessionPolicy, clock: () => Date): SessionStore {
  // Every authenticated request runs this query: a named prepared statement (parsed and planned
  // once per connection).
  const sessionByTokenHash = db
    .select({
      id: users.id,
      role: users.role,
      acl: users.acl,
      fullname: users.fullname,
      email: users.email,
      username: users.username,
      roleParams: roles.params,
      disabledAt: users.disabled_at,
      lastSeenAt: sessions.last_seen_at,
      expiresAt: sessions.expires_at,
      networkIds: sql<number[]>`array(select ${userNetworks.network_id} from ${userNetworks} where ${userNetworks.user_id} = ${users.id})`,
      businessIds: sql<number[]>`array(select ${userBusinesses.business_id} from ${userBusinesses} where ${userBusinesses.user_id} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(roles, eq(roles.name, users.role))
    .where(eq(sessions.token_hash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token_hash');

  return {
    async create(userId) {
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const expiresAt = new Date(now.getTime() + policy.absoluteMs);
      await db.insert(sessions).values({
        token_hash: hashToken(token),
        user_id: userId,
        created_at: now,
        last_seen_at: now,
        expires_at: expiresAt,
      });
      // Sweep this user's ended sessions while we are here, so the table does not only grow.
      await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.user_id, userId),
            or(lt(sessions.expires_at, now), lt(sessions.last_seen_at, new Date(now.getTime() - policy.idleMs))),
          ),
        );
      return { token, expiresAt };
    },

    async resolve(token, options) {
      if (!token) return null;
      const tokenHash = hashToken(token);
      const [row] = await sessionByTokenHash.execute({ tokenHash });
      if (!row) return null;

      const now = clock().getTime();
      if (row.disabledAt !== null) {
        await db.delete(sessions).where(eq(sessions.user_id, row.id));
        return null;
      }
      if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + policy.idleMs <= now) {
        await db.delete(sessions).where(eq(sessions.token_hash, tokenHash));
        return null;
      }
      if (options?.touch !== false && now - row.lastSeenAt.getTime() >= policy.touchEveryMs) {
        await db.update(sessions).set({ last_seen_at: new Date(now) }).where(eq(sessions.token_hash, tokenHash));
      }
      return {
        user: toUser(row),
        grants: { networkIds: row.networkIds, businessIds: row.businessIds },
        tokenHash,
      };
    },

    async destroy(token) {
      if (!token) return;
      await db.delete(sessions).where(eq(sessions.token_hash, hashToken(token)));
    },
  };
}

/**
 * Deletes sessions whose absolute end (`expires_at`) is more than `RETENTION.endedSessions` ago.
 * A session is also deleted when it is next presented after it ended, and a user's ended
 * sessions when they sign in again; this catches the ones never presented again. Returns how
 * many rows went.
 */
export async function sweepSessions(db: Database, now: Date): Promise<number> {
  return deleteOlderThan(db, sessions, sessions.expires_at, now, RETENTION.endedSessions);
}
