import { segmentOperationHandlers } from './segments/handlers';
import { segmentExportHandlers } from './segments/exports';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import { allEndpoints, allOperations, type AnyEndpoint, isMediaEndpoint, type AnyOperation, codeForStatus, MESSAGES, mathRandomInt, type RandomInt } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { authHandlers } from './auth/handlers';
import { createSessionStore, sessionPolicy } from './auth/sessions';
import { businessHandlers } from './businesses/handlers';
import { scheduleHandlers } from './schedule/handlers';
import { catalogueHandlers } from './catalogue/handlers';
import { settingsHandlers, settingsOperationHandlers } from './settings/handlers';
import { staffHandlers, staffOperationHandlers } from './staff/handlers';
import { systemOperationHandlers } from './system/handlers';
import { dashboardHandlers } from './dashboard/handlers';
import { transactionHandlers, transactionOperationHandlers } from './transactions/handlers';
import { registerReceipt } from './transactions/receipt';
import { salesHandlers } from './transactions/sales-handlers';
import { payrollHandlers } from './payroll/payroll/handlers';
import { type DatabaseHandle, openDatabase } from './db/client';
import { clientErrorHandler } from './http/clientError';
import { failure, success } from './http/envelope';
import { isHttpError } from './http/errors';
import { type AppServices, type Implementation, registerEndpoints, type RouteEntry } from './http/registry';
import { registerWeb } from './http/web';
import { exportHandlers } from './export/handlers';
import { pivotHandlers } from './reports/pivot/handlers';
import { notificationHandlers } from './realtime/handlers';
import { createNotifier, type Notifier } from './realtime/notify';
import { attachRealtime, type Realtime } from './realtime/socketServer';
import { waiverOperationHandlers, waiverSigningHandlers } from './waivers/handlers';
import { waiverExportHandlers } from './waivers/exports';
import { type OperationImplementation, proxyHandlers } from './proxy/registry';
import { subscribePayoutImports } from './webpayments/events';
import { webPaymentReadHandlers } from './webpayments/handlers';
import { webPaymentImportHandlers, webPaymentOperationHandlers } from './webpayments/provider-handlers';
import { type PaymentProviderResolver } from './webpayments/providers';
import { paymentProviderFor } from './payments/accounts';
import { outboxHandlers } from './outbox/handlers';
import { tableSettingsHandlers } from './tablesettings/handlers';
import { purchaseOrderHandlers } from './purchase-orders/handlers';
import { setUpQuestions } from './reports/questions/service';
import { reportCatalogueHandlers } from './reports/catalogue/handlers';
import type { Mailer } from './outbox/mailer';
import { createOutbox, type Outbox } from './outbox/outbox';
import type { SmsSender } from './outbox/sms';
import type { Logger } from './logger';
import { DEFAULT_WEB_DIST } from './paths';
import type { AnyJobDefinition } from './jobs/defineJob';
import { appJobs, type AppJobs } from './jobs/appJobs';
import { billingRouteHandlers } from './billing/handlers';
import type { BillingRetrySettings } from './billing/retry';
import { clockHandlers } from './payroll/clock/handlers';
import { timesheetHandlers } from './payroll/timesheets/handlers';
import { shiftHandlers } from './shifts/handlers';
import { prepaidHandlers } from './prepaid/handlers';
import { clientHandlers } from './customers/handlers';
import { inventoryHandlers } from './inventory/handlers';
import { closeReportPool, configureReportPool } from './reports/engine/pool';
import { type EngineOptions, reportEngineHandlers, reportEngineOperationHandlers } from './reports/engine/handlers';
import { appointmentHandlers } from './appointments/handlers';
import { createJobQueue, type JobQueue } from './jobs/jobQueue';
import { epayHandlers } from './epay/handlers';
import { registerShortLinks } from './epay/shortLinkRoute';
import { type PaymentsOptions, type PaymentsRuntime, startPayments } from './payments/service';
import { paymentHandlers } from './payments/handlers';
import { subscribeProviderEvents } from './payments/subscribers';
import { registerWebhooks } from './payments/webhooks';
import { billingExportHandlers } from './export/billing';
import { paymentsEnvironment } from './payments/accounts';
import { suspensionHandlers } from './suspension/handlers';
import type { SupportContactConfig } from './system/queries';
import { registerEmbedFraming } from './embed/framing';
import { campaignHandlers } from './campaigns/handlers';
import { campaignExportHandlers } from './campaigns/exports';
import { registerMedia } from './media/plugin';
import { type Storage, type StorageConfig, startStorage } from './storage';
import type { SiteKind } from '@salondesk/core';
import type { SiteRenderer } from './publishing/files';
import { publishingHandlers } from './publishing/handlers';
import { invitationHandlers } from './invitations/handlers';
import { userLookupHandlers } from './auth/userLookup';
import { SITE_RENDERERS } from './publishing/renderers';
import { registerSites } from './publishing/serve';
import { demoSitesMissing, publishDemoSites } from './publishing/demo';
import type { SiteAddresses } from './publishing/versions';

