import { fc, test } from '@fast-check/vitest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Database } from '../db/client';
import { signedIn, startTestServer, type TestClient, type TestServer } from '../test/harness';
import { rows } from '../db/executor';
import { aggregateFromLines, summaryFromLines } from './sales-from-lines';
import { aggregateRange, netByDay, salesSummary } from './sales-from-rollup';

/**
 * The daily rollups (kept by triggers, migration 0007) against the raw lines, after random
 * sales, refunds, deletions, reactivations, staff and tender updates, sent at once through the
 * API (so they race on the same days' rollup rows), and direct deletes that cascade.
 */

const LA = 1;
type ArbValue<A> = A extends fc.Arbitrary<infer T> ? T : never;
const DAYS = ['2032-01-05', '2032-01-06', '2032-01-07'] as const;
const KINDS = ['service', 'product', 'giftcard'] as const;

const lineArb = fc.record({
  kind: fc.constantFrom(...KINDS),
  item: fc.integer({ min: 0, max: 3 }),
  price: fc.integer({ min: 0, max: 20_000 }),
  quantity: fc.integer({ min: 1, max: 3 }),
  discountPct: fc.constantFrom(0, 0, 10, 20),
  tax: fc.integer({ min: 0, max: 900 }),
  staff: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
});

const saleArb = fc.record({
  day: fc.constantFrom(...DAYS),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
  tip: fc.integer({ min: 0, max: 3000 }),
  tender: fc.constantFrom('cash', 'credit', 'gift', 'split'),
});

const opArb = fc.oneof(
  fc.record({ op: fc.constant('refund' as const), ticket: fc.nat(), pct: fc.integer({ min: 1, max: 120 }) }),
  fc.record({ op: fc.constant('remove' as const), ticket: fc.nat() }),
  fc.record({ op: fc.constant('reactivate' as const), ticket: fc.nat() }),
  fc.record({ op: fc.constant('staff' as const), ticket: fc.nat(), staff: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ op: fc.constant('tender' as const), ticket: fc.nat() }),
  fc.record({ op: fc.constant('drop' as const), ticket: fc.nat() }),
);

/** A checkout as the point of sale writes it: the ticket, its checkout, then its lines, in one transaction. */
async function sell(db: Database, staffIds: number[], sale: ArbValue<typeof saleArb>, seq: number): Promise<number> {
  return db.transaction(async (tx) => {
    const lines = sale.lines.map((l) => {
      const discount = Math.floor((l.price * l.discountPct) / 100);
      return { ...l, name: `${l.kind} ${l.item}`, discount, total: l.price * l.quantity - discount + l.tax, employee: l.staff === null ? null : (staffIds[l.staff] as number) };
    });
    const total = lines.reduce((s, l) => s + l.total, 0);
    const paid = total + sale.tip;
    const cash = sale.tender === 'cash' ? paid : sale.tender === 'split' ? Math.floor(paid / 2) : 0;
    const gift = sale.tender === 'gift' ? paid : 0;
    const credit = paid - cash - gift;
    const [q] = await rows<{ id: number }>(
      tx,
      sql`insert into queue (business_id, status, day, checkin_at, service_at, checkout_at, serviced_by)
          values (${LA}, 'CHECKOUT', ${sale.day}, now(), now(), now(), ${staffIds[0] as number}) returning id`,
    );
    const queueId = (q as { id: number }).id;
    const [k] = await rows<{ id: number }>(
      tx,
      sql`insert into checkouts (business_id, queue_id, cashamount, creditamount, giftamount, tipamount, subtotal, discount, tax, total, employee_id, checkout_day)
          values (${LA}, ${queueId}, ${cash}, ${credit}, ${gift}, ${sale.tip}, ${lines.reduce((s, l) => s + l.price * l.quantity, 0)},
            ${lines.reduce((s, l) => s + l.discount, 0)}, ${lines.reduce((s, l) => s + l.tax, 0)}, ${total}, ${staffIds[0] as number}, ${sale.day}) returning id`,
    );
    // Half the sales write their lines in one statement, the others one statement per line.
    const values = lines.map(
      (l) => sql`(${LA}, ${queueId}, ${(k as { id: number }).id}, ${sale.day}, ${l.kind}, ${l.name}, ${l.price}, ${l.discount}, ${l.quantity}, ${l.tax}, ${l.total}, ${l.employee})`,
    );
    const insert = (v: typeof values) => tx.execute(sql`insert into saleslogs (business_id, queue_id, checkout_id, day, kind, name, price, discount, quantity, tax, total, employee_id) values ${sql.join(v, sql`, `)}`);
    if (seq % 2 === 0) await insert(values);
    else for (const v of values) await insert([v]);
    return queueId;
  });
}

