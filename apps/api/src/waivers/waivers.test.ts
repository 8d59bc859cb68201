import { createHash } from 'node:crypto';
import { fc, test } from '@fast-check/vitest';
import {
  addDays,
  type AnyExportEndpoint,
  columnHeader,
  type ExportColumn,
  createClient,
  dayInZone,
  exportPath,
  localDate,
  localDateTime,
  MESSAGES,
  WAIVER_SIGNATURE_ROUTE,
  waiverExports,
  waiverOperations,
  type WaiverSign,
} from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WAIVERS } from '../demo/seed-waivers';
import { download, readCsv, readXlsx, sheetRows } from '../test/exports';
import { cookieJarFetch, refusal, signedIn, startTestServer, type TestServer } from '../test/harness';
import { rows } from '../db/executor';

const LA = 1;
const NY = 2;
const KATHMANDU = 4;
const SYDNEY = 5;
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const STROKES: [number, number][][] = [
  [
    [10, 10],
    [50, 80],
    [120, 40],
  ],
];
const UA = 'Mozilla/5.0 (Test tablet) WaiverTest/1.0';
/** PostgreSQL's own message for a refused statement (drizzle wraps it). */
const refusedBy = async (statement: Promise<unknown>): Promise<string> => {
  try {
    await statement;
  } catch (error) {
    return String((error as { cause?: { message?: string } }).cause?.message ?? error);
  }
  throw new Error('expected the database to refuse');
};