export interface BuildServerOptions {
  /** An open database (the server will not close it), or ... */
  database?: DatabaseHandle;
  /** ... a connection string (the server opens a pool and closes it on `close()`). */
  connectionString?: string;
  /** A pino logger; without one the server logs nothing. */
  logger?: Logger;
  /** The clock (sessions, expiry). Default: `() => new Date()`. */
  now?: () => Date;
  /** Idle timeout of a session. Default 120. */
  sessionIdleMinutes?: number;
  /** The built dashboard. Default: `apps/web/dist`. */
  webDist?: string;
  /**
   * Trust `X-Forwarded-*` from a reverse proxy (`Secure` cookies behind TLS termination; the client
   * address of the per-address sign-in limit): `true` trusts every hop, a string only the proxies
   * listed (`'127.0.0.1,10.0.0.0/8'`, Fastify's syntax).
   */
  trustProxy?: boolean | string;
  /** The contract to serve. Default: core's `allEndpoints` (tests may narrow it). */
  endpoints?: readonly AnyEndpoint[];
  /** The proxy operations to serve, with their handlers. Default: core's `allOperations` (tests may add their own). */
  proxy?: { operations: readonly AnyOperation[]; implementations: readonly OperationImplementation[] };
  /** Demo mode: the developer outbox exists (`GET /dev/outbox/messages`). Default false. */
  demo?: boolean;
  /** Where emails go besides the outbox table (SMTP); without one they are only recorded. */
  mailer?: Mailer;
  /** Where text messages go besides the outbox table; without one they are only recorded. */
  sms?: SmsSender;
  /** The dashboard's address as people reach it, for links in emails. Default `http://localhost:8080`. */
  publicUrl?: string;
  /** The random source of rules that need chance (the new staff order). Default: `Math.random`. */
  randomInt?: RandomInt;
  /** Parse pre-serialised handler results with their schema too (see http/pre-serialized.ts). Default false; tests turn it on. */
  verifyPreSerialized?: boolean;
  /** How often the realtime socket re-checks its sessions (ms). Default one minute. */
  realtimeSweepMs?: number;
  /**
   * Failed sign-ins one client address (IPv4 address, IPv6 /64) may make within 15 minutes
   * before it is refused for 15 minutes (`SALONDESK_SIGNIN_FAILURES_PER_ADDRESS`). Default:
   * `THROTTLE.failuresPerAddress.max` (100).
   */
  signinFailuresPerAddress?: number;
  /** Background jobs (jobs/jobQueue.ts). */
  jobs?: JobsOptions;
  /**
   * Metabase signed static embedding (`METABASE_URL`, `METABASE_SECRET`): with an address, embed
   * reports open that Metabase; without one, the API's stand-in of its embed pages (with this
   * secret, or one made at start).
   */
  metabase?: { url?: string; secret?: string };
  /** Reports: when a run goes to the job queue (`REPORT_LIMITS` by default; tests lower them). */
  reports?: EngineOptions;
  /** A location's payment provider adapter (web payments' import and payout schedule). Default: `paymentProviderFor`, from its payment account. */
  paymentProviders?: PaymentProviderResolver;
  /** Payment providers: the environment's keys, or the local simulators (default: on in demo mode). */
  payments?: PaymentsOptions;
  /** The billing scheduler's retries (`SALONDESK_BILLING_ATTEMPTS`, `SALONDESK_BILLING_RETRY_DAYS`; default 3 attempts, 3 then 4 days apart). */
  billingRetry?: BillingRetrySettings;
  /**
   * Object storage (storage/): each store's bucket (`SITES_S3_URL`, `MEDIA_S3_URL`; default: read
   * from the environment), and where the local S3 stand-in keeps the objects of stores without one
   * (default: a temp folder removed on close; `npm start` passes the data folder).
   */
  storage?: { config?: StorageConfig; dataDir?: string };
  /**
   * Website and app publishing: where live sites are reached when a CDN fronts the sites bucket
   * (`SITES_PUBLIC_URL`; default the API's `publicUrl`, which serves `/sites/…`), and renderers
   * replacing the built-in ones (tests: a broken template).
   */
  publishing?: { sitesPublicUrl?: string; renderers?: Partial<Record<SiteKind, SiteRenderer>> };
  /** The platform's support contact a suspended business that owes nothing is given (`SALONDESK_SUPPORT_EMAIL`, `SALONDESK_SUPPORT_PHONE`), unless the `support-contact` system setting gives one. */
  support?: SupportContactConfig;
}

