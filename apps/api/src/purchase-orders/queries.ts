import {
  compareInventoryOrder,
  DEFAULT_PO_CONFIG,
  MESSAGES,
  orderTotals,
  PO_SETTINGS_NAME,
  type PoConfigName,
  type PoLine,
  type PoReceipt,
  type PoSettings,
  type PoStatus,
  type PoSummary,
  poConfiguration,
  type PurchaseOrder,
  type ReorderSuggestionRow,
  suggestReorders,
} from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { safeParse } from 'zod/mini';
import { HttpError } from '../http/errors';
import { type Executor, rows } from '../db/executor';
import { iso, isoOrNull } from '../db/instants';

/** The title the PO config has before anyone saves it. */
export const PO_SETTINGS_TITLE = 'Purchase orders';

/** The business's PO config: the saved one, or the spec's default (`inhand-x-fullquantity`). */
export async function readPoSettings(db: Executor, businessId: number): Promise<PoSettings> {
  const [row] = await rows<{ id: number; title: string; configuration: unknown; updated_at: Date | string }>(
    db,
    sql`select id, title, configuration, updated_at from purchase_order_settings where business_id = ${businessId}`,
  );
  if (!row) return { id: null, name: PO_SETTINGS_NAME, title: PO_SETTINGS_TITLE, configuration: { config: DEFAULT_PO_CONFIG }, updated_at: null };
  const parsed = safeParse(poConfiguration, row.configuration);
  return { id: row.id, name: PO_SETTINGS_NAME, title: row.title, configuration: parsed.success ? parsed.data : { config: DEFAULT_PO_CONFIG }, updated_at: iso(row.updated_at) };
}

interface OrderRow {
  id: number;
  vendor_id: number;
  vendor_name: string;
  status: PoStatus;
  note: string;
  created_at: Date | string;
  created_by: string | null;
  sent_at: Date | string | null;
  received_at: Date | string | null;
  closed_at: Date | string | null;
}

interface LineRow {
  id: number;
  purchase_order_id: number;
  product_id: number;
  product_name: string;
  unit: string;
  barcode: string | null;
  quantity: string;
  received: string;
  unit_cost: number;
  on_hand: string;
}

const ORDER_COLUMNS = sql`po.id, po.vendor_id, v.name as vendor_name, po.status, po.note, po.created_at, u.fullname as created_by, po.sent_at, po.received_at, po.closed_at`;
const ORDER_FROM = sql`purchase_orders po join vendors v on v.id = po.vendor_id left join users u on u.id = po.created_by`;

/** The lines of orders, each with what it has received (the sum of its receipt lines). */
async function linesOf(db: Executor, businessId: number, orderIds: readonly number[]): Promise<LineRow[]> {
  if (orderIds.length === 0) return [];
  return rows<LineRow>(
    db,
    sql`select l.id, l.purchase_order_id, l.product_id, p.name as product_name, p.unit, p.barcode, l.quantity::text as quantity, l.unit_cost,
          coalesce((select sum(r.quantity) from purchase_order_receipt_lines r where r.line_id = l.id), 0)::text as received,
          coalesce((select sum(m.delta) from stock_movements m where m.business_id = l.business_id and m.product_id = l.product_id), 0)::text as on_hand
        from purchase_order_lines l join products p on p.id = l.product_id
        where l.business_id = ${businessId} and l.purchase_order_id in (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)})
        order by l.purchase_order_id, l.position, l.id`,
  );
}

const toLine = (l: LineRow): PoLine => ({
  id: l.id,
  product_id: l.product_id,
  product_name: l.product_name,
  unit: l.unit,
  barcode: l.barcode,
  quantity: Number(l.quantity),
  received: Number(l.received),
  unit_cost: l.unit_cost,
  on_hand: Number(l.on_hand),
});

function toSummary(o: OrderRow, lines: readonly PoLine[]): PoSummary {
  const { total, receivedTotal } = orderTotals(lines.map((l) => ({ quantity: l.quantity, received: l.received, unitCost: l.unit_cost })));
  return {
    id: o.id,
    vendor_id: o.vendor_id,
    vendor_name: o.vendor_name,
    status: o.status,
    note: o.note,
    lines: lines.length,
    total,
    received_total: receivedTotal,
    created_at: iso(o.created_at),
    created_by: o.created_by,
    sent_at: isoOrNull(o.sent_at),
    received_at: isoOrNull(o.received_at),
    closed_at: isoOrNull(o.closed_at),
  };
}

/** A business's purchase orders, newest first, optionally of one status. */
export async function listPurchaseOrders(db: Executor, businessId: number, status?: PoStatus): Promise<PoSummary[]> {
  const orders = await rows<OrderRow>(
    db,
    sql`select ${ORDER_COLUMNS} from ${ORDER_FROM} where po.business_id = ${businessId} ${status ? sql`and po.status = ${status}` : sql``} order by po.id desc`,
  );
  const lines = await linesOf(db, businessId, orders.map((o) => o.id));
  const byOrder = new Map<number, PoLine[]>();
  for (const l of lines) {
    const list = byOrder.get(l.purchase_order_id) ?? [];
    list.push(toLine(l));
    byOrder.set(l.purchase_order_id, list);
  }
  return orders.map((o) => toSummary(o, byOrder.get(o.id) ?? []));
}

