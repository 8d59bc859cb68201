import { compileSegment, evaluateSegment, LINE_KIND, type SegmentClient, type SegmentContext, type SegmentQuery } from '@salondesk/core';
import { fc } from '@fast-check/vitest';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SegmentPools, segmentClientsArb, segmentTreeArb, TEST_TODAY } from '../../../../packages/core/src/rules/segments.arb';
import { categories, products, services } from '../catalogue/schema';
import { customerTagLinks, customerTags, customers } from '../customers/schema';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { businesses, networks } from '../db/schema';
import { staff } from '../staff/schema';
import { freshDatabaseUrl } from '../test/harness';
import { checkouts, queue, saleslogs } from '../transactions/schema';
import { compiledSql } from './members';

/**
 * The property test of segment compilation (issue 18): for random condition trees over random
 * clients, the compiled SQL run by PostgreSQL over the real tables (customers, tags, tickets,
 * checkouts, sales lines) returns exactly the clients core's in-memory evaluation returns. Each
 * run writes its clients — with tickets that must not count beside them: deleted before
 * checkout, a voided checkout, a voided line — into two locations of a network of their own.
 */
const TZ = 'America/New_York';
const RUNS = Number(process.env.SEGMENT_RUNS ?? 30);

let database: DatabaseHandle;
let pools: SegmentPools;
let locations: [number, number];
let networkId: number;
let survivor: number;

beforeAll(async () => {
  database = openDatabase(await freshDatabaseUrl(), { max: 2 });
  const db = database.db;
  const [demo] = await db.select({ id: customers.id }).from(customers).limit(1);
  survivor = (demo as { id: number }).id;
  const [network] = await db.insert(networks).values({ name: 'Segment property network' }).returning();
  networkId = (network as { id: number }).id;
  const made = await db
    .insert(businesses)
    .values([
      { name: 'Segment A', network_id: networkId, timezone: TZ },
      { name: 'Segment B', network_id: networkId, timezone: TZ },
    ])
    .returning({ id: businesses.id });
  locations = [made[0]?.id as number, made[1]?.id as number];
  const a = locations[0];
  const cats = await db
    .insert(categories)
    .values(['Hair', 'Colour', 'Retail'].map((name) => ({ business_id: a, name })))
    .returning({ id: categories.id });
  const catIds = cats.map((c) => c.id);
  const svc = await db
    .insert(services)
    .values([
      { business_id: a, category_id: catIds[0] as number, name: 'Cut' },
      { business_id: a, category_id: catIds[0] as number, name: 'Blow-dry' },
      { business_id: a, category_id: catIds[1] as number, name: 'Balayage' },
    ])
    .returning({ id: services.id, categoryId: services.category_id });
  const prd = await db
    .insert(products)
    .values([
      { business_id: a, category_id: catIds[2] as number, name: 'Shampoo' },
      { business_id: a, category_id: catIds[2] as number, name: 'Serum' },
    ])
    .returning({ id: products.id, categoryId: products.category_id });
  const members = await db
    .insert(staff)
    .values(['Ava', 'Ben', 'Cleo'].map((name) => ({ business_id: a, name, full_name: `${name} Stylist` })))
    .returning({ id: staff.id });
  const tags = await db
    .insert(customerTags)
    .values(['VIP', 'Colour club', 'Bridal'].map((name) => ({ network_id: networkId, name })))
    .returning({ id: customerTags.id });
  pools = {
    services: svc.map((s) => ({ id: s.id, categoryId: s.categoryId as number })),
    products: prd.map((p) => ({ id: p.id, categoryId: p.categoryId as number })),
    staff: members.map((m) => m.id),
    tags: tags.map((t) => t.id),
    locations,
  };
});
afterAll(() => database?.close());

