import type { Readable } from 'node:stream';

/** The two buckets the server writes: published sites and apps, and the media library. */
export const STORE_NAMES = ['sites', 'media'] as const;
export type StoreName = (typeof STORE_NAMES)[number];

export interface PutOptions {
  /** `text/html; charset=utf-8`, `image/webp`, … */
  contentType: string;
  /** Kept with the object and sent back with it (`public, max-age=31536000, immutable`). */
  cacheControl?: string;
  /**
   * The body's length in bytes. With it a `Readable` body is streamed to the store; without it
   * the body is read into memory first (S3's PutObject needs the length up front).
   */
  contentLength?: number;
}

/** What a store knows about one object, without its body. */
export interface ObjectInfo {
  key: string;
  contentType: string;
  cacheControl: string | undefined;
  size: number;
  /** The object's ETag exactly as S3 sends it, quotes included (`"9e107d9d372bb6826bd81d3542a419d6"`). */
  etag: string;
  lastModified: Date;
}

/** An object with its body, a stream to read once. */
export interface StoredObject extends ObjectInfo {
  body: Readable;
}

/** One entry of a listing. */
export interface ObjectSummary {
  key: string;
  size: number;
  etag: string;
  lastModified: Date;
}

/**
 * An S3-compatible bucket: whole objects under string keys. Keys are `/`-separated paths without a
 * leading `/` (`luxe-la/v12/index.html`). Every method talks to the store over HTTP (the one
 * adapter, `s3Store.ts`), to a real bucket or to the local stand-in (`simulator.ts`).
 */
export interface ObjectStore {
  /** Which bucket (for logs; never the credentials). */
  readonly description: string;
  /** Writes the object whole, replacing any object under that key; resolves with its ETag. */
  put(key: string, body: Buffer | Uint8Array | string | Readable, options: PutOptions): Promise<{ etag: string }>;
  /** The object and its body, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** What the store knows of the object, or null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a non-empty prefix); resolves with how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Every object whose key starts with `prefix`, in key order (all pages). */
  list(prefix: string): Promise<ObjectSummary[]>;
}

/** Reads a stream whole (a small object's body: a page, a manifest). */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
