import PgBoss from 'pg-boss';
import type pg from 'pg';
import { safeParse } from 'zod/mini';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { Notifier } from '../realtime/notify';
import type { AnyJobDefinition, JobName, JobPayload, JobRetry } from './defineJob';

/** pg-boss's tables live in this schema of the same database (created by `installJobQueue`). */
export const JOB_SCHEMA = 'pgboss';

const DEFAULT_RETRY: JobRetry = { limit: 3, delaySeconds: 30, backoff: true };
const DEFAULT_TIMEOUT_SECONDS = 15 * 60;

/** A payload refused by `send` (the message says which job and what is wrong). */
export class JobPayloadError extends Error {
  override name = 'JobPayloadError';
  constructor(
    readonly job: string,
    readonly issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[],
  ) {
    super(`Job "${job}": invalid payload: ${issues.map((i) => `${i.path.map(String).join('.') || '(payload)'}: ${describeIssue(i)}`).join('; ')}`);
  }
}

/** zod/mini words every issue "Invalid input" unless a schema says otherwise: say what was expected. */
function describeIssue(issue: { message: string; code?: string; expected?: unknown; minimum?: unknown; maximum?: unknown; inclusive?: boolean }): string {
  if (issue.message !== 'Invalid input') return issue.message;
  if (issue.code === 'invalid_type') return `expected ${String(issue.expected)}`;
  if (issue.code === 'too_small') return `must be ${issue.inclusive ? 'at least' : 'more than'} ${String(issue.minimum)}`;
  if (issue.code === 'too_big') return `must be ${issue.inclusive ? 'at most' : 'less than'} ${String(issue.maximum)}`;
  return issue.code ? `invalid (${issue.code})` : issue.message;
}

export interface SendOptions {
  /** Not before this moment. */
  startAfter?: Date;
  /** At most one job with this key is queued at a time (`singletonSeconds` slot: see pg-boss). */
  singletonKey?: string;
  /** With `singletonKey`: at most one job with the key is sent in each slot of this many seconds (a second send returns null). */
  singletonSeconds?: number;
}

export interface JobQueue<Defs extends readonly AnyJobDefinition[] = readonly AnyJobDefinition[]> {
  /**
   * Validates the payload (throws `JobPayloadError`) and queues the job; returns its id, or null
   * when a job with the same `singletonKey` is queued already.
   */
  send<N extends JobName<Defs>>(name: N, payload: JobPayload<Defs, N>, options?: SendOptions): Promise<string | null>;
  /** Creates the queues; on a worker node also starts the workers and the scheduler. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for running ones (up to `stopTimeoutMs`). */
  stop(): Promise<void>;
  /** Does this node run jobs (`SALONDESK_JOBS`)? */
  readonly workers: boolean;
  /** How many jobs this node is running now. */
  readonly running: number;
  /** pg-boss itself (tests read job states with `getJobById`). */
  readonly boss: PgBoss;
}

/**
 * What a module that sends jobs needs of the queue, typed by the jobs it sends:
 * `JobSender<readonly [ReturnType<typeof billingSchedulerJob>]>`. The server's `app.jobs` is one
 * (it knows every job), so a module names only its own jobs and never the server's list.
 */
export type JobSender<Defs extends readonly AnyJobDefinition[] = readonly AnyJobDefinition[]> = Pick<JobQueue<Defs>, 'send'>;

export interface JobQueueOptions<Defs extends readonly AnyJobDefinition[]> {
  /** The server's pool: pg-boss runs its queries through it (no pool of its own). */
  pool: pg.Pool;
  /** What handlers get as `ctx.db`. */
  db: Database;
  log: Logger;
  now: () => Date;
  notifier: Notifier;
  definitions: Defs;
  /** Run jobs on this node (workers and scheduler); false only sends. Default true. */
  workers?: boolean;
  /** How long `stop` waits for running jobs. Default 30 s. */
  stopTimeoutMs?: number;
  /** How often an idle worker looks for jobs. Default 2 s (pg-boss's least: 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often the scheduler looks at the schedules (1-45 s). Default 30 s. */
  cronMonitorIntervalSeconds?: number;
  /** Replaces jobs' cron expressions (tests: every minute). */
  cron?: Partial<Record<string, string>>;
}

