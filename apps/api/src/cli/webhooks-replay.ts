import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { createLogger } from '../logger';
import { subscribeProviderEvents } from '../payments/subscribers';
import { replayWebhookEvents, type ReplayFilter } from '../payments/webhooks';
import { configureSecrets } from '../secrets';
import { openCliDatabase } from './database';

/**
 * `npx -y pnpm@10 --filter @salondesk/api webhooks:replay [--id 12 --id 13] [--provider stripe|nmi]
 * [--type payout.paid] [--since 2026-01-01] [--until 2026-02-01] [--failed]`: runs the handlers
 * of logged provider events again, oldest first, from the payloads stored when they arrived.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      id: { type: 'string', multiple: true },
      provider: { type: 'string' },
      type: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      failed: { type: 'boolean' },
    },
  });
  const date = (value: string | undefined, name: string) => {
    if (value === undefined) return undefined;
    const parsed = new Date(value);
    if (Number.isNaN(parsed.getTime())) throw new Error(`--${name} must be a date (2026-01-31 or an ISO instant), got "${value}"`);
    return parsed;
  };
  if (values.provider !== undefined && values.provider !== 'stripe' && values.provider !== 'nmi') throw new Error(`--provider must be stripe or nmi, got "${values.provider}"`);
  const ids = (values.id ?? []).map((id) => {
    if (!/^\d{1,9}$/.test(id)) throw new Error(`--id must be a webhook log id (a whole number), got "${id}"`);
    return Number(id);
  });
  const filter: ReplayFilter = { ids, provider: values.provider as ReplayFilter['provider'], type: values.type, since: date(values.since, 'since'), until: date(values.until, 'until'), failedOnly: values.failed };
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  configureSecrets({ configured: config.secretKey, dataDir: config.dataDir, production: config.production, warn: (message) => logger.warn(message) });
  subscribeProviderEvents();
  const { database, close } = await openCliDatabase();
  try {
    const result = await replayWebhookEvents(database.db, logger, filter);
    console.log(`Replayed ${result.replayed} event(s): ${result.processed} processed, ${result.failed} failed.`);
    if (result.failed > 0) process.exitCode = 1;
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
