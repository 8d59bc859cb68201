import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses, networks, users } from '../db/schema';

/**
 * The home dashboard's layout per business: its cards (pivotcolumn/dashboardcard), its KPIs
 * (dashboardkpi; a global KPI shows in every location of the network) and settings (the KPI
 * snapshot period; whether the default cards were laid out).
 */
const business = () =>
  integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const dashboardCards = pgTable(
  'dashboard_cards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    column: text('column').notNull(),
    title: text('title').notNull(),
    order: integer('order').notNull().default(0),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dashboard_cards_business_column_key').on(t.business_id, t.column)],
);

export const dashboardKpis = pgTable(
  'dashboard_kpis',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    network_id: integer('network_id').references(() => networks.id, { onDelete: 'cascade' }),
    column: text('column').notNull(),
    global: boolean('global').notNull().default(false),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dashboard_kpis_business_column_key').on(t.business_id, t.column), index('dashboard_kpis_network_idx').on(t.network_id)],
);

export const dashboardSettings = pgTable('dashboard_settings', {
  business_id: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  period: text('period').notNull().default('month'),
  cards_initialized: boolean('cards_initialized').notNull().default(false),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Cards and KPIs a user hid on their own dashboard (issue 9): hidden for them only, wherever the
 * item shows (a global KPI in every location); the business's dashboard is unchanged for others.
 * Removing the card or KPI, or the user, removes these rows.
 */
export const dashboardHiddenCards = pgTable(
  'dashboard_hidden_cards',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    card_id: integer('card_id')
      .notNull()
      .references(() => dashboardCards.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.card_id] }), index('dashboard_hidden_cards_card_idx').on(t.card_id)],
);

export const dashboardHiddenKpis = pgTable(
  'dashboard_hidden_kpis',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kpi_id: integer('kpi_id')
      .notNull()
      .references(() => dashboardKpis.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.kpi_id] }), index('dashboard_hidden_kpis_kpi_idx').on(t.kpi_id)],
);
