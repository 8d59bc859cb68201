import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottle, oneTimeCodes, passwordResets } from '../auth/schema';
import { sweepCodes } from '../auth/codes';
import { sweepResets } from '../auth/resets';
import { sweepSessions } from '../auth/sessions';
import { sweepThrottle } from '../auth/throttle';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { businesses, sessions, users } from '../db/schema';
import { staff } from '../staff/schema';
import { outbox } from '../outbox/schema';
import { sweepDemoOutbox } from '../outbox/outbox';
import { notifications } from '../realtime/schema';
import { saleslogs } from '../transactions/schema';
import { sweepReportRuns } from '../reports/engine/runs';
import { reportRunChunks, reportRuns } from '../reports/engine/schema';
import { freshDatabaseUrl } from '../test/harness';
import { runHousekeeping } from './housekeeping';
import { RETENTION } from './retention';

/** A fixed "now" well after the template's own rows were written. */
const NOW = new Date(Date.now() + 400 * 24 * 60 * 60_000);
const at = (msBeforeNow: number) => new Date(NOW.getTime() - msBeforeNow);
const SECOND = 1000;

describe('housekeeping deletes exactly what is past retention', () => {
  let database: DatabaseHandle;
  let userId: number;
  beforeAll(async () => {
    database = openDatabase(await freshDatabaseUrl(), { max: 2 });
    const [user] = await database.db.select({ id: users.id }).from(users).limit(1);
    userId = user!.id;
  });
  afterAll(() => database.close());
  const db = () => database.db;

  it('throttle events: older than RETENTION.throttleEvents go', async () => {
    const rows = await db()
      .insert(authThrottle)
      .values([
        { subject: 'hk:old', at: at(RETENTION.throttleEvents + SECOND) },
        { subject: 'hk:inside', at: at(RETENTION.throttleEvents - SECOND) },
        { subject: 'hk:now', at: NOW },
      ])
      .returning({ id: authThrottle.id, subject: authThrottle.subject });
    expect(await sweepThrottle(db(), NOW)).toBe(1);
    const left = await db().select({ subject: authThrottle.subject }).from(authThrottle).where(inArray(authThrottle.id, rows.map((r) => r.id)));
    expect(left.map((r) => r.subject).sort()).toEqual(['hk:inside', 'hk:now']);
  });

  it('sessions: those whose absolute end is more than RETENTION.endedSessions ago go, however they ended', async () => {
    const session = (token: string, expiresBefore: number, lastSeenBefore: number) => ({
      token_hash: token,
      user_id: userId,
      created_at: at(expiresBefore + 12 * 3600 * SECOND),
      last_seen_at: at(lastSeenBefore),
      expires_at: at(expiresBefore),
    });
    await db()
      .insert(sessions)
      .values([
        session('hk-expired-long-ago', RETENTION.endedSessions + SECOND, RETENTION.endedSessions + 3600 * SECOND),
        session('hk-expired-recently', RETENTION.endedSessions - SECOND, RETENTION.endedSessions),
        session('hk-live', -3600 * SECOND, 60 * SECOND),
      ]);
    expect(await sweepSessions(db(), NOW)).toBe(1);
    const left = await db().select({ token: sessions.token_hash }).from(sessions).where(inArray(sessions.token_hash, ['hk-expired-long-ago', 'hk-expired-recently', 'hk-live']));
    expect(left.map((r) => r.token).sort()).toEqual(['hk-expired-recently', 'hk-live']);
  });

  it('one-time codes: expired more than RETENTION.expiredCodes ago go, used or not', async () => {
    const code = (expiresBefore: number, used: boolean) => ({
      purpose: 'phone',
      user_id: userId,
      code_salt: 's',
      code_hash: 'h',
      expires_at: at(expiresBefore),
      used_at: used ? at(expiresBefore + 60 * SECOND) : null,
    });
    const rows = await db()
      .insert(oneTimeCodes)
      .values([code(RETENTION.expiredCodes + SECOND, false), code(RETENTION.expiredCodes + SECOND, true), code(RETENTION.expiredCodes - SECOND, true), code(-600 * SECOND, false)])
      .returning({ id: oneTimeCodes.id });
    expect(await sweepCodes(db(), NOW)).toBe(2);
    const left = await db().select({ id: oneTimeCodes.id }).from(oneTimeCodes).where(inArray(oneTimeCodes.id, rows.map((r) => r.id)));
    expect(left.map((r) => r.id)).toEqual([rows[2]!.id, rows[3]!.id]);
  });

  it('reset links: expired more than RETENTION.expiredResets ago go', async () => {
    await db()
      .insert(passwordResets)
      .values([
        { token_hash: 'hk-reset-old', user_id: userId, expires_at: at(RETENTION.expiredResets + SECOND) },
        { token_hash: 'hk-reset-inside', user_id: userId, expires_at: at(RETENTION.expiredResets - SECOND), used_at: at(RETENTION.expiredResets) },
        { token_hash: 'hk-reset-live', user_id: userId, expires_at: at(-3600 * SECOND) },
      ]);
    expect(await sweepResets(db(), NOW)).toBe(1);
    const left = await db().select({ token: passwordResets.token_hash }).from(passwordResets);
    expect(left.map((r) => r.token).sort()).toEqual(['hk-reset-inside', 'hk-reset-live']);
  });

  it('demo outbox: messages older than RETENTION.demoOutbox go', async () => {
    // The demo's campaign messages (demo/seed-campaigns.ts) are older than that at NOW too: start from an empty outbox.
    await db().delete(outbox);
    const rows = await db()
      .insert(outbox)
      .values([
        { channel: 'sms', recipient: '+15550000001', body: 'old', created_at: at(RETENTION.demoOutbox + SECOND) },
        { channel: 'sms', recipient: '+15550000002', body: 'inside', created_at: at(RETENTION.demoOutbox - SECOND) },
      ])
      .returning({ id: outbox.id });
    expect(await sweepDemoOutbox(db(), NOW)).toBe(1);
    const left = await db().select({ body: outbox.body }).from(outbox).where(inArray(outbox.id, rows.map((r) => r.id)));
    expect(left.map((r) => r.body)).toEqual(['inside']);
  });

  it('report runs: asked more than RETENTION.reportRuns ago go, with their rows', async () => {
    const run = (title: string, ms: number) => ({ business_id: 1, title, source: { kind: 'function' as const, name: 'sales_by_staff' }, scope: [1], status: 'finished' as const, row_count: 1, created_at: at(ms) });
    const rows = await db()
      .insert(reportRuns)
      .values([run('old', RETENTION.reportRuns + SECOND), run('inside', RETENTION.reportRuns - SECOND)])
      .returning({ id: reportRuns.id });
    await db().insert(reportRunChunks).values(rows.map((r) => ({ run_id: r.id, chunk: 0, rows: [{ a: 1 }] })));
    expect(await sweepReportRuns(db(), NOW)).toBe(1);
    const left = await db().select({ title: reportRuns.title }).from(reportRuns).where(inArray(reportRuns.id, rows.map((r) => r.id)));
    expect(left.map((r) => r.title)).toEqual(['inside']);
    const chunks = await db().select({ run: reportRunChunks.run_id }).from(reportRunChunks).where(inArray(reportRunChunks.run_id, rows.map((r) => r.id)));
    expect(chunks.map((c) => c.run)).toEqual([rows[1]!.id]);
  });

  it('a whole run: every sweep, the outbox only in demo mode, and no business data touched', async () => {
    const businessCounts = async () => ({
      businesses: (await db().select({ n: count() }).from(businesses))[0]!.n,
      users: (await db().select({ n: count() }).from(users))[0]!.n,
      staff: (await db().select({ n: count() }).from(staff))[0]!.n,
      saleslogs: (await db().select({ n: count() }).from(saleslogs))[0]!.n,
      notifications: (await db().select({ n: count() }).from(notifications))[0]!.n,
    });
    const before = await businessCounts();
    expect(before.businesses).toBeGreaterThan(0);
    expect(before.saleslogs).toBeGreaterThan(0);

    const old = (ms: number) => at(ms + SECOND);
    const seed = async () => {
      await db().insert(authThrottle).values({ subject: 'hk:run', at: old(RETENTION.throttleEvents) });
      await db().insert(sessions).values({ token_hash: `hk-run-${Math.random()}`, user_id: userId, last_seen_at: old(RETENTION.endedSessions), expires_at: old(RETENTION.endedSessions) });
      await db().insert(oneTimeCodes).values({ purpose: 'admin', user_id: userId, code_salt: 's', code_hash: 'h', expires_at: old(RETENTION.expiredCodes) });
      await db().insert(passwordResets).values({ token_hash: `hk-run-${Math.random()}`, user_id: userId, expires_at: old(RETENTION.expiredResets) });
      await db().insert(outbox).values({ channel: 'email', recipient: 'a@b.test', body: 'x', created_at: old(RETENTION.demoOutbox) });
      await db().insert(reportRuns).values({ business_id: 1, title: 'hk run', source: { kind: 'function', name: 'sales_by_staff' }, scope: [1], status: 'finished', created_at: old(RETENTION.reportRuns) });
    };

    await seed();
    expect(await runHousekeeping(db(), NOW, { demo: false })).toEqual({ throttleEvents: 1, sessions: 1, codes: 1, resets: 1, demoOutbox: null, reportRuns: 1 });
    const [kept] = await db().select({ n: count() }).from(outbox).where(inArray(outbox.body, ['x']));
    expect(kept!.n).toBe(1);

    await seed();
    expect(await runHousekeeping(db(), NOW, { demo: true })).toEqual({ throttleEvents: 1, sessions: 1, codes: 1, resets: 1, demoOutbox: 2, reportRuns: 1 });
    // Nothing more is past retention: a second run deletes nothing.
    expect(await runHousekeeping(db(), NOW, { demo: true })).toEqual({ throttleEvents: 0, sessions: 0, codes: 0, resets: 0, demoOutbox: 0, reportRuns: 0 });
    expect(await businessCounts()).toEqual(before);
  });
});
