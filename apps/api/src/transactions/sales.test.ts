import { MESSAGES } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestServer, type TestServer } from '../test/harness';
import { createUserWithoutReports } from './fixtures';
import { rows } from '../db/executor';

const LA = 1;
const NY = 2;

describe('sales reports', () => {
  let server: TestServer;
  let range: { start: string; end: string };
  beforeAll(async () => {
    server = await startTestServer();
    const [r] = await rows<{ start: string; end: string }>(server.database.db, sql`select min(day)::text as start, max(day)::text as "end" from queue where business_id = ${LA}`);
    range = r as { start: string; end: string };
    await createUserWithoutReports(server.database.db, LA, 'noreports2');
  });
  afterAll(() => server.close());

  it('sums a range the same way as the day lists and the ticket details', async () => {
    const { client } = await signedIn(server, 'owner');
    const summary = await client.sales.summary(LA, range.start, range.end);
    let tickets = 0;
    let sales = 0;
    let tips = 0;
    let refunds = 0;
    for (const d of summary.byDay) {
      const list = await client.transactions.list(LA, d.day);
      const completed = list.transactions.filter((t) => t.status === 'CHECKOUT');
      expect(completed.length, d.day).toBe(d.tickets);
      expect(completed.reduce((s, t) => s + t.total, 0), d.day).toBe(d.total);
      tickets += completed.length;
      sales += completed.reduce((s, t) => s + t.total, 0);
      tips += completed.reduce((s, t) => s + t.tipamount, 0);
      // Refunds made that day, whatever their ticket's day (a ticket's own `refunded` may have been made later).
      refunds += list.refunds;
    }
    expect(summary.totals).toMatchObject({ tickets, sales, tips, refunds });
    expect(summary.byKind.reduce((s, k) => s + k.total, 0)).toBe(sales);
    expect(summary.byStaff.reduce((s, k) => s + k.total, 0)).toBe(sales);
    expect(summary.tender.cash + summary.tender.credit + summary.tender.gift).toBe(sales + tips);
    expect(summary.totals.sales).toBe(summary.totals.subtotal - summary.totals.discounts + summary.totals.tax);
    expect(summary.byKind.map((k) => k.kind).sort()).toEqual(['giftcard', 'product', 'service']);
    expect(summary.topItems.length).toBeGreaterThan(0);
  });

  it('refuses a backwards or too long range, and users without the report permission', async () => {
    const { client } = await signedIn(server, 'owner');
    await expect(client.sales.summary(LA, range.end, range.start === range.end ? '2000-01-01' : range.start)).rejects.toMatchObject({ status: 400 });
    await expect(client.sales.summary(LA, '2020-01-01', '2024-01-01')).rejects.toMatchObject({ status: 400, issues: [{ message: 'A report covers at most 400 days.' }] });
    const staff = await signedIn(server, 'noreports2');
    await expect(staff.client.sales.summary(LA, range.start, range.end)).rejects.toMatchObject({ status: 403, message: MESSAGES.noBusinessPermission });
  });

  it("aggregates every location of the network the user may see, each with its own figures", async () => {
    const owner = await signedIn(server, 'owner');
    const all = await owner.client.sales.aggregate(NY, range.start, range.end);
    expect(all.locations.map((l) => l.name)).toEqual(['Luxe Los Angeles', 'Luxe New York', 'Luxe Santa Monica']);
    const la = await owner.client.sales.summary(LA, range.start, range.end);
    expect(all.locations[0]?.totals).toEqual(la.totals);
    const manager = await signedIn(server, 'manager');
    expect((await manager.client.sales.aggregate(LA, range.start, range.end)).locations.map((l) => l.name)).toEqual(['Luxe Los Angeles']);
    const lotus = await signedIn(server, 'lotus');
    const lh = await lotus.client.sales.aggregate(4, range.start, range.end);
    expect(lh.locations.map((l) => [l.name, l.currencySymbol])).toEqual([
      ['Lotus Kathmandu', 'Rs'],
      ['Harbour Sydney', 'A$'],
    ]);
  });
});
