import type { PivotConfiguration, ReportColumn, ReportParameter } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { businesses, users } from '../../db/schema';

/**
 * The report catalogue (spec 000 §3 Custom report, Pivot report, Report category config, Deletion
 * metadata; §4 Report deletion). Every row belongs to a business (removing the business removes
 * them). A report's `deleted_at` follows §4: null — restored or never deleted; a value — marked
 * for deletion; deleted for good — the row is gone, and `report_deletions` keeps who did it.
 */

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** The business a row belongs to; removing the business removes the row. */
const businessId = () =>
  integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
/** A report's category; removing the category leaves the report uncategorised. */
const categoryId = () => integer('category_id').references(() => reportCategories.id, { onDelete: 'set null' });
/** Who made a report (null once that user is removed). */
const createdBy = () => integer('created_by').references(() => users.id, { onDelete: 'set null' });

/**
 * Report categories (proc: of custom reports; pivot: of pivot reports). `name_key` is core's
 * `categoryNameKey(category_name)` (case and spaces ignored): one category of a name per business.
 */
export const reportCategories = pgTable(
  'report_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: businessId(),
    category_name: text('category_name').notNull(),
    name_key: text('name_key').notNull(),
    category_icon: text('category_icon'),
    type: text('type').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('report_categories_business_name_key').on(t.business_id, t.name_key),
    check('report_categories_type_check', sql`${t.type} in ('proc', 'pivot')`),
  ],
);

/** Custom reports: embed (a Metabase question), procedure or function (a function in schema `reports`). */
export const customReports = pgTable(
  'custom_reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: businessId(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Its category (of type proc). */
    category_id: categoryId(),
    type: text('type').notNull(),
    report_level: text('report_level').notNull().default('business'),
    report_layout: text('report_layout').notNull().default('table'),
    add_columns_before: jsonb('add_columns_before').$type<ReportColumn[]>().notNull().default([]),
    /** Offered to every business, not only its own. */
    generic: boolean('generic').notNull().default(false),
    name: text('name').notNull(),
    params: jsonb('params').$type<ReportParameter[]>().notNull().default([]),
    settings: jsonb('settings').$type<unknown>().notNull().default({}),
    columns: jsonb('columns').$type<ReportColumn[]>().notNull().default([]),
    legacy_id: integer('legacy_id'),
    created_by: createdBy(),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    metabase_id: integer('metabase_id'),
    /** In the gallery: other businesses may copy it. */
    public: boolean('public').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('custom_reports_business_idx').on(t.business_id),
    index('custom_reports_generic_idx').on(t.generic).where(sql`${t.generic}`),
    index('custom_reports_public_idx').on(t.public).where(sql`${t.public}`),
    check('custom_reports_type_check', sql`${t.type} in ('embed', 'procedure', 'function')`),
    check('custom_reports_level_check', sql`${t.report_level} in ('business', 'network')`),
    check('custom_reports_layout_check', sql`${t.report_layout} in ('table', 'chart', 'table-and-chart')`),
  ],
);

/** Pivot reports (type `new`): a configuration over a data source or a procedure/function report. */
export const pivotReports = pgTable(
  'pivot_reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: businessId(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').notNull().default('new'),
    configuration: jsonb('configuration').$type<PivotConfiguration>().notNull(),
    category_id: categoryId(),
    created_by: createdBy(),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    public: boolean('public').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('pivot_reports_business_idx').on(t.business_id),
    index('pivot_reports_public_idx').on(t.public).where(sql`${t.public}`),
    check('pivot_reports_type_check', sql`${t.type} in ('new')`),
  ],
);

/**
 * Who marked, restored or deleted for good which report, and when (spec 000 §3 Deletion metadata).
 * A report deleted for good is gone, so its id, kind and title are kept here as they were, and the
 * person's name, email and username as they were then (the user may be removed later).
 */
export const reportDeletions = pgTable(
  'report_deletions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: businessId(),
    report_id: integer('report_id').notNull(),
    /** custom or pivot */
    report_kind: text('report_kind').notNull(),
    report_title: text('report_title').notNull(),
    /** mark, restore or delete (for good) */
    action: text('action').notNull(),
    /** The person's id as it was (no reference: the record outlives them). */
    by_user_id: integer('by_user_id').notNull(),
    by_name: text('by_name').notNull(),
    by_email: text('by_email').notNull(),
    by_username: text('by_username').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_deletions_business_idx').on(t.business_id, t.at),
    index('report_deletions_report_idx').on(t.report_kind, t.report_id),
    check('report_deletions_kind_check', sql`${t.report_kind} in ('custom', 'pivot')`),
    check('report_deletions_action_check', sql`${t.action} in ('mark', 'restore', 'delete')`),
  ],
);
