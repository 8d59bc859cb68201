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
 * too long. Nothing is kept anywhere but in memory.
 */
export async function readUpload(request: FastifyRequest, spec: { field: string; maxBytes: number }): Promise<{ body: Record<string, string>; file: UploadedFile | null }> {
  if (typeof request.isMultipart !== 'function') throw new Error('An upload endpoint is registered where @fastify/multipart is not');
  if (!request.isMultipart()) throw new HttpError(415, MESSAGES.mediaNotMultipart);
  const body: Record<string, string> = Object.create(null);
  let file: UploadedFile | null = null;
  const parts = request.parts({
    preservePath: true,
    limits: { fileSize: spec.maxBytes, files: 1, parts: FIELD_LIMITS.fields + 1, ...FIELD_LIMITS },
  });
  // Watched once the parser has the request (a listener added earlier would start the flow).
  const stall = watchForStall(request.raw);
  const readParts = async () => {
    for await (const part of parts) {
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
  } catch (error) {
    throw uploadFailure(error);
  } finally {
    stall.stop();
  }
  return { body: { ...body }, file };
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
