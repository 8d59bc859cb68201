import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses, users } from '../../db/schema';

/**
 * Saved questions (cards) of the questions service: per business, what each reads (`source`, a
 * data source or a report function as core's `reportSource`), the values of that source's
 * parameters, and its visualisation (core's `questionVisualization`). `metabase_id` is the Metabase
 * question it stands for (one card per id in a business): embed reports naming that id show it.
 * Removing the business removes its cards; removing the user who made one keeps it.
 */
export const questionCards = pgTable(
  'questions_cards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    source: jsonb('source').notNull(),
    params: jsonb('params').notNull().default({}),
    visualization: jsonb('visualization').notNull(),
    metabase_id: integer('metabase_id'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('questions_cards_business_idx').on(t.business_id), uniqueIndex('questions_cards_business_metabase_key').on(t.business_id, t.metabase_id)],
);
