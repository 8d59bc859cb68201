import path from 'node:path';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_DIST } from './paths';
import { demoDaysFromEnv } from './demo/seed';

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
  /** Trust X-Forwarded-* headers (behind a TLS-terminating proxy). */
  trustProxy: boolean;
  /** Days of demo transactions a first start writes per location (`SALONDESK_DEMO_DAYS`). */
  demoDays: number;
}

const positiveInt = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.SALONDESK_DATA_DIR || DEFAULT_DATA_DIR),
    port: positiveInt(env.PORT, 8080, 'PORT'),
    host: env.HOST || '127.0.0.1',
    logLevel: env.LOG_LEVEL || 'info',
    sessionIdleMinutes: positiveInt(env.SALONDESK_SESSION_IDLE_MINUTES, 120, 'SALONDESK_SESSION_IDLE_MINUTES'),
    webDist: path.resolve(env.SALONDESK_WEB_DIST || DEFAULT_WEB_DIST),
    trustProxy: env.SALONDESK_TRUST_PROXY === '1' || env.SALONDESK_TRUST_PROXY === 'true',
    demoDays: demoDaysFromEnv(env),
  };
}
