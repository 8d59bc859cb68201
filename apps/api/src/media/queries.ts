import { MEDIA_RENDITIONS, MEDIA_USE, type MediaImage, type MediaRendition, type MediaTag, type MediaUsage } from '@salondesk/core';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { services } from '../catalogue/schema';
import { readTogether, type Executor } from '../db/executor';
import { rosterDisplayNames } from '../staff/queries';
import { media, mediaRenditions, mediaTagLinks, mediaTags, mediaUsages } from './schema';
import { mediaUrl } from './urls';

export type MediaRow = typeof media.$inferSelect;

/** An image of the business's library, or undefined (an image of another business is not found either). */
export async function mediaOfBusiness(db: Executor, businessId: number, mediaId: number): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(media).where(and(eq(media.business_id, businessId), eq(media.id, mediaId))).limit(1);
  return row;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The images of a business as core's `mediaImage` describes them, newest first: all of them, or
 * those with a tag, words in the name, or the ids given.
 */
export async function loadImages(db: Executor, businessId: number, filter: { tag?: string; search?: string; ids?: readonly number[] } = {}): Promise<MediaImage[]> {
  const where: SQL[] = [eq(media.business_id, businessId)];
  if (filter.ids) where.push(inArray(media.id, [...filter.ids]));
  if (filter.search) where.push(sql`${media.name} ilike ${`%${likeLiteral(filter.search)}%`}`);
  if (filter.tag) {
    where.push(
      sql`exists (select 1 from ${mediaTagLinks} join ${mediaTags} on ${mediaTags.id} = ${mediaTagLinks.tag_id} where ${mediaTagLinks.media_id} = ${media.id} and lower(${mediaTags.name}) = lower(${filter.tag}))`,
    );
  }
  const rows = await db.select().from(media).where(and(...where)).orderBy(desc(media.created_at), desc(media.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [renditions, tags, usages] = await readTogether(db, [
    () => db.select().from(mediaRenditions).where(inArray(mediaRenditions.media_id, ids)),
    () =>
      db
        .select({ media_id: mediaTagLinks.media_id, name: mediaTags.name })
        .from(mediaTagLinks)
        .innerJoin(mediaTags, eq(mediaTags.id, mediaTagLinks.tag_id))
        .where(inArray(mediaTagLinks.media_id, ids))
        .orderBy(asc(sql`lower(${mediaTags.name})`)),
    () => usagesOf(db, businessId, ids),
  ]);
  const order = (r: string) => MEDIA_RENDITIONS.indexOf(r as MediaRendition);
  return rows.map((row) => ({
    id: row.id,
    business_id: row.business_id,
    name: row.name,
    filename: row.filename,
    contentType: row.content_type as MediaImage['contentType'],
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    created_at: row.created_at.toISOString(),
    tags: tags.filter((t) => t.media_id === row.id).map((t) => t.name),
    renditions: renditions
      .filter((r) => r.media_id === row.id)
      .sort((a, b) => order(a.rendition) - order(b.rendition))
      .map((r) => ({
        rendition: r.rendition as MediaRendition,
        url: mediaUrl(row.id, r.rendition as MediaRendition),
        contentType: r.content_type,
        width: r.width,
        height: r.height,
        bytes: r.bytes,
      })),
    usedIn: usages.get(row.id) ?? [],
  }));
}

/** One image of the library as core's `mediaImage`, or undefined. */
export async function loadImage(db: Executor, businessId: number, mediaId: number): Promise<MediaImage | undefined> {
  const [image] = await loadImages(db, businessId, { ids: [mediaId] });
  return image;
}

/**
 * Where each image is used (the "used in" index), each place named as the dashboard names it: a
 * staff member by `display_name`, a service by its name, a website page by its label.
 */
export async function usagesOf(db: Executor, businessId: number, mediaIds: readonly number[]): Promise<Map<number, MediaUsage[]>> {
  const rows = await db
    .select()
    .from(mediaUsages)
    .where(and(eq(mediaUsages.business_id, businessId), inArray(mediaUsages.media_id, [...mediaIds])))
    .orderBy(asc(mediaUsages.kind), asc(mediaUsages.id));
  const byMedia = new Map<number, MediaUsage[]>();
  if (rows.length === 0) return byMedia;
  const staffNames = rows.some((r) => r.kind === MEDIA_USE.STAFF) ? await rosterDisplayNames(db, businessId) : new Map<number, string>();
  const serviceIds = rows.filter((r) => r.kind === MEDIA_USE.SERVICE && r.ref_id !== null).map((r) => r.ref_id as number);
  const serviceNames = new Map(
    serviceIds.length > 0 ? (await db.select({ id: services.id, name: services.name }).from(services).where(inArray(services.id, serviceIds))).map((s) => [s.id, s.name]) : [],
  );
  for (const row of rows) {
    const kind = row.kind as MediaUsage['kind'];
    const name =
      kind === MEDIA_USE.STAFF ? staffNames.get(row.ref_id ?? 0) : kind === MEDIA_USE.SERVICE ? serviceNames.get(row.ref_id ?? 0) : undefined;
    const usage: MediaUsage = { kind, refId: row.ref_id, name: name ?? row.label ?? 'Website' };
    byMedia.set(row.media_id, [...(byMedia.get(row.media_id) ?? []), usage]);
  }
  return byMedia;
}

/** Every tag of the library with how many images carry it, by name. */
export async function loadTags(db: Executor, businessId: number): Promise<MediaTag[]> {
  return db
    .select({ id: mediaTags.id, name: mediaTags.name, images: sql<number>`${count(mediaTagLinks.media_id)}::int` })
    .from(mediaTags)
    .leftJoin(mediaTagLinks, eq(mediaTagLinks.tag_id, mediaTags.id))
    .where(eq(mediaTags.business_id, businessId))
    .groupBy(mediaTags.id)
    .orderBy(asc(sql`lower(${mediaTags.name})`), asc(mediaTags.id));
}

/**
 * Makes the image's tags exactly `names` (inside the caller's transaction): names the library
 * does not have yet become tags (compared without case, the first spelling kept).
 */
export async function setImageTags(tx: Executor, businessId: number, mediaId: number, names: readonly string[]): Promise<void> {
  await tx.delete(mediaTagLinks).where(eq(mediaTagLinks.media_id, mediaId));
  if (names.length === 0) return;
  await tx
    .insert(mediaTags)
    .values(names.map((name) => ({ business_id: businessId, name })))
    .onConflictDoNothing();
  const lowered = names.map((n) => n.toLowerCase());
  const tags = await tx
    .select({ id: mediaTags.id })
    .from(mediaTags)
    .where(and(eq(mediaTags.business_id, businessId), inArray(sql<string>`lower(${mediaTags.name})`, lowered)));
  await tx
    .insert(mediaTagLinks)
    .values(tags.map((t) => ({ media_id: mediaId, tag_id: t.id })))
    .onConflictDoNothing();
}
