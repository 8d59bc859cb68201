import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { businesses, networks } from '../db/schema';

/**
 * Customers of a location (spec 001 §3 phones and customer profiles): one phone each, typed
 * TEMP (made up at the till for a walk-in), GUEST, or a real kind (MOBILE, HOME, ...), with the
 * profile behind it and the loyalty points earned.
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
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customers_business_id_idx').on(t.business_id),
    // Ticket search (transactions/search.ts): a phone by the end of its digits (typed with or
    // without the country code), read backwards so it is a prefix; names by any part of them
    // (pg_trgm, migration 0012).
    index('customers_business_phone_digits_rev_idx').using('btree', t.business_id, sql`reverse(${t.phone_digits}) text_pattern_ops`),
    index('customers_name_trgm_idx').using('gin', sql`lower(coalesce(${t.firstname}, '') || ' ' || coalesce(${t.lastname}, '')) gin_trgm_ops`),
  ],
);