export interface JobsOptions {
  /**
   * Run jobs on this node: workers and the scheduler (`SALONDESK_JOBS`). Without them the node
   * still sends jobs, for other nodes to run. Default true.
   */
  workers?: boolean;
  /** How long closing waits for running jobs. Default 30 s. */
  stopTimeoutMs?: number;
  /** How often an idle worker looks for jobs (s). Default 2. */
  pollingIntervalSeconds?: number;
  /** How often the scheduler looks at the schedules (s, 1-45). Default 30. */
  cronMonitorIntervalSeconds?: number;
  /** Replaces jobs' cron expressions, by job name (tests). */
  cron?: Partial<Record<string, string>>;
  /** Jobs besides the application's (tests add their own). */
  extra?: readonly AnyJobDefinition[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every contract route with its access rule, for tests that walk all of them. */
    salondeskRoutes: readonly RouteEntry[];
    /** Every message the server sends goes through it (and into the `outbox` table). */
    outbox: Outbox;
    /** socket.io on this server: rooms, emit, end a session's sockets. */
    realtime: Realtime;
    /** Keeps a notification and sends it live: the one way to notify. */
    notifier: Notifier;
    /** The job queue: `app.jobs.send(name, payload)`. */
    jobs: JobQueue<AppJobs>;
    /** How the server reaches Stripe and NMI, and the simulators when they run (payments/service.ts). */
    payments: PaymentsRuntime;
    /** The object stores (`sites`, `media`): `app.storage.store('sites')`, also `objectStore('sites')`. */
    storage: Storage;
  }
}

/** Every handler of the contract. Add an area's handlers here. */
function allImplementations(options: {
  sessionIdleMinutes: number;
  randomInt: RandomInt;
  proxy: NonNullable<BuildServerOptions['proxy']>;
  outbox: Outbox;
  demo: boolean;
  publicUrl: string;
  notifier: Notifier;
  realtime: Realtime;
  signinFailuresPerAddress: number | undefined;
  reports: EngineOptions | undefined;
  /** A live Stripe key is configured: provider dashboard links leave test mode. */
  stripeLive: boolean;
  paymentProviders: PaymentProviderResolver;
  siteAddresses: SiteAddresses;
  support: SupportContactConfig | undefined;
}): Implementation[] {
  return [
    ...authHandlers({
      policy: sessionPolicy(options.sessionIdleMinutes),
      outbox: options.outbox,
      publicUrl: options.publicUrl,
      notifier: options.notifier,
      endRealtimeSession: (tokenHash) => options.realtime.endSession(tokenHash),
      failuresPerAddress: options.signinFailuresPerAddress,
    }),
    ...outboxHandlers({ demo: options.demo }),
    ...businessHandlers(),
    ...scheduleHandlers(),
    ...staffHandlers({ randomInt: options.randomInt }),
    ...catalogueHandlers(),
    ...settingsHandlers(),
    ...transactionHandlers(),
    ...salesHandlers(),
    ...dashboardHandlers(),
    ...tableSettingsHandlers(),
    ...reportCatalogueHandlers(),
    ...pivotHandlers(options.reports),
    ...notificationHandlers({ notifier: options.notifier }),
    ...exportHandlers(),
    ...reportEngineHandlers(options.reports),
    ...payrollHandlers(),
    ...appointmentHandlers(),
    ...timesheetHandlers(),
    ...shiftHandlers(),
    ...prepaidHandlers(),
    ...clientHandlers(),
    ...inventoryHandlers(),
    ...purchaseOrderHandlers(),
    ...paymentHandlers(),
    ...epayHandlers({ publicUrl: options.publicUrl, stripeLive: options.stripeLive }),
    ...webPaymentReadHandlers(options.paymentProviders),
    ...webPaymentImportHandlers(options.paymentProviders),
    ...clockHandlers({ failuresPerAddress: options.signinFailuresPerAddress }),
    ...suspensionHandlers({ support: options.support }),
    ...proxyHandlers(options.proxy.operations, options.proxy.implementations),
    ...billingRouteHandlers(),
    ...billingExportHandlers(),
    ...waiverSigningHandlers(),
    ...waiverExportHandlers(),
    ...campaignHandlers(),
    ...campaignExportHandlers(),
    ...segmentExportHandlers(),
    ...publishingHandlers({ addresses: options.siteAddresses }),
    ...invitationHandlers({
      policy: sessionPolicy(options.sessionIdleMinutes),
      outbox: options.outbox,
      publicUrl: options.publicUrl,
      failuresPerAddress: options.signinFailuresPerAddress,
    }),
    ...userLookupHandlers(),
  ] as Implementation[];
}

