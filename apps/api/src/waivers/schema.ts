import type { SignatureStrokes } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../db/columns';
import { categories, services } from '../catalogue/schema';
import { customers } from '../customers/schema';
import { businesses } from '../db/schema';

/**
 * Waivers (spec 001 §3 Waiver; issue 18). A waiver (`waivers`) has numbered versions
 * (`waiver_versions`) that are never changed: a trigger refuses any UPDATE of a version row (custom
 * migration `waivers_immutable`), and a signature's content likewise. A deleted waiver is only
 * marked (`deleted_at`): its versions and signatures stay. Signing links (`waiver_links`) keep only
 * the SHA-256 of their token.
 */

const business = () =>
  integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const waivers = pgTable(
  'waivers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    name: text('name').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
    deleted_at: at('deleted_at'),
  },
  (t) => [index('waivers_business_idx').on(t.business_id)],
);

export const waiverVersions = pgTable(
  'waiver_versions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    waiver_id: integer('waiver_id')
      .notNull()
      .references(() => waivers.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The text exactly as published. */
    template: text('template').notNull(),
    /** SHA-256 (hex) of `template`'s UTF-8 bytes. */
    sha256: text('sha256').notNull(),
    published_at: at('published_at').notNull().defaultNow(),
    /** The publisher's full name when published (a name, not a reference: the row never changes). */
    published_by: text('published_by'),
  },
  (t) => [
    uniqueIndex('waiver_versions_waiver_version_key').on(t.waiver_id, t.version),
    check('waiver_versions_version_check', sql`${t.version} >= 1`),
  ],
);

export const waiverServices = pgTable(
  'waiver_services',
  {
    business_id: business(),
    waiver_id: integer('waiver_id')
      .notNull()
      .references(() => waivers.id, { onDelete: 'cascade' }),
    service_id: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.waiver_id, t.service_id] }), index('waiver_services_service_idx').on(t.service_id)],
);

export const waiverCategories = pgTable(
  'waiver_categories',
  {
    business_id: business(),
    waiver_id: integer('waiver_id')
      .notNull()
      .references(() => waivers.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.waiver_id, t.category_id] }), index('waiver_categories_category_idx').on(t.category_id)],
);

export const waiverLinks = pgTable(
  'waiver_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    waiver_id: integer('waiver_id')
      .notNull()
      .references(() => waivers.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the token; the token itself is only in the link. */
    token_hash: text('token_hash').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
    expires_at: at('expires_at').notNull(),
  },
  (t) => [uniqueIndex('waiver_links_token_key').on(t.token_hash)],
);

export const waiverSignatures = pgTable(
  'waiver_signatures',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    waiver_id: integer('waiver_id')
      .notNull()
      .references(() => waivers.id, { onDelete: 'cascade' }),
    version_id: integer('version_id')
      .notNull()
      .references(() => waiverVersions.id, { onDelete: 'cascade' }),
    /** The client; may be repointed (a merge) or cleared; the rest of the row never changes. */
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    link_id: integer('link_id').references(() => waiverLinks.id, { onDelete: 'set null' }),
    /** The client's name as the business knew it when signing. */
    customer_name: text('customer_name').notNull(),
    signed_name: text('signed_name').notNull(),
    strokes: jsonb('strokes').$type<SignatureStrokes>().notNull(),
    consent: boolean('consent').notNull(),
    /** SHA-256 (hex) of the exact text signed (the version's `template`). */
    sha256: text('sha256').notNull(),
    signed_at: at('signed_at').notNull().defaultNow(),
    ip: text('ip').notNull(),
    user_agent: text('user_agent').notNull(),
  },
  (t) => [
    index('waiver_signatures_business_signed_idx').on(t.business_id, t.signed_at),
    index('waiver_signatures_customer_idx').on(t.customer_id),
    index('waiver_signatures_waiver_idx').on(t.waiver_id, t.version_id),
    uniqueIndex('waiver_signatures_link_key').on(t.link_id),
    check('waiver_signatures_consent_check', sql`${t.consent}`),
  ],
);
