import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { installJobQueue } from '../jobs/jobQueue';
import { MIGRATIONS_DIR } from '../paths';
import { schema } from './tables';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction of `Database` (one connection of the pool, held until it ends). */
export type DatabaseTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

type Read = () => PromiseLike<unknown>;

/**
 * Runs independent reads together: at once on the pool (each on a connection of its own), one
 * after another in a transaction. A transaction is one connection, and node-postgres deprecates a
 * query sent while another runs on the same client (pg@9 refuses it), so a query helper that is
 * given either must not `Promise.all` its queries on it.
 */
export async function readTogether<const T extends readonly Read[]>(
  db: Database | DatabaseTransaction,
  reads: T,
): Promise<{ -readonly [K in keyof T]: T[K] extends () => PromiseLike<infer R> ? R : never }> {
  type Results = { -readonly [K in keyof T]: T[K] extends () => PromiseLike<infer R> ? R : never };
  if ('$client' in db && db.$client instanceof pg.Pool) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** A pooled Drizzle database over node-postgres. */
export function openDatabase(connectionString: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle client losing its connection (PostgreSQL restarting) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    pool,
    close: () => (closing ??= pool.end()),
  };
}

/**
 * Applies the committed SQL migrations in `apps/api/drizzle/` that have not run yet, then
 * creates (or upgrades) the job queue's own schema (`pgboss`, managed by pg-boss).
 */
export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  await installJobQueue(db.$client);
}
