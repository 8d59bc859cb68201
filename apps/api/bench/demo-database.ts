import fs from 'node:fs/promises';
import { pino } from 'pino';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { makeTempDataDir, startEmbeddedPostgres } from '../src/db/embedded';
import { closeReportPool } from '../src/reports/engine/pool';
import { freePort, spawnMain, waitForHealth } from '../src/test/spawn-main';

/**
 * A database benches fill themselves: a new data folder with the demo accounts and locations and no
 * demo sales (the server's first start, stopped), opened on its embedded PostgreSQL for `run`;
 * everything is stopped and removed afterwards.
 */
export async function withDemoDatabase(prefix: string, run: (database: DatabaseHandle) => Promise<void>): Promise<void> {
  const dataDir = await makeTempDataDir(prefix);
  const logger = pino({ level: 'warn' });
  try {
    const first = spawnMain(dataDir, await freePort(), { SALONDESK_DEMO_DAYS: '0' });
    await waitForHealth(first, 120_000);
    first.child.kill('SIGTERM');
    await first.exited;
    const postgres = await startEmbeddedPostgres({ dataDir, logger });
    const database = openDatabase(postgres.url, { max: 2 });
    try {
      await run(database);
    } finally {
      await closeReportPool(database.pool);
      await database.close();
      await postgres.stop();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs a bench when its file is run alone (`node --import tsx bench/<name>.ts` from apps/api). */
export function runAlone(moduleUrl: string, bench: () => Promise<void>): void {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  bench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