/** pg-boss's `db` option over our pool; after `close()` it answers nothing, like pg-boss's own pool. */
function poolAdapter(pool: pg.Pool) {
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  return {
    executeSql(text: string, values?: unknown[]) {
      if (closed) return Promise.resolve(undefined as unknown as { rows: [] });
      const query = pool.query(text, values);
      inFlight.add(query);
      const forget = () => inFlight.delete(query);
      query.then(forget, forget);
      return query;
    },
    inFlight: () => inFlight.size,
    settled: () => Promise.allSettled([...inFlight]),
    close: () => {
      closed = true;
    },
  };
}

/** Waits for `promise`, or `ms` at most (the timer is cleared either way: no handle is left). */
async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** pg-boss's scheduler queue, created with the schema (see `createQueue`). */
const SCHEDULER_QUEUE = '__pgboss__send-it';

/**
 * Creates a queue unless it exists, one node at a time. pg-boss 10 makes each queue a partition
 * of its job table (CREATE TABLE, a foreign key, ATTACH PARTITION); two nodes creating queues at
 * once deadlock, so creation runs in a transaction holding an advisory lock.
 */
async function createQueue(pool: pg.Pool, name: string, options: Omit<PgBoss.Queue, 'name'> = {}): Promise<void> {
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`salondesk:${JOB_SCHEMA}:create_queue`]);
    // A pg-boss over this one connection: its create_queue runs inside our transaction.
    const creator = new PgBoss({ db: { executeSql: (text, values) => client.query(text, values) }, schema: JOB_SCHEMA, migrate: false, supervise: false, schedule: false });
    await creator.createQueue(name, { name, ...options });
    await client.query('commit');
  } catch (error) {
    failed = true;
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release(failed);
  }
}

/**
 * Creates pg-boss's schema, or brings it to this pg-boss version, and its scheduler's queue (run
 * with the migrations, before any server starts; safe to run from several nodes at once).
 */
