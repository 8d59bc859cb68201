import { leavesStockBelowZero, MESSAGES, movementDelta, type StockReason, type StockSource, toMilli, fromMilli } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { HttpError } from '../http/errors';
import { type Executor, rows } from '../db/executor';

/**
 * The one writer of the stock ledger. Adjustments, sales, their reversals by refunds and deletions,
 * purchase-order receiving (`NEWSTOCK`, source `receiving`) and the demo all call
 * `recordStockMovements` inside their own transaction, so a sale and its stock move together or
 * not at all. It locks the products named (in id order, so two writers never deadlock), reads their
 * on-hand as the sum of the ledger, replays the new movements in the order given (`set` reasons take
 * their delta from the count at that moment, `rules/stock.ts`), and appends them.
 */

export interface StockMovementInput {
  product_id: number;
  reason: StockReason;
  /** As entered: the amount added or removed, or for `ADJUSTMENT`/`OTHER` the count found (≥ 0, ≤ 3 decimals). */
  quantity: number;
  source: StockSource;
  note?: string | null;
  checkout_id?: number | null;
  saleslog_id?: number | null;
  purchase_order_id?: number | null;
  /** This movement's own business-zone day and instant, when a batch spans days (the demo's year). */
  day?: string;
  at?: Date;
}

export interface RecordStockMovements {
  businessId: number;
  /** The business-zone day the movements happened. */
  day: string;
  movements: readonly StockMovementInput[];
  /** Who recorded them (null for the system: sales, the demo). */
  userId?: number | null;
  /** When they happened (defaults to the database's now). */
  at?: Date;
  /**
   * Refuse (400, `stockBelowZero`) a movement that would leave a product below zero. A person's
   * adjustment sets it; a sale does not (the shelf is what it is: a later recount corrects it).
   */
  refuseBelowZero?: boolean;
}

export interface RecordedMovement {
  id: number;
  product_id: number;
  reason: StockReason;
  quantity: number;
  delta: number;
  on_hand: number;
  unit_cost: number;
}

const INSERT_CHUNK = 20_000;

/** Appends movements to the ledger (inside the caller's transaction); answers them with their deltas and counts. */
export async function recordStockMovements(tx: Executor, input: RecordStockMovements): Promise<RecordedMovement[]> {
  if (input.movements.length === 0) return [];
  const ids = [...new Set(input.movements.map((m) => m.product_id))].sort((a, b) => a - b);
  // Lock first, then sum in a statement of its own: a sum read in the locking statement would come
  // from the snapshot taken before the wait, missing the movements of the writer it waited for.
  const locked = await rows<{ id: number; cost: number }>(
    tx,
    sql`select p.id, p.cost from products p
        where p.business_id = ${input.businessId} and p.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
        order by p.id
        for update of p`,
  );
  if (locked.length !== ids.length) throw new HttpError(404, MESSAGES.productNotFound);
  const onHand = await onHandOf(tx, input.businessId, ids);
  const state = new Map(locked.map((p) => [p.id, { milli: toMilli(onHand.get(p.id) ?? 0), cost: p.cost }]));

  const values = input.movements.map((m) => {
    const product = state.get(m.product_id)!;
    const before = fromMilli(product.milli);
    if (input.refuseBelowZero && leavesStockBelowZero(before, m.reason, m.quantity)) throw new HttpError(400, MESSAGES.stockBelowZero);
    const delta = movementDelta(before, m.reason, m.quantity);
    product.milli += toMilli(delta);
    return {
      business_id: input.businessId,
      product_id: m.product_id,
      reason: m.reason,
      source: m.source,
      quantity: fromMilli(toMilli(m.quantity)),
      delta,
      on_hand: fromMilli(product.milli),
      unit_cost: product.cost,
      note: m.note ?? null,
      day: m.day ?? input.day,
      checkout_id: m.checkout_id ?? null,
      saleslog_id: m.saleslog_id ?? null,
      purchase_order_id: m.purchase_order_id ?? null,
      user_id: input.userId ?? null,
      created_at: (m.at ?? input.at)?.toISOString() ?? null,
    };
  });
  // Ids drawn from the identity first, then every row as one JSON parameter per chunk: a
  // parameter per value would cost more to bind than to write (the demo's year is 27,000 rows a
  // location), and the ids say which row is which without trusting the order RETURNING gives.
  const newIds = await rows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('stock_movements', 'id'))::int as id from generate_series(1, ${values.length}) order by 1`);
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    const chunk = values.slice(i, i + INSERT_CHUNK).map((v, j) => ({ ...v, id: newIds[i + j]!.id }));
    await tx.execute(sql`insert into stock_movements (id, business_id, product_id, reason, source, quantity, delta, on_hand, unit_cost, note, day, checkout_id, saleslog_id, purchase_order_id, user_id, created_at)
      overriding system value
      select x.id, x.business_id, x.product_id, x.reason, x.source, x.quantity, x.delta, x.on_hand, x.unit_cost, x.note, x.day, x.checkout_id, x.saleslog_id, x.purchase_order_id, x.user_id, coalesce(x.created_at, now())
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(id integer, business_id integer, product_id integer, reason text, source text, quantity numeric, delta numeric, on_hand numeric,
        unit_cost integer, note text, day date, checkout_id integer, saleslog_id integer, purchase_order_id integer, user_id integer, created_at timestamptz)`);
  }
  return values.map((v, i) => ({
    id: newIds[i]!.id,
    product_id: v.product_id,
    reason: v.reason,
    quantity: v.quantity,
    delta: v.delta,
    on_hand: v.on_hand,
    unit_cost: v.unit_cost,
  }));
}

/** On-hand of products as the ledger's sum (products with no movement hold 0). */
export async function onHandOf(db: Executor, businessId: number, productIds: readonly number[]): Promise<Map<number, number>> {
  const result = new Map(productIds.map((id) => [id, 0]));
  if (productIds.length === 0) return result;
  const sums = await rows<{ product_id: number; on_hand: string }>(
    db,
    sql`select product_id, sum(delta)::text as on_hand from stock_movements
        where business_id = ${businessId} and product_id in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})
        group by product_id`,
  );
  for (const s of sums) result.set(s.product_id, Number(s.on_hand));
  return result;
}
