import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { deleteOlderThan, RETENTION } from '../jobs/retention';
import { sessions, users } from '../db/schema';
import { hashStoredPassword } from './password';
import { passwordResets } from './schema';

/** A reset link is valid for one hour. */
export const RESET_TTL_MS = 60 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new reset token for a user (256 random bits, base64url); only its SHA-256 is stored. */
export async function issueResetToken(db: Database, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({ token_hash: sha256(token), user_id: userId, expires_at: new Date(now.getTime() + RESET_TTL_MS) });
  return token;
}

/**
 * Sets a new password with a reset token, all or nothing: the token must be unused, unexpired
 * and belong to the (enabled) user with this email. The token and every other open reset of the
 * user are spent, and every session of the user ends. Returns whether the password changed.
 */
export async function resetPassword(db: Database, input: { token: string; email: string; clientHash: string }, now: Date): Promise<boolean> {
  const tokenHash = sha256(input.token);
  const newHash = await hashStoredPassword(input.clientHash);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: passwordResets.user_id, email: users.email, disabledAt: users.disabled_at })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.user_id))
      .where(and(eq(passwordResets.token_hash, tokenHash), isNull(passwordResets.used_at), gt(passwordResets.expires_at, now)))
      .for('update');
    if (!row || row.disabledAt !== null || row.email.toLowerCase() !== input.email.trim().toLowerCase()) return false;
    await tx.update(passwordResets).set({ used_at: now }).where(eq(passwordResets.token_hash, tokenHash));
    await tx
      .update(passwordResets)
      .set({ used_at: now })
      .where(and(eq(passwordResets.user_id, row.userId), isNull(passwordResets.used_at), ne(passwordResets.token_hash, tokenHash)));
    await tx.update(users).set({ password_hash: newHash }).where(eq(users.id, row.userId));
    await tx.delete(sessions).where(eq(sessions.user_id, row.userId));
    return true;
  });
}

/**
 * Deletes reset links that expired more than `RETENTION.expiredResets` ago (kept a day for
 * support, then of no use). Returns how many rows went.
 */
export async function sweepResets(db: Database, now: Date): Promise<number> {
  return deleteOlderThan(db, passwordResets, passwordResets.expires_at, now, RETENTION.expiredResets);
}
