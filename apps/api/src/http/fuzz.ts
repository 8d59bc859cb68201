import {
  allBillingDests,
  allOperations,
  type AnyOperation,
  BILLING_BUSINESS_PATH,
  BILLING_USER_PATH,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  DASHBOARD_METRIC_COLUMNS,
  destinationSegments,
  matchOperation,
  needsCsrfHeader,
  PROXY_PATH,
  type Schema,
  STAFF_PROPERTY,
} from '@salondesk/core';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/sessions';
import { type GenContext, Raw, valueArb } from '../test/fuzz-arbitraries';
import { NO_ADDRESS_LIMIT, rawRequest, signedIn, startTestServer, type TestServer } from '../test/harness';
import { changedTables, snapshot } from '../test/snapshot';
import { multipartBody } from '../test/multipart';
import { checkUpload } from '../media/process';
import { HTML_PAGE, pngBomb, SVG_WITH_SCRIPT, sampleImage } from '../media/samples';
import type { RouteEntry } from './registry';
import { malformedQueryIssues, parseRequest } from './validate';

/**
 * The fuzzer (issue 9, item 6). Like the cross-business matrix it walks the server's own route
 * registry and every proxy operation of core, so a route added later is fuzzed without anyone
 * editing this file; no route is left out. For each route (and each operation behind the proxy),
 * requests are generated from its own zod schemas and mutated (`test/fuzz-arbitraries.ts`), sent
 * as the owner of business 1 and as the admin (public routes: anonymously), and it asserts:
 * - never a 5xx;
 * - every 4xx is the failure envelope with a non-empty message (and issues with messages); every
 *   2xx the success envelope, or for a download (an export) the file as an attachment;
 * - a request its schemas refuse is refused (4xx) and changes nothing: the business data's
 *   checksums (`test/snapshot.ts`) are the same before and after each route's refused batch, which
 *   is sent before the requests that may succeed;
 * - a GET changes nothing at all, whatever it is sent.
 *
 * `FUZZ_SEED` replays a run (the seed is printed), `FUZZ_RUNS` sets the budget per route and caller.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** How long a request may go unanswered before the fuzzer calls it a hang: far beyond any answer of a healthy server. */
const NO_ANSWER_MS = 30_000;
const LA = 1;
/** Words that free-text fields name things with, so requests reach past "unknown key". */
const WORDS: Record<string, readonly string[]> = { key: Object.values(STAFF_PROPERTY), column: DASHBOARD_METRIC_COLUMNS };

interface Caller {
  name: string;
  cookie: string | null;
  userId: number | null;
}

/** What one generated request is: its wire form, and whether its own schemas refuse it. */
interface FuzzRequest {
  method: string;
  url: string;
  body: string | Buffer | undefined;
  /** The body's type: JSON unless said (a multipart upload). */
  contentType?: string;
  refused: boolean;
}

/** A file an upload request carries (`null`: none), from real images to what must be refused. */
interface UploadSample {
  filename: string;
  bytes: Buffer;
}

/** Names a file may be sent under: plain ones of each type, and the hostile ones uploads must refuse. */
const FILE_NAMES = ['photo.jpg', 'photo.png', 'photo.webp', 'photo.gif', 'photo', 'Photo 1.JPEG', '../../etc/passwd', '..\\..\\boot.ini', 'a\u0000.jpg', 'x\r\n.png', `${'n'.repeat(300)}.jpg`, '', ' ', '💇.png', 'photo.svg', 'index.html'];

/** One thing to fuzz: a route, or an operation through its route (the proxy's, or a billing dest through the billing dispatcher). */
interface Target {
  label: string;
  route: RouteEntry;
  operation?: AnyOperation;
  /** The operations the route dispatches to (what a mutated `dest` may name). */
  operations?: readonly AnyOperation[];
}

/** The billing dests a billing route dispatches to (its level), or null for any other route. */
const billingDestsOf = (route: RouteEntry): readonly AnyOperation[] | null =>
  route.endpoint.path === BILLING_BUSINESS_PATH
    ? allBillingDests.filter((d) => d.route === 'business')
    : route.endpoint.path === BILLING_USER_PATH
      ? allBillingDests.filter((d) => d.route === 'user')
      : null;

