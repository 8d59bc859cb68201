import type { SegmentCache, SegmentQuery } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses, networks, users } from '../db/schema';

/**
 * Customer segments (spec 001 §3 Customer segment): a location's named condition tree
 * (`query_parameters`, core's `segmentQuery`), the locations of its network it takes clients
 * from (`business_list`, at least its own), its cache (`last_searched`, §5), its members as last
 * counted (`member_count`, `counted_at`, kept fresh in the background by `segment.recount`) and,
 * beside it, the users given the right to edit it (§6). Names are unique per location, case ignored.
 */
export const customerSegments = pgTable(
  'customer_segments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    network_id: integer('network_id').references(() => networks.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    query_parameters: jsonb('query_parameters').$type<SegmentQuery>().notNull(),
    business_list: integer('business_list').array().notNull(),
    last_searched: jsonb('last_searched').$type<SegmentCache>(),
    /** Its members over `business_list` as last counted, and when (null: not counted since its tree or locations changed). */
    member_count: integer('member_count'),
    counted_at: timestamp('counted_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customer_segments_business_name_key').on(t.business_id, sql`lower(${t.name})`), index('customer_segments_network_idx').on(t.network_id)],
);

/** The per-user edit right of a segment (spec 001 §6 "editors"). */
export const customerSegmentEditors = pgTable(
  'customer_segment_editors',
  {
    segment_id: integer('segment_id')
      .notNull()
      .references(() => customerSegments.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.segment_id, t.user_id] }), index('customer_segment_editors_user_idx').on(t.user_id)],
);
