import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import { businesses, users } from '../db/schema';

/**
 * The media library (issue 18): a business's images (`media`), the files made from each upload
 * (`media_renditions`, kept in the object store under `key`), tags, and the "used in" index
 * (`media_usages`). Staff photos (`staff.photo_media_id`) and service images
 * (`services.image_media_id`) reference `media` with the business in the key, so an image of one
 * business can never be another's photo; triggers (the custom migration `media_usages`) keep
 * their rows of the index, and other users of an image (the website) add theirs. An image with a
 * row in the index cannot be deleted: the handler refuses it, and the foreign keys refuse it
 * again in the database (`no action`: checked at the end of the statement, so deleting a whole
 * business still takes its library with it).
 */

export const media = pgTable(
  'media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The display name (from the file's name, renamed by `updatename`). */
    name: text('name').notNull(),
    /** The file's name as uploaded, checked (`mediaFileNameProblem`); never part of a storage key. */
    filename: text('filename').notNull(),
    /** What the bytes are (file-type), one of core's `MEDIA_TYPE`. */
    content_type: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The uploaded file's size and SHA-256 (hex). */
    bytes: integer('bytes').notNull(),
    sha256: text('sha256').notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [unique('media_business_id_key').on(t.business_id, t.id), index('media_business_created_idx').on(t.business_id, t.created_at)],
);

export const mediaRenditions = pgTable(
  'media_renditions',
  {
    media_id: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    /** One of core's `MEDIA_RENDITION`. */
    rendition: text('rendition').notNull(),
    /** The object's key in the `media` store: `b<business>/m<media>/<rendition>.<ext>`. */
    key: text('key').notNull(),
    content_type: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.media_id, t.rendition] })],
);

export const mediaTags = pgTable(
  'media_tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('media_tags_business_name_key').on(t.business_id, sql`lower(${t.name})`)],
);

export const mediaTagLinks = pgTable(
  'media_tag_links',
  {
    media_id: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    tag_id: integer('tag_id')
      .notNull()
      .references(() => mediaTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.media_id, t.tag_id] }), index('media_tag_links_tag_idx').on(t.tag_id)],
);

/**
 * The "used in" index: one row per place an image is used. `kind` is core's `MEDIA_USE`
 * (`staff`, `service`: kept by triggers from the columns; `website`: written by whoever publishes
 * it), `ref_id` the row that uses it, `label` what to call a place that has no row of its own.
 */
export const mediaUsages = pgTable(
  'media_usages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    media_id: integer('media_id').notNull(),
    kind: text('kind').notNull(),
    ref_id: integer('ref_id'),
    label: text('label'),
    created_at: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'media_usages_media_fk', columns: [t.business_id, t.media_id], foreignColumns: [media.business_id, media.id] }).onDelete('no action'),
    index('media_usages_media_idx').on(t.media_id),
    uniqueIndex('media_usages_place_key').on(t.kind, t.ref_id, t.media_id),
  ],
);
