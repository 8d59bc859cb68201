import { MESSAGES } from '@salondesk/core';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** The file of an `upload` endpoint's request, read whole (at most its `maxBytes`). */
export interface UploadedFile {
  /** The name the client gave, as sent (folders kept: `preservePath`), for the handler to check. */
  filename: string;
  bytes: Buffer;
}

/** Fields besides the file: how many, and how long each may be (bytes). */
const FIELD_LIMITS = { fields: 20, fieldSize: 8192, fieldNameSize: 100 } as const;

/** Every multipart error the plugin raises, as the clear 4xx it is. */
function uploadFailure(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, MESSAGES.mediaFileTooLarge);
    case 'FST_FILES_LIMIT':
      return new HttpError(413, MESSAGES.mediaTooManyFiles);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, MESSAGES.payloadTooLarge);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, MESSAGES.mediaNotMultipart);
    default:
      // Busboy's own: a malformed part header, a form that ends early, a bad boundary.
      return new HttpError(400, MESSAGES.invalidRequest);
  }
}

/**
 * Reads a `multipart/form-data` request of an `upload` endpoint (`@fastify/multipart` registered
 * with `preservePath`): the file part named `field` (one, at most `maxBytes`, else 413) and the
 * other parts as a body of text fields for the endpoint's schema. Anything else is a clear 4xx:
 * not multipart (415), a second file, a file under another name, a field given twice, a field
 * too long, a part the parser skipped (`PartCounter`). Nothing is kept anywhere but in memory.
 * Whatever way it ends, the rest of the body is read and dropped: a refusal in the middle of a
 * form would otherwise leave its unread parts holding the connection, and the client (or the
 * next request on that keep-alive connection) would wait for ever.
 */
export async function readUpload(request: FastifyRequest, spec: { field: string; maxBytes: number }): Promise<{ body: Record<string, string>; file: UploadedFile | null }> {
  if (typeof request.isMultipart !== 'function') throw new Error('An upload endpoint is registered where @fastify/multipart is not');
  if (!request.isMultipart()) throw new HttpError(415, MESSAGES.mediaNotMultipart);
  const boundary = boundaryOf(request.headers['content-type']);
  if (boundary === null) throw new HttpError(400, MESSAGES.invalidRequest);
  const body: Record<string, string> = Object.create(null);
  let file: UploadedFile | null = null;
  const parts = request.parts({
    preservePath: true,
    limits: { fileSize: spec.maxBytes, files: 1, parts: FIELD_LIMITS.fields + 1, ...FIELD_LIMITS },
  });
  // Watched once the parser has the request (a listener added earlier would start the flow).
  const stall = watchForStall(request.raw);
  const counter = new PartCounter(boundary);
  const count = (chunk: Buffer) => counter.push(chunk);
  request.raw.on('data', count);
  let delivered = 0;
  const readParts = async () => {
    for await (const part of parts) {
      delivered++;
      if (part.type === 'file') {
        if (part.fieldname !== spec.field) {
          part.file.resume();
          throw new HttpError(400, MESSAGES.mediaFileMissing);
        }
        file = { filename: part.filename, bytes: await part.toBuffer() };
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw new HttpError(413, MESSAGES.payloadTooLarge);
        if (Object.hasOwn(body, part.fieldname)) throw new HttpError(400, MESSAGES.invalidRequest);
        body[part.fieldname] = String(part.value);
      }
    }
  };
  try {
    await Promise.race([readParts(), stall.stalled]);
    // Busboy skips some parts without a word (no `form-data` disposition, a line break in a name
    // or a file name, a header never finished): a form is taken only when every part it carries
    // was read, so a second file under such a name cannot slip past the one-file rule.
    if (delivered !== counter.parts) throw new HttpError(400, MESSAGES.invalidRequest);
  } catch (error) {
    throw uploadFailure(error);
  } finally {
    stall.stop();
    request.raw.off('data', count);
    // The rest of the body (unread parts after a refusal, an epilogue) is read and dropped.
    request.raw.unpipe();
    request.raw.resume();
  }
  return { body: { ...body }, file };
}

/**
 * One parameter of a content type: `; name=value` or `; name="value"`, no escapes, no `*` (RFC
 * 2231) in the name; on these busboy's own parser agrees. An unquoted value may hold what a
 * boundary may (`----=_Part_0`), not a space, a quote or a semicolon.
 */
