import { readConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { runMigrations } from './db/migrations';
import { type RunningPostgres, startEmbeddedPostgres } from './db/embedded';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/accounts';
import { seedIfEmpty } from './demo/seed';
import { startEmbedDemoParent } from './embed/demoParent';
import { createLogger } from './logger';
import { createSmtpMailer } from './outbox/mailer';
import { createWebhookSmsSender } from './outbox/sms';
import { configureSecrets } from './secrets';
import { buildServer } from './server';

/**
 * Starts Salondesk's API: PostgreSQL (embedded unless DATABASE_URL is set), migrations (the job
 * queue's schema too), demo data on an empty database, then the HTTP server and the job
 * workers. SIGTERM/SIGINT: close HTTP connections, wait for running jobs (30 s at most), end the
 * pool, stop the embedded PostgreSQL cleanly, exit 0.
 */
async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  let postgres: RunningPostgres | undefined;
  let database: DatabaseHandle | undefined;
  let app: Awaited<ReturnType<typeof buildServer>> | undefined;
  let embedParent: { close(): Promise<void> } | undefined;

  let stopping: Promise<void> | undefined;
  const stop = (reason: string, code: number) => {
    stopping ??= (async () => {
      logger.info({ reason }, 'Shutting down');
      try {
        await embedParent?.close();
        await app?.close();
        await database?.close();
        await postgres?.stop();
      } catch (error) {
        logger.error({ err: error }, 'Error while shutting down');
        code = code || 1;
      }
      logger.flush();
      process.exit(code);
    })();
    return stopping;
  };
  process.once('SIGTERM', () => void stop('SIGTERM', 0));
  process.once('SIGINT', () => void stop('SIGINT', 0));

  try {
    // First: production refuses to start without SALONDESK_SECRET_KEY.
    configureSecrets({ configured: config.secretKey, dataDir: config.dataDir, production: config.production, warn: (message) => logger.warn(message) });
    let url = config.databaseUrl;
    if (!url) {
      postgres = await startEmbeddedPostgres({ dataDir: config.dataDir, logger });
      url = postgres.url;
      logger.info({ dataDir: config.dataDir, port: postgres.port }, 'Embedded PostgreSQL is running');
    }
    database = openDatabase(url);
    await runMigrations(database.db);
    const seeded = await seedIfEmpty(database.db, { days: config.demoDays });

    const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined;
    app = await buildServer({
      database,
      logger,
      sessionIdleMinutes: config.sessionIdleMinutes,
      webDist: config.webDist,
      trustProxy: config.trustProxy,
      demo: config.demo,
      mailer,
      sms: config.smsWebhookUrl ? createWebhookSmsSender(config.smsWebhookUrl) : undefined,
      publicUrl: config.publicUrl,
      signinFailuresPerAddress: config.signinFailuresPerAddress,
      jobs: { workers: config.jobs },
      reports: { limits: { queueAboveRows: config.reportQueueAboveRows, queueAfterMs: config.reportQueueAfterMs }, databaseUrl: config.reportingDatabaseUrl },
      metabase: { url: config.metabase.url, secret: config.metabase.secret },
      payments: { ...config.payments, simulators: config.demo },
      billingRetry: config.billingRetry,
      storage: { config: config.storage, dataDir: config.dataDir },
      publishing: { sitesPublicUrl: config.sitesPublicUrl },
      support: config.support,
    });
    if (mailer) app.addHook('onClose', async () => mailer.close());
    if (config.demo) {
      logger.warn(
        'Demo mode: codes and reset links can be read by anyone at /dev/outbox. Set SALONDESK_DEMO=0 (or use DATABASE_URL) for real use.',
      );
    }
    await app.listen({ port: config.port, host: config.host });
    const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
    logger.info(`Salondesk is running at http://${shownHost}:${config.port}`);
    if (config.demo && config.embedDemoPort > 0) {
      embedParent = await startEmbedDemoParent({ host: config.host, port: config.embedDemoPort, dashboardPort: config.port, webDist: config.webDist });
      logger.info(`The embed demo parent page (a second origin) is at http://${shownHost === '127.0.0.1' ? 'localhost' : shownHost}:${config.embedDemoPort}/embed-demo`);
    }
    if (seeded) {
      logger.info(
        { accounts: DEMO_ACCOUNTS.map((a) => `${a.username} (${a.email}): ${a.description}`), password: DEMO_PASSWORD },
        `Demo data created. Sign in as ${DEMO_ACCOUNTS.map((a) => a.username).join(', ')} with password "${DEMO_PASSWORD}"`,
      );
    }
  } catch (error) {
    logger.error({ err: error }, 'Salondesk could not start');
    await stop('start-up failed', 1);
  }
}

void main();
