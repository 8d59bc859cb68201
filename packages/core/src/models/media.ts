import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id, instant } from './ids';
import { text } from './input';

/**
 * The media library (spec 001 §7 Media, issue 18): a business's images, each kept in renditions
 * made from the upload (metadata stripped), with tags and the places it is used in.
 */

/** The image types the library accepts, by what their bytes say (never the name or the header). */
export const MEDIA_TYPE = { JPEG: 'image/jpeg', PNG: 'image/png', WEBP: 'image/webp', GIF: 'image/gif' } as const;
export type MediaType = (typeof MEDIA_TYPE)[keyof typeof MEDIA_TYPE];
export const MEDIA_TYPE_LABEL: Record<MediaType, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'image/gif': 'GIF' };

/**
 * The renditions every image gets: `original` (full size, metadata stripped, its own format; a GIF
 * becomes a PNG of its first frame), `web` (at most `MEDIA_LIMITS.webEdge` on its long edge, same
 * format), `webp` (the web size as WebP), `thumb` (a `MEDIA_LIMITS.thumbEdge` square, WebP).
 */
export const MEDIA_RENDITION = { ORIGINAL: 'original', WEB: 'web', WEBP: 'webp', THUMB: 'thumb' } as const;
export type MediaRendition = (typeof MEDIA_RENDITION)[keyof typeof MEDIA_RENDITION];
export const MEDIA_RENDITIONS = Object.values(MEDIA_RENDITION);
export const mediaRendition = z.enum(MEDIA_RENDITIONS, { error: 'Must be original, web, webp or thumb' });

/** What the library takes and makes. */
export const MEDIA_LIMITS = {
  /** The largest image file accepted: 20 MB. */
  maxBytes: 20 * 1024 * 1024,
  /** The most pixels an image may have (width × height), so a small file cannot decode to gigabytes. */
  maxPixels: 50_000_000,
  /** The longest side of an image, in pixels. */
  maxEdge: 12_000,
  /** The longest file name accepted, in characters. */
  maxFileName: 255,
  /** A display name and a tag, in characters. */
  maxName: 120,
  maxTag: 40,
  /** Tags on one image. */
  maxTagsPerImage: 20,
  /** The long edge of the `web` and `webp` renditions. */
  webEdge: 1600,
  /** The side of the square thumbnail. */
  thumbEdge: 320,
} as const;

/** A display name: trimmed, 1 to 120 characters. */
export const mediaName = text(MEDIA_LIMITS.maxName, { trim: true, min: 1, tooShort: MESSAGES.mediaNameRequired, tooLong: MESSAGES.mediaNameTooLong });
/** A tag: trimmed, 1 to 40 characters. */
export const mediaTagName = text(MEDIA_LIMITS.maxTag, { trim: true, min: 1, tooShort: MESSAGES.mediaTagRequired, tooLong: MESSAGES.mediaTagTooLong });

/** Where an image is used: a staff member's photo, a service's image, a page of the website. */
export const MEDIA_USE = { STAFF: 'staff', SERVICE: 'service', WEBSITE: 'website' } as const;
export type MediaUse = (typeof MEDIA_USE)[keyof typeof MEDIA_USE];
export const MEDIA_USE_LABEL: Record<MediaUse, string> = { staff: 'Staff photo', service: 'Service image', website: 'Website' };

/** One place an image is used, named as the dashboard names it (a staff member by `display_name`). */
export const mediaUsage = z.object({ kind: z.enum([MEDIA_USE.STAFF, MEDIA_USE.SERVICE, MEDIA_USE.WEBSITE]), refId: z.nullable(id), name: z.string() });
export type MediaUsage = z.infer<typeof mediaUsage>;

/** A tag of the library, with how many images carry it. */
export const mediaTag = z.object({ id, name: z.string(), images: z.int() });
export type MediaTag = z.infer<typeof mediaTag>;

/** One rendition: its address (signed, `mediaUrl`), size and type. */
export const mediaRenditionInfo = z.object({ rendition: mediaRendition, url: z.string(), contentType: z.string(), width: z.int(), height: z.int(), bytes: z.int() });

/** An image of the library. */
export const mediaImage = z.object({
  id,
  business_id: id,
  /** The display name (from the file's name unless renamed). */
  name: z.string(),
  /** The file name as uploaded (sanitised). */
  filename: z.string(),
  /** The type the bytes showed. */
  contentType: z.enum([MEDIA_TYPE.JPEG, MEDIA_TYPE.PNG, MEDIA_TYPE.WEBP, MEDIA_TYPE.GIF]),
  width: z.int(),
  height: z.int(),
  /** The uploaded file's size. */
  bytes: z.int(),
  created_at: instant,
  /** Tag names, alphabetical. */
  tags: z.array(z.string()),
  renditions: z.array(mediaRenditionInfo),
  usedIn: z.array(mediaUsage),
});
export type MediaImage = z.infer<typeof mediaImage>;

/** `getallimages`: the images (newest first), and every tag of the library. */
export const mediaLibrary = z.object({ images: z.array(mediaImage), tags: z.array(mediaTag) });
export type MediaLibrary = z.infer<typeof mediaLibrary>;

/** `getallimages`' filters: a tag, and words in the name. */
export const mediaQuery = z.object({ tag: z.optional(mediaTagName), search: z.optional(text(MEDIA_LIMITS.maxName, { trim: true })) });

/**
 * Tags typed as one text (`"staff, Team ,staff"`): split at commas, trimmed, empty ones dropped,
 * each name once (the first spelling kept, compared without case).
 */
export function mediaTagList(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of text.split(',')) {
    const tag = part.trim();
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/** An image's tags: at most `MEDIA_LIMITS.maxTagsPerImage`, each a `mediaTagName`. */
export const mediaTagArray = z.array(mediaTagName).check(z.maxLength(MEDIA_LIMITS.maxTagsPerImage, { error: MESSAGES.mediaTooManyTags }));

/** The uploader's fields besides the file (multipart text parts): a display name, and tags separated by commas. */
export const mediaUploadFields = z.object({
  name: z.optional(mediaName),
  tags: z.optional(z.pipe(text(MEDIA_LIMITS.maxTagsPerImage * (MEDIA_LIMITS.maxTag + 2)), z.pipe(z.transform(mediaTagList), mediaTagArray))),
});
export type MediaUploadFields = z.input<typeof mediaUploadFields>;

export const mediaRename = z.object({ imageId: id, name: mediaName });
export const mediaSetTags = z.object({ imageId: id, tags: mediaTagArray });
export const mediaDelete = z.object({ imageId: id });
export const mediaDeleteTag = z.object({ tagId: id });
