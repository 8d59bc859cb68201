import { dayInZone, fromMilli, PO_STATUS, type PoStatus, toMilli } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { recordStockMovements } from '../inventory/ledger';
import { type Executor, rows } from '../db/executor';
import { purchaseOrderLines, purchaseOrderReceiptLines, purchaseOrderReceipts, purchaseOrders } from './schema';

const DAY_MS = 86_400_000;
/** How many of the latest delivery days become received purchase orders (the older half closed). */
const RECEIVED_DELIVERY_DAYS = 6;

export interface PurchaseOrderSeedOptions {
  businessId: number;
  timezone: string;
  now: Date;
  /** Who ordered and received (the network's owner). */
  userId: number | null;
}

async function addOrder(
  tx: Executor,
  o: PurchaseOrderSeedOptions,
  order: { vendorId: number; status: PoStatus; note: string; createdAt: Date; sentAt: Date | null; receivedAt: Date | null; closedAt: Date | null },
  lines: readonly { productId: number; quantity: number; unitCost: number }[],
): Promise<{ id: number; lineIds: number[] }> {
  const [made] = await tx
    .insert(purchaseOrders)
    .values({
      business_id: o.businessId,
      vendor_id: order.vendorId,
      status: order.status,
      note: order.note,
      created_by: o.userId,
      created_at: order.createdAt,
      sent_at: order.sentAt,
      received_at: order.receivedAt,
      closed_at: order.closedAt,
    })
    .returning({ id: purchaseOrders.id });
  const id = (made as { id: number }).id;
  const inserted = await tx
    .insert(purchaseOrderLines)
    .values(lines.map((l, position) => ({ purchase_order_id: id, business_id: o.businessId, product_id: l.productId, position, quantity: l.quantity, unit_cost: l.unitCost })))
    .returning({ id: purchaseOrderLines.id });
  return { id, lineIds: inserted.map((l) => l.id) };
}

/**
 * The demo's purchase orders of one location (issue 14), written after its inventory:
 * - the latest weekly deliveries of the stock ledger become the purchase orders they were: one per
 *   delivery day and vendor, received in one receipt tied to each delivery's `NEWSTOCK` movement
 *   (which then names its order), the older half of them closed;
 * - open orders for today: one partly received (half of its first lines came in yesterday, written
 *   to the ledger as `NEWSTOCK` through `recordStockMovements`), one sent, one draft, each for its
 *   own vendor, of the products lowest against their par.
 */