/** Every proxy operation's handler. Add an area's operation handlers here. */
function allOperationImplementations(options: { paymentProviders: PaymentProviderResolver }): OperationImplementation[] {
  return [
    ...webPaymentOperationHandlers(options.paymentProviders),
    ...staffOperationHandlers(),
    ...settingsOperationHandlers(),
    ...systemOperationHandlers(),
    ...transactionOperationHandlers(),
    ...reportEngineOperationHandlers(),
    ...segmentOperationHandlers(),
    ...waiverOperationHandlers(),
  ] as OperationImplementation[];
}

/** Where the browser talks to Stripe (setup intents): api.stripe.com, or the simulator's address in demo and tests. */
function stripeBrowserOrigin(): string {
  const api = paymentsEnvironment().stripe?.api;
  return api ? `${api.protocol}://${api.host}:${api.port}` : 'https://api.stripe.com';
}

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // Embed reports frame the API's own stand-in of Metabase, or the configured Metabase (below).
  frameSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  // The browser confirms billing's setup intents with Stripe itself (the card never passes here): Stripe's API, or the local simulator.
  connectSrc: ["'self'", 'ws:', 'wss:', stripeBrowserOrigin],
  // Nobody frames the dashboard, except the embed route (its business's allowed domains) and the
  // Metabase stand-in (the dashboard itself): embed/framing.ts.
  frameAncestors: ["'none'"],
};