const CONTENT_TYPE_PARAMETER = /\s*;\s*([!#$%&'+.^_`|~0-9A-Za-z-]+)\s*=\s*("[^"\\]*"|[^\s;"\\]+)\s*/y;
/** A boundary as RFC 2046 allows it: 1 to 70 of its characters, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/**
 * The boundary of a `multipart/form-data` content type, or null when it has none, more than one,
 * or one RFC 2046 does not allow, or its parameters do not parse: such a form is refused, so the
 * boundary the parts are counted by is the one busboy parses.
 */
export function boundaryOf(contentType: string | undefined): string | null {
  const type = /^\s*multipart\/form-data/i.exec(contentType ?? '');
  if (!contentType || !type) return null;
  const found: string[] = [];
  CONTENT_TYPE_PARAMETER.lastIndex = type[0].length;
  // A trailing semicolon is no parameter.
  while (!/^\s*;?\s*$/.test(contentType.slice(CONTENT_TYPE_PARAMETER.lastIndex))) {
    const parameter = CONTENT_TYPE_PARAMETER.exec(contentType);
    if (!parameter) return null;
    const [, name = '', value = ''] = parameter;
    if (name.toLowerCase() === 'boundary') found.push(value.startsWith('"') ? value.slice(1, -1) : value);
  }
  const [boundary] = found;
  return found.length === 1 && boundary !== undefined && BOUNDARY.test(boundary) ? boundary : null;
}

const DASH = 0x2d;

/**
 * Counts the parts of a multipart body as RFC 2046 delimits them, whatever their headers say, the
 * way busboy's own parser (Dicer) finds them: the body is searched for the delimiter CRLF `--`
 * boundary (its start counting as after a CRLF); each delimiter starts a part, but the close
 * delimiter (followed by `--`), after which nothing counts. Fed the request's chunks as they
 * come; keeps only the bytes a delimiter split between two chunks may need.
 */
export class PartCounter {
  parts = 0;
  private closed = false;
  private readonly delimiter: Buffer;
  private carry: Buffer = Buffer.from('\r\n');

  constructor(boundary: string) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  push(chunk: Buffer): void {
    if (this.closed) return;
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    let from = 0;
    for (;;) {
      const at = data.indexOf(this.delimiter, from);
      if (at === -1) break;
      const after = at + this.delimiter.length;
      if (data.length < after + 2) {
        // Whether it closes the form is in the next chunk.
        this.carry = Buffer.from(data.subarray(at));
        return;
      }
      if (data[after] === DASH && data[after + 1] === DASH) {
        this.closed = true;
        this.carry = Buffer.alloc(0);
        return;
      }
      this.parts++;
      from = after;
    }
    this.carry = Buffer.from(data.subarray(Math.max(from, data.length - this.delimiter.length + 1)));
  }
}

/** How long the form's parser may leave received bytes unread before the upload is refused as malformed. */
export const UPLOAD_STALL_MS = 5_000;

/**
 * Guards against the multipart parser stopping for good. Busboy (3.2.6) skips some parts on
 * purpose (a file name with a line break, a second file over the limit) and, when such a part is
 * larger than its buffer, stops reading the request without ever ending or failing: the client
 * waits for ever. Stalled means: nothing of the body read for `UPLOAD_STALL_MS` while bytes wait
 * (buffered, or the whole request is in). A slow client is not stalled (nothing waits), so it is
 * left to the server's timeouts. On a stall the rest of the body is read and dropped, so the
 * client can take the answer, and `stalled` rejects with a 400.
 */
function watchForStall(raw: FastifyRequest['raw']): { stalled: Promise<never>; stop(): void } {
  let read = 0;
  let seen = -1;
  let quietSince = Date.now();
  const onData = (chunk: Buffer) => {
    read += chunk.length;
  };
  raw.on('data', onData);
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      if (read !== seen) {
        seen = read;
        quietSince = Date.now();
        return;
      }
      const waiting = raw.readableLength > 0 || raw.complete;
      if (!waiting || Date.now() - quietSince < UPLOAD_STALL_MS) return;
      clearInterval(timer);
      raw.unpipe();
      raw.resume();
      reject(new HttpError(400, MESSAGES.invalidRequest));
    }, 250);
  });
  // Nobody awaits `stalled` once the parts are read: never an unhandled rejection.
  stalled.catch(() => undefined);
  return {
    stalled,
    stop() {
      clearInterval(timer);
      raw.off('data', onData);
    },
  };
}
