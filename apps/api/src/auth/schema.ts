import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';

/**
 * One-time sign-in codes: an admin's emailed second factor and phone codes sent by SMS. Only a
 * salted SHA-256 of the 6 digits is kept; a code is single use (`used_at`), valid until
 * `expires_at` (10 minutes) and dead after 5 wrong tries (`attempts`).
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `admin` (second factor after the password) or `phone` (sign-in by SMS). */
    purpose: text('purpose').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The normalized phone number a phone code was sent to. */
    phone: text('phone'),
    /** SHA-256 of the admin challenge's key (the key itself only travels to the browser). */
    key_hash: text('key_hash'),
    code_salt: text('code_salt').notNull(),
    code_hash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_phone_idx').on(t.phone), index('one_time_codes_user_id_idx').on(t.user_id)],
);

/**
 * Failed sign-in attempts and sent codes, one row each, by subject (`password:user:3`,
 * `otp:phone:+13235550142`, ...). Counting rows in a window is how sign-in is throttled; the
 * rows are in PostgreSQL, so a restart does not reset them. Once a subject is over its limit,
 * nothing more is written for it until the window has passed.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subject: text('subject').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_throttle_subject_at_idx').on(t.subject, t.at)],
);

/** Password reset links: 256 random bits, only their SHA-256 kept; single use, valid 1 hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_id_idx').on(t.user_id)],
);
