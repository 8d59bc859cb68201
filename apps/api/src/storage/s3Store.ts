import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type ObjectInfo, type ObjectStore, type ObjectSummary, type PutOptions, readAll, type StoredObject } from './objectStore';
import type { S3Location } from './s3Url';

const notFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** What GetObject and HeadObject both say of an object. */
const infoOf = (
  key: string,
  answer: { ContentType?: string; CacheControl?: string; ContentLength?: number; ETag?: string; LastModified?: Date },
): ObjectInfo => ({
  key,
  contentType: answer.ContentType ?? 'application/octet-stream',
  cacheControl: answer.CacheControl,
  size: answer.ContentLength ?? 0,
  etag: answer.ETag ?? '',
  lastModified: answer.LastModified ?? new Date(0),
});

function checkKey(key: string): void {
  if (key === '' || key.startsWith('/') || Buffer.byteLength(key) > 1024) throw new Error(`Not an object key: ${JSON.stringify(key.slice(0, 80))}`);
}

/**
 * The one object storage adapter: `@aws-sdk/client-s3` against any S3-compatible bucket (AWS,
 * MinIO, R2, …) or the local stand-in. Checksums are sent only where S3 requires them
 * (DeleteObjects), which every S3-compatible store accepts.
 */
export function createS3Store(location: S3Location): ObjectStore {
  const client = new S3Client({
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const Bucket = location.bucket;

  const store: ObjectStore = {
    description: `${location.endpoint ?? 'aws'}/${location.bucket}`,

    async put(key, body, options: PutOptions) {
      checkKey(key);
      let payload: Buffer | Uint8Array | string | Readable = body;
      let length = options.contentLength;
      if (body instanceof Readable && length === undefined) {
        payload = await readAll(body);
        length = payload.length;
      }
      const answer = await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: payload,
          ContentType: options.contentType,
          ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
          ...(length !== undefined ? { ContentLength: length } : {}),
        }),
      );
      return { etag: answer.ETag ?? '' };
    },

    async get(key): Promise<StoredObject | null> {
      checkKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { ...infoOf(key, answer), body: answer.Body as Readable };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },

    async head(key): Promise<ObjectInfo | null> {
      checkKey(key);
      try {
        return infoOf(key, await client.send(new HeadObjectCommand({ Bucket, Key: key })));
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      checkKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async deletePrefix(prefix) {
      if (prefix === '') throw new Error('deletePrefix needs a prefix (it would empty the bucket)');
      const keys = (await store.list(prefix)).map((o) => o.key);
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        const answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
        const failed = answer.Errors ?? [];
        if (failed.length > 0) throw new Error(`Could not delete ${failed.length} object(s) under ${prefix}: ${failed[0]?.Code ?? 'error'} ${failed[0]?.Key ?? ''}`);
      }
      return keys.length;
    },

    async list(prefix) {
      const objects: ObjectSummary[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const entry of page.Contents ?? []) {
          if (entry.Key === undefined) continue;
          objects.push({ key: entry.Key, size: entry.Size ?? 0, etag: entry.ETag ?? '', lastModified: entry.LastModified ?? new Date(0) });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return objects;
    },
  };
  return store;
}
