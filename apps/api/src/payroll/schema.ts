import type { PayrollSettings, TimesheetAction, TimesheetSettings, TimesheetSource, TimesheetStatus, TimesheetTimes } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import { businesses, users } from '../db/schema';
import { staff } from '../staff/schema';

/**
 * Timesheets and payroll (spec 001 §3). A slot keeps the times first recorded (`original_*`) next
 * to the times as corrected; no hours are stored — they are the instants' difference
 * (`rules/timesheets.ts`), so nothing can drift. Every change is a row of `timesheet_activity`.
 */

export const timesheets = pgTable(
  'timesheets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    employee_id: integer('employee_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** The business-zone day of `clockin_at`, kept with it (range queries and the per-day update go by it). */
    day: date('day', { mode: 'string' }).notNull(),
    clockin_at: timestamp('clockin_at', { withTimezone: true }).notNull(),
    clockout_at: timestamp('clockout_at', { withTimezone: true }),
    original_clockin: timestamp('original_clockin', { withTimezone: true }).notNull(),
    original_clockout: timestamp('original_clockout', { withTimezone: true }),
    status: text('status').$type<TimesheetStatus>().notNull(),
    is_modified: boolean('is_modified').notNull().default(false),
    source: text('source').$type<TimesheetSource>().notNull(),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('timesheets_business_day_idx').on(t.business_id, t.day),
    index('timesheets_employee_day_idx').on(t.business_id, t.employee_id, t.day),
    // One open slot per person: clocking in twice is refused by the database too.
    uniqueIndex('timesheets_one_open_slot').on(t.employee_id).where(sql`${t.status} = 'IN'`),
    check('timesheets_status_check', sql`${t.status} in ('IN', 'OUT')`),
    check('timesheets_open_has_no_clockout', sql`(${t.status} = 'IN') = (${t.clockout_at} is null)`),
    check('timesheets_clockout_after_clockin', sql`${t.clockout_at} is null or ${t.clockout_at} >= ${t.clockin_at}`),
  ],
);

/** Who changed what of a timesheet, when and why (`activity/timesheets`); pay period closings and reopenings too. */
export const timesheetActivity = pgTable(
  'timesheet_activity',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The slot (null for a pay period's closing, or once the slot is removed). */
    slot_id: integer('slot_id').references(() => timesheets.id, { onDelete: 'set null' }),
    employee_id: integer('employee_id').references(() => staff.id, { onDelete: 'set null' }),
    /** Who did it: a dashboard user, or null for the staff clock (the member is `employee_id`). */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').$type<TimesheetAction>().notNull(),
    reason: text('reason'),
    day: date('day', { mode: 'string' }),
    before: jsonb('before').$type<TimesheetTimes>(),
    after: jsonb('after').$type<TimesheetTimes>(),
    created_at: createdAt(),
  },
  (t) => [index('timesheet_activity_business_idx').on(t.business_id, t.created_at), index('timesheet_activity_slot_idx').on(t.slot_id)],
);

/** A business's payroll settings (`payrollinfo`): what it changed of the defaults, and the start of the open pay period. */
export const payrollSettingsTable = pgTable('payroll_settings', {
  business_id: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Partial<PayrollSettings>>().notNull().default({}),
  payroll_hour_settings: jsonb('payroll_hour_settings').$type<Partial<TimesheetSettings>>().notNull().default({}),
  last_payout_start_date: date('last_payout_start_date', { mode: 'string' }),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A staff member's clock PIN, hashed (scrypt, as passwords are); wrong PINs are throttled like sign-in codes. */
export const staffClockPins = pgTable('staff_clock_pins', {
  staff_id: integer('staff_id')
    .primaryKey()
    .references(() => staff.id, { onDelete: 'cascade' }),
  business_id: integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  pin_hash: text('pin_hash').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
