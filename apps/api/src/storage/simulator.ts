import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { XMLParser } from 'fast-xml-parser';
import { checkSignature } from './sigv4';

/**
 * A local stand-in of S3 — the REST subset the adapter (`s3Store.ts`) uses: PutObject, GetObject,
 * HeadObject, DeleteObject, DeleteObjects, ListObjectsV2; path-style addressing; every request
 * signed with Signature V4 by the one access key it knows (checked as S3 checks it). Objects live
 * under `<dir>/objects/<bucket>/`, one file per object (a small JSON header, then the bytes), so a
 * put replaces an object in one rename and a reader never sees half of one. Started with the
 * server when no bucket is configured; tests start one on a temp dir.
 */

export interface S3SimulatorOptions {
  /** The data folder; objects go under `<dir>/objects/<bucket>/`. */
  dir: string;
  /** The buckets it serves (others answer NoSuchBucket). */
  buckets: readonly string[];
  /** The one key pair it accepts. Default: a random pair made at start. */
  accessKeyId?: string;
  secretAccessKey?: string;
  now?: () => Date;
}

export interface RunningS3Simulator {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

interface Meta {
  key: string;
  contentType: string;
  cacheControl?: string;
  size: number;
  etag: string;
  lastModified: string;
}

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const MAX_KEY_BYTES = 1024;
const MAX_OBJECT_BYTES = 5 * 1024 ** 3;
const MAX_XML_BYTES = 2 * 1024 * 1024;

const xmlEscape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly resource?: string,
  ) {
    super(message);
  }
}

/** A key's path segment as a file name: percent-encoded, never `.`-led or empty, hashed when long. */
function segmentName(segment: string): string {
  if (segment === '') return '%';
  const encoded = encodeURIComponent(segment).replace(/^\./, '%2E').replace(/\*/g, '%2A');
  return encoded.length > 200 ? `~${createHash('sha256').update(segment).digest('hex')}` : encoded;
}

/** Where an object's file is: folders end in `.d`, object files in `.o`, so "a" and "a/b" live side by side. */
function objectPath(bucketDir: string, key: string): string {
  const segments = key.split('/');
  const last = segments.pop()!;
  return path.join(bucketDir, ...segments.map((s) => `${segmentName(s)}.d`), `${segmentName(last)}.o`);
}

async function readMeta(file: string): Promise<{ meta: Meta; bodyOffset: number } | null> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw error;
  }
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    const length = head.readUInt32BE(0);
    const json = Buffer.alloc(length);
    await handle.read(json, 0, length, 4);
    return { meta: JSON.parse(json.toString('utf8')) as Meta, bodyOffset: 4 + length };
  } finally {
    await handle.close();
  }
}

async function removeEmptyParents(from: string, root: string): Promise<void> {
  let dir = path.dirname(from);
  while (dir.startsWith(root) && dir !== root) {
    try {
      await fs.rmdir(dir);
    } catch {
      return;
    }
    dir = path.dirname(dir);
  }
}

/** Every object file under `dir` (depth first). */
async function* walk(dir: string): AsyncGenerator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name.endsWith('.d')) yield* walk(full);
    else if (entry.isFile() && entry.name.endsWith('.o')) yield full;
  }
}

