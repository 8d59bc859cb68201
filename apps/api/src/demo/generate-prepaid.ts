import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rows } from '../db/executor';
import { DEMO_SEED } from './seed';
import { seedPrepaid } from './seed-prepaid';

export interface GeneratePrepaidOptions {
  networkId: number;
  /** Cards the network should hold in the end (the bench: 1,000,000). */
  total: number;
  /** Cards written per transaction (memory of the temporary tables). */
  batch?: number;
  now?: Date;
  onBatch?: (written: number) => void;
}

/**
 * Adds cards with their ledgers to a network until it holds `total` (the demo's generator, with
 * numbers following the demo's: unique and deterministic), in batches, then refreshes the planner's
 * statistics. For benchmarks: `generate:prepaid --network 1 --total 1000000`.
 */
export async function generatePrepaid(db: Database, options: GeneratePrepaidOptions): Promise<{ added: number; total: number }> {
  const [have] = await rows<{ n: number }>(db, sql`select count(*)::int as n from prepaid_cards where network_id = ${options.networkId}`);
  const start = have?.n ?? 0;
  const batch = options.batch ?? 100_000;
  let written = start;
  while (written < options.total) {
    const cards = Math.min(batch, options.total - written);
    await db.transaction((tx) =>
      seedPrepaid(tx, { networkId: options.networkId, cards, memberships: 0, now: options.now ?? new Date(), seed: DEMO_SEED + 11, firstCard: written + 1, cardsOnly: true }),
    );
    written += cards;
    options.onBatch?.(written);
  }
  await db.execute(sql`analyze prepaid_cards, prepaid_ledger`);
  return { added: written - start, total: written };
}
