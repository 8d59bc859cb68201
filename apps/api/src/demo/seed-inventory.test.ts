import { isValidBarcode, replayLedger } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestServer, type TestServer } from '../test/harness';
import { rows } from '../db/executor';

const LA = 1;

describe('demo inventory', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('has vendors and 200 products with valid barcodes and par levels in every location', async () => {
    const { client } = await signedIn(server, 'owner');
    for (const id of [1, 2, 3]) {
      const products = await client.inventory.products(id);
      expect(products).toHaveLength(200);
      for (const p of products) {
        expect(p.barcode && isValidBarcode(p.barcode)).toBe(true);
        expect(p.par_quantity).toBeGreaterThan(0);
        expect(p.full_quantity).toBeGreaterThan(p.par_quantity);
        expect(p.vendor_name).not.toBeNull();
      }
      expect((await client.inventory.vendors(id)).length).toBe(4);
    }
  });

  it('every count is its ledger replayed, and every completed ticket’s product line moved stock exactly once', async () => {
    const { db } = server.database;
    const movements = await rows<{ product_id: number; reason: 'USED'; quantity: string; delta: string; on_hand: string }>(
      db,
      sql`select product_id, reason, quantity::text, delta::text, on_hand::text from stock_movements where business_id = ${LA} order by id`,
    );
    expect(movements.length).toBeGreaterThan(200);
    const byProduct = new Map<number, typeof movements>();
    for (const m of movements) byProduct.set(m.product_id, [...(byProduct.get(m.product_id) ?? []), m]);
    for (const list of byProduct.values()) {
      const replayed = replayLedger(list.map((m) => ({ reason: m.reason, quantity: Number(m.quantity) })));
      expect(replayed.steps.map((s) => s.delta)).toEqual(list.map((m) => Number(m.delta)));
      expect(replayed.on_hand).toBe(Number(list.at(-1)!.on_hand));
    }
    const [unmatched] = await rows<{ missing: number; twice: number }>(
      db,
      sql`select count(*) filter (where n = 0)::int as missing, count(*) filter (where n > 1)::int as twice from (
            select l.id, (select count(*) from stock_movements m where m.saleslog_id = l.id and m.source = 'sale' and m.delta = -l.quantity) as n
            from saleslogs l join checkouts c on c.id = l.checkout_id
            where l.business_id = ${LA} and l.kind = 'product' and not l.voided and c.voided_at is null) x`,
    );
    expect(unmatched).toEqual({ missing: 0, twice: 0 });
    const [sold] = await rows<{ n: number }>(db, sql`select count(*)::int as n from saleslogs where business_id = ${LA} and kind = 'product'`);
    expect(sold!.n).toBeGreaterThan(0);
  });
});
