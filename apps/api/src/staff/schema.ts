import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { services } from '../catalogue/schema';
import { customers } from '../customers/schema';
import { createdAt } from '../db/columns';
import { businesses, networks } from '../db/schema';
import { media } from '../media/schema';

export interface StaffAclColumn {
  blocks: string[];
  units: Record<string, string[]>;
  restrictions: string[];
}

export interface StaffAttributes {
  schedulerColor?: string;
  [key: string]: unknown;
}

/** The staff of a location ("artists"): who appointments, schedules, timesheets and tickets name. */
export const staff = pgTable(
  'staff',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    network_id: integer('network_id').references(() => networks.id, { onDelete: 'restrict' }),
    /** Unique across the platform regardless of case (a taken one is refused with a clear message). */
    username: text('username'),
    name: text('name').notNull(),
    nickname: text('nickname'),
    full_name: text('full_name').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    order: integer('order').notNull().default(0),
    attributes: jsonb('attributes').$type<StaffAttributes>().notNull().default({}),
    visible_in_appointment: boolean('visible_in_appointment').notNull().default(true),
    /** What the member may do in the dashboard (blocks, units, restrictions); changed through the proxy request. */
    acl: jsonb('acl').$type<StaffAclColumn>().notNull().default({ blocks: [], units: {}, restrictions: [] }),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    /** The member's photo, an image of the business's media library (issue 18). */
    photo_media_id: integer('photo_media_id'),
    created_at: createdAt(),
  },
  (t) => [
    index('staff_business_id_idx').on(t.business_id),
    uniqueIndex('staff_username_lower_key').on(sql`lower(${t.username})`),
    // The business is part of the key: a photo is always an image of the member's own business.
    foreignKey({ name: 'staff_photo_media_fk', columns: [t.business_id, t.photo_media_id], foreignColumns: [media.business_id, media.id] }).onDelete('no action'),
  ],
);

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
