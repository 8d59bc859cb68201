import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../db/columns';
import { businesses, users } from '../db/schema';

/**
 * Website and app publishing (issue 17). A version is one build of a business's website or app
 * (`kind`), numbered per business and kind in the order asked; its files are in the `sites` object
 * store under `{business_id}/{kind}/{id}/`. At most one version of each kind is live. Its build log
 * is a list of steps; its previews are unguessable, expiring tokens.
 */

const business = () =>
  integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const siteVersions = pgTable(
  'site_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: business(),
    /** `website` or `app` (core `SITE_KIND`). */
    kind: text('kind').notNull(),
    number: integer('number').notNull(),
    /** core `SITE_VERSION_STATUS`. */
    status: text('status').notNull(),
    /** Made live as soon as it is built (unless a newer one is live by then); false: kept as a draft. */
    make_live: boolean('make_live').notNull().default(true),
    created_at: at('created_at').notNull().defaultNow(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    built_at: at('built_at'),
    live_at: at('live_at'),
    error: text('error'),
    file_count: integer('file_count'),
    byte_size: bigint('byte_size', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('site_versions_number_key').on(t.business_id, t.kind, t.number),
    uniqueIndex('site_versions_one_live_key').on(t.business_id, t.kind).where(sql`${t.status} = 'live'`),
    index('site_versions_status_idx').on(t.business_id, t.kind, t.status),
    check('site_versions_kind', sql`${t.kind} in ('website', 'app')`),
    check('site_versions_status', sql`${t.status} in ('queued', 'building', 'ready', 'live', 'failed', 'superseded')`),
  ],
);

export const siteBuildLog = pgTable(
  'site_build_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    version_id: integer('version_id')
      .notNull()
      .references(() => siteVersions.id, { onDelete: 'cascade' }),
    business_id: business(),
    /** core `BUILD_STEP`. */
    step: text('step').notNull(),
    message: text('message').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('site_build_log_version_idx').on(t.version_id, t.id)],
);

export const sitePreviews = pgTable(
  'site_previews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    version_id: integer('version_id')
      .notNull()
      .references(() => siteVersions.id, { onDelete: 'cascade' }),
    business_id: business(),
    /** 32 random bytes, base64url: the path segment after `/sites/adminpreview/`. */
    token: text('token').notNull(),
    expires_at: at('expires_at').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('site_previews_token_key').on(t.token), index('site_previews_version_idx').on(t.version_id, t.expires_at)],
);
