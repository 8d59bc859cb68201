import { readConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrations';
import { connectionUrl, DATABASE_NAME, findLivePostmaster, readPassword, type RunningPostgres, startEmbeddedPostgres } from '../db/embedded';
import { createLogger } from '../logger';

/**
 * The database a command-line tool works on, migrated: DATABASE_URL when set; else the embedded
 * PostgreSQL of SALONDESK_DATA_DIR — the running one if a server holds it (through the port in
 * postmaster.pid), otherwise one started just for this. `close()` closes it (and stops the one started).
 */
export async function openCliDatabase(): Promise<{ database: DatabaseHandle; close: () => Promise<void> }> {
  const config = readConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  let postgres: RunningPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const live = await findLivePostmaster(config.dataDir);
    if (live) url = connectionUrl(live.port, await readPassword(config.dataDir), DATABASE_NAME);
    else {
      postgres = await startEmbeddedPostgres({ dataDir: config.dataDir, logger });
      url = postgres.url;
    }
  }
  const database = openDatabase(url, { max: 2 });
  await runMigrations(database.db);
  return {
    database,
    close: async () => {
      await database.close();
      await postgres?.stop();
    },
  };
}
