import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { deleteOlderThan, RETENTION } from '../jobs/retention';
import { oneTimeCodes } from './schema';

/** A one-time code lives 10 minutes and dies after 5 wrong tries. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;

export type CodePurpose = 'admin' | 'phone';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hashCode = (salt: string, code: string) => sha256(`${salt}:${code}`);

/** 6 random digits from the operating system's CSPRNG (leading zeros kept). */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** An admin challenge's key: 256 random bits; only its SHA-256 is stored. */
export const newChallengeKey = (): { key: string; keyHash: string } => {
  const key = randomBytes(32).toString('base64url');
  return { key, keyHash: sha256(key) };
};
export const challengeKeyHash = (key: string): string => sha256(key);

/**
 * Issues a code for a user and returns it (to be sent, never stored): any earlier live code of
 * the same purpose for the user stops working, so only the newest one counts.
 */
export async function issueCode(
  db: Database,
  input: { purpose: CodePurpose; userId: number; phone?: string | null; keyHash?: string | null },
  now: Date,
): Promise<string> {
  const code = newCode();
  const salt = randomBytes(16).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ used_at: now })
      .where(and(eq(oneTimeCodes.user_id, input.userId), eq(oneTimeCodes.purpose, input.purpose), isNull(oneTimeCodes.used_at)));
    await tx.insert(oneTimeCodes).values({
      purpose: input.purpose,
      user_id: input.userId,
      phone: input.phone ?? null,
      key_hash: input.keyHash ?? null,
      code_salt: salt,
      code_hash: hashCode(salt, code),
      expires_at: new Date(now.getTime() + CODE_TTL_MS),
    });
  });
  return code;
}

/**
 * Tries `pin` against the live code of a user (for an admin, the one issued with this challenge
 * key). The try is counted on the code before the comparison; the code is consumed (single use,
 * atomically) when it matches. Returns whether the user may be signed in.
 */
export async function consumeCode(
  db: Database,
  input: { purpose: CodePurpose; userId: number; phone?: string; keyHash?: string },
  pin: string,
  now: Date,
): Promise<boolean> {
  const [live] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, input.purpose),
        eq(oneTimeCodes.user_id, input.userId),
        input.phone !== undefined ? eq(oneTimeCodes.phone, input.phone) : undefined,
        input.keyHash !== undefined ? eq(oneTimeCodes.key_hash, input.keyHash) : undefined,
        isNull(oneTimeCodes.used_at),
        gt(oneTimeCodes.expires_at, now),
        lt(oneTimeCodes.attempts, CODE_MAX_TRIES),
      ),
    )
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  if (!live) return false;
  // Count the try first: concurrent tries cannot exceed CODE_MAX_TRIES between them.
  const counted = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, live.id), lt(oneTimeCodes.attempts, CODE_MAX_TRIES), isNull(oneTimeCodes.used_at)))
    .returning({ id: oneTimeCodes.id });
  if (counted.length === 0) return false;
  const expected = Buffer.from(live.code_hash, 'hex');
  const actual = Buffer.from(hashCode(live.code_salt, pin), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return false;
  const consumed = await db
    .update(oneTimeCodes)
    .set({ used_at: now })
    .where(and(eq(oneTimeCodes.id, live.id), isNull(oneTimeCodes.used_at)))
    .returning({ id: oneTimeCodes.id });
  return consumed.length === 1;
}

/**
 * Deletes one-time codes that expired more than `RETENTION.expiredCodes` ago (kept a day for
 * support, then of no use). Returns how many rows went.
 */
export async function sweepCodes(db: Database, now: Date): Promise<number> {
  return deleteOlderThan(db, oneTimeCodes, oneTimeCodes.expires_at, now, RETENTION.expiredCodes);
}
