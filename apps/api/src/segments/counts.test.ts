import { evaluateSegment, type LineKind, type SegmentClient, type SegmentQuery, SEGMENT_COUNT_FRESH_MINUTES } from '@salondesk/core';
import { fc } from '@fast-check/vitest';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SegmentPools, segmentTreeArb } from '../../../../packages/core/src/rules/segments.arb';
import { categories, products, services } from '../catalogue/schema';
import { customerTags } from '../customers/schema';
import type { Executor } from '../db/executor';
import { staff } from '../staff/schema';
import { demoSeededAt, signedIn, startTestServer, type TestServer } from '../test/harness';
import { segmentContext, segmentMemberCount } from './members';
import { recountStaleSegments, SEGMENT_RECOUNT_JOB } from './recount';
import { customerSegments } from './schema';

/**
 * Segment counts (issue 28): the count the builder shows (`customersegment/count`, over HTTP) is
 * exactly core's in-memory evaluation of the same tree over the demo's own clients — nested trees,
 * empty groups and included segments among them — and the counts the list shows are stored, aged
 * and counted again in the background.
 */
const LA = 1;
const ZONE = 'America/Los_Angeles';
const RUNS = Number(process.env.SEGMENT_RUNS ?? 40);
const now = demoSeededAt();
const tree = (...children: SegmentQuery['children']): SegmentQuery => ({ type: 'group', match: 'all', children });

let server: TestServer;
let owner: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  server = await startTestServer({ now: () => now });
  owner = await signedIn(server, 'owner');
});
afterAll(() => server?.close());

/** The clients of `businessIds` as core's evaluator reads them, from the same tables the SQL reads. */
async function clientsOf(db: Executor, businessIds: number[], timeZone: string): Promise<SegmentClient[]> {
  const ids = sql.param(businessIds);
  const customers = await db.execute<{ id: number; business_id: number; active: boolean; firstname: string | null; lastname: string | null; email: string | null; phone_type: string; birthday: string | null; loyalty_points: number; created_day: string; tags: number[] }>(sql`
    select c.id, c.business_id, (c.erased_at is null and c.merged_into_id is null) as active, c.firstname, c.lastname, c.email, c.phone_type,
      c.birthday::text as birthday, c.loyalty_points, (c.created_at at time zone ${timeZone})::date::text as created_day,
      coalesce((select array_agg(l.tag_id) from customer_tag_links l where l.customer_id = c.id), '{}') as tags
    from customers c where c.business_id = any(${ids}::int[])`);
  // Live checkouts in the order they were written (the last of a day is the latest visit), and their live lines.
  const tickets = await db.execute<{ customer_id: number; checkout_id: number; day: string; tip: number; serviced_by: number | null }>(sql`
    select q.customer_id, k.id as checkout_id, k.checkout_day::text as day, k.tipamount as tip, coalesce(q.serviced_by, k.employee_id) as serviced_by
    from queue q join checkouts k on k.queue_id = q.id and k.voided_at is null
    where q.business_id = any(${ids}::int[]) and q.customer_id is not null order by k.checkout_day, k.created_at, q.id`);
  const lines = await db.execute<{ checkout_id: number; kind: LineKind; service_id: number | null; product_id: number | null; category_id: number | null; employee_id: number | null; total: number }>(sql`
    select s.checkout_id, s.kind, s.service_id, s.product_id, coalesce(sv.category_id, pr.category_id) as category_id, s.employee_id, s.total
    from saleslogs s left join services sv on sv.id = s.service_id left join products pr on pr.id = s.product_id
    where not s.voided and s.business_id = any(${ids}::int[])`);
  const groupBy = <T, K>(items: readonly T[], key: (item: T) => K) => {
    const out = new Map<K, T[]>();
    for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
    return out;
  };
  const linesOf = groupBy(lines.rows, (l) => l.checkout_id);
  const ticketsOf = groupBy(tickets.rows, (t) => t.customer_id);
  return customers.rows.map((c) => ({
    id: c.id,
    businessId: c.business_id,
    active: c.active,
    firstname: c.firstname,
    lastname: c.lastname,
    email: c.email,
    phoneType: c.phone_type,
    birthday: c.birthday,
    loyaltyPoints: c.loyalty_points,
    createdDay: c.created_day,
    tagIds: c.tags,
    tickets: (ticketsOf.get(c.id) ?? []).map((t) => ({
      day: t.day,
      tip: t.tip,
      servicedBy: t.serviced_by,
      lines: (linesOf.get(t.checkout_id) ?? []).map((l) => ({ kind: l.kind, serviceId: l.service_id, productId: l.product_id, categoryId: l.category_id, staffId: l.employee_id, total: l.total })),
    })),
  }));
}

