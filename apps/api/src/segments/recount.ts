import { SEGMENT_COUNT_FRESH_MINUTES, SegmentReferenceError } from '@salondesk/core';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Executor } from '../db/executor';
import { defineJob } from '../jobs/defineJob';
import type { JobSender } from '../jobs/jobQueue';
import { SegmentNotFoundError, segmentMemberCount } from './members';
import { customerSegments } from './schema';

/**
 * Each segment's members as last counted (`member_count`, `counted_at`), kept fresh in the
 * background: the segments list shows the stored counts at once (with their age) and, when some
 * are missing or older than `SEGMENT_COUNT_FRESH_MINUTES`, queues one `segment.recount` job for
 * the location, which counts them again, oldest first. Saving a segment's tree or locations clears
 * its count and queues the job too.
 *
 * Why stored and counted in the background rather than counted on every list read: a count is
 * one statement over the location's clients and tickets (about a second for 1,500 clients with a
 * year of tickets, more with more), so a list of twenty segments counted on read would wait
 * twenty of them. The job's cost is bounded: at most `SEGMENTS_PER_RUN` counts a run, each in a
 * read-only transaction with a statement timeout, and at most one run queued per location a minute.
 */

export const SEGMENT_RECOUNT_JOB = 'segment.recount';
/** The most segments one run counts; the rest wait for the next (the list queues it again). */
export const SEGMENTS_PER_RUN = 50;
/** How long one segment's count may run before it is given up (and left for the next run). */
const COUNT_TIMEOUT_MS = 30_000;

/** Counts again the location's segments whose count is missing or stale at `now` (core's `segmentCountIsStale`), oldest first; returns how many were stored. */
export async function recountStaleSegments(db: Executor, businessId: number, now: Date): Promise<number> {
  const freshSince = new Date(now.getTime() - SEGMENT_COUNT_FRESH_MINUTES * 60_000);
  const stale = await db
    // Its version as PostgreSQL keeps it (microseconds: a JavaScript date would round it).
    .select({ id: customerSegments.id, version: sql<string>`${customerSegments.updated_at}::text` })
    .from(customerSegments)
    .where(and(eq(customerSegments.business_id, businessId), or(isNull(customerSegments.counted_at), lte(customerSegments.counted_at, freshSince))))
    .orderBy(sql`${customerSegments.counted_at} asc nulls first`, asc(customerSegments.id))
    .limit(SEGMENTS_PER_RUN);
  let stored = 0;
  for (const segment of stale) {
    let count: number;
    try {
      count = await db.transaction(async (tx) => {
        await tx.execute(sql`set transaction read only`);
        await tx.execute(sql.raw(`set local statement_timeout = ${COUNT_TIMEOUT_MS}`));
        return segmentMemberCount(tx, businessId, segment.id, { now });
      });
    } catch (error) {
      // Gone, naming a segment that is gone, or too slow this time: left as it is.
      if (error instanceof SegmentReferenceError || error instanceof SegmentNotFoundError || (error as { code?: string }).code === '57014') continue;
      throw error;
    }
    // Kept only if the segment did not change while it was counted (its new tree is counted next run).
    const updated = await db
      .update(customerSegments)
      .set({ member_count: count, counted_at: now })
      .where(and(eq(customerSegments.id, segment.id), sql`${customerSegments.updated_at} = ${segment.version}::timestamptz`))
      .returning({ id: customerSegments.id });
    stored += updated.length;
  }
  return stored;
}

export const segmentRecountJob = () =>
  defineJob({
    name: SEGMENT_RECOUNT_JOB,
    payload: z.object({ businessId: z.number() }),
    // The next list read queues it again: no retry.
    retry: { limit: 0, delaySeconds: 30, backoff: false },
    timeoutSeconds: 10 * 60,
    logFields: (p) => ({ business: p.businessId }),
    async handler(payload, ctx) {
      const stored = await recountStaleSegments(ctx.db, payload.businessId, ctx.now());
      ctx.log.info({ stored }, 'Segments counted');
    },
  });

/** How often one location's recount may be queued: once a minute, however many lists are read. */
const RECOUNT_EVERY_SECONDS = 60;

export type SegmentRecountSender = JobSender<readonly [ReturnType<typeof segmentRecountJob>]>;

/**
 * Queues the location's recount: for a list read at most once a minute (null when one was queued
 * in this minute already); after a save always (a segment just saved is counted at once).
 */
export const queueSegmentRecount = (jobs: SegmentRecountSender, businessId: number, reason: 'list' | 'saved'): Promise<string | null> =>
  jobs.send(SEGMENT_RECOUNT_JOB, { businessId }, reason === 'list' ? { singletonKey: `${SEGMENT_RECOUNT_JOB}:${businessId}`, singletonSeconds: RECOUNT_EVERY_SECONDS } : {});