export async function seedPurchaseOrders(tx: Executor, o: PurchaseOrderSeedOptions): Promise<{ orders: number }> {
  let orders = 0;
  // Received: the latest delivery days.
  const deliveries = await rows<{ id: number; product_id: number; vendor_id: number; quantity: string; unit_cost: number; day: string; created_at: Date | string }>(
    tx,
    sql`select m.id, m.product_id, p.vendor_id, m.quantity::text as quantity, m.unit_cost, m.day::text as day, m.created_at
        from stock_movements m join products p on p.id = m.product_id
        where m.business_id = ${o.businessId} and m.reason = 'NEWSTOCK' and m.purchase_order_id is null and p.vendor_id is not null
          and m.day in (select distinct day from stock_movements where business_id = ${o.businessId} and reason = 'NEWSTOCK' order by day desc limit ${RECEIVED_DELIVERY_DAYS})
        order by m.day, p.vendor_id, m.id`,
  );
  const groups = new Map<string, typeof deliveries>();
  for (const d of deliveries) {
    const key = `${d.day}:${d.vendor_id}`;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  for (const [index, group] of [...groups.values()].entries()) {
    const first = group[0] as (typeof deliveries)[number];
    const receivedAt = new Date(first.created_at);
    // The older half is closed (checked against the invoice), the rest stays received.
    const closed = index < Math.floor(groups.size / 2);
    const order = await addOrder(
      tx,
      o,
      {
        vendorId: first.vendor_id,
        status: closed ? PO_STATUS.CLOSED : PO_STATUS.RECEIVED,
        note: 'Weekly delivery',
        createdAt: new Date(receivedAt.getTime() - 3 * DAY_MS),
        sentAt: new Date(receivedAt.getTime() - 2 * DAY_MS),
        receivedAt,
        closedAt: closed ? new Date(receivedAt.getTime() + DAY_MS) : null,
      },
      group.map((d) => ({ productId: d.product_id, quantity: Number(d.quantity), unitCost: d.unit_cost })),
    );
    const [receipt] = await tx
      .insert(purchaseOrderReceipts)
      .values({ purchase_order_id: order.id, business_id: o.businessId, received_by: o.userId, note: 'Delivered in full', received_at: receivedAt })
      .returning({ id: purchaseOrderReceipts.id });
    await tx.insert(purchaseOrderReceiptLines).values(group.map((d, i) => ({ receipt_id: (receipt as { id: number }).id, line_id: order.lineIds[i] as number, quantity: Number(d.quantity), stock_movement_id: d.id })));
    await tx.execute(sql`update stock_movements set purchase_order_id = ${order.id} where id in (${sql.join(group.map((d) => sql`${d.id}`), sql`, `)})`);
    orders += 1;
  }

  // Open: the products lowest against their par, of three vendors.
  const low = await rows<{ id: number; vendor_id: number; unit: string; cost: number; par: string; full: string; on_hand: string }>(
    tx,
    sql`select p.id, p.vendor_id, p.unit, p.cost, p.par_quantity::text as par, p.full_quantity::text as full,
          coalesce((select sum(m.delta) from stock_movements m where m.business_id = p.business_id and m.product_id = p.id), 0)::text as on_hand
        from products p join vendors v on v.id = p.vendor_id and v.deleted_at is null
        where p.business_id = ${o.businessId} and p.deleted_at is null and p.full_quantity > 0
        order by v.name, p.id`,
  );
  const byVendor = new Map<number, typeof low>();
  for (const p of low) byVendor.set(p.vendor_id, [...(byVendor.get(p.vendor_id) ?? []), p]);
  const plan: PoStatus[] = [PO_STATUS.PARTLY_RECEIVED, PO_STATUS.SENT, PO_STATUS.DRAFT];
  const vendorIds = [...byVendor.keys()].slice(0, plan.length);
  for (const [i, vendorId] of vendorIds.entries()) {
    const status = plan[i] as PoStatus;
    const picked = (byVendor.get(vendorId) ?? [])
      .map((p) => ({ ...p, room: toMilli(Number(p.full)) - toMilli(Number(p.on_hand)) }))
      .sort((a, b) => b.room - a.room || a.id - b.id)
      .slice(0, 6);
    if (picked.length === 0) continue;
    // Enough to fill the shelf, at least its par (whole units of what is counted in units).
    const lines = picked.map((p) => {
      const milli = Math.max(p.room, toMilli(Number(p.par)), 2000);
      return { productId: p.id, quantity: fromMilli(p.unit === 'each' ? Math.ceil(milli / 1000) * 1000 : milli), unitCost: p.cost, unit: p.unit };
    });
    const sentAt = status === PO_STATUS.DRAFT ? null : new Date(o.now.getTime() - (status === PO_STATUS.PARTLY_RECEIVED ? 4 : 1) * DAY_MS);
    const order = await addOrder(
      tx,
      o,
      { vendorId, status, note: status === PO_STATUS.DRAFT ? 'From the reorder suggestions' : 'Restock', createdAt: new Date(o.now.getTime() - 5 * DAY_MS), sentAt, receivedAt: null, closedAt: null },
      lines,
    );
    orders += 1;
    if (status !== PO_STATUS.PARTLY_RECEIVED) continue;
    // Half of the first half of its lines came in yesterday.
    const receivedAt = new Date(o.now.getTime() - DAY_MS);
    const came = lines.slice(0, Math.ceil(lines.length / 2)).map((l, index) => {
      const half = Math.floor(toMilli(l.quantity) / 2);
      return { lineId: order.lineIds[index] as number, productId: l.productId, quantity: fromMilli(l.unit === 'each' ? Math.max(1000, Math.floor(half / 1000) * 1000) : half) };
    });
    const [receipt] = await tx
      .insert(purchaseOrderReceipts)
      .values({ purchase_order_id: order.id, business_id: o.businessId, received_by: o.userId, note: 'First box; the rest is back-ordered', received_at: receivedAt })
      .returning({ id: purchaseOrderReceipts.id });
    const movements = await recordStockMovements(tx, {
      businessId: o.businessId,
      day: dayInZone(receivedAt, o.timezone),
      userId: o.userId,
      at: receivedAt,
      movements: came.map((c) => ({ product_id: c.productId, reason: 'NEWSTOCK', source: 'receiving', quantity: c.quantity, note: `Purchase order #${order.id}`, purchase_order_id: order.id })),
    });
    await tx.insert(purchaseOrderReceiptLines).values(came.map((c, index) => ({ receipt_id: (receipt as { id: number }).id, line_id: c.lineId, quantity: c.quantity, stock_movement_id: movements[index]?.id ?? null })));
  }
  return { orders };
}
