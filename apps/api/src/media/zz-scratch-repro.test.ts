import { writeFileSync } from 'node:fs';
import { CSRF_HEADER, CSRF_HEADER_VALUE, PROXY_PATH, BILLING_BUSINESS_PATH, BILLING_USER_PATH, allOperations, allBillingDests } from '@salondesk/core';
import fc from 'fast-check';
import { it } from 'vitest';
import { SESSION_COOKIE } from '../auth/sessions';
import { type GenContext, valueArb } from '../test/fuzz-arbitraries';
import { rawRequest, signedIn, startTestServer, NO_ADDRESS_LIMIT } from '../test/harness';
import { multipartBody } from '../test/multipart';
import { checkUpload } from './process';
import { HTML_PAGE, pngBomb, SVG_WITH_SCRIPT, sampleImage } from './samples';

const FILE_NAMES = ['photo.jpg', 'photo.png', 'photo.webp', 'photo.gif', 'photo', 'Photo 1.JPEG', '../../etc/passwd', '..\\..\\boot.ini', 'a\u0000.jpg', 'x\r\n.png', `${'n'.repeat(300)}.jpg`, '', ' ', '💇.png', 'photo.svg', 'index.html'];

it('repro', { timeout: 600_000 }, async () => {
  const server = await startTestServer({ demo: true, signinFailuresPerAddress: NO_ADDRESS_LIMIT });
  const routes = server.app.salondeskRoutes;
  const all: { route: any }[] = routes.flatMap((route: any) => {
    const p = route.endpoint.path;
    if (p === BILLING_BUSINESS_PATH || p === BILLING_USER_PATH) {
      const lvl = p === BILLING_BUSINESS_PATH ? 'business' : 'user';
      return [{ route }, ...allBillingDests.filter((d: any) => d.route === lvl && d.method === route.method).map(() => ({ route }))];
    }
    if (p !== PROXY_PATH) return [{ route }];
    return [{ route }, ...allOperations.filter((op) => op.method === route.method).map(() => ({ route }))];
  });
  const index = all.findIndex((t) => t.route.endpoint.upload);
  console.log('upload target index', index, 'of', all.length);
  const png = await sampleImage('png', { width: 48, height: 32 });
  const jpeg = await sampleImage('jpeg', { width: 64, height: 48, exif: true });
  const samples = [
    { filename: 'big.jpg', bytes: Buffer.concat([jpeg, Buffer.alloc(20 * 1024 * 1024)]) },
    { filename: 'photo.jpg', bytes: jpeg },
    { filename: 'logo.png', bytes: png },
    { filename: 'anim.gif', bytes: await sampleImage('gif', { width: 16, height: 16 }) },
    { filename: 'photo.webp', bytes: await sampleImage('webp', { width: 40, height: 30 }) },
    { filename: 'renamed.jpg', bytes: png },
    { filename: 'logo.svg', bytes: SVG_WITH_SCRIPT },
    { filename: 'cat.png', bytes: HTML_PAGE },
    { filename: 'bomb.png', bytes: pngBomb() },
    { filename: 'cut.jpg', bytes: jpeg.subarray(0, 300) },
    { filename: 'empty.jpg', bytes: Buffer.alloc(0) },
  ];
  const route = all[index]!.route;
  const spec = route.endpoint.upload;
  const ctx = (mutate: boolean): GenContext => ({ place: 'body', mutate, words: () => [], ids: () => [] });
  const fieldsArb = (mutate: boolean) => valueArb(route.endpoint.body, ctx(mutate));
  const [big, ...small] = samples;
  const fileArb = fc.oneof(
    { weight: 30, arbitrary: fc.constantFrom(...small) },
    { weight: 1, arbitrary: fc.constant(big!) },
    { weight: 20, arbitrary: fc.record({ filename: fc.constantFrom(...FILE_NAMES), bytes: fc.constantFrom(...small.map((s) => s.bytes)) }) },
    { weight: 10, arbitrary: fc.record({ filename: fc.oneof(fc.constantFrom(...FILE_NAMES), fc.string({ unit: 'binary', maxLength: 30 })), bytes: fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b)) }) },
  );
  const arbitrary = fc.record({
    fields: fc.oneof({ weight: 1, arbitrary: fieldsArb(false) }, { weight: 2, arbitrary: fieldsArb(true) }),
    files: fc.oneof({ weight: 8, arbitrary: fileArb.map((f) => [f]) }, { weight: 1, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.tuple(fileArb, fileArb).map((t) => [...t]) }),
    field: fc.oneof({ weight: 9, arbitrary: fc.constant(spec.field) }, { weight: 1, arbitrary: fc.constantFrom('image', 'files[]', 'FILE') }),
    json: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  });
  const owner = await signedIn(server, 'owner');
  const admin = await signedIn(server, 'admin');
  const { parseRequest } = await import('../http/validate');
  for (const who of [0, 1]) {
    const cookie = (who ? admin : owner).jar.get(SESSION_COOKIE) ?? '';
    const seed = (885612137 + index * 7919 + who) | 0;
    let i = 0;
    const reqs: { i: number; body: Buffer | string; contentType: string; refused: boolean; desc: string }[] = [];
    for (const sample of fc.sample(arbitrary, { seed, numRuns: 40 })) {
      i++;
      const raw = typeof sample.fields === 'object' && sample.fields !== null && !Array.isArray(sample.fields) ? (sample.fields as Record<string, unknown>) : {};
      const fields = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? '']));
      if (sample.json) { reqs.push({ i, body: JSON.stringify(fields), contentType: 'application/json', refused: true, desc: 'json' }); continue; }
      const files = sample.files as { filename: string; bytes: Buffer }[];
      const { body, contentType } = multipartBody(fields, files.map((f) => ({ field: sample.field, filename: f.filename, bytes: f.bytes, contentType: 'image/jpeg' })));
      const plainNames = Object.keys(fields).every((k) => /^[A-Za-z0-9_]+$/.test(k));
      const fileRefused = files.length !== 1 || sample.field !== spec.field || !(await checkUpload(files[0] ?? null)).ok;
      const arrived = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Buffer.from(v, 'utf8').toString('utf8')]));
      let fieldsRefused = false;
      if (plainNames) { try { parseRequest(route.endpoint, { params: { id: '1' }, query: {}, body: arrived }); } catch { fieldsRefused = true; } }
      reqs.push({ i, body, contentType, refused: fileRefused || fieldsRefused, desc: `${body.length}B fields=${JSON.stringify(fields).slice(0, 60)} field=${sample.field} files=${JSON.stringify(files.map((f) => [f.filename.slice(0, 20), f.bytes.length]))}` });
    }
    if (!who) continue;
    const byI = new Map(reqs.map((r) => [r.i, r]));
    const send = async (n: number, extra: Record<string, string> = {}) => {
      const r = byI.get(n)!;
      const t0 = Date.now();
      try {
        const res = await rawRequest(server, '/media/business/1/uploader', { method: 'POST', headers: { cookie: `${SESSION_COOKIE}=${cookie}`, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': r.contentType, accept: 'application/json', ...extra }, body: r.body, signal: AbortSignal.timeout(12_000) });
        console.log('  ', n, '->', res.status, Date.now() - t0, 'ms', res.text.slice(0, 80));
      } catch (e) {
        console.log('  ', n, '-> NO ANSWER', (e as Error).name, Date.now() - t0, 'ms');
      }
    };
    const exps: [string, number[], Record<string, string>][] = [
      ['18 alone', [18], {}],
      ['17,18', [17, 18], {}],
      ['16,18', [16, 18], {}],
      ['16,18 close', [16, 18], { connection: 'close' }],
      ['16,17,18', [16, 17, 18], {}],
    ];
    for (const [name, list, extra] of exps) {
      console.log('EXP', name);
      for (const n of list) await send(n, extra);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  await server.close();
});