/** Writes `clients` (replacing the last run's) and returns them with the ids PostgreSQL gave them. */
async function writeClients(clients: SegmentClient[]): Promise<SegmentClient[]> {
  return database.db.transaction(async (tx) => {
    await tx.delete(queue).where(inArray(queue.business_id, locations));
    await tx.delete(customers).where(inArray(customers.business_id, locations));
    const out: SegmentClient[] = [];
    for (const [i, client] of clients.entries()) {
      const [row] = await tx
        .insert(customers)
        .values({
          business_id: client.businessId,
          network_id: networkId,
          phone_type: client.phoneType,
          phone: `+1555${String(1_000_000 + i)}`,
          firstname: client.firstname,
          lastname: client.lastname,
          email: client.email,
          loyalty_points: client.loyaltyPoints,
          birthday: client.birthday,
          created_at: sql`(${client.createdDay}::date + time '12:00') at time zone ${TZ}`,
          erased_at: client.active ? null : i % 2 === 0 ? new Date('2026-01-01T00:00:00Z') : null,
        })
        .returning({ id: customers.id });
      const id = (row as { id: number }).id;
      if (!client.active && i % 2 === 1) {
        // Merged into another client (one of the demo's, outside these locations).
        await tx.update(customers).set({ merged_into_id: survivor }).where(sql`${customers.id} = ${id}`);
      }
      if (client.tagIds.length > 0) await tx.insert(customerTagLinks).values(client.tagIds.map((tag_id) => ({ customer_id: id, tag_id })));
      // Beside its tickets, one still open (no checkout yet) and one whose checkout was deleted: neither counts.
      const open = client.tickets.slice(0, 1);
      if (open.length > 0) await tx.insert(queue).values(open.map((t) => ({ business_id: client.businessId, network_id: networkId, customer_id: id, status: 'ACTIVE', day: t.day, checkin_at: new Date(`${t.day}T15:00:00Z`) })));
      const tickets = [...client.tickets.slice(1, 2).map((t) => ({ ...t, voided: true })), ...client.tickets.map((t) => ({ ...t, voided: false }))];
      for (const ticket of tickets) {
        const [q] = await tx
          .insert(queue)
          .values({
            business_id: client.businessId,
            network_id: networkId,
            customer_id: id,
            status: ticket.voided ? 'DELETED' : 'CHECKOUT',
            day: ticket.day,
            checkin_at: new Date(`${ticket.day}T15:00:00Z`),
            serviced_by: ticket.servicedBy,
          })
          .returning({ id: queue.id });
        const queueId = (q as { id: number }).id;
        const [k] = await tx
          .insert(checkouts)
          .values({ business_id: client.businessId, queue_id: queueId, tipamount: ticket.tip, checkout_day: ticket.day, voided_at: ticket.voided ? new Date(`${ticket.day}T18:00:00Z`) : null })
          .returning({ id: checkouts.id });
        const checkoutId = (k as { id: number }).id;
        const lines = [
          ...ticket.lines.map((l) => ({ ...l, voided: false })),
          // A line removed from the ticket: never counted.
          { kind: LINE_KIND.PRODUCT, serviceId: null, productId: pools.products[0]?.id ?? null, categoryId: null, staffId: pools.staff[0] ?? null, total: 999_900, voided: true },
        ];
        await tx.insert(saleslogs).values(
          lines.map((l) => ({
            business_id: client.businessId,
            queue_id: queueId,
            checkout_id: checkoutId,
            day: ticket.day,
            kind: l.kind,
            service_id: l.serviceId,
            product_id: l.productId,
            name: l.kind,
            total: l.total,
            employee_id: l.staffId,
            voided: l.voided,
          })),
        );
      }
      out.push({ ...client, id });
    }
    return out;
  });
}

async function runSql(tree: SegmentQuery, ctx: SegmentContext): Promise<number[]> {
  const result = await database.db.execute<{ id: number }>(compiledSql(compileSegment(tree, ctx)));
  return result.rows.map((r) => r.id);
}

describe('segment compilation', () => {
  it('for random trees, PostgreSQL returns exactly the clients the in-memory evaluation returns', { timeout: 600_000 }, async () => {
    const world = fc.record({
      clients: fc.constant(null).chain(() => segmentClientsArb(pools, TEST_TODAY, 20)),
      trees: fc.array(segmentTreeArb({ ...pools, segments: [1, 2] }, TEST_TODAY, 4), { minLength: 1, maxLength: 6 }),
      included: fc.tuple(segmentTreeArb(pools, TEST_TODAY, 2), segmentTreeArb(pools, TEST_TODAY, 2)),
      only: fc.subarray([...locations], { minLength: 1 }),
    });
    await fc.assert(
      fc.asyncProperty(world, async ({ clients, trees, included, only }) => {
        const written = await writeClients(clients);
        const resolve = (id: number) => (id === 1 ? included[0] : id === 2 ? included[1] : null);
        const ctx: SegmentContext = { businessIds: only, today: TEST_TODAY, timeZone: TZ, resolve };
        for (const tree of trees) {
          expect(await runSql(tree, ctx), JSON.stringify(tree)).toEqual(evaluateSegment(tree, written, ctx));
        }
      }),
      { numRuns: RUNS, seed: process.env.SEGMENT_SEED ? Number(process.env.SEGMENT_SEED) : undefined },
    );
  });
});
