import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Acl, BusinessInfo, RoleParameters } from '@salondesk/core';
import { createdAt } from './columns';

/**
 * The database schema. Every row of business data carries `business_id` (and `network_id` where a
 * network owns it), so a query can always be scoped to the business in the path.
 * Change it here (or in an area's `<area>/schema.ts`, listed in `db/tables.ts`), then
 * `pnpm --filter @salondesk/api db:generate` writes the SQL migration.
 */

export const networks = pgTable('networks', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  created_at: createdAt(),
});

export interface ReportSettings {
  enabled: boolean;
  reports: string[];
}

export const businesses = pgTable(
  'businesses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    network_id: integer('network_id').references(() => networks.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    timezone: text('timezone').notNull().default('America/Los_Angeles'),
    info: jsonb('info').$type<BusinessInfo>().notNull().default({}),
    reportsettings: jsonb('reportsettings')
      .$type<ReportSettings>()
      .notNull()
      .default({ enabled: false, reports: [] }),
    /**
     * Suspension (spec 001 §3, §4; issue 16): the day, in the business's time zone, from whose
     * start it is suspended (its users reach only billing); null: not suspended. Set by
     * `POST /protected/admin/{id}/suspension/update`; read with core's `suspensionOf`.
     */
    suspended_after: date('suspended_after', { mode: 'string' }),
    /** Why it is suspended, as the admin wrote it for its users (issue 28); cleared when the suspension is lifted. */
    suspension_reason: text('suspension_reason'),
    /** Waivers are on for the location (spec 001 §3 Business info `waiversEnabled`; issue 18): signing links and the public page work only then. */
    waivers_enabled: boolean('waivers_enabled').notNull().default(false),
    /**
     * Its site code (issue 17): the website is served at `/sites/{webcode}/`, the app at
     * `/sites/{webcode}/app/` (core's `isWebcode`); given at the first publish, from `info.webcode`,
     * `info.code` or the name. Null before.
     */
    webcode: text('webcode'),
    created_at: createdAt(),
  },
  (t) => [index('businesses_network_id_idx').on(t.network_id), uniqueIndex('businesses_webcode_key').on(t.webcode)],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    role: text('role').notNull(),
    acl: jsonb('acl').$type<Acl>().notNull(),
    fullname: text('fullname').notNull(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    /** scrypt of the client-side SHA-256 hex, as written by `auth/password.ts`. */
    password_hash: text('password_hash').notNull(),
    /** For sign-in by SMS code: normalized, `+` and digits (core's `normalizePhone`). */
    phone: text('phone'),
    disabled_at: timestamp('disabled_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  // Unique regardless of case: people sign in with either, typed any way.
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_key').on(t.phone),
  ],
);

/** Grants a user every location of a network, including ones added later. */
export const userNetworks = pgTable(
  'user_networks',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network_id: integer('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.network_id] })],
);

/** Grants a user one location. */
export const userBusinesses = pgTable(
  'user_businesses',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.business_id] })],
);

/** Signed-in sessions. Only the SHA-256 of the cookie's token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.user_id)],
);

/**
 * Roles and their parameters: the default blocks and units a role adds to a user's acl
 * (spec 000 §6). Platform-wide, keyed by the role name users carry (`users.role`).
 */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  label: text('label').notNull(),
  params: jsonb('params').$type<RoleParameters>().notNull().default({}),
  created_at: createdAt(),
});

