import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { freshDatabaseUrl, startTestServer, type TestServer, type TestServerOptions } from '../test/harness';
import { defineJob } from './defineJob';
import { JOB_SCHEMA, JobPayloadError, type JobQueue } from './jobQueue';

/** A pino logger whose lines the test can read. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 15_000, what = 'the condition') => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// What the test jobs did, by job.
const echoed: { n: number; label: string; jobId: string; attempt: number }[] = [];
const flakyAttempts: number[] = [];
let slowStarted = false;
let slowAborted = false;
let releaseSlow: () => void = () => {};

const echoJob = defineJob({
  name: 'test.echo',
  payload: z.object({ n: z.number().check(z.int(), z.positive()), label: z._default(z.string(), 'none') }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  async handler(payload, ctx) {
    echoed.push({ ...payload, jobId: ctx.jobId, attempt: ctx.attempt });
  },
});

const flakyJob = defineJob({
  name: 'test.flaky',
  payload: z.object({ accountId: z.number(), secret: z.string() }),
  retry: { limit: 2, delaySeconds: 1, backoff: false },
  logFields: (payload) => ({ accountId: payload.accountId }),
  async handler(_payload, ctx) {
    flakyAttempts.push(ctx.attempt);
    throw new Error(`the gateway refused (attempt ${ctx.attempt})`);
  },
});

const slowJob = defineJob({
  name: 'test.slow',
  payload: z.object({}),
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  async handler(_payload, ctx) {
    slowStarted = true;
    await new Promise<void>((resolve) => {
      releaseSlow = resolve;
      ctx.signal.addEventListener('abort', () => {
        slowAborted = true;
        resolve();
      });
    });
  },
});

const testJobs = [echoJob, flakyJob, slowJob] as const;
type TestQueue = JobQueue<typeof testJobs>;
const queueOf = (server: TestServer) => server.app.jobs as unknown as TestQueue;

const workerOptions = (extra: TestServerOptions['jobs'] = {}): TestServerOptions['jobs'] => ({
  workers: true,
  pollingIntervalSeconds: 0.5,
  extra: testJobs,
  ...extra,
});

/** The job's row as pg-boss keeps it (live table or archive). */
async function jobRow(db: DatabaseHandle, id: string) {
  const { rows } = await db.pool.query<{ state: string; retry_count: number }>(
    `select state, retry_count from ${JOB_SCHEMA}.job where id = $1 union all select state, retry_count from ${JOB_SCHEMA}.archive where id = $1`,
    [id],
  );
  return rows[0];
}

