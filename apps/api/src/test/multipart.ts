import { randomBytes } from 'node:crypto';

/** One file part of a hand-made multipart body. */
export interface FilePart {
  field: string;
  /** Sent as typed: `../../etc/passwd`, a NUL, anything (non-ASCII and control characters go in `filename*`). */
  filename: string;
  bytes: Buffer;
  /** The part's own header: the server never decides anything from it. Default `application/octet-stream`. */
  contentType?: string;
}

const PLAIN = /^[\x20-\x7e]*$/;

/** `filename="…"` when the name is plain printable ASCII without a quote or a backslash, else RFC 5987 `filename*=UTF-8''…`. */
function filenameParameter(name: string): string {
  if (PLAIN.test(name) && !/["\\]/.test(name)) return `filename="${name}"`;
  const encoded = [...Buffer.from(name, 'utf8')].map((b) => (/[A-Za-z0-9._-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
  return `filename*=UTF-8''${encoded}`;
}

/**
 * A `multipart/form-data` body made byte by byte, so tests and the fuzzer send exactly the names
 * and parts they mean (a browser's FormData would clean some of them): text fields, then files.
 */
export function multipartBody(fields: Record<string, string>, files: readonly FilePart[]): { body: Buffer; contentType: string } {
  const boundary = `----salondesk${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; ${filenameParameter(file.filename)}\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`, 'utf8'),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
