import { maskPhone } from '@salondesk/core';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { deleteOlderThan, RETENTION } from '../jobs/retention';
import type { Mailer } from './mailer';
import { outbox as outboxTable } from './schema';
import type { SmsSender } from './sms';

export interface OutboxLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface OutboxOptions {
  db: Database;
  log: OutboxLog;
  /** Without one, emails are only recorded (status `recorded`). */
  mailer?: Mailer;
  /** Without one, text messages are only recorded. */
  sms?: SmsSender;
}

export interface Outbox {
  /** Records an email, logs it (codes masked), then hands it to the mailer without waiting; resolves to its outbox id. */
  email(message: { to: string; subject: string; text: string; ref?: string | null }): Promise<number>;
  /** Records a text message, logs it (codes masked), then hands it to the SMS sender without waiting; resolves to its outbox id. */
  sms(message: { to: string; text: string; ref?: string | null }): Promise<number>;
  /** Resolves when every hand-over started so far has finished (tests, shutdown). */
  settled(): Promise<void>;
}

/** Secrets in a message, hidden in the log: 6-digit codes, reset and invitation tokens. */
export const maskSecrets = (text: string): string =>
  // Tokens first: a token may hold six digits in a row, which the code mask would cut it at.
  text
    .replace(/(\/reset\/)[A-Za-z0-9_-]+/g, '$1••••')
    .replace(/(\/register-user\/\d+\/)[A-Za-z0-9_%-]+/g, '$1••••')
    .replace(/\b\d{6}\b/g, '••••••');

/** An email for a log line or a public page: `j•••@example.com`. */
export const maskEmail = (email: string): string => email.replace(/^(.)[^@]*(@.*)$/, '$1•••$2');

/**
 * The one way the server sends anything to a person. Every message is written to the `outbox`
 * table first (the full text: the developer outbox reads it in demo mode) and logged with its
 * secrets masked; the transport runs after the caller has its answer, so how long a mail server
 * takes never tells a caller whether an address exists.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { db, log } = options;
  const pending = new Set<Promise<void>>();

  async function record(channel: 'email' | 'sms', to: string, subject: string | null, text: string, ref: string | null, deliver?: () => Promise<void>): Promise<number> {
    const [row] = await db
      .insert(outboxTable)
      .values({ channel, recipient: to, subject, body: text, ref, status: 'recorded' })
      .returning({ id: outboxTable.id });
    const id = (row as { id: number }).id;
    log.info(
      { outbox: id, channel, to: channel === 'sms' ? maskPhone(to) : maskEmail(to), subject, text: maskSecrets(text) },
      deliver ? 'Sending a message' : 'Message recorded in the outbox (no transport configured)',
    );
    if (!deliver) return id;
    const handOver = (async () => {
      try {
        await deliver();
        await db.update(outboxTable).set({ status: 'sent' }).where(eq(outboxTable.id, id));
      } catch (error) {
        log.error({ outbox: id, channel, err: error }, 'The message could not be handed over');
        await db
          .update(outboxTable)
          .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
          .where(eq(outboxTable.id, id))
          .catch(() => undefined);
      }
    })();
    pending.add(handOver);
    void handOver.finally(() => pending.delete(handOver));
    return id;
  }

  return {
    email: ({ to, subject, text, ref = null }) =>
      record('email', to.trim().toLowerCase(), subject, text, ref, options.mailer ? () => options.mailer!.send({ to, subject, text }) : undefined),
    sms: ({ to, text, ref = null }) => record('sms', to, null, text, ref, options.sms ? () => options.sms!.send({ to, text }) : undefined),
    async settled() {
      await Promise.all([...pending]);
    },
  };
}

/**
 * Demo mode only: deletes outbox messages written more than `RETENTION.demoOutbox` ago. There
 * the outbox is the developer outbox, read for its newest messages; outside demo mode it is the
 * record of what was sent and housekeeping leaves it alone. Returns how many rows went.
 */
export async function sweepDemoOutbox(db: Database, now: Date): Promise<number> {
  return deleteOlderThan(db, outboxTable, outboxTable.created_at, now, RETENTION.demoOutbox);
}
