import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Database, DatabaseTransaction } from './client';

/** What a query helper runs on: the pool or a transaction (one connection, held until it ends). */
export type Executor = Database | DatabaseTransaction;

/** Rows of a raw query. */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

type Read = () => PromiseLike<unknown>;

/**
 * Runs independent reads together: at once on the pool (each on a connection of its own), one
 * after another in a transaction. A transaction is one connection, and node-postgres deprecates a
 * query sent while another runs on the same client (pg@9 refuses it), so a query helper that is
 * given either must not `Promise.all` its queries on it.
 */
export async function readTogether<const T extends readonly Read[]>(
  db: Executor,
  reads: T,
): Promise<{ -readonly [K in keyof T]: T[K] extends () => PromiseLike<infer R> ? R : never }> {
  type Results = { -readonly [K in keyof T]: T[K] extends () => PromiseLike<infer R> ? R : never };
  if ('$client' in db && db.$client instanceof pg.Pool) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}
