import { isIP } from 'node:net';
import { REPORT_LIMITS } from '@salondesk/core';
import path from 'node:path';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_DIST } from './paths';
import { THROTTLE } from './auth/throttle';
import { demoDaysFromEnv } from './demo/seed';
import { billingRetryFromEnv, type BillingRetrySettings } from './billing/retry';
import type { PaymentsOptions } from './payments/service';
import { type StorageConfig, storageConfigOf } from './storage';

/** Everything the server reads from the environment, read in one place. */
export interface ServerConfig {
  /** An external PostgreSQL; without it the embedded one runs in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  port: number;
  host: string;
  logLevel: string;
  sessionIdleMinutes: number;
  webDist: string;
  /**
   * Trust X-Forwarded-* headers (behind a TLS-terminating proxy): the client address, Secure
   * cookies and the per-address sign-in limit then come from them. `true` trusts every hop (the
   * leftmost X-Forwarded-For entry is taken: right only when the proxy replaces the header); a
   * list of the proxies' addresses (`127.0.0.1,10.0.0.0/8`, or `loopback`, `uniquelocal`) trusts
   * those only, so the address is the one the nearest trusted proxy saw, whatever a client sends.
   */
  trustProxy: boolean | string;
  /**
   * Failed sign-ins one client address (an IPv4 address, an IPv6 /64) may make within 15 minutes
   * before it is refused for 15 minutes (`SALONDESK_SIGNIN_FAILURES_PER_ADDRESS`, at least 1).
   */
  signinFailuresPerAddress: number;
  /**
   * Demo mode: the developer outbox API and page exist. Default: on with the embedded
   * PostgreSQL, off with DATABASE_URL; `SALONDESK_DEMO=1|0` decides otherwise.
   */
  demo: boolean;
  /** SMTP server for emails (codes, reset links); without it emails are only recorded in the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMS gateway webhook; without it text messages are only recorded in the outbox. */
  smsWebhookUrl: string | undefined;
  /** The dashboard's address as people reach it, for links in emails. */
  publicUrl: string;
  /** Days of demo transactions a first start writes per location (`SALONDESK_DEMO_DAYS`). */
  demoDays: number;
  /**
   * Run background jobs on this node (`SALONDESK_JOBS`, default on). Off, the node still sends
   * jobs; at least one node on the database should run them.
   */
  jobs: boolean;
  /**
   * A report run over this many rows goes to the job queue and notifies when it is done
   * (`SALONDESK_REPORT_QUEUE_ABOVE_ROWS`, default `REPORT_LIMITS.queueAboveRows`, 50,000).
   */
  reportQueueAboveRows: number;
  /** A report run still going after this many milliseconds goes to the job queue (`SALONDESK_REPORT_QUEUE_AFTER_MS`, default 5,000). */
  reportQueueAfterMs: number;
  /**
   * Report SQL signs in with this (`SALONDESK_REPORTING_DATABASE_URL`) instead of the report
   * runner's stored password: for a cluster whose reporting roles another role made.
   */
  reportingDatabaseUrl: string | undefined;
  /**
   * Metabase signed static embedding (`METABASE_URL`, `METABASE_SECRET`): with both, embed reports
   * open that Metabase's questions; without the address, the API's own stand-in of Metabase's embed
   * pages shows them, verifying tokens with `secret` (or a secret generated at start when unset).
   */
  metabase: MetabaseConfig;
  /**
   * `NODE_ENV=production`: the server refuses to start without `SALONDESK_SECRET_KEY` (the key
   * provider secrets are encrypted with at rest); elsewhere one is generated into the data folder.
   */
  production: boolean;
  /** `SALONDESK_SECRET_KEY` (64 hex characters or base64 of 32 bytes); never logged. */
  secretKey: string | undefined;
  /**
   * Payment providers: `STRIPE_SECRET_KEY` + `STRIPE_WEBHOOK_SECRET`, `NMI_SECURITY_KEY` +
   * `NMI_WEBHOOK_SIGNING_KEY` (+ `NMI_API_URL`). A provider without keys runs against its local
   * simulator in demo mode and is unavailable otherwise.
   */
  payments: PaymentsOptions;
  /**
   * The demo parent page of the embed messaging, on a second local origin (`SALONDESK_EMBED_DEMO_PORT`,
   * default the next port after `PORT`; `0` turns it off): demo mode only, on the same host.
   */
  embedDemoPort: number;
  /** The billing scheduler's retries: `SALONDESK_BILLING_ATTEMPTS` (default 3), `SALONDESK_BILLING_RETRY_DAYS` (default `3,4`). */
  billingRetry: BillingRetrySettings;
  /**
   * Object storage: `SITES_S3_URL` (published sites and apps) and `MEDIA_S3_URL` (the media
   * library), each `s3://KEY:SECRET@host:9000/bucket?region=us-east-1&style=path`; a store without
   * one runs against the local S3 stand-in, its objects under `<data dir>/objects/`.
   */
  storage: StorageConfig;
  /** Where live sites are reached when a CDN fronts the sites bucket (`SITES_PUBLIC_URL`); default: the API (`/sites/…`). */
  sitesPublicUrl: string | undefined;
  /**
   * The platform's support contact, given to a suspended business that owes nothing
   * (`SALONDESK_SUPPORT_EMAIL`, `SALONDESK_SUPPORT_PHONE`); the `support-contact` system setting, when
   * an admin sets it, comes first.
   */
  support: { email: string | undefined; phone: string | undefined };
}

