import { MEDIA_RENDITION } from '@salondesk/core';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { isDemoImage, materializeDemoImage } from '../media/demo';
import { media, mediaRenditions } from '../media/schema';
import type { MediaObjectStore } from '../media/store';
import { readAll } from '../storage';
import type { Executor } from '../db/executor';
import { hashedName, SITE_IMAGE_SIZE, type SiteFiles, type SiteImage } from './files';

/**
 * The media library's images on a published site (staff photos, service images), copied into the
 * version's own files: a static site served from a bucket or a CDN carries no signed, expiring
 * address and needs no API behind it; each version keeps the images it was built with, so a
 * rollback shows them as they were, and deleting an image from the library (allowed once no staff
 * member or service uses it) never breaks a published version. That is also why the site adds no
 * row of its own to the "used in" index: nothing published depends on the library's file.
 *
 * Each image is made from the library's `thumb` rendition (a WebP square cropped around what
 * matters) at twice its size on the page, for sharp screens, as WebP; its name carries a hash of
 * its bytes (`images/staff-12.3f2a9c1b.webp`), so it is cached for a year.
 */

export type SiteImageUse = keyof typeof SITE_IMAGE_SIZE;

/** One image a site wants: which library image, shown as what. */
export interface WantedImage {
  mediaId: number;
  use: SiteImageUse;
}

export interface SiteImagesResult {
  /** The files to add to the version, by path. */
  files: SiteFiles;
  /** Where each wanted image is (by `imageKey`), with its size on the page; the alt text is the caller's. */
  images: Map<string, Omit<SiteImage, 'alt'>>;
  /** Library images that could not be read (their file is missing or broken): the site shows them as it does no image. */
  leftOut: number[];
}

export const imageKey = (image: WantedImage): string => `${image.use}:${image.mediaId}`;

/** Made files of the same source and size are the same bytes: kept for the next build (a few hundred small WebP files at most). */
const made = new Map<string, Buffer>();
const MADE_KEPT = 500;

async function resized(source: Buffer, cacheKey: string, side: number): Promise<Buffer> {
  const hit = made.get(cacheKey);
  if (hit) return hit;
  const body = await sharp(source, { failOn: 'error' }).resize({ width: side, height: side, fit: 'cover' }).webp({ quality: 78, effort: 4 }).toBuffer();
  if (made.size >= MADE_KEPT) made.delete(made.keys().next().value as string);
  made.set(cacheKey, body);
  return body;
}

/**
 * The files of the images a site wants, from the business's library (an image of another business
 * is never found). A demo image whose files were never drawn is drawn first, as the library's own
 * address does. Images are made a few at a time.
 */
export async function siteImages(db: Executor, store: MediaObjectStore, businessId: number, wanted: readonly WantedImage[]): Promise<SiteImagesResult> {
  const result: SiteImagesResult = { files: {}, images: new Map(), leftOut: [] };
  const unique = [...new Map(wanted.map((w) => [imageKey(w), w])).values()];
  if (unique.length === 0) return result;
  const ids = [...new Set(unique.map((w) => w.mediaId))];
  const rows = await db
    .select({ media: media, key: mediaRenditions.key })
    .from(media)
    .innerJoin(mediaRenditions, and(eq(mediaRenditions.media_id, media.id), eq(mediaRenditions.rendition, MEDIA_RENDITION.THUMB)))
    .where(and(eq(media.business_id, businessId), inArray(media.id, ids)));
  const byId = new Map(rows.map((r) => [r.media.id, r]));

  // The source of each library image, read once whatever the number of sizes made from it.
  const sources = new Map<number, Promise<{ body: Buffer; etag: string } | null>>();
  const sourceOf = (mediaId: number) => {
    let source = sources.get(mediaId);
    if (!source) {
      source = (async () => {
        const row = byId.get(mediaId);
        if (!row) return null;
        let object = await store.get(row.key);
        if (!object && isDemoImage(row.media)) {
          await materializeDemoImage(db, store, row.media);
          object = await store.get(row.key);
        }
        return object ? { body: await readAll(object.body), etag: object.etag } : null;
      })();
      sources.set(mediaId, source);
    }
    return source;
  };

  const leftOut = new Set<number>();
  const one = async (image: WantedImage) => {
    const side = SITE_IMAGE_SIZE[image.use];
    try {
      const source = await sourceOf(image.mediaId);
      if (!source) {
        leftOut.add(image.mediaId);
        return;
      }
      const body = await resized(source.body, `${businessId}/${image.mediaId}/${source.etag}/${side * 2}`, side * 2);
      const src = `images/${hashedName(`${image.use}-${image.mediaId}.webp`, body)}`;
      result.files[src] = { body, contentType: 'image/webp', immutable: true };
      result.images.set(imageKey(image), { src, width: side, height: side });
    } catch {
      // A file the library kept but that cannot be decoded: shown as no image, not a failed site.
      leftOut.add(image.mediaId);
    }
  };
  for (let i = 0; i < unique.length; i += 4) await Promise.all(unique.slice(i, i + 4).map(one));
  result.leftOut = [...leftOut].sort((a, b) => a - b);
  return result;
}
