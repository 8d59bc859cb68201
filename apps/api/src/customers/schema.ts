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
    firstname: text('firstname'),
    lastname: text('lastname'),
    email: text('email'),
    loyalty_points: integer('loyalty_points').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customers_business_id_idx').on(t.business_id)],
);