describe('the job queue', () => {
  let databaseUrl: string;
  let server: TestServer;
  const log = capturedLogger();

  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl();
    server = await startTestServer({ databaseUrl, logger: log.logger, jobs: workerOptions() });
  });
  afterAll(() => server.close());

  it('runs a job sent once, with its validated payload (defaults applied)', async () => {
    const id = await queueOf(server).send('test.echo', { n: 7 });
    expect(id).toEqual(expect.any(String));
    await waitFor(() => echoed.length > 0, 10_000, 'the echo job');
    await sleep(1500); // a few more polls: it is not run again
    expect(echoed).toEqual([{ n: 7, label: 'none', jobId: id, attempt: 1 }]);
    expect(await jobRow(server.database, id as string)).toMatchObject({ state: 'completed' });
  });

  it('refuses an invalid payload at send with a clear error, and queues nothing', async () => {
    const count = async () => (await server.database.pool.query(`select count(*)::int as n from ${JOB_SCHEMA}.job where name = 'test.echo'`)).rows[0].n as number;
    const before = await count();
    const queue = queueOf(server);
    await expect(queue.send('test.echo', { n: -1 })).rejects.toThrow(JobPayloadError);
    await expect(queue.send('test.echo', { n: -1 })).rejects.toThrow('Job "test.echo": invalid payload: n: must be more than 0');
    await expect(queue.send('test.echo', { n: 1.5, label: 'x' })).rejects.toThrow('Job "test.echo": invalid payload: n: expected int');
    // @ts-expect-error: the payload's type is checked at compile time too.
    await expect(queue.send('test.echo', { n: 'seven', label: 3 })).rejects.toThrow('Job "test.echo": invalid payload: n: expected number; label: expected string');
    // @ts-expect-error: only defined jobs can be sent.
    await expect(queue.send('test.nope', {})).rejects.toThrow('No job named "test.nope" is defined');
    expect(await count()).toBe(before);
  });

  it('retries a failing job, then marks it failed and logs it with its id and safe fields, never its payload', async () => {
    const id = (await queueOf(server).send('test.flaky', { accountId: 42, secret: 'hunter2-do-not-log' })) as string;
    await waitFor(async () => (await jobRow(server.database, id))?.state === 'failed', 15_000, 'the flaky job to fail for good');
    expect(flakyAttempts).toEqual([1, 2, 3]);
    expect(await jobRow(server.database, id)).toMatchObject({ state: 'failed', retry_count: 2 });

    const about = log.lines.filter((l) => l.jobId === id);
    expect(about.map((l) => [l.level, l.msg, l.attempt])).toEqual([
      [40, 'Job failed; it will be retried', 1],
      [40, 'Job failed; it will be retried', 2],
      [50, 'Job failed for good (no retries left)', 3],
    ]);
    expect(about.at(-1)).toMatchObject({ job: 'test.flaky', accountId: 42, err: { message: 'the gateway refused (attempt 3)' } });
    expect(JSON.stringify(log.lines)).not.toContain('hunter2');
  });

  it('a node without workers sends jobs but runs none; a node with workers runs them', async () => {
    const sender = await startTestServer({ databaseUrl, jobs: { workers: false, extra: testJobs } });
    const runsBefore = echoed.length;
    try {
      expect(sender.app.jobs.workers).toBe(false);
      const id = (await queueOf(sender).send('test.echo', { n: 3, label: 'from the sender' })) as string;
      await waitFor(() => echoed.length > runsBefore, 10_000, 'the worker node to run the job');
      expect(echoed.at(-1)).toMatchObject({ n: 3, label: 'from the sender', jobId: id });
    } finally {
      await sender.close();
    }
  });
});