export interface MetabaseConfig {
  /** Metabase's address as browsers reach it (`https://metabase.example.com`), without a trailing `/`. */
  url: string | undefined;
  /** Metabase's embedding secret key (Admin › Embedding › Static embedding): 64 hexadecimal characters. */
  secret: string | undefined;
}

/** `METABASE_URL` and `METABASE_SECRET`, checked: an address needs the secret; the secret is Metabase's 256-bit hex key. */
export function metabaseConfigOf(env: NodeJS.ProcessEnv): MetabaseConfig {
  const rawUrl = env.METABASE_URL?.trim() || undefined;
  const secret = env.METABASE_SECRET?.trim() || undefined;
  if (secret !== undefined && !/^[0-9a-fA-F]{64}$/.test(secret)) {
    // Never echo the value: it is a secret.
    throw new Error('METABASE_SECRET must be Metabase\'s embedding secret key: 64 hexadecimal characters (Admin › Embedding › Static embedding)');
  }
  if (rawUrl === undefined) return { url: undefined, secret };
  let parsed: URL;
  try {
    parsed = new URL(rawUrl);
  } catch {
    throw new Error(`METABASE_URL must be an http or https address, got "${rawUrl}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`METABASE_URL must be an http or https address, got "${rawUrl}"`);
  if (parsed.search || parsed.hash || parsed.username || parsed.password) throw new Error('METABASE_URL must be the address of Metabase alone, without a query, fragment or credentials');
  if (secret === undefined) throw new Error('METABASE_URL needs METABASE_SECRET, the embedding secret key of that Metabase');
  return { url: parsed.toString().replace(/\/+$/, ''), secret };
}

const flag = (value: string | undefined, fallback: boolean, name: string): boolean => {
  if (value === undefined || value === '') return fallback;
  if (['1', 'true', 'on', 'yes'].includes(value.toLowerCase())) return true;
  if (['0', 'false', 'off', 'no'].includes(value.toLowerCase())) return false;
  throw new Error(`${name} must be 1 or 0, got "${value}"`);
};

const positiveInt = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
};

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** `SALONDESK_TRUST_PROXY`: on/off, or the proxies' addresses (Fastify's `trustProxy` string, checked here). */
const trustProxyOf = (value: string | undefined): boolean | string => {
  if (value === undefined || value.trim() === '') return false;
  const lower = value.trim().toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(lower)) return true;
  if (['0', 'false', 'off', 'no'].includes(lower)) return false;
  const entries = lower.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_NAMES.includes(entry) && (family === 0 || !validBits || rest.length > 0)) {
      throw new Error(`SALONDESK_TRUST_PROXY must be 1, 0 or the proxies' addresses (127.0.0.1,10.0.0.0/8, loopback), got "${value}"`);
    }
  }
  return entries.join(',');
};

