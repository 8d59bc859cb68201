import type { Rotation, ScheduleSettings } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import { businesses, users } from '../db/schema';
import { staff } from '../staff/schema';

/**
 * Staff scheduling (spec 000 §3). `schedules` holds both kinds of entry: dated ones (`day`; drafts
 * when not `published`) and template ones (`dow`, `template_id`, an optional rotation in `detail`).
 * Times are wall-clock `HH:mm` text in the business's time zone, never instants, so a DST change
 * never moves them. Deleting a published or template entry archives it (`archived_at`); only
 * drafts and template-made entries being regenerated are removed outright.
 */

export const schedules = pgTable(
  'schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    employee_id: integer('employee_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }),
    dow: smallint('dow'),
    start_time: text('start_time').notNull(),
    end_time: text('end_time').notNull(),
    published: boolean('published').notNull().default(false),
    auto: boolean('auto').notNull().default(false),
    template_id: text('template_id'),
    detail: jsonb('detail').$type<Rotation>(),
    archived_at: timestamp('archived_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedules_business_day_idx').on(t.business_id, t.day).where(sql`${t.archived_at} is null`),
    index('schedules_employee_idx').on(t.business_id, t.employee_id).where(sql`${t.archived_at} is null`),
  ],
);

/** What a business changed of its schedule settings (the rest are the defaults of spec 000 §9). */
export const scheduleSettingsTable = pgTable('schedule_settings', {
  business_id: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Partial<ScheduleSettings>>().notNull().default({}),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const holidays = pgTable(
  'holidays',
  {
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.day] })],
);

/** Who changed what in a business's schedule (`activity/schedule`). */
export const scheduleActivityTable = pgTable(
  'schedule_activity',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    summary: text('summary').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('schedule_activity_business_idx').on(t.business_id, t.created_at)],
);
