import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../test/harness';
import { type DatabaseHandle, openDatabase } from './client';
import { readTogether } from './executor';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = openDatabase(await freshDatabaseUrl(), { max: 4 });
});
afterAll(() => handle.close());

/** Three reads that each take 50 ms in PostgreSQL, and the most of them that ran at one time. */
function sleepyReads(db: Parameters<typeof readTogether>[0]) {
  let running = 0;
  let most = 0;
  const read = (n: number) => async () => {
    running += 1;
    most = Math.max(most, running);
    try {
      const { rows } = await db.execute(sql`select ${n}::int as n from pg_sleep(0.05)`);
      return (rows[0] as { n: number }).n;
    } finally {
      running -= 1;
    }
  };
  return { reads: [read(1), read(2), read(3)] as const, most: () => most };
}

describe('readTogether', () => {
  it('runs reads at once on the pool, each on its own connection, and keeps their order', async () => {
    const { reads, most } = sleepyReads(handle.db);
    expect(await readTogether(handle.db, reads)).toEqual([1, 2, 3]);
    expect(most()).toBe(3);
  });

  it('runs them one after another in a transaction, never two queries at once on its one connection', async () => {
    const deprecations: string[] = [];
    const onWarning = (w: Error) => deprecations.push(w.message);
    process.on('warning', onWarning);
    try {
      const result = await handle.db.transaction(async (tx) => {
        const { reads, most } = sleepyReads(tx);
        const values = await readTogether(tx, reads);
        return { values, most: most() };
      });
      expect(result).toEqual({ values: [1, 2, 3], most: 1 });
    } finally {
      process.off('warning', onWarning);
    }
    expect(deprecations.filter((m) => m.includes('already executing a query'))).toEqual([]);
  });

  it('passes a failed read on, and runs none after it in a transaction', async () => {
    const ran: number[] = [];
    const failing = handle.db.transaction(async (tx) =>
      readTogether(tx, [
        async () => ran.push(1),
        async () => {
          throw new Error('read 2 failed');
        },
        async () => ran.push(3),
      ]),
    );
    await expect(failing).rejects.toThrow('read 2 failed');
    expect(ran).toEqual([1]);
  });
});
