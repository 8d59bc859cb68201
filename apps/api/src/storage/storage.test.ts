import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from './objectStore';
import { createS3Store } from './s3Store';
import { parseS3Url } from './s3Url';
import { storageConfigOf, startStorage } from './index';
import { type TestObjectStore, testObjectStore } from './testing';

let local: TestObjectStore;
beforeAll(async () => {
  local = await testObjectStore();
});
afterAll(async () => {
  await local.close();
});

const md5 = (data: string | Buffer) => `"${createHash('md5').update(data).digest('hex')}"`;

describe('the S3 adapter against the local stand-in', () => {
  it('puts, heads, gets and deletes an object with its content type, cache header and ETag', async () => {
    const { store } = local;
    const html = '<!doctype html><title>Luxe</title>';
    const put = await store.put('luxe/v1/index.html', Buffer.from(html), { contentType: 'text/html; charset=utf-8', cacheControl: 'public, max-age=60' });
    expect(put.etag).toBe(md5(html));

    const head = await store.head('luxe/v1/index.html');
    expect(head).toMatchObject({ key: 'luxe/v1/index.html', contentType: 'text/html; charset=utf-8', cacheControl: 'public, max-age=60', size: Buffer.byteLength(html), etag: md5(html) });
    expect(head!.lastModified).toBeInstanceOf(Date);

    const got = await store.get('luxe/v1/index.html');
    expect(got).not.toBeNull();
    expect((await readAll(got!.body)).toString('utf8')).toBe(html);
    expect(got!.etag).toBe(md5(html));

    await store.delete('luxe/v1/index.html');
    expect(await store.head('luxe/v1/index.html')).toBeNull();
    expect(await store.get('luxe/v1/index.html')).toBeNull();
    // Deleting what is not there is not an error (as S3).
    await store.delete('luxe/v1/index.html');
  });

  it('replaces an object under the same key, and streams a Readable body with or without its length', async () => {
    const { store } = local;
    await store.put('replace/a.txt', 'first', { contentType: 'text/plain' });
    await store.put('replace/a.txt', 'second, longer', { contentType: 'text/plain; charset=utf-8' });
    const got = await store.get('replace/a.txt');
    expect((await readAll(got!.body)).toString()).toBe('second, longer');
    expect(got!.contentType).toBe('text/plain; charset=utf-8');

    const big = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    await store.put('stream/known.bin', Readable.from([big.subarray(0, 1000), big.subarray(1000)]), { contentType: 'application/octet-stream', contentLength: big.length });
    await store.put('stream/unknown.bin', Readable.from([big]), { contentType: 'application/octet-stream' });
    for (const key of ['stream/known.bin', 'stream/unknown.bin']) {
      const object = await store.get(key);
      expect(object!.size).toBe(big.length);
      expect((await readAll(object!.body)).equals(big)).toBe(true);
    }
    expect((await store.put('empty', Buffer.alloc(0), { contentType: 'text/plain' })).etag).toBe(md5(''));
    expect((await readAll((await store.get('empty'))!.body)).length).toBe(0);
  });

  it('keeps keys S3 allows side by side: a key and a longer one through it, spaces, unicode, dots, long segments', async () => {
    const { store } = local;
    const keys = ['odd/a', 'odd/a/b', 'odd/a b+c%d.txt', 'odd/café/ñ.html', 'odd/../x', 'odd/.hidden', 'odd//double', `odd/${'x'.repeat(300)}/end`, 'odd/a.o', 'odd/a.d'];
    for (const [i, key] of keys.entries()) await store.put(key, `body ${i}`, { contentType: 'text/plain' });
    for (const [i, key] of keys.entries()) expect((await readAll((await store.get(key))!.body)).toString()).toBe(`body ${i}`);
    const listed = (await store.list('odd/')).map((o) => o.key);
    expect(listed).toEqual([...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
    expect((await store.list('odd/a')).map((o) => o.key).sort()).toEqual(['odd/a', 'odd/a b+c%d.txt', 'odd/a.d', 'odd/a.o', 'odd/a/b'].sort());
  });

  it('lists every page of a large prefix in key order and deletes a whole prefix, leaving others', { timeout: 120_000 }, async () => {
    const { store } = local;
    const keys = Array.from({ length: 1001 }, (_, i) => `many/${String(i).padStart(5, '0')}.txt`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((k) => store.put(k, k, { contentType: 'text/plain' })));
    await store.put('manyother/keep.txt', 'keep', { contentType: 'text/plain' });
    const listed = await store.list('many/');
    expect(listed.map((o) => o.key)).toEqual(keys);
    expect(listed[0]).toMatchObject({ size: keys[0]!.length, etag: md5(keys[0]!) });

    expect(await store.deletePrefix('many/')).toBe(1001);
    expect(await store.list('many/')).toEqual([]);
    expect((await store.list('many')).map((o) => o.key)).toEqual(['manyother/keep.txt']);
    await expect(store.deletePrefix('')).rejects.toThrow(/prefix/);
  });

  it('keeps objects as files under <dir>/objects/<bucket>/', async () => {
    await local.store.put('files/here.txt', 'x', { contentType: 'text/plain' });
    expect(await readdir(`${local.dir}/objects/test-sites/files.d`)).toContain('here.txt.o');
  });

  it('refuses a wrong secret, an unknown key and another bucket, as S3 does', async () => {
    const base = { endpoint: local.simulator.endpoint, region: 'us-east-1', forcePathStyle: true };
    const wrongSecret = createS3Store({ ...base, bucket: 'test-sites', accessKeyId: local.simulator.accessKeyId, secretAccessKey: 'not-the-secret' });
    await expect(wrongSecret.put('x', 'y', { contentType: 'text/plain' })).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(wrongSecret.list('')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const wrongKey = createS3Store({ ...base, bucket: 'test-sites', accessKeyId: 'AKIANOBODY', secretAccessKey: local.simulator.secretAccessKey });
    await expect(wrongKey.get('files/here.txt')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    const otherBucket = createS3Store({ ...base, bucket: 'someone-else', accessKeyId: local.simulator.accessKeyId, secretAccessKey: local.simulator.secretAccessKey });
    await expect(otherBucket.put('x', 'y', { contentType: 'text/plain' })).rejects.toMatchObject({ name: 'NoSuchBucket' });
    // An unsigned request is refused.
    const response = await fetch(`${local.simulator.endpoint}/test-sites/files/here.txt`);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('refuses keys that are not keys before sending anything', async () => {
    await expect(local.store.put('/leading', 'x', { contentType: 'text/plain' })).rejects.toThrow(/Not an object key/);
    await expect(local.store.get('')).rejects.toThrow(/Not an object key/);
  });
});

describe('configuration', () => {
  it('reads SITES_S3_URL and MEDIA_S3_URL', () => {
    expect(parseS3Url('s3://AKID:s%2Fecret@minio.internal:9000/sites-bucket?region=eu-west-1&style=path&tls=0', 'SITES_S3_URL')).toEqual({
      endpoint: 'http://minio.internal:9000',
      bucket: 'sites-bucket',
      region: 'eu-west-1',
      accessKeyId: 'AKID',
      secretAccessKey: 's/ecret',
      forcePathStyle: true,
    });
    expect(parseS3Url('s3://AKID:SECRET@s3.amazonaws.com/media-bucket?style=virtual', 'MEDIA_S3_URL')).toMatchObject({ endpoint: undefined, region: 'us-east-1', forcePathStyle: false });
    expect(storageConfigOf({})).toEqual({ sites: undefined, media: undefined });
    expect(storageConfigOf({ MEDIA_S3_URL: 's3://K:S@host/bucket-one' }).media).toMatchObject({ endpoint: 'https://host', bucket: 'bucket-one' });
  });

  it('refuses a malformed address without repeating its secret', () => {
    for (const bad of ['http://K:S3CR3T@host/bucket', 's3://host/bucket', 's3://K:S3CR3T@host/', 's3://K:S3CR3T@host/Bad_Bucket', 's3://K:S3CR3T@host/bucket?style=odd', 's3://K:S3CR3T@host/bucket?colour=red']) {
      let message = '';
      try {
        parseS3Url(bad, 'SITES_S3_URL');
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^SITES_S3_URL/);
      expect(message).not.toContain('S3CR3T');
    }
  });

  it('a configured bucket is used through the same adapter; an unconfigured store gets the stand-in', async () => {
    const storage = await startStorage({
      dataDir: local.dir,
      config: {
        sites: { endpoint: local.simulator.endpoint, bucket: 'test-sites', region: 'us-east-1', accessKeyId: local.simulator.accessKeyId, secretAccessKey: local.simulator.secretAccessKey, forcePathStyle: true },
        media: undefined,
      },
    });
    try {
      await storage.store('sites').put('configured/yes.txt', 'yes', { contentType: 'text/plain' });
      expect(await local.store.head('configured/yes.txt')).not.toBeNull();
      expect(storage.simulator).toBeDefined();
      await storage.store('media').put('photo.txt', 'media', { contentType: 'text/plain' });
      expect(await local.store.head('photo.txt')).toBeNull();
      expect((await storage.store('media').list('')).map((o) => o.key)).toEqual(['photo.txt']);
    } finally {
      await storage.close();
    }
  });
});
