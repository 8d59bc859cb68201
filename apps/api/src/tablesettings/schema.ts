import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses, users } from '../db/schema';

/**
 * Saved table settings (spec 001 §7 `tablesettings/{name}/get` and `/update`): one row per user,
 * business and table name, holding the table's title and its configuration (JSON, bounded by
 * core's `tableConfiguration`). Removing the user or the business removes their rows.
 */
export const tableSettingsTable = pgTable(
  'table_settings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    configuration: jsonb('configuration').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('table_settings_user_business_name_key').on(t.user_id, t.business_id, t.name), index('table_settings_business_idx').on(t.business_id)],
);