describe('the count of a tree', () => {
  it('is, over HTTP, what core’s in-memory evaluation of the demo’s clients gives, for nested trees and included segments', { timeout: 300_000 }, async () => {
    const db = server.database.db;
    const ctx = await segmentContext(db, LA, [LA], now);
    const clients = await clientsOf(db, [LA], ZONE);
    const byCategory = async (table: typeof services | typeof products) =>
      (await db.select({ id: table.id, categoryId: table.category_id }).from(table).where(eq(table.business_id, LA))).map((r) => ({ id: r.id, categoryId: r.categoryId as number }));
    const demoSegments = await db.select({ id: customerSegments.id }).from(customerSegments).where(eq(customerSegments.business_id, LA));
    const pools: SegmentPools = {
      services: await byCategory(services),
      products: await byCategory(products),
      staff: (await db.select({ id: staff.id }).from(staff).where(eq(staff.business_id, LA))).map((r) => r.id),
      tags: (await db.select({ id: customerTags.id }).from(customerTags)).map((r) => r.id),
      locations: [LA],
      segments: demoSegments.map((s) => s.id),
    };
    expect(pools.services.length * pools.staff.length * (await db.select({ id: categories.id }).from(categories).where(eq(categories.business_id, LA))).length).toBeGreaterThan(0);
    const counted = async (query: SegmentQuery) => (await owner.client.segments.count(LA, { query_parameters: query })).count;

    // The builder's own steps: a condition, then a group added to it (empty: it changes nothing), then a condition in that group.
    const visited = { type: 'condition' as const, kind: 'visits' as const, op: 'gte' as const, value: 1 };
    const regulars = { type: 'condition' as const, kind: 'visits' as const, op: 'gte' as const, value: 3 };
    const steps = [tree(visited), tree(visited, { type: 'group', match: 'any', children: [] }), tree(visited, { type: 'group', match: 'any', children: [regulars] })];
    for (const step of steps) expect(await counted(step), JSON.stringify(step)).toBe(evaluateSegment(step, clients, ctx).length);
    expect(await counted(steps[1] as SegmentQuery)).toBe(await counted(steps[0] as SegmentQuery));
    expect(await counted(steps[2] as SegmentQuery)).toBeGreaterThan(0);

    await fc.assert(
      fc.asyncProperty(segmentTreeArb(pools, ctx.today, 4), async (query) => {
        expect(await counted(query), JSON.stringify(query)).toBe(evaluateSegment(query, clients, ctx).length);
      }),
      { numRuns: RUNS, seed: process.env.SEGMENT_SEED ? Number(process.env.SEGMENT_SEED) : undefined },
    );
  });
});

describe('the counts the list shows', () => {
  const queuedRecounts = async () =>
    Number((await server.database.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = ${SEGMENT_RECOUNT_JOB} and data->>'businessId' = ${String(LA)}`)).rows[0]?.n ?? 0);

  it('are stored with their moment, counted again when stale, and cleared when the tree changes (and for the segments that include it)', async () => {
    const db = server.database.db;
    const s = owner.client.segments;
    const hasEmail = { type: 'condition' as const, kind: 'hasEmail' as const };
    const emailable = await s.create(LA, { name: 'Counted: emailable', query_parameters: tree(hasEmail) });
    const outer = await s.create(LA, { name: 'Counted: includes', query_parameters: tree({ type: 'condition', kind: 'inSegment', segmentId: emailable.id }) });
    expect(emailable.counted).toBeNull();

    // Saving queued the location's recount, and so does a list with a count missing; the job stores every missing or stale count with its moment.
    const queued = await queuedRecounts();
    expect(queued).toBeGreaterThan(0);
    await s.list(LA);
    expect(await queuedRecounts()).toBeGreaterThan(queued);
    await recountStaleSegments(db, LA, now);
    const listed = await s.list(LA);
    for (const segment of listed) expect(segment.counted, segment.name).toEqual({ count: await segmentMemberCount(db, LA, segment.id, { now }), at: now.toISOString() });

    // Fresh counts are not counted again; stale ones are.
    expect(await recountStaleSegments(db, LA, new Date(now.getTime() + 60_000))).toBe(0);
    const later = new Date(now.getTime() + SEGMENT_COUNT_FRESH_MINUTES * 60_000);
    expect(await recountStaleSegments(db, LA, later)).toBe(listed.length);

    // A new name keeps the count; a new tree clears it, and that of the segment including it.
    expect((await s.update(LA, emailable.id, { name: 'Counted: with email' })).counted).not.toBeNull();
    expect((await s.update(LA, emailable.id, { query_parameters: tree({ type: 'condition', kind: 'noEmail' }) })).counted).toBeNull();
    expect((await s.get(LA, outer.id)).counted).toBeNull();
    await recountStaleSegments(db, LA, later);
    expect((await s.get(LA, outer.id)).counted?.count).toBe(await segmentMemberCount(db, LA, emailable.id, { now: later }));

    await s.remove(LA, outer.id);
    await s.remove(LA, emailable.id);
  });
});
