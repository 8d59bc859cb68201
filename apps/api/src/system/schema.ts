import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Platform-wide system settings (spec 000 §7 "system settings", spec 001 §7 Dashboard:
 * `default-dashboard-cards`, `uzeli-dashboard-kpi-params`), keyed by name. Read by areas for their
 * defaults; edited by admins through the proxy request.
 */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
