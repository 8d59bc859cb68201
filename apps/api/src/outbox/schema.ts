import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every message the server sends (sign-in codes, reset links), written before it is handed to
 * the mailer or the SMS gateway: what was sent, to whom, and whether the transport took it.
 * Platform-wide (messages go to people, not businesses).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `email` or `sms`. */
    channel: text('channel').notNull(),
    /** An email address or a normalized phone number. */
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** What caused the message, opaque (an admin challenge's key hash), for the developer outbox. */
    ref: text('ref'),
    /** `recorded` (no transport configured), `sent`, or `failed`. */
    status: text('status').notNull().default('recorded'),
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient), index('outbox_created_at_idx').on(t.created_at)],
);