describe('waivers (io-request waivers/…, waivertemplate, the public signing page)', () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let manager: Awaited<ReturnType<typeof signedIn>>;
  let lotus: Awaited<ReturnType<typeof signedIn>>;
  /** A client with no session, as the public page is, sending its own user agent. */
  let visitor: ReturnType<typeof createClient>;
  beforeAll(async () => {
    server = await startTestServer();
    owner = await signedIn(server, 'owner');
    manager = await signedIn(server, 'manager');
    lotus = await signedIn(server, 'lotus');
    const { fetch } = cookieJarFetch();
    visitor = createClient({
      baseURL: server.baseUrl,
      fetch: (input, init) => fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers).entries()), 'user-agent': UA } }),
    });
  });
  afterAll(() => server.close());
  const db = () => server.database.db;
  const customerOf = async (businessId: number) =>
    (await rows<{ id: number; name: string }>(db(), sql`select id, firstname || ' ' || lastname as name from customers where business_id = ${businessId} and firstname is not null order by id limit 1`))[0] as { id: number; name: string };
  const sign = (version_id: number, extra: Partial<WaiverSign> = {}): WaiverSign => ({ version_id, signed_name: 'Test Signer', strokes: STROKES, consent: true, ...extra });

  it('the demo: two waivers with two versions each, assigned, signed on the version of their day, each hash the exact text', async () => {
    const list = await owner.client.waivers.list(LA);
    expect(list.waiversEnabled).toBe(true);
    expect(list.waivers.map((w) => w.name).sort()).toEqual(DEMO_WAIVERS.map((w) => w.name).sort());
    for (const w of list.waivers) {
      expect(w.version).toBe(2);
      expect(w.services.length + w.categories.length).toBeGreaterThan(0);
      expect(w.signatures).toBeGreaterThan(0);
      const history = await owner.client.waivers.versions(LA, w.id);
      expect(history.versions.map((v) => v.version)).toEqual([2, 1]);
      for (const v of history.versions) expect(v.sha256).toBe(sha(v.template));
    }
    const bad = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from waiver_signatures g join waiver_versions v on v.id = g.version_id where g.sha256 <> v.sha256 or g.signed_at < v.published_at`,
    );
    expect(bad[0]?.n).toBe(0);
    // The last location has waivers turned off.
    expect((await lotus.client.waivers.list(SYDNEY)).waiversEnabled).toBe(false);
    expect((await owner.client.businesses.get(owner.session.user.id, LA)).info.waiversEnabled).toBe(true);
  });

  it('publishing edits makes new versions; the versions already published never change, and the database refuses an update', async () => {
    const created = await owner.client.waivers.create(LA, { name: 'Lash lift consent', template: 'Version one text.' });
    expect(created).toMatchObject({ version: 1, sha256: sha('Version one text.'), services: [], categories: [] });
    const v2 = await owner.client.waivers.updateTemplate(LA, created.id, { template: 'Version two text.', base_version_id: created.version_id });
    expect(v2.version).toBe(2);
    // An edit from the old version is stale; the same text again publishes nothing.
    expect(await refusal(owner.client.waivers.updateTemplate(LA, created.id, { template: 'Other', base_version_id: created.version_id }))).toMatchObject({
      status: 409,
      message: MESSAGES.waiverVersionChanged,
    });
    expect(await refusal(owner.client.waivers.updateTemplate(LA, created.id, { template: 'Version two text.', base_version_id: v2.version_id }))).toMatchObject({
      status: 409,
      message: MESSAGES.waiverTextUnchanged,
    });
    const history = await owner.client.waivers.versions(LA, created.id);
    expect(history.versions.map((v) => [v.version, v.template])).toEqual([
      [2, 'Version two text.'],
      [1, 'Version one text.'],
    ]);
    expect(await refusedBy(db().execute(sql`update waiver_versions set template = 'changed' where id = ${created.version_id}`))).toMatch(/cannot be changed/);
    expect(await refusedBy(db().execute(sql`update waiver_versions set published_at = now() where waiver_id = ${created.id}`))).toMatch(/cannot be changed/);
    const renamed = await owner.client.waivers.update(LA, created.id, { name: 'Lash lift and tint consent' });
    expect(renamed).toMatchObject({ name: 'Lash lift and tint consent', version: 2, template: 'Version two text.' });
  });

  test.prop(
    [
      fc.array(
        fc.oneof(
          fc.record({ kind: fc.constant('publish' as const), text: fc.string({ minLength: 1, maxLength: 40 }).filter((t) => t.trim().length > 0 && !t.includes('\u0000')) }),
          fc.record({ kind: fc.constant('stale' as const), text: fc.constant('stale edit') }),
          fc.record({ kind: fc.constant('rename' as const), text: fc.constantFrom('A', 'B waiver', 'Consent') }),
          fc.record({ kind: fc.constant('republish' as const), text: fc.constant('') }),
        ),
        { minLength: 1, maxLength: 8 },
      ),
    ],
    { numRuns: 10 },
  )('published versions are immutable under any sequence of edits', async (edits) => {
    const start = await owner.client.waivers.create(LA, { name: 'Property waiver', template: 'Start' });
    const seen = new Map<number, { version: number; template: string; sha256: string; published_at: string }>();
    const remember = async () => {
      for (const v of (await owner.client.waivers.versions(LA, start.id)).versions) {
        const before = seen.get(v.id);
        if (before) expect({ version: v.version, template: v.template, sha256: v.sha256, published_at: v.published_at }).toEqual(before);
        else seen.set(v.id, { version: v.version, template: v.template, sha256: v.sha256, published_at: v.published_at });
      }
    };
    await remember();
    let current = start;
    for (const edit of edits) {
      if (edit.kind === 'publish') {
        const answer = await owner.client.waivers.updateTemplate(LA, start.id, { template: edit.text, base_version_id: current.version_id }).catch((e: unknown) => e);
        if (current.template === edit.text) expect(answer).toMatchObject({ status: 409 });
        else {
          expect(answer).toMatchObject({ version: current.version + 1, template: edit.text, sha256: sha(edit.text) });
          current = answer as typeof current;
        }
      } else if (edit.kind === 'stale' && current.version > 1) {
        await expect(owner.client.waivers.updateTemplate(LA, start.id, { template: edit.text, base_version_id: start.version_id })).rejects.toMatchObject({ status: 409 });
      } else if (edit.kind === 'rename') {
        current = await owner.client.waivers.update(LA, start.id, { name: edit.text });
      } else if (edit.kind === 'republish') {
        await expect(owner.client.waivers.updateTemplate(LA, start.id, { template: current.template, base_version_id: current.version_id })).rejects.toMatchObject({ status: 409 });
      }
      await remember();
    }
    const numbers = [...seen.values()].map((v) => v.version).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it('a client signs on the public page; the signature keeps the version, the hash of its exact text, time, IP and user agent, and shows that version after the text changes', async () => {
    const customer = await customerOf(LA);
    const waiver = await owner.client.waivers.create(LA, { name: 'Signing test', template: '  First text, spaces kept.  ' });
    const link = await owner.client.waivers.link(LA, waiver.id, customer.id);
    expect(link.path).toBe(`/waiver/${link.token}`);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await rows<{ token_hash: string }>(db(), sql`select token_hash from waiver_links where business_id = ${LA} order by id desc limit 1`);
    expect(stored[0]?.token_hash).not.toContain(link.token);

    const page = await visitor.waivers.signingPage(link.token);
    expect(page).toMatchObject({ waiver_name: 'Signing test', customer_name: customer.name, version: 1, template: '  First text, spaces kept.  ', signed: null });
    // Bad answers change nothing.
    for (const [body, message] of [
      [{ ...sign(page.version_id), consent: false }, MESSAGES.waiverConsentRequired],
      [sign(page.version_id, { strokes: [] }), MESSAGES.waiverSignatureRequired],
      [sign(page.version_id, { signed_name: '   ' }), MESSAGES.waiverSignedNameRequired],
    ] as const) {
      const error = await refusal(visitor.waivers.sign(link.token, body as WaiverSign));
      expect(error.status).toBe(400);
      expect(JSON.stringify(error.issues)).toContain(message);
    }
    expect(await refusal(visitor.waivers.sign(link.token, sign(page.version_id, { strokes: [[[601, 10]]] })))).toMatchObject({ status: 400 });

    const signed = await visitor.waivers.sign(link.token, sign(page.version_id));
    expect(signed).toMatchObject({ version: 1, sha256: sha('  First text, spaces kept.  ') });
    expect(await refusal(visitor.waivers.sign(link.token, sign(page.version_id)))).toMatchObject({ status: 409, message: MESSAGES.waiverAlreadySigned });

    // A new version later: the signature still shows what was signed.
    await owner.client.waivers.updateTemplate(LA, waiver.id, { template: 'Second text.', base_version_id: waiver.version_id });
    const detail = await owner.client.waivers.signature(LA, signed.signature_id);
    expect(detail).toMatchObject({
      version: 1,
      current_version: 2,
      template: '  First text, spaces kept.  ',
      sha256: sha('  First text, spaces kept.  '),
      verified: true,
      customer_id: customer.id,
      signed_name: 'Test Signer',
      user_agent: UA,
      ip: '127.0.0.1',
      strokes: STROKES,
      consent: true,
    });
    expect(WAIVER_SIGNATURE_ROUTE).toContain('{signatureId}');
    const again = await visitor.waivers.signingPage(link.token);
    expect(again).toMatchObject({ version: 1, template: '  First text, spaces kept.  ', signed: { signature_id: signed.signature_id, version: 1 } });
    // The client's profile lists it.
    const ofCustomer = await owner.client.waivers.signaturesOfCustomer(LA, customer.id);
    expect(ofCustomer.signatures.map((s) => s.id)).toContain(signed.signature_id);
    // Signatures are kept too: their content cannot be changed.
    expect(await refusedBy(db().execute(sql`update waiver_signatures set signed_name = 'Someone else' where id = ${signed.signature_id}`))).toMatch(/cannot be changed/);
  });

  it('a link refuses a version that changed while reading, an expired link, a bad token, and locations with waivers off', async () => {
    const customer = await customerOf(LA);
    const waiver = await owner.client.waivers.create(LA, { name: 'Changing', template: 'One' });
    const link = await owner.client.waivers.link(LA, waiver.id, customer.id);
    const page = await visitor.waivers.signingPage(link.token);
    await owner.client.waivers.updateTemplate(LA, waiver.id, { template: 'Two', base_version_id: page.version_id });
    expect(await refusal(visitor.waivers.sign(link.token, sign(page.version_id)))).toMatchObject({ status: 409, message: MESSAGES.waiverSigningChanged });
    expect((await visitor.waivers.signingPage(link.token)).template).toBe('Two');

    await db().execute(sql`update waiver_links set expires_at = now() - interval '1 minute' where token_hash = ${sha(link.token)}`);
    expect(await refusal(visitor.waivers.signingPage(link.token))).toMatchObject({ status: 410, message: MESSAGES.waiverLinkExpired });
    expect(await refusal(visitor.waivers.signingPage('x'.repeat(43)))).toMatchObject({ status: 404, message: MESSAGES.waiverLinkNotValid });
    expect(await refusal(visitor.waivers.signingPage('short'))).toMatchObject({ status: 400 });

    const sydney = await lotus.client.waivers.list(SYDNEY);
    const sydneyCustomer = await customerOf(SYDNEY);
    expect(await refusal(lotus.client.waivers.link(SYDNEY, sydney.waivers[0]?.id as number, sydneyCustomer.id))).toMatchObject({ status: 409, message: MESSAGES.waiversDisabled });
    await lotus.client.waivers.updateSettings(SYDNEY, { waiversEnabled: true });
    const sydneyLink = await lotus.client.waivers.link(SYDNEY, sydney.waivers[0]?.id as number, sydneyCustomer.id);
    await lotus.client.waivers.updateSettings(SYDNEY, { waiversEnabled: false });
    expect(await refusal(visitor.waivers.signingPage(sydneyLink.token))).toMatchObject({ status: 409, message: MESSAGES.waiversDisabled });
    // A client of another location cannot get a link here.
    expect(await refusal(owner.client.waivers.link(LA, waiver.id, sydneyCustomer.id))).toMatchObject({ status: 400 });
  });

  it('assigns waivers to services and categories of the location only', async () => {
    const [service] = await rows<{ id: number; category_id: number }>(db(), sql`select id, category_id from services where business_id = ${LA} and deleted_at is null order by id limit 1`);
    const [foreign] = await rows<{ id: number; category_id: number }>(db(), sql`select id, category_id from services where business_id = ${NY} order by id limit 1`);
    const waiver = await owner.client.waivers.create(LA, { name: 'Assigned', template: 'Text', services: [service!.id], categories: [service!.category_id] });
    expect(waiver).toMatchObject({ services: [service!.id], categories: [service!.category_id] });
    expect((await owner.client.waivers.serviceWaivers(LA, service!.id)).waiver_ids).toContain(waiver.id);
    expect((await owner.client.waivers.categoryWaivers(LA, service!.category_id)).waiver_ids).toContain(waiver.id);
    const cleared = await owner.client.waivers.updateServiceWaivers(LA, service!.id, []);
    expect(cleared.waiver_ids).toEqual([]);
    expect((await owner.client.waivers.updateCategoryWaivers(LA, service!.category_id, [waiver.id, waiver.id])).waiver_ids).toContain(waiver.id);
    // Another location's service, category or waiver: refused, nothing changed.
    expect(await refusal(owner.client.waivers.serviceWaivers(LA, foreign!.id))).toMatchObject({ status: 404 });
    expect(await refusal(owner.client.waivers.updateCategoryWaivers(LA, foreign!.category_id, [waiver.id]))).toMatchObject({ status: 404 });
    const nyWaiver = (await owner.client.waivers.list(NY)).waivers[0]!;
    expect(await refusal(owner.client.waivers.updateServiceWaivers(LA, service!.id, [nyWaiver.id]))).toMatchObject({ status: 400, message: MESSAGES.invalidRequest });
    expect(await refusal(owner.client.waivers.create(LA, { name: 'X', template: 'Y', services: [foreign!.id] }))).toMatchObject({ status: 400 });
    expect((await owner.client.waivers.serviceWaivers(LA, service!.id)).waiver_ids).toEqual([]);
    // A deleted waiver leaves its assignments and lists, and keeps its signatures.
    await owner.client.waivers.remove(LA, waiver.id);
    expect((await owner.client.waivers.categoryWaivers(LA, service!.category_id)).waiver_ids).not.toContain(waiver.id);
    expect((await owner.client.waivers.list(LA)).waivers.map((w) => w.id)).not.toContain(waiver.id);
    expect(await refusal(owner.client.waivers.update(LA, waiver.id, { name: 'Back' }))).toMatchObject({ status: 404, message: MESSAGES.waiverNotFound });
  });

  it('copies a waiver to locations of the network the user may see, never to another network', async () => {
    const source = (await owner.client.waivers.list(LA)).waivers[0]!;
    const { copies } = await owner.client.waivers.copy(LA, source.id, [NY, LA]);
    expect(copies.map((c) => c.business_id)).toEqual([NY, LA]);
    const ny = await owner.client.waivers.list(NY);
    const copy = ny.waivers.find((w) => w.id === copies[0]?.waiver_id);
    expect(copy).toMatchObject({ name: source.name, version: 1, template: source.template, signatures: 0 });
    expect((await owner.client.waivers.list(LA)).waivers.some((w) => w.name === `Copy of ${source.name}`)).toBe(true);
    const before = await rows<{ n: number }>(db(), sql`select count(*)::int as n from waivers`);
    expect(await refusal(owner.client.waivers.copy(LA, source.id, [NY, KATHMANDU]))).toMatchObject({ status: 403, message: MESSAGES.waiverCopyNotAllowed });
    expect(await rows<{ n: number }>(db(), sql`select count(*)::int as n from waivers`)).toEqual(before);
    expect(await refusal(owner.client.waivers.copy(LA, source.id, []))).toMatchObject({ status: 400 });
  });

  it('the report lists who signed what and who must sign before an upcoming appointment; get-info pages the signatures', async () => {
    const today = dayInZone(new Date(), 'America/Los_Angeles');
    const report = await owner.client.waivers.report(LA, { start: addDays(today, -300), end: addDays(today, 30) });
    expect(report.signed.length).toBeGreaterThan(0);
    expect(report.summary.reduce((n, s) => n + s.signatures, 0)).toBe(report.signed.length);
    expect(report.due.length).toBeGreaterThan(0);
    for (const due of report.due) {
      expect(Date.parse(due.starts_at)).toBeGreaterThan(Date.now() - 60_000);
      expect(due.signed_version === null || due.signed_version < due.version).toBe(true);
    }
    // A client signs the current version: they are no longer due for that waiver.
    const first = report.due[0]!;
    const link = await owner.client.waivers.link(LA, first.waiver_id, first.customer_id);
    const page = await visitor.waivers.signingPage(link.token);
    await visitor.waivers.sign(link.token, sign(page.version_id));
    const after = await owner.client.waivers.report(LA, { start: addDays(today, -300), end: addDays(today, 30) });
    expect(after.due.filter((d) => d.customer_id === first.customer_id && d.waiver_id === first.waiver_id)).toEqual([]);

    const range = { start: addDays(today, -300), end: addDays(today, 1) };
    const one = await owner.client.waivers.info(LA, { ...range, page: 1, limit: 5 });
    const two = await owner.client.waivers.info(LA, { ...range, page: 2, limit: 5 });
    expect(one.total).toBeGreaterThan(5);
    expect(one.rows).toHaveLength(5);
    expect(new Set([...one.rows, ...two.rows].map((r) => r.id)).size).toBe(one.rows.length + two.rows.length);
    const byWaiver = await owner.client.waivers.info(LA, { ...range, waiver_id: first.waiver_id });
    expect(byWaiver.rows.every((r) => r.waiver_id === first.waiver_id)).toBe(true);
    expect(await refusal(owner.client.waivers.info(LA, { start: today, end: addDays(today, -1) }))).toMatchObject({ status: 400 });
    expect(await refusal(owner.client.waivers.info(LA, { ...range, limit: 101 }))).toMatchObject({ status: 400 });
  });

  it('needs the permissions: customer to read and send links, settings to change; never another business', async () => {
    // The manager has neither `customer` nor `setting.editsetting`.
    expect(await refusal(manager.client.waivers.list(LA))).toMatchObject({ status: 403, message: MESSAGES.noBusinessPermission });
    expect(await refusal(manager.client.waivers.create(LA, { name: 'N', template: 'T' }))).toMatchObject({ status: 403 });
    // Lotus's owner may not see the Luxe locations, nor their signatures by id.
    expect(await refusal(lotus.client.waivers.list(LA))).toMatchObject({ status: 403 });
    const [signature] = await rows<{ id: number }>(db(), sql`select id from waiver_signatures where business_id = ${LA} limit 1`);
    expect(await refusal(lotus.client.waivers.signature(KATHMANDU, signature!.id))).toMatchObject({ status: 404, message: MESSAGES.waiverSignatureNotFound });
    const laCustomer = await customerOf(LA);
    expect(await refusal(lotus.client.waivers.signaturesOfCustomer(KATHMANDU, laCustomer.id))).toMatchObject({ status: 404 });
    const laWaiver = (await owner.client.waivers.list(LA)).waivers[0]!;
    expect(await refusal(lotus.client.waivers.versions(KATHMANDU, laWaiver.id))).toMatchObject({ status: 404 });
    expect(await refusal(lotus.client.proxy.call(waiverOperations.updateTemplate, KATHMANDU, { params: { waiverId: laWaiver.id }, body: { template: 'hijack', base_version_id: laWaiver.version_id } }))).toMatchObject({ status: 404 });
    expect((await owner.client.waivers.versions(LA, laWaiver.id)).versions[0]?.template).toBe(laWaiver.template);
    // Messages as the spec writes them.
    expect(waiverOperations.list.errorMessage).toBe('Failed to fetch waivers!');
    expect(waiverOperations.create.errorMessage).toBe('Failed to create, modify, update or delete waiver!');
  });
  describe('exports (CSV, XLSX): every row, made on the server', () => {
    const LA_CONTEXT = { currency: 'USD', currencySymbol: '$', timeZone: 'America/Los_Angeles' };
    const file = (endpoint: AnyExportEndpoint, query: Record<string, string | number | undefined>, as = owner, businessId = LA) =>
      download(server, exportPath(endpoint, { params: { id: businessId }, query: query as { format: 'csv' } }), as.jar);
    const csv = async (endpoint: AnyExportEndpoint, query: Record<string, string | number | undefined>) => {
      const got = await file(endpoint, { format: 'csv', ...query });
      expect(got.status, got.body.toString('utf8').slice(0, 200)).toBe(200);
      const lines = await readCsv(got.body);
      expect(lines[0]).toEqual(endpoint.columns.map((c: ExportColumn) => columnHeader(c, LA_CONTEXT)));
      return lines.slice(1);
    };
    const today = () => dayInZone(new Date(), 'America/Los_Angeles');
    let waiver: { id: number; version_id: number; name: string };
    let serviceName: string;

    beforeAll(async () => {
      const [service] = await rows<{ id: number; name: string }>(db(), sql`select id, name from services where business_id = ${LA} and deleted_at is null order by id limit 1`);
      serviceName = service!.name;
      const created = await owner.client.waivers.create(LA, { name: 'Zz export waiver', template: 'Exported text.', services: [service!.id] });
      waiver = { id: created.id, version_id: created.version_id, name: created.name };
    });

    it('the waivers list: each live waiver as the list shows it, where it is assigned by name, published in the business’s time zone', async () => {
      const list = (await owner.client.waivers.list(LA)).waivers;
      const lines = await csv(waiverExports.waivers, {});
      expect(lines.map((l) => l[0])).toEqual(list.map((w) => w.name));
      const mine = lines.find((l) => l[0] === waiver.name)!;
      const shown = list.find((w) => w.id === waiver.id)!;
      expect(mine).toEqual(['Zz export waiver', '1', localDateTime(shown.published_at, 'America/Los_Angeles'), serviceName, '', '0']);
      const sheet = sheetRows(await readXlsx((await file(waiverExports.waivers, { format: 'xlsx' })).body));
      const row = sheet.find((r) => r[0] === waiver.name)!;
      expect(row[1]).toBe(1);
      expect(row[2]).toEqual(localDate(shown.published_at, 'America/Los_Angeles'));
    });

    it('who must sign before an appointment: every upcoming appointment of the range, past the report’s cap, in its order', { timeout: 120_000 }, async () => {
      const range = { start: today(), end: addDays(today(), 35) };
      const before = await owner.client.waivers.report(LA, range);
      expect(before.truncated).toBe(false);
      // 2,100 more appointments of the waiver's service, three at each start (ties broken by id), for clients who never signed it.
      await db().execute(sql`
        insert into appointments (business_id, staff_id, service_id, customer_name, customer_id, starts_at, duration_minutes)
        select ${LA}, (select id from staff where business_id = ${LA} order by id limit 1), s.id, 'Export', c.ids[1 + g % array_length(c.ids, 1)],
               now() + interval '2 hours' + (g / 3) * interval '55 minutes', 30
          from generate_series(0, 2099) g,
               (select array(select id from customers where business_id = ${LA} and erased_at is null and merged_into_id is null order by id limit 40) as ids) c,
               (select service_id as id from waiver_services where waiver_id = ${waiver.id}) s`);
      const report = await owner.client.waivers.report(LA, range);
      expect(report.truncated).toBe(true);
      const lines = await csv(waiverExports.due, { ...range });
      expect(lines.length).toBe(before.due.length + 2100);
      // The report's rows are the file's first, in the same order.
      const key = (client: string, at: string, waiverName: string) => `${client}|${at}|${waiverName}`;
      expect(lines.slice(0, report.due.length).map((l) => key(l[0]!, l[1]!, l[4]!))).toEqual(
        report.due.map((d) => key(d.customer_name, localDateTime(d.starts_at, 'America/Los_Angeles'), d.waiver_name)),
      );
      const ours = lines.filter((l) => l[4] === waiver.name);
      expect(ours.length).toBeGreaterThanOrEqual(2100);
      for (const l of ours) expect([l[3], l[5], l[6]]).toEqual([serviceName, '', '1']);
      // Appointments by start; the day is the business's.
      const starts = lines.map((l) => l[1]!);
      expect(starts).toEqual([...starts].sort());
      for (const l of lines) expect(l[2]).toBe(l[1]!.slice(0, 10));
      // A range already over has nobody left to sign.
      expect(await csv(waiverExports.due, { start: addDays(today(), -30), end: addDays(today(), -1) })).toEqual([]);
    });

    it('the signatures of a range (of one waiver): every one, in get-info’s order, past a page', { timeout: 120_000 }, async () => {
      // 2,100 signatures of the waiver, three at each moment (ties broken by id), over the last days.
      await db().execute(sql`
        insert into waiver_signatures (business_id, waiver_id, version_id, customer_id, customer_name, signed_name, strokes, consent, sha256, signed_at, ip, user_agent)
        select ${LA}, ${waiver.id}, ${waiver.version_id}, null, 'Signer ' || g, 'Typed ' || g, '[[[1,1],[2,2]]]'::jsonb, true, v.sha256,
               now() - interval '1 hour' - (g / 3) * interval '2 minutes', '127.0.0.1', 'export test'
          from generate_series(0, 2099) g, waiver_versions v where v.id = ${waiver.version_id}`);
      const range = { start: addDays(today(), -7), end: today() };
      const listed: Awaited<ReturnType<typeof owner.client.waivers.info>>['rows'] = [];
      for (let page = 1; ; page++) {
        const got = await owner.client.waivers.info(LA, { ...range, waiver_id: waiver.id, page, limit: 100 });
        listed.push(...got.rows);
        if (listed.length >= got.total) break;
      }
      expect(listed.length).toBe(2100);
      const lines = await csv(waiverExports.signatures, { ...range, waiver_id: waiver.id });
      expect(lines.map((l) => Number(l[0]))).toEqual(listed.map((s) => s.id));
      const first = listed[0]!;
      expect(lines[0]).toEqual([String(first.id), first.customer_name, waiver.name, '1', '1', localDateTime(first.signed_at, 'America/Los_Angeles'), first.signed_name, first.sha256]);
      // Without the waiver: the range's signatures of every waiver, as many as get-info counts.
      const all = await owner.client.waivers.info(LA, { ...range, page: 1, limit: 1 });
      expect((await csv(waiverExports.signatures, range)).length).toBe(all.total);
      // XLSX: numbers as numbers, the moment as the business's wall-clock time.
      const sheet = sheetRows(await readXlsx((await file(waiverExports.signatures, { format: 'xlsx', ...range, waiver_id: waiver.id })).body));
      expect(sheet.length - 1).toBe(2100);
      expect(sheet[1]?.[0]).toBe(first.id);
      expect(sheet[1]?.[5]).toEqual(localDate(first.signed_at, 'America/Los_Angeles'));
    });

    it('refuses bad input with a 400, a user without `customer` with a 403, another business with a 403 or 404', async () => {
      const range = { start: addDays(today(), -7), end: today() };
      for (const query of [
        { format: 'pdf', ...range },
        { format: 'csv', start: today(), end: addDays(today(), -1) },
        { format: 'csv', start: addDays(today(), -400), end: today() },
        { format: 'csv', start: 'yesterday', end: today() },
        { format: 'csv', ...range, waiver_id: 'abc' },
        { format: 'csv', end: today() },
      ]) {
        for (const endpoint of 'waiver_id' in query ? [waiverExports.signatures] : [waiverExports.signatures, waiverExports.due]) {
          const got = await file(endpoint, query);
          expect(got.status, `${endpoint.report} ${JSON.stringify(query)}`).toBe(400);
          expect(JSON.parse(got.body.toString('utf8'))).toMatchObject({ status: false });
        }
      }
      expect((await file(waiverExports.waivers, { format: 'doc' })).status).toBe(400);
      // Another location's waiver is not found.
      const [other] = await rows<{ id: number }>(db(), sql`select id from waivers where business_id <> ${LA} order by id limit 1`);
      expect((await file(waiverExports.signatures, { format: 'csv', ...range, waiver_id: other!.id })).status).toBe(404);
      // The manager has no `customer`; Lotus's owner may not see Luxe Los Angeles.
      for (const endpoint of Object.values(waiverExports)) {
        const query = endpoint === waiverExports.waivers ? { format: 'csv' } : { format: 'csv', ...range };
        const refused = await file(endpoint, query, manager);
        expect(refused.status, endpoint.report).toBe(403);
        expect(JSON.parse(refused.body.toString('utf8'))).toMatchObject({ status: false, message: MESSAGES.noBusinessPermission });
        expect([403, 404]).toContain((await file(endpoint, query, lotus)).status);
        expect(refused.body.toString('utf8')).not.toContain(waiver.name);
      }
    });
  });
});
