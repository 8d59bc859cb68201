import type { Readable } from 'node:stream';

/**
 * A handler result that is a file to download (an export), for endpoints defined with
 * `download: true`: the registry sends `body` as is, streamed, with its content type and
 * `Content-Disposition: attachment; filename="…"`, instead of the JSON envelope. Everything that
 * can refuse the request (access, validation, the handler's own checks) has run before the
 * handler returns it, so a refusal is still the failure envelope; a failure after the first byte
 * can only end the stream early.
 */
const FILE_DOWNLOAD = Symbol('salondesk.fileDownload');

export interface FileDownload {
  readonly [FILE_DOWNLOAD]: true;
  /** Safe characters only (core's `exportFileName`), so it goes into the header unquoted-safe. */
  readonly filename: string;
  readonly contentType: string;
  readonly body: Readable;
}

const SAFE_NAME = /^[A-Za-z0-9._-]+$/;

export function fileDownload(file: { filename: string; contentType: string; body: Readable }): FileDownload {
  if (!SAFE_NAME.test(file.filename)) throw new Error(`Unsafe download file name: ${JSON.stringify(file.filename)}`);
  return { [FILE_DOWNLOAD]: true, ...file };
}

export const isFileDownload = (value: unknown): value is FileDownload => typeof value === 'object' && value !== null && FILE_DOWNLOAD in value;
