import { pino, type Logger as PinoLogger } from 'pino';

/** The one logger: Fastify, the embedded PostgreSQL and the CLI all write through it. */
export type Logger = PinoLogger;

export function createLogger(level: string = process.env.LOG_LEVEL || 'info'): Logger {
  return pino({ level, base: { service: 'salondesk-api' } });
}
