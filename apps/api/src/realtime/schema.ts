import { bigserial, customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { businesses, networks, users } from '../db/schema';

/**
 * Realtime notifications that are kept: every admin notification (so an admin who was offline
 * sees it later), and business notifications (website publish, app deploy, report runs) with
 * their business. `kind` is one of core's `NOTIFICATION_KIND`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** The business a business notification is about; null for admin notifications (platform-wide). */
    business_id: integer('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    network_id: integer('network_id').references(() => networks.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Admin messages: `admin` (written by an admin) or `security` (the server's sign-in checks). */
    source: text('source'),
    /** The admin who wrote an admin message. */
    sender_id: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** What a deduplicated notification is about (`lock:password:user:3`), so one lock sends one. */
    dedupe_key: text('dedupe_key'),
    /** What a business notification links to (a report run's id for `reportRunFinished`). */
    ref: text('ref'),
    /**
     * `websitePublished` / `mobileAppDeployed`: the version that went live (no foreign key: old
     * versions are deleted, the notification stays), its number and the address it is served at.
     */
    version_id: integer('version_id'),
    version_number: integer('version_number'),
    url: text('url'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_kind_id_idx').on(t.kind, t.id),
    index('notifications_business_id_idx').on(t.business_id),
    index('notifications_dedupe_key_idx').on(t.dedupe_key, t.created_at),
  ],
);

/** Which admin read which notification. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notification_id: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    read_at: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.notification_id] })],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * `@socket.io/postgres-adapter`'s table for packets too large for a NOTIFY (over 8,000 bytes):
 * created by the migrations rather than by the adapter at start; the adapter sweeps old rows.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  created_at: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});
