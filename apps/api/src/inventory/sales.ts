import { STOCK_REASON, STOCK_SOURCE } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../db/executor';
import { recordStockMovements } from './ledger';

/**
 * Sales move stock (issue 14): a completed ticket's product lines each write a `USED` movement
 * (source `sale`, tied to the line) in the transaction that completes it; a deletion of the ticket,
 * or a refund that returns all it was paid, writes for each line what is still out an
 * `ADJUSTMENT-ADD` (source `deletion` or `refund`). A partial refund moves money only: which item,
 * if any, came back is not known, and a recount records it. Both are idempotent per line: what a
 * line moved is read back from the ledger, never remembered elsewhere.
 */

interface OpenLine {
  saleslog_id: number;
  product_id: number;
  quantity: number;
  /** What the ledger already moved for the line (negative while it is out). */
  moved: string;
}

async function productLines(tx: Executor, businessId: number, checkoutId: number): Promise<OpenLine[]> {
  return rows<OpenLine>(
    tx,
    sql`select l.id as saleslog_id, l.product_id, l.quantity,
          coalesce((select sum(m.delta) from stock_movements m where m.saleslog_id = l.id and m.business_id = ${businessId}), 0)::text as moved
        from saleslogs l join products p on p.id = l.product_id and p.business_id = l.business_id
        where l.business_id = ${businessId} and l.checkout_id = ${checkoutId} and l.kind = 'product' and l.quantity > 0
        order by l.id`,
  );
}

/** The `USED` movements of a completed ticket's product lines (lines already moved are left alone). */
export async function recordSaleStock(tx: Executor, input: { businessId: number; checkoutId: number; day: string; at?: Date }) {
  const lines = (await productLines(tx, input.businessId, input.checkoutId)).filter((l) => Number(l.moved) === 0);
  return recordStockMovements(tx, {
    businessId: input.businessId,
    day: input.day,
    at: input.at,
    movements: lines.map((l) => ({
      product_id: l.product_id,
      reason: STOCK_REASON.USED,
      quantity: l.quantity,
      source: STOCK_SOURCE.SALE,
      checkout_id: input.checkoutId,
      saleslog_id: l.saleslog_id,
    })),
  });
}

/** Puts back what a ticket's product lines took out, on a deletion or a full refund (`source`), dated `day`. */
export async function reverseSaleStock(
  tx: Executor,
  input: { businessId: number; checkoutId: number; day: string; source: typeof STOCK_SOURCE.REFUND | typeof STOCK_SOURCE.DELETION; userId?: number | null; at?: Date },
) {
  const lines = (await productLines(tx, input.businessId, input.checkoutId)).filter((l) => Number(l.moved) < 0);
  return recordStockMovements(tx, {
    businessId: input.businessId,
    day: input.day,
    at: input.at,
    userId: input.userId ?? null,
    movements: lines.map((l) => ({
      product_id: l.product_id,
      reason: STOCK_REASON.ADJUSTMENT_ADD,
      quantity: -Number(l.moved),
      source: input.source,
      note: input.source === STOCK_SOURCE.REFUND ? 'Ticket refunded in full' : 'Ticket deleted',
      checkout_id: input.checkoutId,
      saleslog_id: l.saleslog_id,
    })),
  });
}