const encodeSegment = (value: unknown): string => {
  if (value instanceof Raw) return value.text;
  const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate has no UTF-8 form: send the bytes a careless encoder would (not UTF-8).
    return [...text].map((ch) => (/[\ud800-\udfff]/.test(ch) ? `%ED%${(0xa0 + ((ch.charCodeAt(0) >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (ch.charCodeAt(0) & 0x3f)).toString(16).toUpperCase()}` : encodeURIComponent(ch))).join('');
  }
};

/** What the server will see for an encoded segment, or null when it cannot decode it. */
const decoded = (encoded: string): string | null => {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
};

const queryString = (query: Record<string, unknown>): string =>
  Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .flatMap(([k, v]) => (Array.isArray(v) && v.length > 0 ? v : [v]).map((item) => `${encodeSegment(k)}=${encodeSegment(item)}`))
    .join('&');

/** The query object the server parses from `queryString(query)` (fast-querystring: repeated keys become arrays). */
const parsedQuery = (qs: string): Record<string, unknown> | null => {
  if (malformedQueryIssues(`?${qs}`).length > 0) return null;
  const out: Record<string, unknown> = {};
  for (const field of qs ? qs.split('&') : []) {
    const [k = '', v = ''] = field.split(/=(.*)/s);
    const key = decodeURIComponent(k.replace(/\+/g, ' '));
    const value = decodeURIComponent(v.replace(/\+/g, ' '));
    const prior = out[key];
    out[key] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior, value];
  }
  return out;
};

/** Whether the schemas refuse this input, exactly as the server would decide (its own parseRequest). */
const refusedBy = (check: () => unknown): boolean => {
  try {
    check();
    return false;
  } catch {
    return true;
  }
};

