import { MESSAGES, mediaNameTypeMismatch } from '../messages';
import { MEDIA_LIMITS, MEDIA_TYPE, MEDIA_TYPE_LABEL, type MediaType } from '../models/media';

/**
 * Rules of the media library's uploads (issue 18): what a file's name may be, whether its name
 * agrees with what its bytes are, and the name and tags an upload gets. The type itself always
 * comes from the bytes (the server's `file-type`); the name never decides it.
 */

/** The file-name extensions of each accepted type; the first is the one a stored file gets. */
export const MEDIA_EXTENSIONS: Record<MediaType, readonly string[]> = {
  [MEDIA_TYPE.JPEG]: ['jpg', 'jpeg', 'jpe', 'jfif'],
  [MEDIA_TYPE.PNG]: ['png'],
  [MEDIA_TYPE.WEBP]: ['webp'],
  [MEDIA_TYPE.GIF]: ['gif'],
};

/** Control characters (NUL included), and the separators of any file system's folders. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Why a file name as uploaded is refused, or null: empty, longer than 255 characters, or holding a
 * folder (`/`, `\`), a `..`, or a control character (NUL, a line break). Such a name is refused
 * rather than cleaned: whoever sent it did not mean a plain image.
 */
export function mediaFileNameProblem(name: string): string | null {
  if (name.trim() === '') return MESSAGES.mediaFileMissing;
  if ([...name].length > MEDIA_LIMITS.maxFileName) return MESSAGES.mediaFileNameTooLong;
  if (CONTROL.test(name) || name.includes('/') || name.includes('\\') || name.includes('..')) return MESSAGES.mediaBadFileName;
  return null;
}

/** The extension of a file name, lower case, or null (`photo` and `.profile` have none). */
export function extensionOf(name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return null;
  return name.slice(dot + 1).toLowerCase();
}

/**
 * Why a file whose bytes are of `type` may not carry this name, or null: a name with an extension
 * must name that type (`photo.jpg` for a JPEG); one without an extension is fine.
 */
export function mediaExtensionProblem(name: string, type: MediaType): string | null {
  const extension = extensionOf(name);
  if (extension === null || MEDIA_EXTENSIONS[type].includes(extension)) return null;
  return mediaNameTypeMismatch(MEDIA_TYPE_LABEL[type], extension, MEDIA_EXTENSIONS[type][0] as string);
}

/**
 * The display name an upload gets from its file name: without the extension, spaces and
 * underscores between words made single spaces, at most `MEDIA_LIMITS.maxName` characters;
 * `Image` when nothing is left.
 */
export function mediaDisplayName(filename: string): string {
  const extension = extensionOf(filename);
  const stem = extension === null ? filename : filename.slice(0, filename.length - extension.length - 1);
  const words = stem.replace(/[_\s]+/g, ' ').trim();
  const short = [...words].slice(0, MEDIA_LIMITS.maxName).join('').trim();
  return short === '' ? 'Image' : short;
}
