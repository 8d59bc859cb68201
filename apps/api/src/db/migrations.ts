import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { installJobQueue } from '../jobs/jobQueue';
import { MIGRATIONS_DIR } from '../paths';
import type { Database } from './client';

/**
 * Applies the committed SQL migrations in `apps/api/drizzle/` that have not run yet, then
 * creates (or upgrades) the job queue's own schema (`pgboss`, managed by pg-boss).
 */
export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  await installJobQueue(db.$client);
}