/** A whole body that is not a JSON object at all: empty, broken, another type, too deep, too large. */
const deepText = (depth: number) => `{"x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
const bodyMutations = fc.constantFrom('', '{', 'null', '[]', '"x"', '42', deepText(10_000), deepText(40), JSON.stringify({ x: 'y'.repeat(1_100_000) }));

/**
 * The requests of an upload route (`upload`): multipart forms whose text fields come from the
 * body's schema (mutated as any body) and whose file is a real image, a hostile one (a PNG named
 * .jpg, an SVG with a script, HTML named .png, a decompression bomb, a file over the limit, random
 * bytes) under a plain or a hostile name (folders, `..`, NUL) — or no file, two files, or JSON.
 * Refused when its schema refuses its fields, or `checkUpload` (what the handler runs) its file.
 */
async function uploadRequestsFor(target: Target, seed: number, samples: readonly UploadSample[]): Promise<FuzzRequest[]> {
  const { route } = target;
  const spec = route.endpoint.upload as { field: string; maxBytes: number };
  const ctx = (mutate: boolean): GenContext => ({ place: 'body', mutate, words: () => [], ids: () => [] });
  const fieldsArb = (mutate: boolean) => (route.endpoint.body ? valueArb(route.endpoint.body, ctx(mutate)) : fc.constant({}));
  // The file over the limit (21 MB) is sent now and then, not as often as the small ones.
  const [big, ...small] = samples;
  const fileArb = fc.oneof(
    { weight: 30, arbitrary: fc.constantFrom(...small) },
    { weight: 1, arbitrary: fc.constant(big as UploadSample) },
    { weight: 20, arbitrary: fc.record({ filename: fc.constantFrom(...FILE_NAMES), bytes: fc.constantFrom(...small.map((s) => s.bytes)) }) },
    { weight: 10, arbitrary: fc.record({ filename: fc.oneof(fc.constantFrom(...FILE_NAMES), fc.string({ unit: 'binary', maxLength: 30 })), bytes: fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b)) }) },
  );
  const arbitrary = fc.record({
    fields: fc.oneof({ weight: 1, arbitrary: fieldsArb(false) }, { weight: 2, arbitrary: fieldsArb(true) }),
    files: fc.oneof({ weight: 8, arbitrary: fileArb.map((f) => [f]) }, { weight: 1, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.tuple(fileArb, fileArb).map((t) => [...t]) }),
    field: fc.oneof({ weight: 9, arbitrary: fc.constant(spec.field) }, { weight: 1, arbitrary: fc.constantFrom('image', 'files[]', 'FILE') }),
    json: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  });
  const path = route.endpoint.path.replace('{id}', String(LA));
  const requests: FuzzRequest[] = [];
  for (const sample of fc.sample(arbitrary, { seed, numRuns: RUNS })) {
    const raw = typeof sample.fields === 'object' && sample.fields !== null && !Array.isArray(sample.fields) ? (sample.fields as Record<string, unknown>) : {};
    const fields = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? '']));
    if (sample.json) {
      requests.push({ method: 'POST', url: path, body: JSON.stringify(fields), refused: true });
      continue;
    }
    const files: readonly UploadSample[] = sample.files;
    const { body, contentType } = multipartBody(fields, files.map((f) => ({ field: sample.field, filename: f.filename, bytes: f.bytes, contentType: 'image/jpeg' })));
    // A refused file is refused whatever the fields; a refusal of the fields is certain only when their names are plain ones a form carries as such.
    const plainNames = Object.keys(fields).every((k) => /^[A-Za-z0-9_]+$/.test(k));
    const fileRefused = files.length !== 1 || sample.field !== spec.field || !(await checkUpload(files[0] ?? null)).ok;
    // Judged on the fields as they arrive: a form is UTF-8, where a lone surrogate cannot be
    // written and goes on the wire as U+FFFD (a JSON body escapes it instead, and is refused).
    const arrived = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Buffer.from(v, 'utf8').toString('utf8')]));
    const fieldsRefused = plainNames && refusedBy(() => parseRequest(route.endpoint, { params: { id: String(LA) }, query: {}, body: arrived }));
    requests.push({ method: 'POST', url: path, body, contentType, refused: fileRefused || fieldsRefused });
  }
  return requests;
}

function requestsFor(target: Target, caller: Caller, ids: (field: string) => readonly number[], seed: number): FuzzRequest[] {
  const { route, operation } = target;
  const call = operation ?? route.endpoint;
  const method = route.method;
  const ctx = (place: GenContext['place'], mutate: boolean): GenContext => ({
    place,
    mutate,
    words: (field) => WORDS[field] ?? [],
    ids: (field) => (field === 'uid' || (field === 'id' && route.access === 'user') ? [caller.userId ?? 1] : field === 'id' && place === 'path' ? [LA] : ids(field)),
  });
  const part = (schema: Schema | undefined, place: GenContext['place'], mutate: boolean) => (schema ? valueArb(schema, ctx(place, mutate)) : fc.constant(place === 'body' ? {} : undefined));
  const request = (mutate: boolean) =>
    fc.record({
      params: part(call.params, 'path', mutate),
      query: part(call.query, 'query', mutate),
      body: part(call.body, 'body', mutate).map((b) => JSON.stringify(b ?? {})),
    });
  const arbitrary = fc.oneof(
    { weight: 1, arbitrary: request(false) },
    { weight: 3, arbitrary: request(true) },
    { weight: method === 'GET' ? 0 : 1, arbitrary: fc.tuple(request(false), bodyMutations).map(([r, body]) => ({ ...r, body })) },
  );
  return fc.sample(arbitrary, { seed, numRuns: RUNS }).map(({ params, query, body }) => {
    // A path or query is a map of names to text on the wire, whatever was generated for it as a whole.
    const asMap = (value: unknown) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
    const paramValues = asMap(params);
    const queryValues = asMap(query);
    const sentBody = method === 'GET' ? undefined : body;
    const jsonBody = (() => {
      if (sentBody === undefined) return undefined;
      try {
        return { value: JSON.parse(sentBody) as unknown };
      } catch {
        return null;
      }
    })();
    // Business and user routes get their own business or user unless the generator changed it.
    const pathParams: Record<string, string> = {};
    const segments: Record<string, string | null> = {};
    // A user-level billing route acts on the caller's own user.
    const ownId = route.endpoint.path === BILLING_USER_PATH ? (caller.userId ?? 1) : LA;
    for (const name of route.endpoint.pathParams) {
      const value = operation ? (name === 'id' ? ownId : undefined) : paramValues[name];
      pathParams[name] = encodeSegment(value ?? '');
      segments[name] = decoded(pathParams[name] as string);
    }
    const path = route.endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => pathParams[name] ?? '');
    let qs: string;
    let refused: boolean;
    if (operation) {
      const dest = operation.dest.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(paramValues[name] ?? ''));
      // The billing dispatcher's business level names the caller (`uid`); a dest's own query comes after.
      const identity = route.endpoint.path === BILLING_BUSINESS_PATH ? { uid: caller.userId ?? 1 } : {};
      qs = queryString({ ...identity, dest, ...(method === 'GET' ? queryValues : {}) });
      const seen = parsedQuery(qs);
      refused =
        !seen ||
        jsonBody === null ||
        (sentBody !== undefined && sentBody.length > 1024 * 1024) ||
        refusedBy(() => {
          const outer = parseRequest(route.endpoint, { params: segments, query: seen, body: jsonBody?.value }) as { query: { dest: string } };
          if (!destinationSegments(outer.query.dest)) throw new Error('malformed');
          // The destination the server will dispatch to (a mutated one may name another operation).
          const match = matchOperation(target.operations ?? allOperations, method, outer.query.dest);
          if (!match) throw new Error('no such destination');
          const { dest: _, uid: __, ...rest } = seen;
          parseRequest(match.operation, { params: match.params, query: rest, body: jsonBody?.value });
        });
    } else {
      qs = queryString(queryValues);
      const seen = parsedQuery(qs);
      refused =
        !seen ||
        Object.values(segments).some((s) => s === null || s === '') ||
        jsonBody === null ||
        (sentBody !== undefined && sentBody.length > 1024 * 1024) ||
        refusedBy(() => parseRequest(route.endpoint, { params: segments, query: seen, body: jsonBody?.value }));
    }
    return { method, url: qs ? `${path}?${qs}` : path, body: sentBody, refused };
  });
}

/**
 * Defines the fuzzer's test over the targets whose index is `shard` modulo `shards`: the test
 * files `fuzz-<n>.test.ts` each run one share, so the runner can spread them over its workers.
 * Every target is in exactly one share; a target's seed comes from its index in the whole list.
 */
export function fuzzEveryRoute(shard: number, shards: number): void {
describe(`fuzzing every route and proxy operation (share ${shard + 1} of ${shards})`, () => {
  let server: TestServer;
  let callers: { anonymous: Caller; owner: Caller; admin: Caller };
  const pools = new Map<string, number[]>();
  let uploadSamples: UploadSample[] = [];
  let sent = 0;
  const answered = { ok: 0, refused: 0, refusedBySchema: 0 };
  let timeInRequests = 0;
  let timeInSnapshots = 0;
  const timedSnapshot = async () => { const t0 = performance.now(); const s = await snapshot(server.database.db); timeInSnapshots += performance.now() - t0; return s; };
  const failures: string[] = [];

  beforeAll(async () => {
    // Sign-in routes are fuzzed with thousands of failed attempts from 127.0.0.1; the address limit is not under test here.
    server = await startTestServer({ demo: true, signinFailuresPerAddress: NO_ADDRESS_LIMIT });
    const as = async (username: string): Promise<Caller> => {
      const { jar, session } = await signedIn(server, username);
      return { name: username, cookie: jar.get(SESSION_COOKIE) ?? null, userId: session.user.id };
    };
    callers = { anonymous: { name: 'anonymous', cookie: null, userId: null }, owner: await as('owner'), admin: await as('admin') };
    // Ids of real rows of business 1 by field name, so generated requests reach real data.
    const idsOf = async (query: string) => (await server.database.db.execute<{ id: number }>(sql.raw(query))).rows.map((r) => r.id);
    const staff = await idsOf(`select id from staff where business_id = ${LA} order by id`);
    const settingTypes = await idsOf('select id from setting_types order by id');
    const pool: Record<string, number[]> = {
      txId: await idsOf(`select id from queue where business_id = ${LA} order by id limit 30`),
      staffId: staff,
      employeeId: staff,
      employee_id: staff,
      serviced_by: staff,
      categoryId: await idsOf(`select id from categories where business_id = ${LA} order by id`),
      category_id: await idsOf(`select id from categories where business_id = ${LA} order by id`),
      serviceId: await idsOf(`select id from services where business_id = ${LA} order by id`),
      productId: await idsOf(`select id from products where business_id = ${LA} order by id`),
      scheduleId: await idsOf(`select id from schedules where business_id = ${LA} order by id limit 40`),
      drafts: await idsOf(`select id from schedules where business_id = ${LA} and not published order by id limit 40`),
      settingTypeId: settingTypes,
      cardId: await idsOf(`select id from dashboard_cards where business_id = ${LA} order by id`),
      kpiId: await idsOf(`select id from dashboard_kpis order by id`),
      businessIds: await idsOf('select id from businesses order by id'),
      id: [...settingTypes, ...staff, ...(await idsOf(`select id from customers where business_id = ${LA} order by id limit 20`))],
      ids: await idsOf('select id from notifications order by id'),
      before: await idsOf('select id from notifications order by id'),
      questionId: await idsOf(`select id from questions_cards where business_id = ${LA} order by id`),
      slotId: await idsOf(`select id from timesheets where business_id = ${LA} order by status, id desc limit 30`),
      waiverId: await idsOf(`select id from waivers where business_id = ${LA} order by id`),
      waiver_id: await idsOf(`select id from waivers where business_id = ${LA} order by id`),
      waiver_ids: await idsOf(`select id from waivers where business_id = ${LA} order by id`),
      base_version_id: await idsOf(`select id from waiver_versions where business_id = ${LA} order by id`),
      version_id: await idsOf(`select id from waiver_versions where business_id = ${LA} order by id`),
      signatureId: await idsOf(`select id from waiver_signatures where business_id = ${LA} order by id limit 20`),
      customerId: await idsOf(`select id from customers where business_id = ${LA} order by id limit 20`),
      customer_id: await idsOf(`select id from customers where business_id = ${LA} order by id limit 20`),
      imageId: await idsOf(`select id from media where business_id = ${LA} order by id`),
      mediaId: await idsOf(`select id from media where business_id = ${LA} order by id`),
      tagId: await idsOf(`select id from media_tags where business_id = ${LA} order by id`),
      surveyId: await idsOf(`select id from surveys where business_id = ${LA} order by id`),
    };
    const png = await sampleImage('png', { width: 48, height: 32 });
    const jpeg = await sampleImage('jpeg', { width: 64, height: 48, exif: true });
    uploadSamples = [
      // First: the one over the limit (uploadRequestsFor sends it less often).
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
    for (const [field, ids] of Object.entries(pool)) pools.set(field, ids);
    console.info(`fuzz (share ${shard + 1} of ${shards}): seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${RUNS} requests per route and caller`);
  });
  afterAll(async () => {
    console.info(
      `fuzz (share ${shard + 1} of ${shards}): ${sent} requests (${answered.ok} answered 2xx, ${answered.refused} 4xx, ${answered.refusedBySchema} refused by their own schemas), seed ${SEED}; requests ${Math.round(timeInRequests)} ms, snapshots ${Math.round(timeInSnapshots)} ms`,
    );
    await server?.close();
  });

  const targets = (): Target[] =>
    server.app.salondeskRoutes.flatMap((route): Target[] => {
      const billing = billingDestsOf(route);
      if (billing) {
        // The route itself (any destination), then every billing dest of its level and method.
        const dests = billing.filter((op) => op.method === route.method);
        return [{ label: `${route.method} ${route.url}`, route }, ...dests.map((operation) => ({ label: `${route.method} billing → ${operation.dest}`, route, operation, operations: billing }))];
      }
      if (route.endpoint.path !== PROXY_PATH) return [{ label: `${route.method} ${route.url}`, route }];
      // The route itself (any destination, mostly unknown ones), then every operation behind it.
      const operations = allOperations.filter((op) => op.method === route.method);
      return [{ label: `${route.method} ${route.url}`, route }, ...operations.map((operation) => ({ label: `${route.method} io-request → ${operation.dest}`, route, operation }))];
    });

  /** Sends one request and records what is wrong with its answer. */
  async function send(target: Target, caller: Caller, request: FuzzRequest): Promise<number> {
    const t0 = performance.now();
    const shown = typeof request.body === 'string' ? request.body.slice(0, 200) : request.body ? `(multipart, ${request.body.length} bytes) ${request.body.subarray(0, 300).toString('latin1').replace(/[^\x20-\x7e]+/g, '.')}` : '';
    let response: Awaited<ReturnType<typeof rawRequest>>;
    try {
      response = await rawRequest(server, request.url, {
        method: request.method,
        headers: {
          accept: 'application/json',
          ...(caller.cookie ? { cookie: `${SESSION_COOKIE}=${caller.cookie}` } : {}),
          ...(needsCsrfHeader(target.route.endpoint) ? { [CSRF_HEADER]: CSRF_HEADER_VALUE } : {}),
          ...(request.body !== undefined ? { 'content-type': request.contentType ?? 'application/json' } : {}),
        },
        body: request.body,
        // An answer that does not come is a failure of its own, named with the request.
        signal: AbortSignal.timeout(NO_ANSWER_MS),
      });
    } catch (error) {
      failures.push(`no answer in ${NO_ANSWER_MS / 1000} s (${(error as Error).name}) ${caller.name} ${target.label}: ${request.method} ${request.url.slice(0, 200)} ${shown}`);
      return 0;
    }
    sent++;
    if (response.status < 400) answered.ok++;
    else answered.refused++;
    if (request.refused) answered.refusedBySchema++;
    timeInRequests += performance.now() - t0;
    const what = `${caller.name} ${target.label}: ${request.method} ${request.url.slice(0, 200)} ${shown} → ${response.status} ${response.text.slice(0, 200)}`;
    const body = response.body;
    if (response.status >= 500) failures.push(`5xx ${what}`);
    else if (response.status >= 400) {
      const issuesOk = (body?.issues ?? []).every((i) => Array.isArray(i.path) && typeof i.message === 'string' && i.message.trim() !== '');
      if (body?.status !== false || typeof body.message !== 'string' || body.message.trim() === '' || typeof body.code !== 'string' || !issuesOk) failures.push(`envelope ${what}`);
    } else if (target.route.endpoint.download || (target.operation as { download?: boolean } | undefined)?.download) {
      // A download (an export) answers with the file itself, never the JSON envelope.
      if (!/^attachment; filename="[A-Za-z0-9._-]+"$/.test(response.headers.get('content-disposition') ?? '')) failures.push(`download without a file ${what}`);
    } else if (body?.status !== true) failures.push(`success envelope ${what}`);
    if (request.refused && response.status < 400) failures.push(`accepted what its schema refuses ${what}`);
    return response.status;
  }

  it('never answers 5xx, always a clear 4xx, and a refused request changes nothing', { timeout: 600_000 }, async () => {
    const all = targets();
    expect(all.length).toBeGreaterThan(server.app.salondeskRoutes.length);
    for (const [index, target] of all.entries()) {
      if (index % shards !== shard) continue;
      const who =
        target.route.access === 'public' ? [callers.anonymous] : target.route.access === 'admin' ? [callers.admin] : [callers.owner, callers.admin];
      for (const caller of who) {
        // One seed per target and caller, derived from the run's seed: the same run sends the same requests.
        const seed = (SEED + index * 7919 + (caller === callers.admin ? 1 : 0)) | 0;
        const requests = target.route.endpoint.upload ? await uploadRequestsFor(target, seed, uploadSamples) : requestsFor(target, caller, (field) => pools.get(field) ?? [], seed);
        // An upload's refusals must write nothing to the media store either.
        const objects = async () => (target.route.endpoint.upload ? (await server.app.storage.store('media').list('')).length : 0);
        const before = await timedSnapshot();
        const objectsBefore = await objects();
        for (const request of requests.filter((r) => r.refused)) await send(target, caller, request);
        const afterRefused = await timedSnapshot();
        const changed = changedTables(before, afterRefused);
        if (changed.length > 0) failures.push(`refused requests changed ${changed.join(', ')}: ${caller.name} ${target.label}`);
        if ((await objects()) !== objectsBefore) failures.push(`refused uploads wrote to the media store: ${caller.name} ${target.label}`);
        for (const request of requests.filter((r) => !r.refused)) await send(target, caller, request);
      }
    }
    expect(failures.slice(0, 40), `${failures.length} failures, seed ${SEED}`).toEqual([]);
  });
});
}