function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new S3Error(400, 'MaxMessageLengthExceeded', 'Your request was too big.'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startS3Simulator(options: S3SimulatorOptions): Promise<RunningS3Simulator> {
  const now = options.now ?? (() => new Date());
  const credentials = {
    accessKeyId: options.accessKeyId ?? `SDLOCAL${randomBytes(7).toString('hex').toUpperCase()}`,
    secretAccessKey: options.secretAccessKey ?? randomBytes(30).toString('base64url'),
  };
  const objectsDir = path.join(options.dir, 'objects');
  const tmpDir = path.join(objectsDir, '.tmp');
  await fs.mkdir(tmpDir, { recursive: true });
  for (const bucket of options.buckets) await fs.mkdir(path.join(objectsDir, bucket), { recursive: true });
  const buckets = new Set(options.buckets);
  const xml = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: false, isArray: (name) => name === 'Object' });

  async function putObject(req: http.IncomingMessage, bucketDir: string, key: string, payloadHash: string): Promise<Record<string, string>> {
    if (req.headers['content-encoding']?.includes('aws-chunked')) throw new S3Error(501, 'NotImplemented', 'aws-chunked uploads are not supported by the local stand-in.');
    const declared = Number(req.headers['content-length']);
    if (!Number.isFinite(declared)) throw new S3Error(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
    if (declared > MAX_OBJECT_BYTES) throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed object size.');
    const tmp = path.join(tmpDir, randomBytes(12).toString('hex'));
    const md5 = createHash('md5');
    const sha = createHash('sha256');
    let size = 0;
    const bodyFile = `${tmp}.body`;
    try {
      await pipeline(
        req,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            md5.update(chunk);
            sha.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(bodyFile),
      );
      if (size !== declared) throw new S3Error(400, 'IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header.');
      if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha.digest('hex')) {
        throw new S3Error(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.');
      }
      const meta: Meta = {
        key,
        contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
        ...(req.headers['cache-control'] ? { cacheControl: String(req.headers['cache-control']) } : {}),
        size,
        etag: `"${md5.digest('hex')}"`,
        lastModified: new Date(Math.floor(now().getTime() / 1000) * 1000).toISOString(),
      };
      const json = Buffer.from(JSON.stringify(meta), 'utf8');
      const head = Buffer.alloc(4);
      head.writeUInt32BE(json.length, 0);
      const out = await fs.open(tmp, 'w');
      try {
        await out.write(head);
        await out.write(json);
      } finally {
        await out.close();
      }
      await pipeline(createReadStream(bodyFile), createWriteStream(tmp, { flags: 'a' }));
      const target = objectPath(bucketDir, key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(tmp, target);
      return { ETag: meta.etag };
    } finally {
      await fs.rm(bodyFile, { force: true });
      await fs.rm(tmp, { force: true });
    }
  }

  async function listObjects(bucket: string, bucketDir: string, query: URLSearchParams): Promise<string> {
    const prefix = query.get('prefix') ?? '';
    const maxKeys = Math.min(1000, Math.max(0, Number(query.get('max-keys') ?? 1000) || 0));
    const token = query.get('continuation-token');
    const startAfter = token ? Buffer.from(token, 'base64url').toString('utf8') : (query.get('start-after') ?? '');
    const urlEncoded = query.get('encoding-type') === 'url';
    // Only the folders the prefix's complete segments name can hold matching keys.
    const whole = prefix.split('/').slice(0, -1);
    const start = path.join(bucketDir, ...whole.map((s) => `${segmentName(s)}.d`));
    const found: Meta[] = [];
    for await (const file of walk(start)) {
      const read = await readMeta(file);
      if (read && read.meta.key.startsWith(prefix) && read.meta.key > startAfter) found.push(read.meta);
    }
    found.sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
    const page = found.slice(0, maxKeys);
    const truncated = found.length > page.length;
    const enc = (value: string) => xmlEscape(urlEncoded ? encodeURIComponent(value).replace(/%2F/g, '/') : value);
    return [
      `<?xml version="1.0" encoding="UTF-8"?>`,
      `<ListBucketResult xmlns="${XMLNS}">`,
      `<Name>${xmlEscape(bucket)}</Name><Prefix>${enc(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys>`,
      urlEncoded ? '<EncodingType>url</EncodingType>' : '',
      `<IsTruncated>${truncated}</IsTruncated>`,
      token ? `<ContinuationToken>${xmlEscape(token)}</ContinuationToken>` : '',
      truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1)!.key, 'utf8').toString('base64url')}</NextContinuationToken>` : '',
      ...page.map(
        (m) => `<Contents><Key>${enc(m.key)}</Key><LastModified>${m.lastModified}</LastModified><ETag>${xmlEscape(m.etag)}</ETag><Size>${m.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
      ),
      `</ListBucketResult>`,
    ].join('');
  }

  async function deleteObjects(req: http.IncomingMessage, bucketDir: string): Promise<string> {
    const body = await readBody(req, MAX_XML_BYTES);
    let parsed: { Delete?: { Object?: { Key?: string }[]; Quiet?: string } };
    try {
      parsed = xml.parse(body.toString('utf8')) as typeof parsed;
    } catch {
      throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
    }
    const objects = parsed.Delete?.Object ?? [];
    if (objects.length === 0 || objects.length > 1000) throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
    const quiet = parsed.Delete?.Quiet === 'true';
    const deleted: string[] = [];
    for (const object of objects) {
      const key = String(object.Key ?? '');
      if (key === '' || Buffer.byteLength(key) > MAX_KEY_BYTES) throw new S3Error(400, 'MalformedXML', 'An object key is missing or too long.');
      const file = objectPath(bucketDir, key);
      await fs.rm(file, { force: true });
      await removeEmptyParents(file, bucketDir);
      deleted.push(key);
    }
    return [
      `<?xml version="1.0" encoding="UTF-8"?><DeleteResult xmlns="${XMLNS}">`,
      ...(quiet ? [] : deleted.map((k) => `<Deleted><Key>${xmlEscape(k)}</Key></Deleted>`)),
      `</DeleteResult>`,
    ].join('');
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const rawPath = q < 0 ? rawUrl : rawUrl.slice(0, q);
    const rawQuery = q < 0 ? '' : rawUrl.slice(q + 1);
    const method = req.method ?? 'GET';
    const signature = checkSignature({ method, rawPath, rawQuery, headers: req.headers }, credentials, now());
    if (!signature.ok) throw new S3Error(signature.status, signature.code, signature.message);
    const query = new URLSearchParams(rawQuery);
    const slash = rawPath.indexOf('/', 1);
    const bucket = decodeURIComponent(slash < 0 ? rawPath.slice(1) : rawPath.slice(1, slash));
    const key = slash < 0 ? '' : decodeURIComponent(rawPath.slice(slash + 1));
    if (!buckets.has(bucket)) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist.', bucket);
    if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw new S3Error(400, 'KeyTooLongError', 'Your key is too long.');
    const bucketDir = path.join(objectsDir, bucket);
    const send = (status: number, headers: Record<string, string | number>, body?: string) => {
      res.writeHead(status, { 'x-amz-request-id': randomBytes(8).toString('hex').toUpperCase(), ...headers });
      res.end(body);
    };

    if (key === '') {
      if (method === 'GET' && query.get('list-type') === '2') return send(200, { 'content-type': 'application/xml' }, await listObjects(bucket, bucketDir, query));
      if (method === 'POST' && query.has('delete')) return send(200, { 'content-type': 'application/xml' }, await deleteObjects(req, bucketDir));
      throw new S3Error(501, 'NotImplemented', 'The local stand-in does not implement this bucket operation.');
    }
    if (method === 'PUT') {
      if (req.headers['x-amz-copy-source']) throw new S3Error(501, 'NotImplemented', 'CopyObject is not implemented by the local stand-in.');
      return send(200, await putObject(req, bucketDir, key, signature.payloadHash));
    }
    if (method === 'DELETE') {
      const file = objectPath(bucketDir, key);
      await fs.rm(file, { force: true });
      await removeEmptyParents(file, bucketDir);
      return send(204, {});
    }
    if (method === 'GET' || method === 'HEAD') {
      const file = objectPath(bucketDir, key);
      const read = await readMeta(file);
      if (!read) {
        if (method === 'HEAD') return send(404, {});
        throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', key);
      }
      const { meta, bodyOffset } = read;
      const headers: Record<string, string | number> = {
        'content-type': meta.contentType,
        'content-length': meta.size,
        etag: meta.etag,
        'last-modified': new Date(meta.lastModified).toUTCString(),
        'accept-ranges': 'bytes',
        ...(meta.cacheControl ? { 'cache-control': meta.cacheControl } : {}),
      };
      if (req.headers['if-none-match'] === meta.etag) return send(304, { etag: meta.etag });
      if (method === 'HEAD') return send(200, headers);
      res.writeHead(200, headers);
      if (meta.size === 0) {
        res.end();
        return;
      }
      await pipeline(createReadStream(file, { start: bodyOffset }), res);
      return;
    }
    throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const s3 = error instanceof S3Error ? error : new S3Error(500, 'InternalError', error instanceof Error ? error.message : String(error));
      if (res.headersSent) {
        res.destroy();
        return;
      }
      // The request's body is not read: answer, then close the connection rather than drain it.
      res.writeHead(s3.status, { 'content-type': 'application/xml', connection: 'close' });
      res.end(
        req.method === 'HEAD'
          ? undefined
          : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${s3.code}</Code><Message>${xmlEscape(s3.message)}</Message>${s3.resource ? `<Resource>${xmlEscape(s3.resource)}</Resource>` : ''}<RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`,
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    ...credentials,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