/**
 * The API server, ready to `listen()`: security headers, cookies, every contract route,
 * `/healthz`, the dashboard, and one error handler that answers every failure with the
 * failure envelope (bad input is a 4xx, never a 500).
 */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (options.connectionString
      ? openDatabase(options.connectionString)
      : (() => {
          throw new Error('buildServer needs a database or a connectionString');
        })());
  const now = options.now ?? (() => new Date());
  const sessionIdleMinutes = options.sessionIdleMinutes ?? 120;
  const paymentProviders = options.paymentProviders ?? ((db, businessId) => paymentProviderFor(db, businessId));

  const app: FastifyInstance = Fastify({
    ...(options.logger ? { loggerInstance: options.logger as FastifyBaseLogger } : { logger: false }),
    trustProxy: options.trustProxy ?? false,
    // Longer than any path parameter a schema accepts (a reset token is 200), so an over-long one
    // is refused by its schema with a field path; past this, frameworkErrors answers 414.
    routerOptions: { maxParamLength: 1000 },
    clientErrorHandler,
    // A path the router cannot decode (`/transaction/%E0%A4`) or a segment longer than the limit:
    // the failure envelope like every other answer.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const status = tooLong ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : (error.statusCode ?? 400);
      const message = tooLong ? MESSAGES.urlPartTooLong : error.code === 'FST_ERR_BAD_URL' ? MESSAGES.malformedUrl : MESSAGES.invalidRequest;
      reply.code(status).header('cache-control', 'no-store').send(failure(message, codeForStatus(status)));
    },
  });
  // Closing waits for the requests in flight, and Node's `server.close()` ends only the keep-alive
  // connections idle at that moment: a connection whose request was still running (a provider's
  // webhook arriving just as the server closes) would stay open after its answer, for the
  // keep-alive timeout, and hold the close that long. Those are ended as soon as they go idle.
  app.addHook('preClose', () => {
    const drain = setInterval(() => app.server.closeIdleConnections(), 100);
    drain.unref();
    app.server.once('close', () => clearInterval(drain));
  });
  if (ownsDatabase) app.addHook('onClose', () => database.close());
  // The report pool (reports/engine/pool.ts) goes with the server, before the application's pool.
  app.addHook('onClose', () => closeReportPool(database.pool));
  if (options.reports?.databaseUrl) configureReportPool(database.pool, options.reports.databaseUrl);

  const metabaseOrigin = options.metabase?.url ? new URL(options.metabase.url).origin : undefined;
  const sitesOrigin = options.publishing?.sitesPublicUrl ? new URL(options.publishing.sitesPublicUrl).origin : undefined;
  await app.register(fastifyHelmet, {
    // The Preview Website modal frames sites: the API's own `/sites/…` ('self'), or the CDN in front of the sites bucket.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CSP_DIRECTIVES, frameSrc: [...CSP_DIRECTIVES.frameSrc, ...(metabaseOrigin ? [metabaseOrigin] : []), ...(sitesOrigin ? [sitesOrigin] : [])] },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  });
  await app.register(fastifyCookie);
  // API answers are about one user at one moment: no cache keeps them (a shared computer's
  // browser, a proxy). The dashboard's files and pages set their own caching first (http/web.ts).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isHttpError(error)) {
      return reply.code(error.status).send(failure(error.message, error.code, error.issues));
    }
    // Fastify reads the body even for a request no route matched; it is still a 404.
    if (request.is404) return reply.code(404).send(failure(MESSAGES.notFound, 'NOT_FOUND'));
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send(failure(MESSAGES.invalidJson, 'BAD_REQUEST'));
    }
    if (status === 413) return reply.code(413).send(failure(MESSAGES.payloadTooLarge, 'PAYLOAD_TOO_LARGE'));
    if (status >= 400 && status < 500) {
      return reply.code(status).send(failure(MESSAGES.invalidRequest, codeForStatus(status)));
    }
    request.log.error({ err: error }, 'Unexpected error');
    return reply.code(500).send(failure(MESSAGES.serverError, 'SERVER_ERROR'));
  });

  const storageDir = options.storage?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'salondesk-objects-')));
  const storage = await startStorage({ dataDir: storageDir, config: options.storage?.config });
  app.decorate('storage', storage);
  app.addHook('onClose', async () => {
    await storage.close();
    if (!options.storage?.dataDir) await rm(storageDir, { recursive: true, force: true });
  });
  if (storage.simulator) app.log.info({ endpoint: storage.simulator.endpoint }, 'Object stores without a bucket run against the local S3 stand-in');

  const outbox = createOutbox({ db: database.db, log: app.log, mailer: options.mailer, sms: options.sms });
  app.decorate('outbox', outbox);
  // Messages still being handed to the mail server or SMS gateway are finished before closing.
  app.addHook('onClose', () => outbox.settled());

  const services: AppServices = {
    db: database.db,
    sessions: createSessionStore(database.db, sessionPolicy(sessionIdleMinutes), now),
    now,
    verifyPreSerialized: options.verifyPreSerialized ?? false,
  };
  const publicUrl = options.publicUrl ?? 'http://localhost:8080';
  const siteAddresses: SiteAddresses = { siteBase: options.publishing?.sitesPublicUrl ?? publicUrl, previewBase: publicUrl };
  const realtime = attachRealtime(app, {
    db: database.db,
    pool: database.pool,
    sessions: services.sessions,
    allowedOrigins: [publicUrl],
    sweepEveryMs: options.realtimeSweepMs,
  });
  const notifier = createNotifier({ db: database.db, realtime, now });
  app.decorate('realtime', realtime);
  app.decorate('notifier', notifier);

  const jobs = createJobQueue({
    pool: database.pool,
    db: database.db,
    log: app.log as Logger,
    now,
    notifier,
    definitions: [
      ...appJobs({
        demo: options.demo ?? false,
        paymentProviders,
        billingRetry: options.billingRetry,
        outbox,
        storage,
        siteAddresses,
        publicUrl,
        siteRenderers: { ...SITE_RENDERERS, ...options.publishing?.renderers },
      }),
      ...(options.jobs?.extra ?? []),
    ],
    workers: options.jobs?.workers,
    stopTimeoutMs: options.jobs?.stopTimeoutMs,
    pollingIntervalSeconds: options.jobs?.pollingIntervalSeconds,
    cronMonitorIntervalSeconds: options.jobs?.cronMonitorIntervalSeconds,
    cron: options.jobs?.cron,
  });
  app.decorate('jobs', jobs as unknown as JobQueue<AppJobs>);
  // A paid payout is imported by the job (upserts by provider id: a replayed webhook changes nothing).
  subscribePayoutImports();
  // Started once the server is ready (after the migrations, which main.ts runs first); stopped
  // on close before the pool ends (onClose hooks run last-registered first), after the last
  // request has been answered.
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  // The demo's websites and apps (publishing/demo.ts): built in the background by a node that runs
  // jobs, so the first start stays quick; a restart finds them there and does nothing.
  if (options.demo && options.jobs?.workers !== false) {
    let closing = false;
    let demoSites: Promise<unknown> = Promise.resolve();
    app.addHook('onReady', async () => {
      const ctx = { db: database.db, now, notifier, log: app.log as Logger };
      if (!(await demoSitesMissing(ctx))) return;
      const siteOptions = { store: () => storage.store('sites'), media: () => storage.store('media'), addresses: siteAddresses, publicUrl, renderers: { ...SITE_RENDERERS, ...options.publishing?.renderers } };
      demoSites = publishDemoSites(ctx, siteOptions, () => closing).then(
        (built) => app.log.info({ built }, 'Demo websites and apps published'),
        (error: unknown) => app.log.error({ err: error }, 'Publishing the demo websites and apps failed'),
      );
    });
    app.addHook('onClose', async () => {
      closing = true;
      await demoSites;
    });
  }
  const questions = setUpQuestions(app, services, options.metabase);
  const contract = options.endpoints ?? allEndpoints;
  const routes = registerEndpoints(
    app,
    contract.filter((e) => !isMediaEndpoint(e)),
    [...allImplementations({
      sessionIdleMinutes,
      randomInt: options.randomInt ?? mathRandomInt,
      proxy: options.proxy ?? { operations: allOperations, implementations: allOperationImplementations({ paymentProviders }) },
      outbox,
      demo: options.demo ?? false,
      publicUrl,
      notifier,
      realtime,
      signinFailuresPerAddress: options.signinFailuresPerAddress,
      reports: options.reports,
      stripeLive: options.payments?.stripeSecretKey?.startsWith('sk_live_') ?? false,
      paymentProviders,
      siteAddresses,
      support: options.support,
    }), ...(questions.handlers as Implementation[])].filter(
      (i) => !options.endpoints || options.endpoints.includes(i.endpoint),
    ),
    services,
  );
  // The media server: its own plugin under its own base URL (media/plugin.ts).
  const mediaEndpoints = contract.filter(isMediaEndpoint);
  if (mediaEndpoints.length > 0) {
    routes.push(...(await registerMedia(app, { endpoints: mediaEndpoints, services, store: storage.store('media') })));
  }
  app.decorate('salondeskRoutes', routes);

  app.get('/healthz', async (request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return success({ ok: true, db: true });
    } catch (error) {
      request.log.error({ err: error }, 'Health check: the database does not answer');
      return reply.code(503).send(failure(MESSAGES.serverError, 'SERVER_ERROR'));
    }
  });

  registerReceipt(app, database.db);
  registerShortLinks(app, database.db);
  registerSites(app, database.db, () => storage.store('sites'), now);
  subscribeProviderEvents();
  await registerWebhooks(app, database.db);
  const payments = await startPayments(app, database.pool, { simulators: options.demo ?? false, ...options.payments });
  app.decorate('payments', payments);
  if (payments.simulators.stripe || payments.simulators.nmi) {
    app.log.info({ stripe: payments.simulators.stripe?.url, nmi: payments.simulators.nmi?.url }, 'Payment providers without keys run against their local simulators');
  }
  app.addHook('onClose', () => payments.close());
  registerEmbedFraming(app, database.db, { webDist: options.webDist ?? DEFAULT_WEB_DIST, demo: options.demo ?? false });
  await registerWeb(app, options.webDist ?? DEFAULT_WEB_DIST, { demo: options.demo ?? false });
  return app;
}