async function apply(server: TestServer, client: TestClient['client'], staffIds: number[], tickets: number[], op: ArbValue<typeof opArb>, key: string): Promise<void> {
  const txId = tickets[op.ticket % tickets.length] as number;
  switch (op.op) {
    case 'refund': {
      const detail = await client.transactions.get(LA, txId);
      const amount = Math.max(1, Math.floor(((detail.checkout?.paid ?? 100) * op.pct) / 100));
      await client.transactions.refund(LA, txId, { amount, reason: 'Unhappy', idempotencyKey: key });
      return;
    }
    case 'remove':
      await client.transactions.remove(LA, txId, { reason: 'Mistake', note: 'Rung up twice' });
      return;
    case 'reactivate':
      await client.transactions.reactivate(LA, txId);
      return;
    case 'staff':
      await client.transactions.update(LA, txId, { serviced_by: staffIds[op.staff] as number });
      return;
    case 'tender': {
      const k = (await client.transactions.get(LA, txId)).checkout;
      if (!k) return;
      await client.transactions.update(LA, txId, { tender: { cashamount: k.giftamount, creditamount: k.cashamount, giftamount: k.creditamount } });
      return;
    }
    case 'drop':
      // A ticket removed from the database altogether: its lines, checkout and refunds go by cascade.
      await server.database.db.execute(sql`delete from queue where id = ${txId}`);
      return;
  }
}

describe('daily sales rollups', () => {
  let server: TestServer;
  let client: TestClient['client'];
  let staffIds: number[];
  let runs = 0;
  beforeAll(async () => {
    server = await startTestServer();
    client = (await signedIn(server, 'owner')).client;
    staffIds = (await rows<{ id: number }>(server.database.db, sql`select id from staff where business_id = ${LA} and deleted_at is null order by id limit 3`)).map((s) => s.id);
  });
  afterAll(() => server.close());

  test.prop([fc.array(saleArb, { minLength: 1, maxLength: 6 }), fc.array(opArb, { maxLength: 10 })], { numRuns: 12 })(
    'equal the raw lines after random sales, refunds, deletions and updates sent at once',
    async (sales, ops) => {
      const db = server.database.db;
      runs++;
      const tickets = await Promise.all(sales.map((sale, i) => sell(db, staffIds, sale, i)));
      const results = await Promise.allSettled(ops.map((op, i) => apply(server, client, staffIds, tickets, op, `rollup-${runs}-${i}-${Date.now()}`)));
      // Refused operations are fine (refund too much, delete a deleted ticket); a server error is not.
      for (const r of results) if (r.status === 'rejected') expect((r.reason as { status?: number }).status, String(r.reason)).toBeLessThan(500);

      const [range] = await rows<{ start: string; end: string }>(db, sql`select min(day)::text as start, max(day)::text as "end" from queue where business_id = ${LA}`);
      const { start, end } = range as { start: string; end: string };
      expect(await salesSummary(db, LA, start, end)).toEqual(await summaryFromLines(db, LA, start, end));
      for (const day of DAYS) {
        expect(await aggregateRange(db, LA, day, day), day).toEqual(await aggregateFromLines(db, LA, day, day));
      }
      const net = await netByDay(db, LA, DAYS[0], DAYS[2]);
      for (const point of net) {
        const a = await aggregateFromLines(db, LA, point.day, point.day);
        expect(point, point.day).toEqual({ day: point.day, net: a.sales - a.refunds, tickets: a.tickets });
      }
      // Nothing ever counts below zero.
      const [negative] = await rows<{ n: number }>(
        db,
        sql`select (select count(*) from sales_daily where lines < 0 or tickets < 0)
             + (select count(*) from sales_daily_items where lines < 0) + (select count(*) from sales_daily_staff where lines < 0) as n`,
      );
      expect(Number((negative as { n: number }).n)).toBe(0);
    },
    120_000,
  );

  test.prop([fc.integer({ min: 10, max: 25 })], { numRuns: 2 })(
    'stay right when many refunds and deletions race on the same day',
    async (count) => {
      const db = server.database.db;
      const day = DAYS[1];
      const tickets = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          sell(db, staffIds, { day, tip: 0, tender: 'cash', lines: [{ kind: 'service', item: i % 3, price: 1000, quantity: 1, discountPct: 0, tax: 0, staff: i % 3 }] }, i),
        ),
      );
      const stamp = Date.now();
      const results = await Promise.allSettled(
        tickets.flatMap((txId, i) => [
          client.transactions.refund(LA, txId, { amount: 300, reason: 'Race', idempotencyKey: `race-${stamp}-${i}-a` }),
          client.transactions.refund(LA, txId, { amount: 300, reason: 'Race', idempotencyKey: `race-${stamp}-${i}-b` }),
          i % 2 === 0 ? client.transactions.remove(LA, txId, { reason: 'Race', note: 'Deleted while refunded' }) : client.transactions.update(LA, txId, { serviced_by: staffIds[(i + 1) % 3] as number }),
        ]),
      );
      for (const r of results) if (r.status === 'rejected') expect((r.reason as { status?: number }).status, String(r.reason)).toBeLessThan(500);
      expect(await aggregateRange(db, LA, day, day)).toEqual(await aggregateFromLines(db, LA, day, day));
      expect(await salesSummary(db, LA, day, day)).toEqual(await summaryFromLines(db, LA, day, day));
    },
    120_000,
  );
});
