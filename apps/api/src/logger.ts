import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import { REDACTED, redactPaths } from './secrets/redaction';

/** The one logger: Fastify, the embedded PostgreSQL and the CLI all write through it. */
export type Logger = PinoLogger;

/** Secret fields (`secrets/redaction.ts`) are censored in every line, whatever object holds them. */
export function createLogger(level: string = process.env.LOG_LEVEL || 'info', destination?: DestinationStream): Logger {
  const options = { level, base: { service: 'salondesk-api' }, redact: { paths: redactPaths(), censor: REDACTED } };
  return destination ? pino(options, destination) : pino(options);
}
