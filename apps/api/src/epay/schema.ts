import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../db/columns';
import { services } from '../catalogue/schema';
import { businesses, users } from '../db/schema';
import { staff } from '../staff/schema';

/**
 * Epay (spec 001 §3 Epay settings, §7 Epay): one row of settings per business, its domain
 * allow-list (one row per normalised entry), and its short links with their visit counts.
 *
 * The Ably key is kept only encrypted (`ably_key_encrypted`, wprov's `encryptSecret`); its public
 * name (`appId.keyId`) beside it says which key is set. No call ever returns the encrypted value.
 */

const business = () =>
  integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const epaySettingsTable = pgTable('epay_settings', {
  business_id: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  recurring_enabled: boolean('recurring_enabled').notNull().default(false),
  weborder_enabled: boolean('weborder_enabled').notNull().default(false),
  /** `stripe` or `nmi` (core `PAYMENT_PROVIDER`); null while no web payment is taken. */
  provider: text('provider'),
  /** Normalised http(s) addresses, in the order shown. */
  websites: jsonb('websites').$type<string[]>().notNull().default([]),
  /** The Ably key, encrypted at rest (never returned), and its public name. */
  ably_key_encrypted: text('ably_key_encrypted'),
  ably_key_name: text('ably_key_name'),
  ably_updated_at: at('ably_updated_at'),
  updated_at: at('updated_at'),
  updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** The domain allow-list: normalised entries (core `normalizeDomain`), in the order the owner gave them. */
export const businessDomains = pgTable(
  'business_domains',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    domain: text('domain').notNull(),
    position: integer('position').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('business_domains_business_domain_key').on(t.business_id, t.domain), check('business_domains_lower', sql`${t.domain} = lower(${t.domain})`)],
);

/**
 * Short links served at `GET /s/{code}`: a booking link (a service with a staff member and a
 * source tag) or any http(s) address on the allowed domains. One link per business and target, so
 * asking again gives the same code; `visits` counts every redirect.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    code: text('code').notNull(),
    target: text('target').notNull(),
    /** `booking` or `link` (core `SHORT_LINK_KIND`). */
    kind: text('kind').notNull(),
    service_id: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    staff_id: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    source: text('source'),
    visits: integer('visits').notNull().default(0),
    created_at: at('created_at').notNull().defaultNow(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    last_visited_at: at('last_visited_at'),
  },
  (t) => [
    uniqueIndex('short_links_code_key').on(t.code),
    uniqueIndex('short_links_business_target_key').on(t.business_id, t.target),
    index('short_links_business_created_idx').on(t.business_id, t.created_at.desc(), t.id.desc()),
  ],
);
