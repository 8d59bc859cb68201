import { columnHeader, exportPath, localDateTime, MESSAGES, operations, segmentConditions, segmentExports, type SegmentQuery } from '@salondesk/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../catalogue/schema';
import { customers } from '../customers/schema';
import { DEMO_SEGMENTS } from '../demo/seed-segments';
import { download, readCsv } from '../test/exports';
import { refusal, signedIn, startTestServer, type TestServer } from '../test/harness';
import { segmentMemberCount, segmentMembers } from './members';
import { customerSegmentEditors, customerSegments } from './schema';

const LA = 1;
const NY = 2;
const LOTUS = 4;

const tree = (...children: SegmentQuery['children']): SegmentQuery => ({ type: 'group', match: 'all', children });
const hasEmail = { type: 'condition' as const, kind: 'hasEmail' as const };

describe('customer segments (io-request)', () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let manager: Awaited<ReturnType<typeof signedIn>>;
  let lotus: Awaited<ReturnType<typeof signedIn>>;
  const rows = async () => (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(customerSegments))[0]?.n ?? 0;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await signedIn(server, 'owner');
    manager = await signedIn(server, 'manager');
    lotus = await signedIn(server, 'lotus');
  });
  afterAll(() => server.close());

  it('adds, lists, reads, updates and deletes a segment; its count is what segmentMembers gives', async () => {
    const s = owner.client.segments;
    const created = await s.create(LA, { name: 'Emailable', description: 'Has an email', query_parameters: tree(hasEmail) });
    expect(created).toMatchObject({ name: 'Emailable', businessId: LA, businessList: [LA], editors: [], canEdit: true, last_searched: null });
    expect((await s.list(LA)).map((x) => x.id)).toContain(created.id);
    expect(await s.get(LA, created.id)).toEqual(created);

    const members = await segmentMembers(server.database.db, LA, created.id);
    const withEmail = await server.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.business_id, LA), sql`coalesce(${customers.email}, '') <> ''`, sql`${customers.erased_at} is null`, sql`${customers.merged_into_id} is null`));
    expect(members).toEqual(withEmail.map((r) => r.id).sort((a, b) => a - b));
    expect(members.length).toBeGreaterThan(0);
    const counted = await s.count(LA, { query_parameters: created.query_parameters });
    expect(counted.count).toBe(members.length);
    expect(counted.sample.length).toBe(Math.min(5, members.length));

    const none = tree({ type: 'condition', kind: 'noEmail' });
    const updated = await s.update(LA, created.id, { name: 'No email', query_parameters: none });
    expect(updated).toMatchObject({ name: 'No email', query_parameters: none });
    expect(await segmentMemberCount(server.database.db, LA, created.id)).toBe((await s.count(LA, { query_parameters: none })).count);

    await s.remove(LA, created.id);
    expect((await refusal(s.get(LA, created.id))).status).toBe(404);
  });

  it('the demo has its five segments in every location, each counted from its own tree', async () => {
    for (const business of [LA, NY]) {
      const list = await owner.client.segments.list(business);
      expect(list.map((x) => x.name)).toEqual(expect.arrayContaining([...DEMO_SEGMENTS]));
      for (const demo of list.filter((x) => (DEMO_SEGMENTS as readonly string[]).includes(x.name))) {
        const { count } = await owner.client.segments.count(business, { query_parameters: demo.query_parameters, segmentId: demo.id });
        expect(count, demo.name).toBe((await segmentMembers(server.database.db, business, demo.id)).length);
      }
    }
  });

  it('nests groups and the count follows the tree', async () => {
    const s = owner.client.segments;
    const all = (await s.count(LA, { query_parameters: tree() })).count;
    const visited = (await s.count(LA, { query_parameters: tree({ type: 'condition', kind: 'visits', op: 'gte', value: 1 }) })).count;
    const never = (await s.count(LA, { query_parameters: tree({ type: 'condition', kind: 'neverVisited' }) })).count;
    expect(visited + never).toBe(all);
    const nested = await s.count(LA, {
      query_parameters: { type: 'group', match: 'any', children: [{ type: 'group', match: 'none', children: [{ type: 'condition', kind: 'neverVisited' }] }, { type: 'condition', kind: 'neverVisited' }] },
    });
    expect(nested.count).toBe(all);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const s = owner.client.segments;
    const before = await rows();
    const bad: [unknown, string][] = [
      [{ name: '   ', query_parameters: tree() }, MESSAGES.segmentNameRequired],
      [{ name: 'X', query_parameters: tree({ type: 'condition', kind: 'visits' }) }, MESSAGES.segmentConditionIncomplete],
      [{ name: 'X', query_parameters: tree({ type: 'condition', kind: 'teleported' } as never) }, MESSAGES.segmentUnknownCondition],
      [{ name: 'X', query_parameters: tree({ type: 'condition', kind: 'lastVisitBetween', from: '2026-02-01', to: '2026-01-01' }) }, MESSAGES.segmentRangeBackwards],
      [{ name: 'X', query_parameters: tree({ type: 'condition', kind: 'boughtService', ids: [] }) }, MESSAGES.segmentChooseOne],
      [{ name: 'X', query_parameters: tree({ type: 'condition', kind: 'inSegment', segmentId: 999_999 }) }, MESSAGES.segmentReferenceMissing],
      [{ name: 'X', query_parameters: tree(), businessList: [LOTUS] }, MESSAGES.segmentLocationNotAllowed],
    ];
    let deep: SegmentQuery = tree(hasEmail);
    for (let i = 0; i < 5; i++) deep = tree(deep);
    bad.push([{ name: 'X', query_parameters: deep }, MESSAGES.segmentTooDeep]);
    for (const [body, message] of bad) {
      const error = await refusal(owner.client.proxy.call(operations.segments.add, LA, { body: body as never }));
      expect(error.status, JSON.stringify(body)).toBe(400);
      expect([error.message, ...(error.issues ?? []).map((i) => i.message)], JSON.stringify(body)).toContain(message);
    }
    // A service of New York named in a Los Angeles segment.
    const [nyService] = await server.database.db.select({ id: services.id }).from(services).where(eq(services.business_id, NY)).limit(1);
    const foreign = await refusal(s.create(LA, { name: 'X', query_parameters: tree({ type: 'condition', kind: 'boughtService', ids: [nyService?.id as number] }) }));
    expect(foreign.issues?.[0]?.message).toBe(MESSAGES.segmentUnknownItem);
    expect(await rows()).toBe(before);

    await s.create(LA, { name: 'Twice', query_parameters: tree() });
    const twice = await refusal(s.create(LA, { name: 'twice ', query_parameters: tree() }));
    expect(twice).toMatchObject({ status: 409, message: MESSAGES.segmentNameTaken });
  });

  it('lets only editors and users with customer change a segment; only customer adds, copies and names editors', async () => {
    const s = owner.client.segments;
    const managerId = manager.session.user.id;
    const theirs = await s.create(LA, { name: 'Manager edits', query_parameters: tree(hasEmail), editors: [managerId] });
    const other = await s.create(LA, { name: 'Owner only', query_parameters: tree(hasEmail) });

    // The manager has no `customer`: sees and changes only the segment they edit.
    // (The demo makes them the editor of "Lapsed 90 days" too.)
    const listed = (await manager.client.segments.list(LA)).map((x) => x.name);
    expect(listed).toContain('Manager edits');
    expect(listed).not.toContain('Owner only');
    expect((await manager.client.segments.list(LA)).every((x) => x.editors.includes(managerId))).toBe(true);
    expect((await refusal(manager.client.segments.get(LA, other.id))).status).toBe(404);
    expect(await manager.client.segments.update(LA, theirs.id, { description: 'by the manager' })).toMatchObject({ description: 'by the manager', canEdit: true });
    expect((await refusal(manager.client.segments.update(LA, other.id, { description: 'no' }))).status).toBe(404);
    expect((await refusal(manager.client.segments.create(LA, { name: 'Nope', query_parameters: tree() }))).status).toBe(403);
    const denied = await refusal(manager.client.segments.setEditors(LA, { changes: [{ segmentId: other.id, userId: managerId, canEdit: true }] }));
    expect(denied.status).toBe(403);
    expect((await refusal(manager.client.segments.count(LA, { query_parameters: tree() }))).status).toBe(403);
    expect((await manager.client.segments.count(LA, { query_parameters: tree(), segmentId: theirs.id })).count).toBeGreaterThan(0);

    // Another network's owner reaches nothing here.
    expect((await refusal(lotus.client.segments.list(LA))).status).toBe(403);
    expect((await refusal(lotus.client.segments.setEditors(LA, { changes: [{ segmentId: other.id, userId: lotus.session.user.id, canEdit: true }] }))).status).toBe(403);

    // Bulk: the manager loses one, gains the other; someone who cannot see the location cannot be named.
    const result = await s.setEditors(LA, {
      changes: [
        { segmentId: theirs.id, userId: managerId, canEdit: false },
        { segmentId: other.id, userId: managerId, canEdit: true },
      ],
    });
    expect(result.segments).toEqual([
      { id: theirs.id, editors: [] },
      { id: other.id, editors: [managerId] },
    ]);
    const after = (await manager.client.segments.list(LA)).map((x) => x.id);
    expect(after).toContain(other.id);
    expect(after).not.toContain(theirs.id);
    const stranger = await refusal(s.setEditors(LA, { changes: [{ segmentId: other.id, userId: lotus.session.user.id, canEdit: true }] }));
    expect(stranger.status).toBe(400);
    const editors = await server.database.db.select().from(customerSegmentEditors).where(eq(customerSegmentEditors.segment_id, other.id));
    expect(editors.map((e) => e.user_id)).toEqual([managerId]);
    expect((await s.editorCandidates(LA)).map((c) => c.id)).toContain(managerId);
  });

  it('copies a segment to other locations of the network, its services mapped by name, and never outside it', async () => {
    const s = owner.client.segments;
    const [laCut] = await server.database.db.select().from(services).where(eq(services.business_id, LA)).limit(1);
    const [nyCut] = await server.database.db
      .select()
      .from(services)
      .where(and(eq(services.business_id, NY), eq(services.name, laCut?.name as string)));
    const source = await s.create(LA, { name: 'Had the first service', query_parameters: tree({ type: 'condition', kind: 'boughtService', ids: [laCut?.id as number] }) });
    const { copies } = await s.copy(LA, source.id, [NY]);
    expect(copies).toHaveLength(1);
    const copy = await s.get(NY, copies[0]?.segmentId as number);
    expect(copy).toMatchObject({ name: source.name, businessId: NY, businessList: [NY] });
    expect(copy.query_parameters.children[0]).toMatchObject({ ids: [nyCut?.id] });
    // Again: the name is taken there, so the second copy is numbered.
    const again = await s.copy(LA, source.id, [NY]);
    expect((await s.get(NY, again.copies[0]?.segmentId as number)).name).toBe(`${source.name} (2)`);
    const before = await rows();
    expect((await refusal(s.copy(LA, source.id, [LOTUS]))).status).toBe(400);
    expect(await rows()).toBe(before);
  });

  it('includes segments in segments, refuses a cycle and keeps an included segment from being deleted', async () => {
    const s = owner.client.segments;
    const inner = await s.create(LA, { name: 'Inner', query_parameters: tree(hasEmail) });
    const outer = await s.create(LA, { name: 'Outer', query_parameters: tree({ type: 'condition', kind: 'inSegment', segmentId: inner.id }) });
    expect((await s.count(LA, { query_parameters: outer.query_parameters })).count).toBe((await s.count(LA, { query_parameters: inner.query_parameters })).count);
    const cycle = await refusal(s.update(LA, inner.id, { query_parameters: tree({ type: 'condition', kind: 'notInSegment', segmentId: outer.id }) }));
    expect(cycle.issues?.[0]?.message).toBe(MESSAGES.segmentReferenceCycle);
    expect(await refusal(s.remove(LA, inner.id))).toMatchObject({ status: 409, message: MESSAGES.segmentInUse });
    await s.remove(LA, outer.id);
    await s.remove(LA, inner.id);
  });

  it('updates the cache only with both ids and a value, keeping the server count', async () => {
    const s = owner.client.segments;
    const segment = await s.create(LA, { name: 'Cached', query_parameters: tree(hasEmail) });
    for (const body of [{ segmentId: segment.id, businessId: LA }, { businessId: LA, value: 3 }, { segmentId: segment.id, value: 3 }]) {
      expect((await refusal(owner.client.proxy.call(operations.segments.updateCache, LA, { body: body as never }))).status).toBe(400);
    }
    const mismatch = await refusal(s.updateCache(LA, { segmentId: segment.id, businessId: NY, value: 3 }));
    expect(mismatch.issues?.map((i) => i.message), JSON.stringify(mismatch.issues)).toEqual([MESSAGES.segmentCacheMismatch]);
    const cached = await s.updateCache(LA, { segmentId: segment.id, businessId: LA, value: 0 });
    expect(cached.last_searched).toMatchObject({ businessId: LA, count: await segmentMemberCount(server.database.db, LA, segment.id) });
  });
  it('exports the segments each user sees, with members counted now, the count last kept, locations and editors by name', async () => {
    const e = segmentExports.segments;
    const db = server.database.db;
    const file = (as: typeof owner, query: Record<string, string> = { format: 'csv' }) => download(server, exportPath(e, { params: { id: LA }, query: query as { format: 'csv' } }), as.jar);
    const csv = async (as: typeof owner) => {
      const got = await file(as);
      expect(got.status, got.body.toString('utf8').slice(0, 200)).toBe(200);
      const lines = await readCsv(got.body);
      expect(lines[0]).toEqual(e.columns.map((c) => columnHeader(c, { currency: 'USD', currencySymbol: '$', timeZone: 'America/Los_Angeles' })));
      return lines.slice(1);
    };
    await owner.client.segments.create(LA, { name: 'Both coasts', description: 'LA and NY', query_parameters: tree(hasEmail), businessList: [LA, NY] });

    // The owner sees every segment; each row as the list has it, its members counted by the statement campaigns use.
    const listed = await owner.client.segments.list(LA);
    const lines = await csv(owner);
    expect(lines.map((l) => l[0])).toEqual(listed.map((x) => x.name));
    for (const [i, x] of listed.entries()) {
      const line = lines[i]!;
      expect(line.slice(1, 4)).toEqual([x.description, String(segmentConditions(x.query_parameters).length), String(await segmentMemberCount(db, LA, x.id))]);
      expect(line.slice(4, 6)).toEqual(x.last_searched ? [String(x.last_searched.count), localDateTime(x.last_searched.at, 'America/Los_Angeles')] : ['', '']);
    }
    const line = (name: string) => lines.find((l) => l[0] === name)!;
    expect(line('Both coasts')[6]).toBe('Luxe Los Angeles, Luxe New York');
    expect(line('Owner only')[7]).toBe(manager.session.user.fullname);
    expect(line('Cached')[4]).not.toBe('');

    // The manager (no `customer`, no campaigns) exports only the segments they edit, as their list shows.
    const theirs = await manager.client.segments.list(LA);
    expect(theirs.length).toBeLessThan(listed.length);
    expect((await csv(manager)).map((l) => l[0])).toEqual(theirs.map((x) => x.name));
    expect((await csv(manager)).map((l) => l[0])).not.toContain('Both coasts');

    expect((await file(owner, { format: 'txt' })).status).toBe(400);
    expect((await file(owner, {})).status).toBe(400);
    const refused = await file(lotus);
    expect(refused.status).toBe(403);
    expect(refused.body.toString('utf8')).not.toContain('Both coasts');
  });
});
