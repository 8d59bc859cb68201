import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses, networks } from '../db/schema';

/**
 * Platform-wide setting types (spec 000 §3): the name is stored uppercased and is unique; the
 * type says how a value is checked (core's `parseSettingValue`); `isvisible` says who sees it
 * (0 nobody, 1 admins, 2 everyone).
 */
export const settingTypes = pgTable(
  'setting_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    prettyname: text('prettyname').notNull(),
    description: text('description').notNull().default(''),
    category: text('category'),
    type: text('type').$type<'bool' | 'decimal' | 'json' | 'string' | 'options'>().notNull(),
    editable: boolean('editable').notNull().default(true),
    cancopy: boolean('cancopy').notNull().default(false),
    isunique: boolean('isunique').notNull().default(false),
    isvisible: integer('isvisible').notNull().default(2),
    syncappt: boolean('syncappt').notNull().default(false),
    reload: boolean('reload').notNull().default(false),
    defaultvalue: text('defaultvalue'),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('setting_types_name_key').on(sql`upper(${t.name})`)],
);

/** A business's value of a setting type, as checked text (bool `true`/`false`, decimal, JSON, text, option). */
export const businessSettings = pgTable(
  'business_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    network_id: integer('network_id').references(() => networks.id, { onDelete: 'restrict' }),
    setting_type_id: integer('setting_type_id')
      .notNull()
      .references(() => settingTypes.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('business_settings_business_type_key').on(t.business_id, t.setting_type_id)],
);

/**
 * The fixed Business Hours group (spec 000 §9): one row per business and day of the week
 * (0 Sunday – 6 Saturday), open or closed, with opening and closing times `HH:mm` in the
 * business's time zone. A missing day reads as core's default. (The scheduler's store hours are
 * a separate schedule setting.)
 */
export const businessHours = pgTable(
  'business_hours',
  {
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    network_id: integer('network_id').references(() => networks.id, { onDelete: 'restrict' }),
    dow: integer('dow').notNull(),
    open: boolean('open').notNull(),
    start: text('start').notNull(),
    end: text('end').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.dow] })],
);