/** One purchase order with its lines and receipts; 404 when it is not this business's. */
export async function loadPurchaseOrder(db: Executor, businessId: number, poId: number): Promise<PurchaseOrder> {
  const [order] = await rows<OrderRow>(db, sql`select ${ORDER_COLUMNS} from ${ORDER_FROM} where po.business_id = ${businessId} and po.id = ${poId}`);
  if (!order) throw new HttpError(404, MESSAGES.poNotFound);
  const lines = (await linesOf(db, businessId, [poId])).map(toLine);
  const receipts = await rows<{ id: number; received_at: Date | string; received_by: string | null; note: string; lines: { line_id: number; quantity: number | string }[] }>(
    db,
    sql`select r.id, r.received_at, u.fullname as received_by, r.note,
          coalesce(json_agg(json_build_object('line_id', rl.line_id, 'quantity', rl.quantity) order by rl.line_id) filter (where rl.line_id is not null), '[]') as lines
        from purchase_order_receipts r
        left join users u on u.id = r.received_by
        left join purchase_order_receipt_lines rl on rl.receipt_id = r.id
        where r.business_id = ${businessId} and r.purchase_order_id = ${poId}
        group by r.id, u.fullname
        order by r.id`,
  );
  return {
    ...toSummary(order, lines),
    order_lines: lines,
    receipts: receipts.map(
      (r): PoReceipt => ({ id: r.id, received_at: iso(r.received_at), received_by: r.received_by, note: r.note, lines: r.lines.map((l) => ({ line_id: l.line_id, quantity: Number(l.quantity) })) }),
    ),
  };
}

/** Locks an order for a change (one change of an order at a time); 404 when it is not this business's. */
export async function lockPurchaseOrder(tx: Executor, businessId: number, poId: number): Promise<{ id: number; status: PoStatus; vendor_id: number }> {
  const [row] = await rows<{ id: number; status: PoStatus; vendor_id: number }>(
    tx,
    sql`select id, status, vendor_id from purchase_orders where business_id = ${businessId} and id = ${poId} for update`,
  );
  if (!row) throw new HttpError(404, MESSAGES.poNotFound);
  return row;
}

interface SuggestionSource {
  id: number;
  name: string;
  category_name: string;
  category_order: number;
  order: number;
  unit: string;
  barcode: string | null;
  vendor_id: number;
  vendor_name: string;
  par_quantity: string;
  full_quantity: string;
  cost: number;
  on_hand: string;
  on_order: string;
}

/**
 * The reorder suggestions under a PO config: every live product with a live vendor, its on-hand
 * (the ledger's sum) and what is already on open orders (drafts, sent and partly received, less
 * what came in), through core's `suggestReorders`; by vendor, then inventory order.
 */
export async function reorderSuggestionsOf(db: Executor, businessId: number, config: PoConfigName): Promise<ReorderSuggestionRow[]> {
  const products = await rows<SuggestionSource>(
    db,
    sql`with on_hand as (
          select product_id, sum(delta) as q from stock_movements where business_id = ${businessId} group by product_id
        ), received as (
          select rl.line_id, sum(rl.quantity) as q from purchase_order_receipt_lines rl
          join purchase_order_receipts r on r.id = rl.receipt_id where r.business_id = ${businessId} group by rl.line_id
        ), on_order as (
          select l.product_id, sum(greatest(l.quantity - coalesce(rc.q, 0), 0)) as q
          from purchase_order_lines l
          join purchase_orders po on po.id = l.purchase_order_id and po.status in ('draft', 'sent', 'partly-received')
          left join received rc on rc.line_id = l.id
          where l.business_id = ${businessId} group by l.product_id
        )
        select p.id, p.name, c.name as category_name, c."order" as category_order, p."order", p.unit, p.barcode, p.vendor_id, v.name as vendor_name,
          p.par_quantity::text as par_quantity, p.full_quantity::text as full_quantity, p.cost,
          coalesce(oh.q, 0)::text as on_hand, coalesce(oo.q, 0)::text as on_order
        from products p
        join categories c on c.id = p.category_id and c.deleted_at is null
        join vendors v on v.id = p.vendor_id and v.deleted_at is null
        left join on_hand oh on oh.product_id = p.id
        left join on_order oo on oo.product_id = p.id
        where p.business_id = ${businessId} and p.deleted_at is null`,
  );
  products.sort((a, b) => a.vendor_name.localeCompare(b.vendor_name, 'en') || a.vendor_id - b.vendor_id || compareInventoryOrder(a, b));
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines = suggestReorders(
    config,
    products.map((p) => ({
      id: p.id,
      onHand: Number(p.on_hand),
      parQuantity: Number(p.par_quantity),
      fullQuantity: Number(p.full_quantity),
      onOrder: Number(p.on_order),
      vendorId: p.vendor_id,
      retired: false,
    })),
  );
  return lines.map((line) => {
    const p = byId.get(line.productId) as SuggestionSource;
    return {
      product_id: p.id,
      product_name: p.name,
      category_name: p.category_name,
      unit: p.unit,
      barcode: p.barcode,
      vendor_id: p.vendor_id,
      vendor_name: p.vendor_name,
      on_hand: Number(p.on_hand),
      par_quantity: Number(p.par_quantity),
      full_quantity: Number(p.full_quantity),
      on_order: Number(p.on_order),
      quantity: line.quantity,
      unit_cost: p.cost,
    };
  });
}
