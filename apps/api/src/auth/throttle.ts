import { and, count, eq, gt, inArray, max } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { deleteOlderThan, RETENTION } from '../jobs/retention';
import { authThrottle } from './schema';

/** How many events a subject may have in a window, and how long it is refused once over. */
export interface ThrottlePolicy {
  /** Events allowed within `windowMs`; the next one is refused. */
  max: number;
  windowMs: number;
  /** Once over the limit, refused until this long after the last counted event. */
  coolOffMs: number;
}

const MINUTE = 60_000;

/** The figures (issue #3): written once, read by the handlers and the tests. */
export const THROTTLE = {
  /** Password sign-in: 10 failures within 15 minutes lock the account (or unknown name) for 15 minutes. */
  password: { max: 10, windowMs: 15 * MINUTE, coolOffMs: 15 * MINUTE },
  /** One-time codes: at most 100 failed attempts per hour per account and per phone number. */
  codeFailures: { max: 100, windowMs: 60 * MINUTE, coolOffMs: 60 * MINUTE },
  /** Codes sent by SMS: at most 5 per 15 minutes per phone number, known or not (no SMS bombing). */
  codeSends: { max: 5, windowMs: 15 * MINUTE, coolOffMs: 15 * MINUTE },
  /** Reset links sent: at most 5 per hour per email. */
  resetSends: { max: 5, windowMs: 60 * MINUTE, coolOffMs: 60 * MINUTE },
  /**
   * Failed sign-ins from one client address (an IPv4 address, an IPv6 /64; see addressKey), on
   * every path that checks a secret: wrong passwords (unknown names too), wrong phone and admin
   * codes, wrong reset links. 100 failures within 15 minutes refuse the address for 15 minutes
   * after the last one. Only failures count: a salon behind one NAT never gets near it by normal
   * use (each of its accounts locks itself after 10 wrong passwords; it would take ten staff
   * locking themselves out in the same quarter of an hour), while a credential-stuffing run is
   * held to 100 guesses per quarter hour per address instead of as many as it can send.
   * `SALONDESK_SIGNIN_FAILURES_PER_ADDRESS` changes `max`.
   */
  failuresPerAddress: { max: 100, windowMs: 15 * MINUTE, coolOffMs: 15 * MINUTE },
  /**
   * Wrong staff clock PINs (a 4-digit PIN has 10,000 values): 5 within 15 minutes lock that
   * member's PIN for 15 minutes, and 30 over all members of a location lock its clock as long, so
   * nobody at the desk can try PIN after PIN for everyone. Failures count against the client
   * address too (`failuresPerAddress`), as every secret does.
   */
  clockPin: { max: 5, windowMs: 15 * MINUTE, coolOffMs: 15 * MINUTE },
  clockPinBusiness: { max: 30, windowMs: 15 * MINUTE, coolOffMs: 15 * MINUTE },
} as const satisfies Record<string, ThrottlePolicy>;

/** The throttle subject of a client address key (`addressKey`): every path that checks a secret counts its failures under it. */
export const addressSubject = (key: string): string => `address:${key}`;

/** One subject counted under one policy (an attempt may count for several, under different policies). */
export interface ThrottleLimit {
  subject: string;
  policy: ThrottlePolicy;
}

/** The same policy for each subject. */
export const limitsOf = (subjects: readonly string[], policy: ThrottlePolicy): ThrottleLimit[] => subjects.map((subject) => ({ subject, policy }));

/**
 * Is a subject refused now, given the events counted for it? Pure: `recent` is how many events
 * fell within the window before `now`, `last` the newest of them.
 */
export function lockedUntil(policy: ThrottlePolicy, recent: number, last: Date | null, now: Date): Date | null {
  if (recent < policy.max || last === null) return null;
  const until = new Date(last.getTime() + policy.coolOffMs);
  return until > now ? until : null;
}

/**
 * When a subject is refused until, or null when it may try now: its newest event is less than
 * `coolOffMs` old and the `windowMs` up to that event hold `max` events or more.
 */
export async function throttledUntil(tx: Executor, subject: string, policy: ThrottlePolicy, now: Date): Promise<Date | null> {
  const [newest] = await tx
    .select({ last: max(authThrottle.at) })
    .from(authThrottle)
    .where(and(eq(authThrottle.subject, subject), gt(authThrottle.at, new Date(now.getTime() - policy.coolOffMs))));
  if (!newest?.last) return null;
  const last = new Date(newest.last);
  const [inWindow] = await tx
    .select({ n: count() })
    .from(authThrottle)
    .where(and(eq(authThrottle.subject, subject), gt(authThrottle.at, new Date(last.getTime() - policy.windowMs))));
  return lockedUntil(policy, inWindow?.n ?? 0, last, now);
}

export type Reservation =
  | {
      ok: true;
      /** Un-counts this attempt, for every subject it was counted for (it succeeded). */
      release(): Promise<void>;
      /** Each subject's events in its window, this attempt included: its `max` means a failure now locks it. */
      counts: Record<string, number>;
    }
  | { ok: false; until: Date };

/**
 * Counts one attempt for every subject (each under its own policy) before it is checked, or
 * refuses it when any subject is over its limit. All or nothing: every subject is looked at
 * before anything is written, so a refused attempt is counted for none of them (an address that
 * is refused does not count against the accounts it tries, and nothing is written for a subject
 * already over its limit, so the table stays small under attack). Counting first means
 * concurrent attempts see each other: at most `max` get through a window, however many arrive at
 * once; one that finds a subject over after writing takes back all of its rows.
 */
export async function reserveAttempt(db: Executor, limits: readonly ThrottleLimit[], now: Date): Promise<Reservation> {
  for (const { subject, policy } of limits) {
    const until = await throttledUntil(db, subject, policy, now);
    if (until) return { ok: false, until };
  }
  const rows = limits.length
    ? await db
        .insert(authThrottle)
        .values(limits.map(({ subject }) => ({ subject, at: now })))
        .returning({ id: authThrottle.id })
    : [];
  const ids = rows.map((r) => r.id);
  const release = async () => {
    if (ids.length > 0) await db.delete(authThrottle).where(inArray(authThrottle.id, ids));
  };
  const counts: Record<string, number> = {};
  for (const { subject, policy } of limits) {
    counts[subject] = await countEvents(db, subject, policy.windowMs, now);
    if (counts[subject] > policy.max) {
      await release();
      return { ok: false, until: new Date(now.getTime() + policy.coolOffMs) };
    }
  }
  return { ok: true, release, counts };
}

/** Forgets a subject's events (a successful password sign-in clears its failures). */
export async function clearEvents(db: Executor, subject: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.subject, subject));
}

/** How many events a subject has within the last `windowMs` (up to `now`). */
export async function countEvents(db: Executor, subject: string, windowMs: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authThrottle)
    .where(and(eq(authThrottle.subject, subject), gt(authThrottle.at, new Date(now.getTime() - windowMs))));
  return row?.n ?? 0;
}

/**
 * Drops events older than `RETENTION.throttleEvents` (a day: longer than any window), so the table
 * does not only grow. Run by housekeeping, and when a phone code is requested (the one request
 * anyone can make without an account). Returns how many rows went.
 */
export async function sweepThrottle(db: Executor, now: Date): Promise<number> {
  return deleteOlderThan(db, authThrottle, authThrottle.at, now, RETENTION.throttleEvents);
}
