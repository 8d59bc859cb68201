import { z } from 'zod/mini';
import { sweepCodes } from '../auth/codes';
import { sweepResets } from '../auth/resets';
import { sweepSessions } from '../auth/sessions';
import { sweepThrottle } from '../auth/throttle';
import type { Database } from '../db/client';
import { sweepDemoOutbox } from '../outbox/outbox';
import { sweepReportRuns } from '../reports/engine/runs';
import { defineJob } from './defineJob';

/** How many rows each sweep deleted. */
export interface HousekeepingResult {
  throttleEvents: number;
  sessions: number;
  codes: number;
  resets: number;
  /** Null outside demo mode (the outbox is kept). */
  demoOutbox: number | null;
  reportRuns: number;
}

/** Deletes every row past its retention (`RETENTION`, jobs/retention.ts), one table at a time. */
export async function runHousekeeping(db: Database, now: Date, options: { demo: boolean }): Promise<HousekeepingResult> {
  return {
    throttleEvents: await sweepThrottle(db, now),
    sessions: await sweepSessions(db, now),
    codes: await sweepCodes(db, now),
    resets: await sweepResets(db, now),
    demoOutbox: options.demo ? await sweepDemoOutbox(db, now) : null,
    reportRuns: await sweepReportRuns(db, now),
  };
}

/** Every 15 minutes (UTC), on one node whatever their number. */
export const HOUSEKEEPING_CRON = '*/15 * * * *';

/**
 * Housekeeping as a scheduled job: sign-in throttle events, ended sessions, used-up codes and
 * reset links and kept report runs past their retention, and in demo mode old outbox messages. Each run deletes what
 * is past retention at that moment, so a missed or repeated run does no harm.
 */
export const housekeepingJob = (options: { demo: boolean }) =>
  defineJob({
    name: 'housekeeping',
    payload: z.object({}),
    schedule: { cron: HOUSEKEEPING_CRON, payload: {} },
    retry: { limit: 2, delaySeconds: 60, backoff: true },
    timeoutSeconds: 10 * 60,
    async handler(_payload, ctx) {
      const deleted = await runHousekeeping(ctx.db, ctx.now(), options);
      ctx.log.info({ deleted }, 'Housekeeping done');
    },
  });
