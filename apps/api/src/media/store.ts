import type { ObjectStore } from '../storage';

/** The media library's objects live in the `media` store of `storage/` (issue 17): `app.storage.store('media')`. */
export type MediaObjectStore = ObjectStore;

/** The prefix of every object of one image: `b<business>/m<media>/`. */
export const mediaPrefix = (businessId: number, mediaId: number): string => `b${businessId}/m${mediaId}/`;

/** The key of one rendition: `b1/m12/thumb.webp`. Made from ids only, never from a name a person typed. */
export const renditionKey = (businessId: number, mediaId: number, rendition: string, extension: string): string =>
  `${mediaPrefix(businessId, mediaId)}${rendition}.${extension}`;

/** Images are never changed in place (a new upload is a new id): caches keep them for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