const atLeastOne = (n: number, name: string): number => {
  if (n < 1) throw new Error(`${name} must be at least 1 (0 would refuse every sign-in), got ${n}`);
  return n;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = positiveInt(env.PORT, 8080, 'PORT');
  const host = env.HOST || '127.0.0.1';
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.SALONDESK_DATA_DIR || DEFAULT_DATA_DIR),
    port,
    host,
    logLevel: env.LOG_LEVEL || 'info',
    sessionIdleMinutes: positiveInt(env.SALONDESK_SESSION_IDLE_MINUTES, 120, 'SALONDESK_SESSION_IDLE_MINUTES'),
    webDist: path.resolve(env.SALONDESK_WEB_DIST || DEFAULT_WEB_DIST),
    trustProxy: trustProxyOf(env.SALONDESK_TRUST_PROXY),
    signinFailuresPerAddress: atLeastOne(
      positiveInt(env.SALONDESK_SIGNIN_FAILURES_PER_ADDRESS, THROTTLE.failuresPerAddress.max, 'SALONDESK_SIGNIN_FAILURES_PER_ADDRESS'),
      'SALONDESK_SIGNIN_FAILURES_PER_ADDRESS',
    ),
    demo: flag(env.SALONDESK_DEMO, !env.DATABASE_URL, 'SALONDESK_DEMO'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Salondesk <no-reply@salondesk.localhost>',
    smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
    publicUrl: env.SALONDESK_PUBLIC_URL || `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`,
    demoDays: demoDaysFromEnv(env),
    jobs: flag(env.SALONDESK_JOBS, true, 'SALONDESK_JOBS'),
    reportQueueAboveRows: Math.max(1, positiveInt(env.SALONDESK_REPORT_QUEUE_ABOVE_ROWS, REPORT_LIMITS.queueAboveRows, 'SALONDESK_REPORT_QUEUE_ABOVE_ROWS')),
    reportingDatabaseUrl: env.SALONDESK_REPORTING_DATABASE_URL || undefined,
    reportQueueAfterMs: Math.max(1, positiveInt(env.SALONDESK_REPORT_QUEUE_AFTER_MS, REPORT_LIMITS.queueAfterMs, 'SALONDESK_REPORT_QUEUE_AFTER_MS')),
    metabase: metabaseConfigOf(env),
    production: env.NODE_ENV === 'production',
    secretKey: env.SALONDESK_SECRET_KEY?.trim() || undefined,
    payments: {
      stripeSecretKey: env.STRIPE_SECRET_KEY?.trim() || undefined,
      stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY?.trim() || undefined,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || undefined,
      nmiSecurityKey: env.NMI_SECURITY_KEY?.trim() || undefined,
      nmiWebhookSigningKey: env.NMI_WEBHOOK_SIGNING_KEY?.trim() || undefined,
      nmiApiUrl: env.NMI_API_URL?.trim() || undefined,
    },
    embedDemoPort: positiveInt(env.SALONDESK_EMBED_DEMO_PORT, port === 65535 ? 0 : port + 1, 'SALONDESK_EMBED_DEMO_PORT'),
    billingRetry: billingRetryFromEnv(env),
    storage: storageConfigOf(env),
    sitesPublicUrl: env.SITES_PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined,
    support: { email: env.SALONDESK_SUPPORT_EMAIL?.trim() || undefined, phone: env.SALONDESK_SUPPORT_PHONE?.trim() || undefined },
  };
}
