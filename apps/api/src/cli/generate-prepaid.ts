import { parseArgs } from 'node:util';
import { generatePrepaid } from '../demo/generate-prepaid';
import { openCliDatabase } from './database';

/**
 * `pnpm --filter @salondesk/api generate:prepaid --network 1 --total 1000000`: adds prepaid cards
 * with their ledgers to a network until it holds `--total`, for benchmarks. Uses DATABASE_URL,
 * else the embedded PostgreSQL of SALONDESK_DATA_DIR (the running one if a server holds it).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { network: { type: 'string', default: '1' }, total: { type: 'string', default: '1000000' } } });
  const int = (name: string, value: string | undefined, min: number, max: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be a whole number from ${min} to ${max}, got "${value}"`);
    return n;
  };
  const networkId = int('network', values.network, 1, 2 ** 31 - 1);
  const total = int('total', values.total, 1, 10_000_000);
  const { database, close } = await openCliDatabase();
  try {
    const started = performance.now();
    const result = await generatePrepaid(database.db, { networkId, total, onBatch: (n) => console.log(`  ${n.toLocaleString('en-US')} cards`) });
    console.log(`Added ${result.added.toLocaleString('en-US')} cards to network ${networkId} (${result.total.toLocaleString('en-US')} in all) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
