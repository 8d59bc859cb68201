import { parseArgs } from 'node:util';
import { generateTransactions } from '../demo/generate-transactions';
import { openCliDatabase } from './database';

/**
 * `pnpm --filter @salondesk/api generate:transactions --business 1 --days 365 --per-day 2000 --flat`:
 * adds generated transactions to a location, for benchmarks (≥ 1,000,000 sales lines with the
 * example). Uses DATABASE_URL, else the embedded PostgreSQL of SALONDESK_DATA_DIR (the running
 * one if a server holds it).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      business: { type: 'string', default: '1' },
      days: { type: 'string', default: '365' },
      'per-day': { type: 'string', default: '2000' },
      flat: { type: 'boolean', default: false },
      customers: { type: 'string', default: '5000' },
      'end-day': { type: 'string' },
    },
  });
  const int = (name: string, value: string | undefined, min: number, max: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be a whole number from ${min} to ${max}, got "${value}"`);
    return n;
  };
  const options = {
    businessId: int('business', values.business, 1, 2 ** 31 - 1),
    days: int('days', values.days, 1, 3660),
    perDay: int('per-day', values['per-day'], 1, 100_000),
    customers: int('customers', values.customers, 0, 1_000_000),
    flat: values.flat ?? false,
    ...(values['end-day'] ? { endDay: values['end-day'] } : {}),
  };
  const { database, close } = await openCliDatabase();
  try {
    const started = performance.now();
    const result = await generateTransactions(database.db, options);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Generated ${result.tickets.toLocaleString('en-US')} tickets and ${result.lines.toLocaleString('en-US')} sales lines for business ${options.businessId}, ${result.startDay} to ${result.endDay}, in ${seconds.toFixed(1)} s.`,
    );
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
