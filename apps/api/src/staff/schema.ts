import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { services } from '../catalogue/schema';
import { customers } from '../customers/schema';
import { businesses, staff } from '../db/schema';

/**
 * Client appointments booked with a staff member ("artist"): what `artist/{id}/appointments` lists
 * and `monthlyreport/{y}/{m}` sums. Prices are minor units of the business's currency.
 */
export const APPOINTMENT_STATUS = { BOOKED: 'BOOKED', COMPLETED: 'COMPLETED', CANCELLED: 'CANCELLED', NO_SHOW: 'NO_SHOW' } as const;

export const appointments = pgTable(
  'appointments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    service_id: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    customer_name: text('customer_name').notNull(),
    /** The client booked, when known (waivers: who must sign before this appointment). */
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    starts_at: timestamp('starts_at', { withTimezone: true }).notNull(),
    duration_minutes: integer('duration_minutes').notNull(),
    price: integer('price').notNull().default(0),
    status: text('status').notNull().default(APPOINTMENT_STATUS.BOOKED),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointments_business_starts_idx').on(t.business_id, t.starts_at),
    index('appointments_staff_starts_idx').on(t.staff_id, t.starts_at),
    index('appointments_customer_idx').on(t.customer_id),
  ],
);
