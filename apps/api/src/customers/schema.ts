import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses, networks, users } from '../db/schema';

/**
 * Customers of a location (spec 001 §3 phones and customer profiles): one phone each, typed
 * TEMP (made up at the till for a walk-in), GUEST, or a real kind (MOBILE, HOME, ...), with the
 * profile behind it and the loyalty points earned.
 *
 * Issue 18 (clients): a birthday, notes, and two ends of life. A customer merged into another
 * (`merged_into_id`) keeps its row for the record but has no tickets, cards or tags left and is
 * no longer listed; an erased one (`erased_at`, GDPR-style) keeps its tickets with every
 * personal field cleared. What a client did (visits, spend, first and last visit, last staff) is
 * never stored: it is the `customer_facts` view over the tickets (custom migration).
 */
export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    network_id: integer('network_id').references(() => networks.id, { onDelete: 'restrict' }),
    phone_type: text('phone_type').notNull().default('MOBILE'),
    phone: text('phone').notNull(),
    /** The phone's digits only (`(555) 514-6808` → `5555146808`), kept by PostgreSQL: what a ticket search by phone compares. */
    phone_digits: text('phone_digits').generatedAlwaysAs(sql`regexp_replace(phone, '[^0-9]', '', 'g')`),
    firstname: text('firstname'),
    lastname: text('lastname'),
    email: text('email'),
    loyalty_points: integer('loyalty_points').notNull().default(0),
    /** The day of birth (a year is kept when known; segments read its month and day). */
    birthday: date('birthday', { mode: 'string' }),
    /** Free notes about the client, shown on the profile (up to `CLIENT_NOTES_MAX` characters). */
    notes: text('notes').notNull().default(''),
    /** When the client's personal data was erased (names, phone, email, birthday, notes cleared; tickets kept). */
    erased_at: timestamp('erased_at', { withTimezone: true }),
    /** The client this one was merged into: its tickets, cards, memberships, points and tags moved there. */
    merged_into_id: integer('merged_into_id').references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customers_business_id_idx').on(t.business_id),
    // Ticket search (transactions/search.ts): a phone by the end of its digits (typed with or
    // without the country code), read backwards so it is a prefix; names by any part of them
    // (pg_trgm, migration 0012).
    index('customers_business_phone_digits_rev_idx').using('btree', t.business_id, sql`reverse(${t.phone_digits}) text_pattern_ops`),
    index('customers_name_trgm_idx').using('gin', sql`lower(coalesce(${t.firstname}, '') || ' ' || coalesce(${t.lastname}, '')) gin_trgm_ops`),
    // The client list's email search (any part of it).
    index('customers_email_trgm_idx').using('gin', sql`lower(coalesce(${t.email}, '')) gin_trgm_ops`),
    index('customers_merged_into_idx').on(t.merged_into_id),
    check('customers_notes_length', sql`char_length(${t.notes}) <= 5000`),
    check('customers_not_merged_into_itself', sql`${t.merged_into_id} is null or ${t.merged_into_id} <> ${t.id}`),
  ],
);

/**
 * Tags of clients, shared by every location of a network (`getTags`); a business outside any
 * network keeps its own (exactly one of `network_id` and `business_id` is set). Names are unique
 * in their scope whatever their case.
 */
export const customerTags = pgTable(
  'customer_tags',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    network_id: integer('network_id').references(() => networks.id, { onDelete: 'cascade' }),
    business_id: integer('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A colour for the tag's chip, `#rrggbb`. */
    color: text('color').notNull().default('#64748b'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_tags_network_name_key').on(t.network_id, sql`lower(${t.name})`).where(sql`${t.network_id} is not null`),
    uniqueIndex('customer_tags_business_name_key').on(t.business_id, sql`lower(${t.name})`).where(sql`${t.business_id} is not null`),
    check('customer_tags_one_scope', sql`num_nonnulls(${t.network_id}, ${t.business_id}) = 1`),
    check('customer_tags_name_length', sql`char_length(${t.name}) between 1 and 40`),
    check('customer_tags_color', sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/** Which client carries which tag. */
export const customerTagLinks = pgTable(
  'customer_tag_links',
  {
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tag_id: integer('tag_id')
      .notNull()
      .references(() => customerTags.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customer_id, t.tag_id] }), index('customer_tag_links_tag_idx').on(t.tag_id)],
);
