import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Checks an AWS Signature Version 4 `Authorization` header the way S3 does (single-encoded paths,
 * the payload hash from `x-amz-content-sha256`): the local S3 stand-in refuses what real S3 would.
 */

export type SignatureCheck =
  | { ok: true; payloadHash: string }
  | { ok: false; status: 400 | 403; code: 'AccessDenied' | 'InvalidAccessKeyId' | 'SignatureDoesNotMatch' | 'RequestTimeTooSkewed' | 'AuthorizationHeaderMalformed'; message: string };

const AUTH = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/** RFC 3986 encoding, as SigV4 wants it. */
const escapeUri = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(rawQuery: string): string {
  if (rawQuery === '') return '';
  const pairs = rawQuery
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      const key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
      const value = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1));
      return [escapeUri(key), escapeUri(value)] as const;
    })
    .filter(([key]) => key !== 'X-Amz-Signature');
  pairs.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

/** The request's signature checked against the one secret of `accessKeyId`. */
export function checkSignature(
  request: { method: string; rawPath: string; rawQuery: string; headers: IncomingHttpHeaders },
  credentials: { accessKeyId: string; secretAccessKey: string },
  now: Date,
): SignatureCheck {
  const authorization = request.headers.authorization;
  if (!authorization) return { ok: false, status: 403, code: 'AccessDenied', message: 'Access Denied' };
  const match = AUTH.exec(authorization);
  if (!match) return { ok: false, status: 400, code: 'AuthorizationHeaderMalformed', message: 'The authorization header is malformed.' };
  const [, accessKeyId, shortDate, region, service, signedHeaderList, signature] = match as unknown as string[];
  if (accessKeyId !== credentials.accessKeyId) {
    return { ok: false, status: 403, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  }
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || !amzDate.startsWith(shortDate!)) {
    return { ok: false, status: 400, code: 'AuthorizationHeaderMalformed', message: 'The x-amz-date header is missing or does not match the credential scope.' };
  }
  const signedAt = Date.UTC(+amzDate.slice(0, 4), +amzDate.slice(4, 6) - 1, +amzDate.slice(6, 8), +amzDate.slice(9, 11), +amzDate.slice(11, 13), +amzDate.slice(13, 15));
  if (Math.abs(now.getTime() - signedAt) > 15 * 60_000) {
    return { ok: false, status: 403, code: 'RequestTimeTooSkewed', message: 'The difference between the request time and the current time is too large.' };
  }
  const signedHeaders = signedHeaderList!.split(';');
  if (!signedHeaders.includes('host')) return { ok: false, status: 400, code: 'AuthorizationHeaderMalformed', message: 'The host header must be signed.' };
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash === '') return { ok: false, status: 400, code: 'AuthorizationHeaderMalformed', message: 'Missing required header for this request: x-amz-content-sha256' };
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const raw = request.headers[name];
      const value = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
      return `${name}:${value.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [request.method, request.rawPath, canonicalQuery(request.rawQuery), canonicalHeaders, signedHeaderList, payloadHash].join('\n');
  const scope = `${shortDate}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, shortDate!), region!), service!), 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign, 'utf8').digest();
  const given = Buffer.from(signature!, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, status: 403, code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.' };
  }
  return { ok: true, payloadHash };
}
