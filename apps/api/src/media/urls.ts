import { createHmac, timingSafeEqual } from 'node:crypto';
import { fillPath, type MediaRendition, mediaEndpoints } from '@salondesk/core';
import { deriveSecret } from '../secrets';

let signingKey: string | undefined;
const key = () => (signingKey ??= deriveSecret('media-urls'));

/** The signature of one rendition's address: 32 hex digits of an HMAC under the server's key. */
const signatureOf = (mediaId: number, rendition: MediaRendition): string =>
  createHmac('sha256', key()).update(`${mediaId}/${rendition}`).digest('hex').slice(0, 32);

/**
 * The address of one rendition of an image of the media library, relative to the API's origin
 * (`/media/file/12/thumb?s=…`): signed with a key derived from the server's, so nobody reaches the
 * images of a library by counting ids. The address never changes for an image (renaming does not
 * touch it): it is cached for good. Staff photos (`thumb`), service images and the website use it.
 */
export function mediaUrl(mediaId: number, rendition: MediaRendition): string {
  return `${fillPath(mediaEndpoints.file.path, { mediaId, rendition })}?s=${signatureOf(mediaId, rendition)}`;
}

/** Whether `s` is the signature `mediaUrl` gives this image's rendition. */
export function validMediaSignature(mediaId: number, rendition: MediaRendition, s: string): boolean {
  const expected = Buffer.from(signatureOf(mediaId, rendition));
  const given = Buffer.from(s);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
