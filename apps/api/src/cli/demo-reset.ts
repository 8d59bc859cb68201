import { readConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrations';
import { connectionUrl, DATABASE_NAME, findLivePostmaster, readPassword, type RunningPostgres, startEmbeddedPostgres } from '../db/embedded';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo/accounts';
import { resetDemo } from '../demo/seed';
import { createLogger } from '../logger';

/**
 * `pnpm demo:reset`: wipes the database and writes the demo data again. Uses DATABASE_URL when
 * set; else the embedded PostgreSQL of SALONDESK_DATA_DIR: the running one if a server holds it
 * (through the port in postmaster.pid), otherwise one started just for this.
 */
async function demoReset(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  let postgres: RunningPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const live = await findLivePostmaster(config.dataDir);
    if (live) {
      url = connectionUrl(live.port, await readPassword(config.dataDir), DATABASE_NAME);
    } else {
      postgres = await startEmbeddedPostgres({ dataDir: config.dataDir, logger });
      url = postgres.url;
    }
  }
  const database = openDatabase(url, { max: 2 });
  try {
    await runMigrations(database.db);
    await resetDemo(database.db);
  } finally {
    await database.close();
    await postgres?.stop();
  }
  console.log(`Demo data reset${config.databaseUrl ? '' : ` in ${config.dataDir}`}. Everyone was signed out.`);
  console.log(`Accounts (password "${DEMO_PASSWORD}"):`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.username.padEnd(8)} ${account.email.padEnd(24)} ${account.description}`);
}

demoReset().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('Demo reset failed:', error);
    process.exit(1);
  },
);
