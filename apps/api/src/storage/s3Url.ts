/** Where a bucket is and how to sign in to it: what `SITES_S3_URL` / `MEDIA_S3_URL` say. */
export interface S3Location {
  /** `https://host:port` (or `http://` with `tls=0`); undefined for AWS's own endpoints. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addressing (`host/bucket/key`) rather than virtual-hosted (`bucket.host/key`). */
  forcePathStyle: boolean;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Parses `s3://KEY:SECRET@host:9000/bucket?region=us-east-1&style=path` (`style=virtual` for
 * virtual-hosted addressing; `tls=0` for plain HTTP; host `s3.amazonaws.com` for AWS itself, whose
 * endpoint the SDK then picks by region). Key and secret are percent-encoded when they hold `:`,
 * `/` or `@`. `name` is the variable, for messages; errors never repeat the value (it holds a secret).
 */
export function parseS3Url(value: string, name: string): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must look like s3://KEY:SECRET@host:9000/bucket?region=us-east-1&style=path`);
  }
  if (url.protocol !== 's3:') throw new Error(`${name} must start with s3:// (s3://KEY:SECRET@host:9000/bucket?region=us-east-1&style=path)`);
  if (!url.username || !url.password) throw new Error(`${name} needs the access key and secret before the host (s3://KEY:SECRET@host/bucket)`);
  if (!url.hostname) throw new Error(`${name} needs a host (s3://KEY:SECRET@host:9000/bucket)`);
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (!BUCKET.test(bucket)) throw new Error(`${name} needs a bucket name after the host (3 to 63 lower-case letters, digits, dots and hyphens)`);
  const known = new Set(['region', 'style', 'tls']);
  for (const key of url.searchParams.keys()) if (!known.has(key)) throw new Error(`${name}: unknown option "${key}" (region, style, tls)`);
  const style = url.searchParams.get('style') ?? 'path';
  if (style !== 'path' && style !== 'virtual') throw new Error(`${name}: style must be path or virtual`);
  const tls = url.searchParams.get('tls') ?? '1';
  if (!['0', '1', 'true', 'false'].includes(tls)) throw new Error(`${name}: tls must be 1 or 0`);
  const secure = tls === '1' || tls === 'true';
  const aws = url.hostname === 's3.amazonaws.com';
  return {
    endpoint: aws ? undefined : `${secure ? 'https' : 'http'}://${url.host}`,
    bucket,
    region: url.searchParams.get('region') || 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    forcePathStyle: style === 'path',
  };
}