describe('scheduled jobs on several nodes', () => {
  it('two servers on one database run a housekeeping tick once, not twice', { timeout: 60_000 }, async () => {
    // Every minute here; two schedulers that both look every second. pg-boss sends one tick
    // per minute at most, whoever looks. Start early in a minute, so the test sees one.
    if (new Date().getUTCSeconds() > 40) await sleep((61 - new Date().getUTCSeconds()) * 1000);
    const databaseUrl = await freshDatabaseUrl();
    const logs = [capturedLogger(), capturedLogger()];
    const jobs = { workers: true, pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cron: { housekeeping: '* * * * *' } };
    const firstMinute = Math.floor(Date.now() / 60_000);
    const servers = await Promise.all(logs.map((l) => startTestServer({ databaseUrl, logger: l.logger, jobs })));
    try {
      const done = () => logs.flatMap((l) => l.lines.filter((line) => line.msg === 'Housekeeping done'));
      await waitFor(() => done().length > 0, 20_000, 'a housekeeping run');
      await sleep(4000); // both schedulers looked several more times
      const jobsSoFar = async () =>
        (
          await servers[0]!.database.pool.query<{ id: string; state: string }>(
            `select id, state from ${JOB_SCHEMA}.job where name = 'housekeeping' union all select id, state from ${JOB_SCHEMA}.archive where name = 'housekeeping'`,
          )
        ).rows;
      await waitFor(async () => (await jobsSoFar()).every((j) => j.state === 'completed'), 10_000, 'every tick to be run');
      const minutes = Math.floor(Date.now() / 60_000) - firstMinute + 1;
      const rows = await jobsSoFar();
      // One tick per minute (started early in a minute, the test normally sees one), each run once, by one node.
      expect(rows.length).toBeGreaterThanOrEqual(1);
      expect(rows.length).toBeLessThanOrEqual(minutes);
      expect(done().map((line) => line.jobId).sort()).toEqual(rows.map((r) => r.id).sort());
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });
});

describe('closing', () => {
  let check: DatabaseHandle;
  let databaseUrl: string;
  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl();
    check = openDatabase(databaseUrl, { max: 1 });
  });
  afterAll(() => check.close());

  const handles = () => process.getActiveResourcesInfo().filter((h) => h !== 'PipeWrap' && h !== 'TTYWrap');

  it('waits for a running job, completes it, and leaves no handles behind', async () => {
    await sleep(1200); // timers of earlier tests in this file end
    await check.pool.query('select 1'); // the test's own connection is open before counting
    const before = handles();
    slowStarted = false;
    const server = await startTestServer({ databaseUrl, jobs: workerOptions() });
    const id = (await queueOf(server).send('test.slow', {})) as string;
    await waitFor(() => slowStarted, 10_000, 'the slow job to start');
    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await sleep(700);
    expect(closed).toBe(false);
    releaseSlow();
    await closing;
    expect(slowAborted).toBe(false);
    expect(await jobRow(check, id)).toMatchObject({ state: 'completed' });
    // pg-boss's last worker check ends within a second.
    await waitFor(() => handles().length <= before.length, 3000, `no more handles than before (${handles().join(', ')} vs ${before.join(', ')})`);
  });

  it('stops waiting after the timeout: the job is told to stop and will be retried', async () => {
    slowStarted = false;
    const server = await startTestServer({ databaseUrl, jobs: workerOptions({ stopTimeoutMs: 1500 }) });
    const id = (await queueOf(server).send('test.slow', {})) as string;
    await waitFor(() => slowStarted, 10_000, 'the slow job to start');
    const started = Date.now();
    await server.close();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(10_000); // it stopped waiting (a bound on behaviour, not on speed)
    expect(slowAborted).toBe(true);
    // pg-boss marked it failed at the timeout; with a retry left it waits for its retry.
    expect(await jobRow(check, id)).toMatchObject({ state: 'retry', retry_count: 0 });
    await expect(queueOf(server).send('test.echo', { n: 1 })).rejects.toThrow('Job "test.echo" was not sent: the job queue is stopping');
  });
});

describe('the queue in the server', () => {
  it('several nodes creating the same new queues at once neither deadlock nor fail', async () => {
    const databaseUrl = await freshDatabaseUrl();
    const servers = await Promise.all([1, 2, 3].map(() => startTestServer({ databaseUrl, jobs: { workers: false, extra: testJobs } })));
    try {
      const ids = await Promise.all(
        servers.flatMap((server) => [
          queueOf(server).send('test.echo', { n: 1 }),
          queueOf(server).send('test.flaky', { accountId: 1, secret: 'x' }),
          queueOf(server).send('test.slow', {}),
        ]),
      );
      expect(ids.every((id) => typeof id === 'string')).toBe(true);
      const { rows } = await servers[0]!.database.pool.query(`select name, count(*)::int as n from ${JOB_SCHEMA}.job where name like 'test.%' group by name order by name`);
      expect(rows).toEqual([
        { name: 'test.echo', n: 3 },
        { name: 'test.flaky', n: 3 },
        { name: 'test.slow', n: 3 },
      ]);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });

  it('is in PostgreSQL from the migrations: the test template has its schema and version', async () => {
    const db = openDatabase(await freshDatabaseUrl(), { max: 1 });
    try {
      const result = await db.db.execute<{ version: number }>(sql.raw(`select version from ${JOB_SCHEMA}.version`));
      expect(result.rows).toHaveLength(1);
    } finally {
      await db.close();
    }
  });
});
