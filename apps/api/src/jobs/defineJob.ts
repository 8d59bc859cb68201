import type * as zc from 'zod/v4/core';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { Notifier } from '../realtime/notify';

/** What a job's handler can use: the same services as an HTTP handler, and its own logger. */
export interface JobContext {
  db: Database;
  /** The clock (the server's; tests pass their own). */
  now: () => Date;
  /** The server's logger, bound to this job's name, id and attempt (and `logFields`). */
  log: Logger;
  /** Keeps a notification and sends it live (report run finished, website published, ...). */
  notifier: Notifier;
  /** This job's id in the queue. */
  jobId: string;
  /** 1 for the first run, 2 for the first retry, ... */
  attempt: number;
  /** Aborted when the server stops and the job is still running after the stop timeout. */
  signal: AbortSignal;
}

export interface JobRetry {
  /** Runs after the first failure (0: a failure is final). */
  limit: number;
  /** Seconds before the first retry. */
  delaySeconds: number;
  /** Double the delay at each retry (with jitter). */
  backoff: boolean;
}

/** The payload's schema: any zod 4 schema (classic or mini). */
export type PayloadSchema = zc.$ZodType;

export interface JobDefinition<Name extends string = string, Schema extends PayloadSchema = PayloadSchema> {
  /** The queue's name: letters, digits, `.`, `-`, `_` (`housekeeping`, `website.publish`). */
  name: Name;
  /** The payload, validated when the job is sent and again when it runs. */
  payload: Schema;
  handler(payload: zc.output<Schema>, ctx: JobContext): Promise<void>;
  /** Default: 3 retries, 30 s, backing off (30 s, ~1 min, ~2 min). */
  retry?: JobRetry;
  /** A run taking longer than this fails (and is retried). Default 15 minutes. */
  timeoutSeconds?: number;
  /**
   * Run on a schedule (cron, 5 fields, in `tz`, default UTC), with this payload. pg-boss's
   * scheduler sends each tick once whatever the number of API nodes running workers.
   */
  schedule?: { cron: string; tz?: string; payload: zc.input<Schema> };
  /**
   * What of the payload may be written to the log with every line about the job (ids, never
   * secrets). Default: nothing of the payload, only the job's name and id.
   */
  logFields?(payload: zc.output<Schema>): Record<string, string | number | boolean | null>;
}

/** Any job definition, for lists of them. */
export type AnyJobDefinition = JobDefinition<string, any>;

/** A background job: its name, payload schema and handler, written once (see jobs/jobQueue.ts). */
export function defineJob<const Name extends string, Schema extends PayloadSchema>(definition: JobDefinition<Name, Schema>): JobDefinition<Name, Schema> {
  return definition;
}

/** The names of a list of jobs. */
export type JobName<Defs extends readonly AnyJobDefinition[]> = Defs[number]['name'];

/** What `send` takes for the job named `N`: the schema's input. */
export type JobPayload<Defs extends readonly AnyJobDefinition[], N extends JobName<Defs>> = zc.input<Extract<Defs[number], { name: N }>['payload']>;
