import { CSRF_HEADER, CSRF_HEADER_VALUE, endpoints, exportPath, MESSAGES, type PurchaseOrder } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/sessions';
import { recordStockMovements } from '../inventory/ledger';
import { download, readCsv } from '../test/exports';
import { rawRequest, refusal, signedIn, startTestServer, type TestServer } from '../test/harness';
import { rows } from '../db/executor';

const LA = 1;
const NY = 2;
const KATHMANDU = 4;

describe('purchase orders (po-settings, reorder suggestions, add, send, receive, close)', () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let vendor: number;
  let otherVendor: number;
  let nyVendor: number;
  /** Products of `vendor` in LA: shampoo (each), colour (grams), wax (already full). */
  let shampoo: number;
  let colour: number;
  let wax: number;
  let stray: number;

  const db = () => server.database.db;
  const onHand = async (productId: number) =>
    Number((await rows<{ q: string }>(db(), sql`select coalesce(sum(delta), 0)::text as q from stock_movements where product_id = ${productId}`))[0]?.q);
  const counts = async () =>
    (
      await rows<{ movements: string; receipts: string; lines: string; orders: string }>(
        db(),
        sql`select (select count(*) from stock_movements)::text as movements, (select count(*) from purchase_order_receipts)::text as receipts,
          (select count(*) from purchase_order_lines)::text as lines, (select count(*) from purchase_orders)::text as orders`,
      )
    )[0];

  async function product(businessId: number, vendorId: number, name: string, unit: string, par: number, full: number, start: number): Promise<number> {
    const [category] = await rows<{ id: number }>(db(), sql`select id from categories where business_id = ${businessId} and deleted_at is null order by id limit 1`);
    const [row] = await rows<{ id: number }>(
      db(),
      sql`insert into products (business_id, category_id, name, price, cost, vendor_id, unit, par_quantity, full_quantity)
          values (${businessId}, ${category?.id}, ${name}, 2400, 1000, ${vendorId}, ${unit}, ${par}, ${full}) returning id`,
    );
    const id = (row as { id: number }).id;
    if (start !== 0) await recordStockMovements(db(), { businessId, day: '2026-01-05', movements: [{ product_id: id, reason: 'OTHER', quantity: start, source: 'opening' }] });
    return id;
  }
  const newVendor = async (businessId: number, name: string) =>
    ((await rows<{ id: number }>(db(), sql`insert into vendors (business_id, name) values (${businessId}, ${name}) returning id`))[0] as { id: number }).id;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await signedIn(server, 'owner');
    vendor = await newVendor(LA, 'PO Test Supplies');
    otherVendor = await newVendor(LA, 'PO Other Supplies');
    nyVendor = await newVendor(NY, 'PO New York Supplies');
    shampoo = await product(LA, vendor, 'PO Test Shampoo', 'each', 4, 12, 3);
    colour = await product(LA, vendor, 'PO Test Colour', 'g', 100, 500, 120.5);
    wax = await product(LA, vendor, 'PO Test Wax', 'each', 2, 6, 6);
    stray = await product(LA, otherVendor, 'PO Stray Gel', 'each', 1, 3, 0);
  });
  afterAll(() => server.close());

  const suggestionsOf = async (vendorId: number) => (await owner.client.purchaseOrders.suggestions(LA)).suggestions.filter((s) => s.vendor_id === vendorId);

  it('the demo gives every location received orders that explain its deliveries, and open ones', async () => {
    const locations = await rows<{ id: number }>(db(), sql`select id from businesses order by id`);
    for (const { id } of locations) {
      const statuses = new Set((await rows<{ status: string }>(db(), sql`select status from purchase_orders where business_id = ${id}`)).map((r) => r.status));
      expect([...statuses].sort(), `location ${id}`).toEqual(['closed', 'draft', 'partly-received', 'received', 'sent']);
    }
    // Every receipt line is the NEWSTOCK movement it wrote, of the same product and quantity, naming its order.
    const mismatched = await rows<{ n: string }>(
      db(),
      sql`select count(*)::text as n from purchase_order_receipt_lines rl
          join purchase_order_receipts r on r.id = rl.receipt_id
          join purchase_order_lines l on l.id = rl.line_id
          left join stock_movements m on m.id = rl.stock_movement_id
          where m.id is null or m.reason <> 'NEWSTOCK' or m.product_id <> l.product_id or m.quantity <> rl.quantity or m.purchase_order_id is distinct from r.purchase_order_id`,
    );
    expect(Number(mismatched[0]?.n)).toBe(0);
    // Received orders have every line in full; a partly received one has some but not all.
    const [partly] = await owner.client.purchaseOrders.list(LA, 'partly-received');
    const order = await owner.client.purchaseOrders.get(LA, partly?.id as number);
    expect(order.order_lines.some((l) => l.received > 0)).toBe(true);
    expect(order.order_lines.some((l) => l.received < l.quantity)).toBe(true);
    expect(order.receipts).toHaveLength(1);
    for (const summary of await owner.client.purchaseOrders.list(LA, 'received')) expect(summary.received_total).toBe(summary.total);
  });

  it('keeps one PO config per business, inhand-x-fullquantity until someone saves another', async () => {
    const first = await owner.client.purchaseOrders.settings(LA);
    expect(first).toEqual({ id: null, name: 'po-settings', title: 'Purchase orders', configuration: { config: 'inhand-x-fullquantity' }, updated_at: null });

    const saved = await owner.client.purchaseOrders.updateSettings(LA, { title: 'Reorders', configuration: { config: 'inhand-x-parquantity' } });
    expect(saved).toMatchObject({ name: 'po-settings', title: 'Reorders', configuration: { config: 'inhand-x-parquantity' } });
    expect(saved.id).toBeGreaterThan(0);
    expect(await owner.client.purchaseOrders.settings(LA)).toEqual(saved);
    // Another location keeps its own (the default).
    expect((await owner.client.purchaseOrders.settings(NY)).configuration.config).toBe('inhand-x-fullquantity');

    // Under par: shampoo 4 − 3 = 1; colour and wax are at or above par.
    expect((await suggestionsOf(vendor)).map((s) => [s.product_id, s.quantity])).toEqual([[shampoo, 1]]);

    // A config that does not exist, or someone else's settings id: refused, nothing changes.
    const cookie = `${SESSION_COOKIE}=${owner.jar.get(SESSION_COOKIE)}`;
    const bad = await rawRequest(server, `/protected/business/${LA}/tablesettings/po-settings/update`, {
      method: 'POST',
      headers: { cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' },
      body: JSON.stringify({ settings: { title: 'x', configuration: { config: 'inhand-x-half' }, id: null } }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(MESSAGES.poConfigUnknown);
    expect((await refusal(owner.client.purchaseOrders.updateSettings(LA, { title: 'x', configuration: { config: 'belowpar-x-fullquantity' }, id: (saved.id ?? 0) + 1000 }))).status).toBe(404);
    expect(await owner.client.purchaseOrders.settings(LA)).toEqual(saved);

    // Back to the default for the rest of the file.
    await owner.client.purchaseOrders.updateSettings(LA, { title: 'Purchase orders', configuration: { config: 'inhand-x-fullquantity' }, id: saved.id });
  });

  it('suggests the full quantity less what is in hand, by vendor, for live products only', async () => {
    const mine = await suggestionsOf(vendor);
    // Shampoo 12 − 3, colour 500 − 120.5 (grams, three decimals kept); wax is full.
    expect(mine.map((s) => [s.product_id, s.quantity, s.unit])).toEqual(
      expect.arrayContaining([
        [shampoo, 9, 'each'],
        [colour, 379.5, 'g'],
      ]),
    );
    expect(mine.find((s) => s.product_id === wax)).toBeUndefined();
    expect(mine.find((s) => s.product_id === shampoo)).toMatchObject({ on_hand: 3, par_quantity: 4, full_quantity: 12, on_order: 0, unit_cost: 1000, vendor_name: 'PO Test Supplies' });
    expect((await suggestionsOf(otherVendor)).map((s) => [s.product_id, s.quantity])).toEqual([[stray, 3]]);
  });

  it('receives an order in two parts: stock rises by each receipt through NEWSTOCK, never beyond what was ordered', async () => {
    const suggested = await suggestionsOf(vendor);
    const draft = await owner.client.purchaseOrders.add(LA, { vendor_id: vendor, note: 'Weekly', lines: suggested.map((s) => ({ product_id: s.product_id, quantity: s.quantity })) });
    expect(draft).toMatchObject({ status: 'draft', vendor_name: 'PO Test Supplies', note: 'Weekly', lines: 2, created_by: 'Olivia Laurent' });
    // 9 × $10.00 + 379.5 g × $10.00.
    expect(draft.total).toBe(9 * 1000 + 379_500);
    // What is on a draft is no longer suggested.
    expect(await suggestionsOf(vendor)).toEqual([]);

    // A draft is not received before it is sent.
    const line = (po: PurchaseOrder, productId: number) => po.order_lines.find((l) => l.product_id === productId) as PurchaseOrder['order_lines'][number];
    expect(await refusal(owner.client.purchaseOrders.receive(LA, draft.id, { lines: [{ line_id: line(draft, shampoo).id, quantity: 1 }] }))).toMatchObject({ status: 409, message: MESSAGES.poSendBeforeReceiving });

    const edited = await owner.client.purchaseOrders.update(LA, draft.id, { lines: [{ product_id: shampoo, quantity: 10 }, { product_id: colour, quantity: 379.5, unit_cost: 900 }] });
    expect(line(edited, shampoo).quantity).toBe(10);
    expect(line(edited, colour).unit_cost).toBe(900);
    const sent = await owner.client.purchaseOrders.send(LA, draft.id);
    expect(sent.status).toBe('sent');
    expect(sent.sent_at).not.toBeNull();
    expect(await refusal(owner.client.purchaseOrders.update(LA, draft.id, { note: 'late' }))).toMatchObject({ status: 409, message: MESSAGES.poNotADraft });

    // First part: 4 shampoo and 200.25 g of colour.
    const part = await owner.client.purchaseOrders.receive(LA, sent.id, {
      lines: [
        { line_id: line(sent, shampoo).id, quantity: 4 },
        { line_id: line(sent, colour).id, quantity: 200.25 },
      ],
      note: 'Box 1',
    });
    expect(part.status).toBe('partly-received');
    expect(line(part, shampoo).received).toBe(4);
    expect(await onHand(shampoo)).toBe(7);
    expect(await onHand(colour)).toBe(320.75);
    expect(line(part, shampoo).on_hand).toBe(7);
    expect(part.receipts).toHaveLength(1);
    expect(part.receipts[0]).toMatchObject({ received_by: 'Olivia Laurent', note: 'Box 1' });

    // More than is still to come: refused with the reason, and nothing changes.
    const before = await counts();
    const tooMuch = await refusal(owner.client.purchaseOrders.receive(LA, sent.id, { lines: [{ line_id: line(sent, shampoo).id, quantity: 6.001 }] }));
    expect(tooMuch).toMatchObject({ status: 400, message: MESSAGES.poReceiptMoreThanOrdered });
    expect(await counts()).toEqual(before);
    expect(await onHand(shampoo)).toBe(7);

    // Second part: the rest.
    const done = await owner.client.purchaseOrders.receive(LA, sent.id, {
      lines: [
        { line_id: line(sent, shampoo).id, quantity: 6 },
        { line_id: line(sent, colour).id, quantity: 179.25 },
      ],
    });
    expect(done.status).toBe('received');
    expect(done.received_at).not.toBeNull();
    expect(done.received_total).toBe(done.total);
    expect(await onHand(shampoo)).toBe(13);
    expect(await onHand(colour)).toBe(500);

    // The ledger explains it: one NEWSTOCK movement per line received, tied to the order.
    const ledger = await rows<{ product_id: number; reason: string; source: string; quantity: string }>(
      db(),
      sql`select product_id, reason, source, quantity::text from stock_movements where purchase_order_id = ${sent.id} order by id`,
    );
    expect(ledger.map((m) => [m.product_id, m.reason, m.source, Number(m.quantity)])).toEqual([
      [shampoo, 'NEWSTOCK', 'receiving', 4],
      [colour, 'NEWSTOCK', 'receiving', 200.25],
      [shampoo, 'NEWSTOCK', 'receiving', 6],
      [colour, 'NEWSTOCK', 'receiving', 179.25],
    ]);

    // Nothing more can come in; it can be closed, and then nothing happens to it.
    expect(await refusal(owner.client.purchaseOrders.receive(LA, sent.id, { lines: [{ line_id: line(sent, shampoo).id, quantity: 1 }] }))).toMatchObject({ status: 409, message: MESSAGES.poAlreadyReceived });
    const closed = await owner.client.purchaseOrders.close(LA, sent.id);
    expect(closed.status).toBe('closed');
    expect(await refusal(owner.client.purchaseOrders.close(LA, sent.id))).toMatchObject({ status: 409, message: MESSAGES.poClosed });
    expect((await owner.client.purchaseOrders.list(LA, 'closed')).map((o) => o.id)).toContain(sent.id);
    expect((await owner.client.purchaseOrders.list(LA, 'draft')).map((o) => o.id)).not.toContain(sent.id);
  });

  it('refuses bad input with a clear reason and changes nothing', async () => {
    const order = await owner.client.purchaseOrders.add(LA, { vendor_id: otherVendor, lines: [{ product_id: stray, quantity: 3 }] });
    const sent = await owner.client.purchaseOrders.send(LA, order.id);
    const lineId = sent.order_lines[0]?.id as number;
    const before = await counts();
    const cookie = `${SESSION_COOKIE}=${owner.jar.get(SESSION_COOKIE)}`;
    const post = (path: string, body: unknown) =>
      rawRequest(server, `/protected/business/${LA}/${path}`, { method: 'POST', headers: { cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' }, body: JSON.stringify(body) });

    const cases: { path: string; body: unknown; status: number; message: string }[] = [
      { path: `purchaseorder/${order.id}/receive`, body: { lines: [{ line_id: lineId, quantity: 1.0005 }] }, status: 400, message: MESSAGES.poQuantityInvalid },
      { path: `purchaseorder/${order.id}/receive`, body: { lines: [{ line_id: lineId, quantity: -1 }] }, status: 400, message: MESSAGES.poQuantityInvalid },
      { path: `purchaseorder/${order.id}/receive`, body: { lines: [{ line_id: lineId, quantity: '2' }] }, status: 400, message: MESSAGES.poQuantityInvalid },
      { path: `purchaseorder/${order.id}/receive`, body: { lines: [] }, status: 400, message: MESSAGES.poNothingReceived },
      { path: `purchaseorder/${order.id}/receive`, body: { lines: [{ line_id: lineId, quantity: 1 }, { line_id: lineId, quantity: 1 }] }, status: 400, message: MESSAGES.poLineTwice },
      { path: `purchaseorder/${order.id}/receive`, body: { lines: [{ line_id: lineId, quantity: 3.5 }] }, status: 400, message: MESSAGES.poReceiptMoreThanOrdered },
      { path: `purchaseorder/${order.id}/receive`, body: { lines: [{ line_id: lineId + 100_000, quantity: 1 }] }, status: 400, message: MESSAGES.poLineNotOnOrder },
      { path: `purchaseorder/${order.id + 100_000}/receive`, body: { lines: [{ line_id: lineId, quantity: 1 }] }, status: 404, message: MESSAGES.poNotFound },
      { path: 'purchaseorder/add', body: { vendor_id: vendor, lines: [{ product_id: stray, quantity: 1 }] }, status: 400, message: MESSAGES.poProductOtherVendor },
      { path: 'purchaseorder/add', body: { vendor_id: nyVendor, lines: [{ product_id: stray, quantity: 1 }] }, status: 404, message: MESSAGES.vendorNotFound },
      { path: 'purchaseorder/add', body: { vendor_id: vendor, lines: [] }, status: 400, message: MESSAGES.poNoLines },
      { path: 'purchaseorder/add', body: { vendor_id: vendor, lines: [{ product_id: shampoo, quantity: 1 }, { product_id: shampoo, quantity: 2 }] }, status: 400, message: MESSAGES.poProductTwice },
      { path: 'purchaseorder/add', body: { vendor_id: vendor, lines: [{ product_id: 2_000_000_000, quantity: 1 }] }, status: 404, message: MESSAGES.productNotFound },
      { path: `purchaseorder/${order.id}/update`, body: {}, status: 400, message: MESSAGES.nothingToChange },
      { path: `purchaseorder/${order.id}/send`, body: {}, status: 409, message: MESSAGES.poNotADraft },
    ];
    for (const c of cases) {
      const response = await post(c.path, c.body);
      expect(response.status, `${c.path} ${JSON.stringify(c.body)}`).toBe(c.status);
      expect(JSON.stringify(response.body), `${c.path} ${JSON.stringify(c.body)}`).toContain(c.message);
    }
    expect(await counts()).toEqual(before);

    // An order of another business is not found from this one.
    const nyProduct = await product(NY, nyVendor, 'PO NY Spray', 'each', 1, 4, 0);
    const nyOrder = await owner.client.purchaseOrders.add(NY, { vendor_id: nyVendor, lines: [{ product_id: nyProduct, quantity: 4 }] });
    expect((await refusal(owner.client.purchaseOrders.get(LA, nyOrder.id))).status).toBe(404);
    expect((await refusal(owner.client.purchaseOrders.close(LA, nyOrder.id))).status).toBe(404);
    expect((await owner.client.purchaseOrders.get(NY, nyOrder.id)).status).toBe('draft');
  });

  it('checks receipts of one order made at the same moment one after the other: never more than ordered', async () => {
    const order = await owner.client.purchaseOrders.add(LA, { vendor_id: otherVendor, lines: [{ product_id: stray, quantity: 5 }] });
    await owner.client.purchaseOrders.send(LA, order.id);
    const lineId = order.order_lines[0]?.id as number;
    const start = await onHand(stray);
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => owner.client.purchaseOrders.receive(LA, order.id, { lines: [{ line_id: lineId, quantity: 1 }] })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const after = await owner.client.purchaseOrders.get(LA, order.id);
    expect(after.status).toBe('received');
    expect(after.order_lines[0]?.received).toBe(5);
    expect(await onHand(stray)).toBe(start + 5);
  });

  it('exports the suggestions and the orders as the screen lists them', async () => {
    const x = endpoints.purchaseOrderExports;
    const suggestions = await readCsv((await download(server, exportPath(x.suggestions, { params: { id: LA }, query: { format: 'csv' } }), owner.jar)).body);
    expect(suggestions[0]?.slice(0, 3)).toEqual(['Vendor', 'Category', 'Product']);
    const listed = (await owner.client.purchaseOrders.suggestions(LA)).suggestions;
    expect(suggestions.length - 1).toBe(listed.length);
    // In the screen's order, quantities with their decimals kept.
    expect(suggestions.slice(1).map((r) => [r[2], Number(r[9])])).toEqual(listed.map((s) => [s.product_name, s.quantity]));
    const orders = await readCsv((await download(server, exportPath(x.orders, { params: { id: LA }, query: { format: 'csv', status: 'closed' } }), owner.jar)).body);
    const closed = await owner.client.purchaseOrders.list(LA, 'closed');
    expect(orders.length - 1).toBe(closed.length);
    expect(orders.slice(1).every((r) => r[2] === 'Closed')).toBe(true);
  });

  it('lets only those with the inventory permissions read or change purchase orders', async () => {
    const frontdesk = await signedIn(server, 'frontdesk');
    expect((await refusal(frontdesk.client.purchaseOrders.settings(KATHMANDU))).status).toBe(403);
    expect((await refusal(frontdesk.client.purchaseOrders.list(KATHMANDU))).status).toBe(403);
    expect((await refusal(frontdesk.client.purchaseOrders.updateSettings(KATHMANDU, { title: 'x', configuration: { config: 'inhand-x-parquantity' } }))).status).toBe(403);
    expect((await owner.client.purchaseOrders.list(LA)).length).toBeGreaterThan(0);
  });
});
