import fs from 'node:fs/promises';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrations';
import { ensureDatabase, makeTempDataDir, startEmbeddedPostgres } from '../db/embedded';
import { seedDemo } from '../demo/seed';

export const TEMPLATE_DATABASE = 'salondesk_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test cluster's `postgres` database, for CREATE DATABASE. */
    postgresAdminUrl: string;
    /** A database with every migration applied and the demo data in it. */
    templateDatabase: string;
    /**
     * The instant the template's demo data was made (ISO): the demo's "today" in each time zone.
     * A run takes minutes and may cross a location's midnight: a test that reasons about the
     * demo's days uses this (`demoSeededAt()`), never the clock at the time the test runs.
     */
    demoSeededAt: string;
  }
}

/** Starts one embedded PostgreSQL for the whole run (ephemeral: no fsync) and builds the template. */
export default async function setup(project: TestProject) {
  const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
  const dataDir = await makeTempDataDir('salondesk-test-');
  const postgres = await startEmbeddedPostgres({ dataDir, logger, ephemeral: true });
  const seededAt = new Date();
  try {
    await ensureDatabase(postgres.urlFor('postgres'), TEMPLATE_DATABASE);
    const template = openDatabase(postgres.urlFor(TEMPLATE_DATABASE), { max: 1 });
    await runMigrations(template.db);
    // A short history keeps the template (and every test file's copy of it) small.
    await template.db.transaction((tx) => seedDemo(tx, { days: Number(process.env.SALONDESK_DEMO_DAYS ?? 10), now: seededAt }));
    await template.close();
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  project.provide('postgresAdminUrl', postgres.urlFor('postgres'));
  project.provide('templateDatabase', TEMPLATE_DATABASE);
  project.provide('demoSeededAt', seededAt.toISOString());

  return async () => {
    await postgres.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
