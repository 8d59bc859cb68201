import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE, type MediaImage, MEDIA_LIMITS, MESSAGES, mediaEndpoints, mediaInUse, mediaNameTypeMismatch } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/sessions';
import { boundaryOf, PartCounter } from '../http/upload';
import { multipartBody, type FilePart } from '../test/multipart';
import { rawRequest, signedIn, startTestServer, type TestClient, type TestServer } from '../test/harness';
import { HTML_PAGE, pngBomb, SVG_WITH_SCRIPT, sampleImage } from './samples';

const LA = 1;
const NY = 2;
const SANTA_MONICA = 3;
const forbidden = { status: 403, message: MESSAGES.noBusinessPermission };

/** Every file under a folder, recursively (the local S3 stand-in keeps one file per object). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort();
}

/** One request as it goes on the wire. */
interface WireRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/**
 * Sends requests one after the other on one keep-alive connection, each once the one before is
 * answered: the status of each answer, 0 for one that does not come within `waitMs` (and no
 * request is sent after it).
 */
async function onOneConnection(baseUrl: string, requests: readonly WireRequest[], waitMs = 8_000): Promise<number[]> {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  await once(socket, 'connect');
  let received = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
  });
  /** The status of the answer in `received` once all of it (its `content-length`) is in, else null. */
  const answered = (): number | null => {
    const end = received.indexOf('\r\n\r\n');
    if (end === -1) return null;
    const head = received.subarray(0, end).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    return received.length >= end + 4 + length ? Number(head.split(' ')[1]) : null;
  };
  const statuses: number[] = [];
  try {
    for (const r of requests) {
      received = Buffer.alloc(0);
      const body = r.body ?? Buffer.alloc(0);
      const head = [`${r.method} ${r.path} HTTP/1.1`, `host: ${hostname}:${port}`, 'connection: keep-alive', `content-length: ${body.length}`, ...Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`)];
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      socket.write(body);
      const deadline = Date.now() + waitMs;
      let status = answered();
      while (status === null && Date.now() < deadline && !socket.destroyed) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = answered();
      }
      statuses.push(status ?? 0);
      if (status === null) break;
    }
  } finally {
    socket.destroy();
  }
  return statuses;
}

describe('the media library', () => {
  let server: TestServer;
  let dataDir: string;
  let owner: TestClient;
  let cookie: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'salondesk-media-test-'));
    server = await startTestServer({ storage: { dataDir } });
    owner = await signedIn(server, 'owner');
    cookie = owner.jar.get(SESSION_COOKIE) ?? '';
  });
  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** What the library holds: its rows, and the files of the store on disk. */
  const state = async () => {
    const rows = await server.database.db.execute<{ n: string }>(
      sql`select (select count(*) from media) || '/' || (select count(*) from media_renditions) || '/' || (select count(*) from media_tags) || '/' || (select count(*) from media_tag_links) as n`,
    );
    return { rows: rows.rows[0]?.n, files: await filesUnder(path.join(dataDir, 'objects')) };
  };

  /** An upload as a browser sends it, with exactly these parts. */
  const upload = (businessId: number, fields: Record<string, string>, files: FilePart[], as = cookie) => {
    const { body, contentType } = multipartBody(fields, files);
    return rawRequest(server, `/media/business/${businessId}/uploader`, {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${as}`, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': contentType, accept: 'application/json' },
      body,
    });
  };
  const file = (filename: string, bytes: Buffer, contentType = 'image/jpeg'): FilePart => ({ field: 'file', filename, bytes, contentType });

  it('has the demo staff photos and service images, used where they show, drawn on first view', async () => {
    const library = await owner.client.media.list(LA);
    const staff = await owner.client.staff.list(LA);
    const services = (await owner.client.catalogue.list(LA)).flatMap((c) => c.services);
    expect(staff.length).toBeGreaterThan(0);
    for (const member of staff) {
      const photo = library.images.find((i) => i.id === member.photo_media_id);
      expect(photo?.usedIn, member.display_name).toContainEqual({ kind: 'staff', refId: member.id, name: member.display_name });
      expect(photo?.tags).toContain('Staff');
    }
    const withImage = services.filter((s) => s.image_media_id !== null);
    expect(withImage.length).toBeGreaterThan(services.length / 2);
    expect(library.tags.map((t) => t.name)).toEqual(expect.arrayContaining(['Services', 'Staff']));
    // The store of this test server is new: the first request draws the image, then it is kept.
    const [member] = staff;
    const before = (await state()).files.length;
    const first = await fetch(`${server.baseUrl}${member?.photo_url}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await first.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 320]);
    expect((await state()).files.length).toBe(before + 4);
    expect((await fetch(`${server.baseUrl}${member?.photo_url}`)).status).toBe(200);
    expect((await state()).files.length).toBe(before + 4);
  });

  it('says there are no images in an empty library, as the spec words it', async () => {
    // Santa Monica's demo images taken out first: its library is then empty.
    await server.database.db.execute(sql`update staff set photo_media_id = null where business_id = ${SANTA_MONICA}`);
    await server.database.db.execute(sql`update services set image_media_id = null where business_id = ${SANTA_MONICA}`);
    await server.database.db.execute(sql`delete from media where business_id = ${SANTA_MONICA}`);
    await server.database.db.execute(sql`delete from media_tags where business_id = ${SANTA_MONICA}`);
    const library = await owner.client.media.list(SANTA_MONICA);
    expect(library).toEqual({ images: [], tags: [] });
    expect(MESSAGES.noImagesFound).toBe('No images found');
  });

  it('uploads a photo: type from the bytes, metadata stripped, four renditions in the store, tags, served from a signed address', async () => {
    const before = await state();
    const jpeg = await sampleImage('jpeg', { width: 2400, height: 1800, exif: true });
    expect(jpeg.includes('Secret Owner')).toBe(true);
    const progress: number[] = [];
    const image = await owner.client.media.upload(LA, new Blob([jpeg]), { tags: 'Team, staff ,team' }, { filename: 'Ava at the salon.JPG', onProgress: (sent) => progress.push(sent) });
    expect(progress.at(-1)).toBeGreaterThan(0);
    expect(image).toMatchObject({ name: 'Ava at the salon', filename: 'Ava at the salon.JPG', contentType: 'image/jpeg', width: 2400, height: 1800, bytes: jpeg.length, tags: ['Staff', 'Team'], usedIn: [] });
    // `staff` is the demo's tag `Staff`: a tag is one name whatever its case, spelled as first written.
    const byName = Object.fromEntries(image.renditions.map((r) => [r.rendition, r]));
    expect(Object.keys(byName)).toEqual(['original', 'web', 'webp', 'thumb']);
    expect(byName.original).toMatchObject({ contentType: 'image/jpeg', width: 2400, height: 1800 });
    expect(byName.web).toMatchObject({ contentType: 'image/jpeg', width: MEDIA_LIMITS.webEdge, height: 1200 });
    expect(byName.webp).toMatchObject({ contentType: 'image/webp', width: MEDIA_LIMITS.webEdge, height: 1200 });
    expect(byName.thumb).toMatchObject({ contentType: 'image/webp', width: MEDIA_LIMITS.thumbEdge, height: MEDIA_LIMITS.thumbEdge });

    const after = await state();
    expect(after.files.length).toBe(before.files.length + 4);
    for (const rendition of image.renditions) {
      const response = await fetch(`${server.baseUrl}${rendition.url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(rendition.contentType);
      expect(response.headers.get('cache-control')).toContain('immutable');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBe(rendition.bytes);
      // No EXIF, XMP or IPTC survives: not the owner's name, not the place.
      expect(bytes.includes('Secret Owner')).toBe(false);
      expect(bytes.includes('40.7128')).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([rendition.width, rendition.height]);
    }
    // Signed: another signature, or another rendition under this one's, is not found.
    const thumb = byName.thumb?.url ?? '';
    expect((await rawRequest(server, thumb.replace(/s=[0-9a-f]+/, `s=${'0'.repeat(32)}`))).status).toBe(404);
    expect((await rawRequest(server, thumb.replace('/thumb?', '/original?'))).status).toBe(404);

    const library = await owner.client.media.list(LA);
    expect(library.images.map((i) => i.id)).toContain(image.id);
    expect(library.tags.map((t) => [t.name, t.images])).toEqual(expect.arrayContaining([['Team', 1]]));
    expect(library.tags.find((t) => t.name === 'Staff')?.images).toBeGreaterThan(1);
    // Nobody else's: New York's library does not have it.
    expect((await owner.client.media.list(NY)).images.map((i) => i.id)).not.toContain(image.id);
  });

  it('keeps PNG, WebP and GIF as they are (a GIF as a PNG of its first frame) and names an upload from its file', async () => {
    for (const [format, type, kept] of [
      ['png', 'image/png', 'image/png'],
      ['webp', 'image/webp', 'image/webp'],
      ['gif', 'image/gif', 'image/png'],
    ] as const) {
      const response = await upload(SANTA_MONICA, {}, [file(`logo_${format}.${format}`, await sampleImage(format, { width: 300, height: 200 }), 'application/octet-stream')]);
      expect(response.status, response.text).toBe(200);
      const image = (response.body?.data ?? {}) as MediaImage;
      expect(image.contentType).toBe(type);
      expect(image.name).toBe(`logo ${format}`);
      expect(image.renditions.find((r) => r.rendition === 'original')?.contentType).toBe(kept);
      // Never enlarged: the web size of a small image is the image's own.
      expect(image.renditions.find((r) => r.rendition === 'web')).toMatchObject({ width: 300, height: 200 });
    }
  });

  it('refuses every hostile upload with a clear 4xx and writes nothing, to the database or to disk', async () => {
    const png = await sampleImage('png', { width: 64, height: 64 });
    const jpeg = await sampleImage('jpeg', { width: 64, height: 64 });
    const gif = await sampleImage('gif', { width: 16, height: 16 });
    // A form of these files and then one more part given as its raw header and body.
    const rawUpload = (businessId: number, files: FilePart[], lastPart: string) => {
      const { body, contentType } = multipartBody({}, files);
      const boundary = `--${boundaryOf(contentType)}`;
      const closing = Buffer.from(`${boundary}--\r\n`);
      const withPart = Buffer.concat([body.subarray(0, body.length - closing.length), Buffer.from(`${boundary}\r\n${lastPart}`), closing]);
      return rawRequest(server, `/media/business/${businessId}/uploader`, {
        method: 'POST',
        headers: { cookie: `${SESSION_COOKIE}=${cookie}`, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': contentType, accept: 'application/json' },
        body: withPart,
      });
    };
    const cases: { what: string; send: () => ReturnType<typeof upload>; status: number; message: string }[] = [
      { what: 'a PNG renamed .jpg', send: () => upload(LA, {}, [file('photo.jpg', png, 'image/jpeg')]), status: 400, message: mediaNameTypeMismatch('PNG', 'jpg', 'png') },
      { what: 'an SVG with a script', send: () => upload(LA, {}, [file('logo.svg', SVG_WITH_SCRIPT, 'image/svg+xml')]), status: 415, message: MESSAGES.mediaSvgRefused },
      { what: 'an SVG with a script named .png', send: () => upload(LA, {}, [file('logo.png', SVG_WITH_SCRIPT, 'image/png')]), status: 415, message: MESSAGES.mediaSvgRefused },
      { what: 'an HTML file named .png', send: () => upload(LA, {}, [file('cat.png', HTML_PAGE, 'image/png')]), status: 415, message: MESSAGES.mediaNotAnImage },
      { what: 'a 50 MB file', send: () => upload(LA, {}, [file('huge.jpg', Buffer.concat([jpeg, Buffer.alloc(50 * 1024 * 1024)]))]), status: 413, message: MESSAGES.mediaFileTooLarge },
      { what: 'a file one byte over 20 MB', send: () => upload(LA, {}, [file('big.jpg', Buffer.concat([jpeg, Buffer.alloc(MEDIA_LIMITS.maxBytes + 1 - jpeg.length)]))]), status: 413, message: MESSAGES.mediaFileTooLarge },
      { what: '../../etc/passwd', send: () => upload(LA, {}, [file('../../etc/passwd', jpeg)]), status: 400, message: MESSAGES.mediaBadFileName },
      { what: 'a Windows path', send: () => upload(LA, {}, [file('..\\..\\boot.ini', jpeg)]), status: 400, message: MESSAGES.mediaBadFileName },
      { what: 'a NUL in the name', send: () => upload(LA, {}, [file('photo.jpg\u0000.html', jpeg)]), status: 400, message: MESSAGES.mediaBadFileName },
      { what: 'a name of 256 characters', send: () => upload(LA, {}, [file(`${'a'.repeat(252)}.jpg`, jpeg)]), status: 400, message: MESSAGES.mediaFileNameTooLong },
      { what: 'a decompression bomb (900 megapixels in 110 kB)', send: () => upload(LA, {}, [file('bomb.png', pngBomb(), 'image/png')]), status: 422, message: MESSAGES.mediaTooManyPixels },
      { what: 'a damaged JPEG', send: () => upload(LA, {}, [file('cut.jpg', jpeg.subarray(0, 200))]), status: 422, message: MESSAGES.mediaUnreadable },
      { what: 'no file', send: () => upload(LA, { name: 'Nothing' }, []), status: 400, message: MESSAGES.mediaFileMissing },
      { what: 'two files', send: () => upload(LA, {}, [file('a.jpg', jpeg), file('b.jpg', jpeg)]), status: 413, message: MESSAGES.mediaTooManyFiles },
      // Parts the form parser skips without reading them through (a name with a line break, a file
      // past the limit): larger than its buffer, they once left the request waiting for ever.
      // Such a part is refused as a malformed form (not read as "no file"): the form carries a part the server did not read.
      { what: 'a line break in the name (a small file)', send: () => upload(LA, {}, [file('x\r\n.png', png)]), status: 400, message: MESSAGES.invalidRequest },
      { what: 'a line break in the name (a 110 kB file)', send: () => upload(LA, { tags: '' }, [file('x\r\n.png', pngBomb())]), status: 400, message: MESSAGES.invalidRequest },
      { what: 'two files of 300 kB', send: () => upload(LA, {}, [file('a.jpg', Buffer.concat([jpeg, Buffer.alloc(300_000)])), file('b.jpg', Buffer.concat([jpeg, Buffer.alloc(300_000)]))]), status: 413, message: MESSAGES.mediaTooManyFiles },
      // A second file the parser skips without a word (fuzzer, seed 885612137): the first was once taken alone.
      { what: 'a good image, then a file with a line break in its name', send: () => upload(LA, {}, [file('anim.gif', gif), file('x\r\n.png', Buffer.from('abc'))]), status: 400, message: MESSAGES.invalidRequest },
      { what: 'a good image, then a part that is no form-data', send: () => rawUpload(LA, [file('a.jpg', jpeg)], 'Content-Disposition: attachment; name="file"; filename="b.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc\r\n'), status: 400, message: MESSAGES.invalidRequest },
      { what: 'a good image, then a part whose header never ends', send: () => rawUpload(LA, [file('a.jpg', jpeg)], 'Content-Disposition: form-data; name="tags"\r\n'), status: 400, message: MESSAGES.invalidRequest },
      { what: 'the file under another name', send: () => upload(LA, {}, [{ ...file('a.jpg', jpeg), field: 'image' }]), status: 400, message: MESSAGES.mediaFileMissing },
      { what: '21 tags', send: () => upload(LA, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') }, [file('a.jpg', jpeg)]), status: 400, message: MESSAGES.invalidRequest },
      { what: 'a NUL in a field', send: () => upload(LA, { name: 'a\u0000b' }, [file('a.jpg', jpeg)]), status: 400, message: MESSAGES.invalidRequest },
      {
        what: 'JSON instead of a form',
        send: () =>
          rawRequest(server, `/media/business/${LA}/uploader`, {
            method: 'POST',
            headers: { cookie: `${SESSION_COOKIE}=${cookie}`, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' },
            body: JSON.stringify({ file: jpeg.toString('base64') }),
          }),
        status: 415,
        message: MESSAGES.mediaNotMultipart,
      },
    ];
    for (const c of cases) {
      const before = await state();
      const response = await c.send();
      expect(response.status, `${c.what}: ${response.text.slice(0, 200)}`).toBe(c.status);
      expect(response.body, c.what).toMatchObject({ status: false, message: c.message });
      expect(await state(), `${c.what} wrote something`).toEqual(before);
    }
    // The list word for word: the PNG renamed .jpg is refused by its bytes, with what to do.
    expect(mediaNameTypeMismatch('PNG', 'jpg', 'png')).toBe('The file is a PNG image but its name ends in .jpg: rename it to .png and try again.');
  });

  it('reads the rest of a form it refuses half way, so the connection carries the next request (fuzzer, seed 885612137)', { timeout: 40_000 }, async () => {
    const jpeg = await sampleImage('jpeg', { width: 64, height: 64 });
    const headers = { cookie: `${SESSION_COOKIE}=${cookie}`, accept: 'application/json' };
    const form = (fields: Record<string, string>, files: FilePart[]): WireRequest => {
      const { body, contentType } = multipartBody(fields, files);
      return { method: 'POST', path: `/media/business/${LA}/uploader`, headers: { ...headers, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': contentType }, body };
    };
    const list: WireRequest = { method: 'GET', path: `/media/business/${LA}/getallimages`, headers };
    const before = await state();
    // Refused at a part before the file (a field over 8 kB, a field twice, a file under another
    // name): the file's 300 kB once stayed unread, and the connection never took another request.
    const big = file('a.jpg', Buffer.concat([jpeg, Buffer.alloc(300_000)]));
    expect(await onOneConnection(server.baseUrl, [form({ name: 'x'.repeat(9000) }, [big]), list])).toEqual([413, 200]);
    expect(await onOneConnection(server.baseUrl, [form({}, [{ ...big, field: 'image' }, big]), list])).toEqual([400, 200]);
    expect(await onOneConnection(server.baseUrl, [form({}, [big, big]), form({}, [file('b.jpg', jpeg)]), list])).toEqual([413, 200, 200]);
    // Of all these, only the one good upload wrote an image.
    const images = (rows: string | undefined) => Number(rows?.split('/')[0]);
    expect(images((await state()).rows)).toBe(images(before.rows) + 1);
  });

  it('renames, tags and untags; filters by tag and by name; a tag deleted leaves its images', async () => {
    const image = await owner.client.media.upload(NY, new Blob([await sampleImage('jpeg', { hue: 20 })]), { name: 'Balayage before', tags: 'hair' }, { filename: 'b.jpg' });
    expect((await owner.client.media.rename(NY, image.id, '  Balayage after  ')).name).toBe('Balayage after');
    const tagged = await owner.client.media.setTags(NY, image.id, ['hair', 'Colour', 'colour']);
    // `hair` is the demo's tag `Hair` (a category's name): one tag whatever its case.
    expect(tagged.tags).toEqual(['Colour', 'Hair']);
    expect((await owner.client.media.list(NY, { tag: 'COLOUR' })).images.map((i) => i.id)).toEqual([image.id]);
    expect((await owner.client.media.list(NY, { search: 'after' })).images.map((i) => i.id)).toEqual([image.id]);
    expect((await owner.client.media.list(NY, { search: '100%_' })).images).toEqual([]);
    const library = await owner.client.media.list(NY);
    const colour = library.tags.find((t) => t.name === 'Colour');
    expect(colour?.images).toBe(1);
    await owner.client.media.removeTag(NY, colour?.id ?? 0);
    expect((await owner.client.media.list(NY)).images.find((i) => i.id === image.id)?.tags).toEqual(['Hair']);

    // Bad input: an empty name, a tag too long, an image or tag of another library.
    await expect(owner.client.media.rename(NY, image.id, '   ')).rejects.toMatchObject({ status: 400 });
    await expect(owner.client.media.setTags(NY, image.id, ['x'.repeat(41)])).rejects.toMatchObject({ status: 400 });
    await expect(owner.client.media.rename(LA, image.id, 'Mine now')).rejects.toMatchObject({ status: 404, message: MESSAGES.mediaImageNotFound });
    await expect(owner.client.media.remove(LA, image.id)).rejects.toMatchObject({ status: 404, message: MESSAGES.mediaImageNotFound });
    await expect(owner.client.media.removeTag(LA, library.tags[0]?.id ?? 0)).rejects.toMatchObject({ status: 404, message: MESSAGES.mediaTagNotFound });
    expect((await owner.client.media.list(NY)).images.find((i) => i.id === image.id)?.name).toBe('Balayage after');
  });

  it('uses an image as a staff photo and a service image; one in use cannot be deleted, and no business uses another’s', async () => {
    const photo = await owner.client.media.upload(LA, new Blob([await sampleImage('png', { hue: 320 })]), {}, { filename: 'portrait.png' });
    const [member] = await owner.client.staff.list(LA);
    if (!member) throw new Error('no staff in LA');
    const updated = await owner.client.staff.updateProperty(LA, member.id, 'photo_media_id', photo.id);
    expect(updated.photo_media_id).toBe(photo.id);
    expect(updated.photo_url).toBe(photo.renditions.find((r) => r.rendition === 'thumb')?.url);
    expect((await fetch(`${server.baseUrl}${updated.photo_url}`)).status).toBe(200);

    const catalogue = await owner.client.catalogue.list(LA);
    const service = catalogue.flatMap((c) => c.services)[0];
    if (!service) throw new Error('no service in LA');
    const withImage = await owner.client.catalogue.updateService(LA, service.id, { image_media_id: photo.id });
    expect(withImage.image_url).toContain(`/media/file/${photo.id}/thumb`);

    const used = (await owner.client.media.list(LA)).images.find((i) => i.id === photo.id);
    expect(used?.usedIn).toEqual([
      { kind: 'service', refId: service.id, name: service.name },
      { kind: 'staff', refId: member.id, name: member.display_name },
    ]);
    const before = await state();
    await expect(owner.client.media.remove(LA, photo.id)).rejects.toMatchObject({
      status: 409,
      message: mediaInUse([`Service image: ${service.name}`, `Staff photo: ${member.display_name}`]),
    });
    expect(await state()).toEqual(before);
    // The database refuses it too, whoever asks.
    await expect(server.database.db.execute(sql`delete from media where id = ${photo.id}`)).rejects.toThrow();

    // Another business's image is not one this business can use.
    const nyImage = await owner.client.media.upload(NY, new Blob([await sampleImage('jpeg')]), {}, { filename: 'ny.jpg' });
    await expect(owner.client.staff.updateProperty(LA, member.id, 'photo_media_id', nyImage.id)).rejects.toMatchObject({ status: 400, message: MESSAGES.mediaImageNotFound });
    await expect(owner.client.catalogue.updateService(LA, service.id, { image_media_id: nyImage.id })).rejects.toMatchObject({ status: 400, message: MESSAGES.mediaImageNotFound });
    await expect(owner.client.staff.updateProperty(LA, member.id, 'photo_media_id', 'seven' as never)).rejects.toMatchObject({ status: 400 });

    // Once no longer used, it can go, with its files.
    await owner.client.staff.updateProperty(LA, member.id, 'photo_media_id', null);
    await owner.client.catalogue.updateService(LA, service.id, { image_media_id: null });
    expect((await owner.client.media.list(LA)).images.find((i) => i.id === photo.id)?.usedIn).toEqual([]);
    const files = (await state()).files.length;
    await owner.client.media.remove(LA, photo.id);
    expect((await state()).files.length).toBe(files - 4);
    expect((await owner.client.media.list(LA)).images.map((i) => i.id)).not.toContain(photo.id);
    expect((await fetch(`${server.baseUrl}${photo.renditions[0]?.url}`)).status).toBe(404);
  });

  it('lets anyone of the business see the library, only those who may edit settings change it, and nobody else in', async () => {
    const manager = await signedIn(server, 'manager');
    expect((await manager.client.media.list(LA)).images.length).toBeGreaterThan(0);
    const jpeg = await sampleImage('jpeg', { width: 64, height: 64 });
    const before = await state();
    const response = await upload(LA, {}, [file('m.jpg', jpeg)], manager.jar.get(SESSION_COOKIE) ?? '');
    expect(response).toMatchObject({ status: 403, body: { message: MESSAGES.noBusinessPermission } });
    const [image] = (await manager.client.media.list(LA)).images;
    await expect(manager.client.media.rename(LA, image?.id ?? 0, 'Nope')).rejects.toMatchObject(forbidden);
    await expect(manager.client.media.remove(LA, image?.id ?? 0)).rejects.toMatchObject(forbidden);
    await expect(manager.client.media.list(NY)).rejects.toMatchObject(forbidden);
    const lotus = await signedIn(server, 'lotus');
    await expect(lotus.client.media.list(LA)).rejects.toMatchObject(forbidden);
    expect((await upload(LA, {}, [file('x.jpg', jpeg)], lotus.jar.get(SESSION_COOKIE) ?? '')).status).toBe(403);
    expect((await upload(LA, {}, [file('x.jpg', jpeg)], '')).status).toBe(401);
    // The anti-CSRF header is required, as for every change.
    const { body, contentType } = multipartBody({}, [file('x.jpg', jpeg)]);
    const noCsrf = await rawRequest(server, `/media/business/${LA}/uploader`, { method: 'POST', headers: { cookie: `${SESSION_COOKIE}=${cookie}`, 'content-type': contentType }, body });
    expect(noCsrf.status).toBe(403);
    expect(await state()).toEqual(before);
    expect(mediaEndpoints.upload.permission).toBe('setting.editsetting');
  });
});

describe('the parts of a form, counted as its delimiters say (http/upload.ts)', () => {
  it('finds the boundary of a plain form content type, and none in one it would not agree on', () => {
    expect(boundaryOf('multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxk')).toBe('----WebKitFormBoundary7MA4YWxk');
    expect(boundaryOf('Multipart/Form-Data; charset=utf-8; BOUNDARY="a b:c"; x=1;')).toBe('a b:c');
    expect(boundaryOf('multipart/form-data; boundary=----=_Part_0_1.2')).toBe('----=_Part_0_1.2');
    for (const refused of ['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=a; boundary=b', `multipart/form-data; boundary=${'b'.repeat(71)}`, 'multipart/form-data; boundary=a b', 'multipart/form-data; boundary="a\\"b"', 'multipart/form-data; boundary*=utf-8\'\'a', 'multipart/form-data; x="a;b; boundary=c"']) {
      expect(boundaryOf(refused), refused).toBeNull();
    }
  });

  it('counts every part, wherever the chunks of the body split it, and nothing after the close delimiter', () => {
    const { body, contentType } = multipartBody({ name: 'A', tags: 'b,c' }, [
      { field: 'file', filename: 'a.jpg', bytes: Buffer.from('\r\n--not-the-boundary\r\n') },
      { field: 'file', filename: 'x\r\n.png', bytes: Buffer.from('-') },
    ]);
    const boundary = boundaryOf(contentType) as string;
    const whole = Buffer.concat([Buffer.from('a preamble\r\n'), body, Buffer.from(`an epilogue\r\n--${boundary}\r\n`)]);
    for (let split = 0; split <= whole.length; split++) {
      for (const size of [1, 7]) {
        const counter = new PartCounter(boundary);
        counter.push(whole.subarray(0, split));
        for (let at = split; at < whole.length; at += size) counter.push(whole.subarray(at, at + size));
        expect(counter.parts, `split at ${split}, then chunks of ${size}`).toBe(4);
      }
    }
  });
});