export async function installJobQueue(pool: pg.Pool): Promise<void> {
  const adapter = poolAdapter(pool);
  const boss = new PgBoss({ db: adapter, schema: JOB_SCHEMA, migrate: true, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
  await createQueue(pool, SCHEDULER_QUEUE);
}

/**
 * The job queue, kept in PostgreSQL by pg-boss (the `pgboss` schema). Each job is a
 * `defineJob` (jobs/defineJob.ts): payloads are validated when sent and when run; a failed run
 * is retried with backoff and logged; its final failure is logged as an error with the job's id.
 * A node with `workers: false` only sends.
 */
export function createJobQueue<const Defs extends readonly AnyJobDefinition[]>(options: JobQueueOptions<Defs>): JobQueue<Defs> {
  const definitions = new Map<string, AnyJobDefinition>(options.definitions.map((d) => [d.name, d]));
  const workers = options.workers ?? true;
  const stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
  const adapter = poolAdapter(options.pool);
  const boss = new PgBoss({
    db: adapter,
    schema: JOB_SCHEMA,
    // The schema is installed with the migrations (installJobQueue); this only checks it.
    migrate: false,
    supervise: workers,
    schedule: workers,
    cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds ?? 30,
  });
  boss.on('error', (error) => options.log.warn({ err: error }, 'Job queue: pg-boss reported an error'));

  const running = new Set<Promise<unknown>>();
  const aborter = new AbortController();
  let started: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;

  const retryOf = (definition: AnyJobDefinition) => {
    const retry = definition.retry ?? DEFAULT_RETRY;
    return {
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: retry.backoff,
      expireInSeconds: definition.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
    };
  };

  const parse = (definition: AnyJobDefinition, payload: unknown) => {
    const parsed = safeParse(definition.payload, payload);
    if (!parsed.success) throw new JobPayloadError(definition.name, parsed.error.issues);
    return parsed.data as unknown;
  };

  async function runOne(definition: AnyJobDefinition, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const attempt = job.retryCount + 1;
    const final = job.retryCount >= job.retryLimit;
    let log = options.log.child({ job: definition.name, jobId: job.id, attempt });
    try {
      const payload = parse(definition, job.data);
      if (definition.logFields) log = log.child(definition.logFields(payload));
      await definition.handler(payload, {
        db: options.db,
        now: options.now,
        log,
        notifier: options.notifier,
        jobId: job.id,
        attempt,
        signal: aborter.signal,
      });
    } catch (error) {
      if (final) log.error({ err: error }, 'Job failed for good (no retries left)');
      else log.warn({ err: error, retriesLeft: job.retryLimit - job.retryCount }, 'Job failed; it will be retried');
      throw error;
    }
  }

  // Each queue is created once per process, before its first job is sent or worked.
  const queues = new Map<string, Promise<void>>();
  const ensureQueue = (definition: AnyJobDefinition): Promise<void> => {
    let created = queues.get(definition.name);
    if (!created) {
      created = createQueue(options.pool, definition.name, retryOf(definition));
      queues.set(definition.name, created);
      created.catch(() => queues.delete(definition.name));
    }
    return created;
  };

  /** A node without workers has nothing to start: it creates a queue when it first sends to it. */
  async function start(): Promise<void> {
    if (!workers) return;
    await boss.start();
    for (const definition of definitions.values()) await ensureQueue(definition);
    for (const definition of definitions.values()) {
      await boss.work<unknown>(
        definition.name,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async (jobs) => {
          for (const job of jobs) {
            const run = runOne(definition, job);
            running.add(run);
            const forget = () => running.delete(run);
            run.then(forget, forget);
            await run;
          }
        },
      );
    }
    for (const schedule of await boss.getSchedules()) {
      if (!definitions.get(schedule.name)?.schedule) await boss.unschedule(schedule.name);
    }
    for (const definition of definitions.values()) {
      if (!definition.schedule) continue;
      const cron = options.cron?.[definition.name] ?? definition.schedule.cron;
      await boss.schedule(definition.name, cron, parse(definition, definition.schedule.payload) as object, {
        tz: definition.schedule.tz ?? 'UTC',
        ...retryOf(definition),
      });
    }
    options.log.info({ jobs: [...definitions.keys()] }, 'Job workers started');
  }

  async function stop(): Promise<void> {
    if (!started) return;
    await started.catch(() => undefined);
    const deadline = Date.now() + stopTimeoutMs;
    // Stops fetching, waits for running jobs (pg-boss checks every 500 ms), then marks the ones
    // still running after the timeout as failed (they are retried).
    await boss.stop({ graceful: true, wait: true, close: false, timeout: stopTimeoutMs });
    // A worker may have been fetching when stop began: let that query answer, and run the job it
    // took, so nothing is left half done; then pg-boss's queries answer nothing.
    while ((adapter.inFlight() > 0 || running.size > 0) && Date.now() < deadline) {
      await within(Promise.allSettled([adapter.settled(), ...running]), deadline - Date.now());
    }
    if (running.size > 0) {
      aborter.abort();
      options.log.warn({ running: running.size }, 'Job queue stopped with jobs still running; they will be retried');
    }
    adapter.close();
  }

  return {
    send: async (name, payload, sendOptions = {}) => {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`No job named "${name}" is defined`);
      if (stopping) throw new Error(`Job "${name}" was not sent: the job queue is stopping`);
      const data = parse(definition, payload) as object;
      await ensureQueue(definition);
      return boss.send(definition.name, data, { ...retryOf(definition), ...sendOptions });
    },
    start: () => (started ??= start()),
    stop: () => (stopping ??= stop()),
    workers,
    get running() {
      return running.size;
    },
    boss,
  };
}
