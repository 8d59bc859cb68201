import type { StockReason, StockSource } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { products } from '../catalogue/schema';
import { createdAt, quantityColumn } from '../db/columns';
import { businesses, users } from '../db/schema';
import { checkouts, saleslogs } from '../transactions/schema';

/**
 * Inventory (spec 001 §3 Inventory, Vendor, stock reasons). A product's on-hand is never stored:
 * it is `sum(delta)` of its `stock_movements` (an append-only ledger; nothing updates or deletes a
 * movement — a refund or a deletion writes a reversing one). Every writer goes through
 * `recordStockMovements` (`ledger.ts`), which locks the product, computes each movement's delta
 * from the reason (`set` reasons from the on-hand at that moment) and keeps the count after it.
 * The product columns the inventory needs (`vendor_id`, `vendor_item`, `unit`, `par_quantity`,
 * `full_quantity`) are on `products`, and `vendors` (which products point at) beside it, in
 * `catalogue/schema.ts`.
 */

export const stockMovements = pgTable(
  'stock_movements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<StockReason>().notNull(),
    source: text('source').$type<StockSource>().notNull(),
    /** As entered: the amount added or removed, or for `ADJUSTMENT`/`OTHER` the count found. */
    quantity: quantityColumn('quantity').notNull(),
    /** The signed change made to on-hand; on-hand is the sum of these. */
    delta: quantityColumn('delta').notNull(),
    /** The count right after this movement (written under the product's lock). */
    on_hand: quantityColumn('on_hand').notNull(),
    /** The product's cost per unit when written, cents: value change = delta × unit_cost. */
    unit_cost: integer('unit_cost').notNull(),
    note: text('note'),
    /** The business-zone day it happened (a sale's checkout day). */
    day: date('day', { mode: 'string' }).notNull(),
    checkout_id: integer('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    saleslog_id: integer('saleslog_id').references(() => saleslogs.id, { onDelete: 'set null' }),
    /** The purchase order a `NEWSTOCK` receiving belongs to (a foreign key to `purchase_orders`, written in the custom migration `stock_movement_purchase_order`: a reference here would make the two schema modules import each other). */
    purchase_order_id: integer('purchase_order_id'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.business_id, t.product_id, t.id),
    index('stock_movements_business_day_idx').on(t.business_id, t.day),
    index('stock_movements_saleslog_idx').on(t.saleslog_id).where(sql`${t.saleslog_id} is not null`),
    index('stock_movements_purchase_order_idx').on(t.purchase_order_id).where(sql`${t.purchase_order_id} is not null`),
    check(
      'stock_movements_reason_check',
      sql`${t.reason} in ('NEWSTOCK', 'ADJUSTMENT-ADD', 'ADJUSTMENT-SUB', 'DAMAGED', 'LOST', 'STOLEN', 'USED', 'ADJUSTMENT', 'OTHER')`,
    ),
    check('stock_movements_quantity_check', sql`${t.quantity} >= 0`),
  ],
);
