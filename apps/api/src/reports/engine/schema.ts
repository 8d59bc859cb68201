import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReportColumn, ReportParameter, ReportParameterValues, ReportSource } from '@salondesk/core';
import { businesses, users } from '../../db/schema';

/**
 * Data sources (spec 000 §3 Data source): a named, parameterised, read-only SELECT over the
 * reporting views (`reports` schema), written by admins; `business_id` null offers it to every
 * business. `settings.parameters` are core's `reportParameter`s, `settings.columns` how its columns
 * are labelled (optional: otherwise read from the statement).
 */
export const dataSources = pgTable(
  'data_sources',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: integer('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sql: text('sql').notNull(),
    settings: jsonb('settings').$type<{ parameters: ReportParameter[]; columns?: ReportColumn[] }>().notNull().default({ parameters: [] }),
    metabase_id: integer('metabase_id'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('data_sources_business_idx').on(t.business_id)],
);

/** A run's state: waiting in the job queue, running, finished (rows kept) or failed (`error`). */
export const REPORT_RUN_STATUS = ['queued', 'running', 'finished', 'failed'] as const;
export type ReportRunStatus = (typeof REPORT_RUN_STATUS)[number];

/**
 * Long report runs (issue 11: over `REPORT_LIMITS.queueAboveRows` rows or `queueAfterMs`): who
 * asked, in which business, what source with which parameters, and where it is. A finished run's
 * rows are kept in `report_run_chunks`, a batch of rows per chunk, for its result page and exports.
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    source: jsonb('source').$type<ReportSource>().notNull(),
    /** The run's scope: `business` (this location) or `network`. */
    level: text('level').notNull().default('business'),
    params: jsonb('params').$type<ReportParameterValues>().notNull().default({}),
    /** The businesses the run reads, decided when it was asked (never from a request). */
    scope: integer('scope').array().notNull(),
    status: text('status').$type<ReportRunStatus>().notNull().default('queued'),
    columns: jsonb('columns').$type<ReportColumn[]>().notNull().default([]),
    row_count: integer('row_count').notNull().default(0),
    truncated: boolean('truncated').notNull().default(false),
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('report_runs_business_idx').on(t.business_id, t.id)],
);

/** The rows of a finished run, `REPORT_RUN_CHUNK_ROWS` a chunk, in order. */
export const reportRunChunks = pgTable(
  'report_run_chunks',
  {
    run_id: integer('run_id')
      .notNull()
      .references(() => reportRuns.id, { onDelete: 'cascade' }),
    chunk: integer('chunk').notNull(),
    rows: jsonb('rows').$type<Record<string, unknown>[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.run_id, t.chunk] })],
);

export const REPORT_RUN_CHUNK_ROWS = 1_000;
