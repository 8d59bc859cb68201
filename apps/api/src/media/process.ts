import { createHash } from 'node:crypto';
import {
  MEDIA_EXTENSIONS,
  MEDIA_LIMITS,
  MEDIA_RENDITION,
  MEDIA_TYPE,
  MESSAGES,
  mediaExtensionProblem,
  mediaFileNameProblem,
  type MediaRendition,
  type MediaType,
} from '@salondesk/core';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';

/** libvips keeps no cache of decoded images between uploads: memory goes back at once. */
sharp.cache(false);

/** A refusal of an upload: the status and the catalogue's message. */
export interface UploadRefusal {
  status: 400 | 413 | 415 | 422;
  message: string;
}

/** What the checks found in an upload they accept. */
export interface CheckedUpload {
  type: MediaType;
  width: number;
  height: number;
}

const ACCEPTED = new Set<string>(Object.values(MEDIA_TYPE));

/** An SVG (or any XML) document, which file-type does not report: refused with its own message. */
const looksLikeSvg = (bytes: Buffer): boolean => /<svg[\s>]/i.test(bytes.subarray(0, 64 * 1024).toString('latin1'));

/**
 * Everything that can refuse an upload, before anything is decoded or written: the file's name
 * (`mediaFileNameProblem`: folders, `..`, NUL and other control characters, length), its size,
 * its type from its bytes (file-type; never the name or the part's header) — JPEG, PNG, WebP or
 * GIF; an SVG is refused, it can carry scripts —, whether its name agrees with that type, and its
 * dimensions from its header (at most `MEDIA_LIMITS.maxPixels` and `maxEdge`, so a small file
 * that would decode to gigabytes, a decompression bomb, is refused unread). The fuzzer calls it
 * too, to know what the server must refuse.
 */
export async function checkUpload(file: { filename: string; bytes: Buffer } | null): Promise<{ ok: true; upload: CheckedUpload } | { ok: false; refusal: UploadRefusal }> {
  const refuse = (status: UploadRefusal['status'], message: string) => ({ ok: false as const, refusal: { status, message } });
  if (!file) return refuse(400, MESSAGES.mediaFileMissing);
  const nameProblem = mediaFileNameProblem(file.filename);
  if (nameProblem) return refuse(400, nameProblem);
  if (file.bytes.length > MEDIA_LIMITS.maxBytes) return refuse(413, MESSAGES.mediaFileTooLarge);
  if (file.bytes.length === 0) return refuse(415, MESSAGES.mediaNotAnImage);
  const detected = await fileTypeFromBuffer(file.bytes);
  if (!detected || !ACCEPTED.has(detected.mime)) {
    // file-type calls an SVG XML (or nothing): it is told apart by its root element.
    return refuse(415, looksLikeSvg(file.bytes) ? MESSAGES.mediaSvgRefused : MESSAGES.mediaNotAnImage);
  }
  const type = detected.mime as MediaType;
  const extensionProblem = mediaExtensionProblem(file.filename, type);
  if (extensionProblem) return refuse(400, extensionProblem);
  let width: number;
  let height: number;
  try {
    // The header only: nothing is decoded yet. An animated GIF counts one frame (the one kept).
    const meta = await sharp(file.bytes, { limitInputPixels: false }).metadata();
    width = meta.width ?? 0;
    height = meta.pageHeight ?? meta.height ?? 0;
  } catch {
    return refuse(422, MESSAGES.mediaUnreadable);
  }
  if (width <= 0 || height <= 0) return refuse(422, MESSAGES.mediaUnreadable);
  if (width * height > MEDIA_LIMITS.maxPixels || width > MEDIA_LIMITS.maxEdge || height > MEDIA_LIMITS.maxEdge) return refuse(422, MESSAGES.mediaTooManyPixels);
  return { ok: true, upload: { type, width, height } };
}

/** One file made from an upload. */
export interface RenditionFile {
  rendition: MediaRendition;
  body: Buffer;
  contentType: string;
  extension: string;
  width: number;
  height: number;
}

/** The format the `original` and `web` renditions keep: the upload's own, but a GIF becomes a PNG of its first frame. */
const keptType = (type: MediaType): MediaType => (type === MEDIA_TYPE.GIF ? MEDIA_TYPE.PNG : type);

function encode(pipeline: Sharp, type: MediaType, quality: number): Sharp {
  switch (type) {
    case MEDIA_TYPE.JPEG:
      return pipeline.jpeg({ quality, mozjpeg: true });
    case MEDIA_TYPE.WEBP:
      return pipeline.webp({ quality });
    default:
      return pipeline.png({ compressionLevel: 9 });
  }
}

/**
 * The renditions of a checked upload (core's `MEDIA_RENDITION`), each decoded from the upload
 * with its EXIF orientation applied and every piece of metadata left out (EXIF with its GPS
 * position, XMP, IPTC, comments: sharp writes none unless asked): `original` at full size,
 * `web` and `webp` at most `MEDIA_LIMITS.webEdge` on the long edge, `thumb` a square of
 * `MEDIA_LIMITS.thumbEdge` in WebP. A file libvips cannot decode is a 422.
 */
export async function makeRenditions(bytes: Buffer, upload: CheckedUpload): Promise<{ sha256: string; files: RenditionFile[] } | { refusal: UploadRefusal }> {
  const kept = keptType(upload.type);
  const source = () => sharp(bytes, { limitInputPixels: MEDIA_LIMITS.maxPixels, failOn: 'error', animated: false }).rotate();
  const web = { width: MEDIA_LIMITS.webEdge, height: MEDIA_LIMITS.webEdge, fit: 'inside' as const, withoutEnlargement: true };
  const plans: { rendition: MediaRendition; type: MediaType; make: () => Sharp }[] = [
    { rendition: MEDIA_RENDITION.ORIGINAL, type: kept, make: () => encode(source(), kept, 90) },
    { rendition: MEDIA_RENDITION.WEB, type: kept, make: () => encode(source().resize(web), kept, 82) },
    { rendition: MEDIA_RENDITION.WEBP, type: MEDIA_TYPE.WEBP, make: () => source().resize(web).webp({ quality: 80 }) },
    {
      rendition: MEDIA_RENDITION.THUMB,
      type: MEDIA_TYPE.WEBP,
      make: () => source().resize({ width: MEDIA_LIMITS.thumbEdge, height: MEDIA_LIMITS.thumbEdge, fit: 'cover', position: 'attention' }).webp({ quality: 75 }),
    },
  ];
  const files: RenditionFile[] = [];
  try {
    // One at a time: an upload takes one core of libvips' pool at most for each step.
    for (const plan of plans) {
      const { data, info } = await plan.make().toBuffer({ resolveWithObject: true });
      files.push({ rendition: plan.rendition, body: data, contentType: plan.type, extension: MEDIA_EXTENSIONS[plan.type][0] as string, width: info.width, height: info.height });
    }
  } catch {
    return { refusal: { status: 422, message: MESSAGES.mediaUnreadable } };
  }
  return { sha256: createHash('sha256').update(bytes).digest('hex'), files };
}
