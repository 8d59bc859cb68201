import type { PoConfiguration, PoStatus } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products, vendors } from '../catalogue/schema';
import { createdAt, quantityColumn } from '../db/columns';
import { businesses, users } from '../db/schema';
import { stockMovements } from '../inventory/schema';

/**
 * Purchase orders (issue 14): the business's PO config (`tablesettings/po-settings`, one per
 * business), the orders with their lines, and the receipts. What a line has received is never
 * stored: it is the sum of its receipt lines, each tied to the `NEWSTOCK` movement it wrote to the
 * stock ledger, so the order, the ledger and on-hand always agree.
 */

export const purchaseOrderSettings = pgTable(
  'purchase_order_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    configuration: jsonb('configuration').$type<PoConfiguration>().notNull(),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('purchase_order_settings_business_key').on(t.business_id)],
);

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    vendor_id: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    status: text('status').$type<PoStatus>().notNull().default('draft'),
    note: text('note').notNull().default(''),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    received_at: timestamp('received_at', { withTimezone: true }),
    closed_at: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('purchase_orders_business_idx').on(t.business_id, t.id),
    check('purchase_orders_status_check', sql`${t.status} in ('draft', 'sent', 'partly-received', 'received', 'closed')`),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    purchase_order_id: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    quantity: quantityColumn('quantity').notNull(),
    /** Cents per unit. */
    unit_cost: integer('unit_cost').notNull(),
  },
  (t) => [
    uniqueIndex('purchase_order_lines_product_key').on(t.purchase_order_id, t.product_id),
    index('purchase_order_lines_product_idx').on(t.business_id, t.product_id),
    check('purchase_order_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export const purchaseOrderReceipts = pgTable(
  'purchase_order_receipts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    purchase_order_id: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    received_by: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('purchase_order_receipts_order_idx').on(t.purchase_order_id)],
);

export const purchaseOrderReceiptLines = pgTable(
  'purchase_order_receipt_lines',
  {
    receipt_id: integer('receipt_id')
      .notNull()
      .references(() => purchaseOrderReceipts.id, { onDelete: 'cascade' }),
    line_id: integer('line_id')
      .notNull()
      .references(() => purchaseOrderLines.id, { onDelete: 'cascade' }),
    quantity: quantityColumn('quantity').notNull(),
    /** The `NEWSTOCK` movement this receipt line wrote. */
    stock_movement_id: integer('stock_movement_id').references(() => stockMovements.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.receipt_id, t.line_id] }), index('purchase_order_receipt_lines_line_idx').on(t.line_id), check('purchase_order_receipt_lines_quantity_check', sql`${t.quantity} > 0`)],
);
