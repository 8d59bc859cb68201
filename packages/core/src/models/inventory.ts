import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id, instant, reportedDay } from './ids';
import { BARCODE_MAX, isValidBarcode, normalizeScan } from './barcode';
import { amount, text } from './input';

/**
 * Inventory (spec 001 §3 Inventory, Vendor, stock reasons; §9 inventory ordered by category
 * order). Shared by the inventory part (products, vendors, the stock ledger, barcodes) and the
 * purchase-order part (receiving writes `NEWSTOCK`). The calls are in `api/inventory.ts`.
 *
 * A product's on-hand is never stored: it is the sum of its stock movements' `delta`
 * (`rules/stock.ts` replays the ledger), so no stored number can drift from the history that
 * explains it. Quantities have up to three decimals in the product's `unit` (backbar colour in
 * grams), kept as PostgreSQL `numeric(14,3)` and summed there exactly; the rules compute in
 * thousandths (`toMilli`) so no float ever rounds a count.
 */

// ——— Quantities ————————————————————————————————————————————————————————————————

/** The decimals a quantity may have. */
export const QUANTITY_DECIMALS = 3;
/** The largest quantity a person may type (`numeric(14,3)` holds far more; a sum of movements stays inside it). */
export const QUANTITY_MAX = 1_000_000;

/** A quantity: at most three decimals (a number, never a string), finite. */
const quantityNumber = z.number({ error: MESSAGES.invalidQuantity }).check(
  z.refine((n) => Number.isFinite(n) && Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, { error: MESSAGES.invalidQuantity }),
);

/** A quantity a person types for a movement or a level: 0 to `QUANTITY_MAX`, up to three decimals. */
export const quantity = quantityNumber.check(
  z.minimum(0, { error: MESSAGES.invalidQuantity }),
  z.maximum(QUANTITY_MAX, { error: MESSAGES.invalidQuantity }),
);
/** A quantity that must be above zero (an added or removed amount). */
export const positiveQuantity = quantityNumber.check(
  z.gt(0, { error: MESSAGES.invalidQuantity }),
  z.maximum(QUANTITY_MAX, { error: MESSAGES.invalidQuantity }),
);

/** The units a product is counted in. `each` is a whole item; the others are measures (backbar). */
export const STOCK_UNIT = { EACH: 'each', G: 'g', KG: 'kg', ML: 'ml', L: 'l', OZ: 'oz' } as const;
export type StockUnit = (typeof STOCK_UNIT)[keyof typeof STOCK_UNIT];
export const STOCK_UNITS = Object.values(STOCK_UNIT) as [StockUnit, ...StockUnit[]];
export const STOCK_UNIT_LABEL: Record<StockUnit, string> = { each: 'each', g: 'g', kg: 'kg', ml: 'ml', l: 'l', oz: 'oz' };
export const stockUnit = z.enum(STOCK_UNITS, { error: MESSAGES.invalidStockUnit });

// ——— Stock reasons ————————————————————————————————————————————————————————————————

/** The nine stock reasons of spec 001 §3, exactly as the product names them. */
export const STOCK_REASON = {
  NEWSTOCK: 'NEWSTOCK',
  ADJUSTMENT_ADD: 'ADJUSTMENT-ADD',
  ADJUSTMENT_SUB: 'ADJUSTMENT-SUB',
  DAMAGED: 'DAMAGED',
  LOST: 'LOST',
  STOLEN: 'STOLEN',
  USED: 'USED',
  ADJUSTMENT: 'ADJUSTMENT',
  OTHER: 'OTHER',
} as const;
export type StockReason = (typeof STOCK_REASON)[keyof typeof STOCK_REASON];
export const STOCK_REASONS = Object.values(STOCK_REASON) as [StockReason, ...StockReason[]];
export const stockReason = z.enum(STOCK_REASONS, { error: MESSAGES.invalidStockReason });

/**
 * What a reason does to the count: `add` and `subtract` move it by the quantity; `set` makes the
 * quantity the new count (`ADJUSTMENT` an exact recount, `OTHER` an exact count).
 */
export const STOCK_DIRECTION = { ADD: 'add', SUBTRACT: 'subtract', SET: 'set' } as const;
export type StockDirection = (typeof STOCK_DIRECTION)[keyof typeof STOCK_DIRECTION];

/**
 * Where a movement came from: a person's adjustment, a sale (a completed ticket's product line),
 * its reversal by a refund or a deletion, a purchase order's receiving, a product's opening count,
 * or the demo.
 */
export const STOCK_SOURCE = {
  ADJUSTMENT: 'adjustment',
  OPENING: 'opening',
  SALE: 'sale',
  REFUND: 'refund',
  DELETION: 'deletion',
  RECEIVING: 'receiving',
  DEMO: 'demo',
} as const;
export type StockSource = (typeof STOCK_SOURCE)[keyof typeof STOCK_SOURCE];
export const STOCK_SOURCES = Object.values(STOCK_SOURCE) as [StockSource, ...StockSource[]];
export const STOCK_SOURCE_LABEL: Record<StockSource, string> = {
  adjustment: 'Adjustment',
  opening: 'Opening count',
  sale: 'Sale',
  refund: 'Refund',
  deletion: 'Ticket deleted',
  receiving: 'Purchase order received',
  demo: 'Demo',
};

/** The longest note of a movement. */
export const STOCK_NOTE_MAX = 500;

/** A barcode as typed or scanned: trimmed of the scanner's Enter, then EAN-13, UPC-A or Code 128 (`models/barcode.ts`). */
export const barcodeInput = z.pipe(
  z.pipe(text(BARCODE_MAX + 8), z.transform(normalizeScan)),
  z.string().check(z.refine(isValidBarcode, { error: MESSAGES.invalidBarcode })),
);

// ——— Vendors ————————————————————————————————————————————————————————————————————

/** A vendor (spec 001 §3 Vendor: id, name, products), with how to reach it. `products` counts its live products. */
export const vendor = z.object({
  id,
  business_id: id,
  name: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  account_number: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  products: z.int(),
  deleted_at: z.nullable(instant),
});
export type Vendor = z.infer<typeof vendor>;

// ——— Products with stock ————————————————————————————————————————————————————————————

/**
 * A product as the inventory sees it (`getproducts`): spec 001 §3's fields (`vendor_id`,
 * `vendor_name`, `barcode`, `product_code`, `taxable`, `category_id`) with its category's order
 * and name (inventory is ordered by category order, §9), the vendor's item code, its unit, its
 * par (reorder point) and full quantity (what a full shelf holds), `on_hand` (the ledger's sum)
 * and `value` (on-hand × cost, in cents, `rules/stock.ts` `stockValue`).
 */
export const inventoryProduct = z.object({
  id,
  business_id: id,
  category_id: id,
  category_name: z.string(),
  category_order: z.int(),
  name: z.string(),
  order: z.int(),
  price: z.int(),
  cost: z.int(),
  productstatus: z.int(),
  barcode: z.nullable(z.string()),
  product_code: z.nullable(z.string()),
  vendor_id: z.nullable(id),
  vendor_name: z.nullable(z.string()),
  vendor_item: z.nullable(z.string()),
  unit: stockUnit,
  par_quantity: z.number(),
  full_quantity: z.number(),
  on_hand: z.number(),
  value: z.int(),
  taxable: z.boolean(),
  deleted_at: z.nullable(instant),
});
export type InventoryProduct = z.infer<typeof inventoryProduct>;

// ——— Stock movements ————————————————————————————————————————————————————————————————

/**
 * One row of the stock ledger. `quantity` is what was entered (an amount added or removed, or for
 * `ADJUSTMENT`/`OTHER` the count found); `delta` the change it made to on-hand (signed); `on_hand`
 * the count right after it; `unit_cost` the product's cost when it was written, so `value_change`
 * (= delta × unit cost, cents) explains the valuation at that moment. `day` is the business-zone
 * day it happened; `checkout_id`/`saleslog_id` tie a sale or its reversal to its ticket line,
 * `purchase_order_id` a receiving to its order.
 */
export const stockMovement = z.object({
  id,
  business_id: id,
  product_id: id,
  reason: stockReason,
  source: z.enum(STOCK_SOURCES),
  quantity: z.number(),
  delta: z.number(),
  on_hand: z.number(),
  unit_cost: z.int(),
  value_change: z.int(),
  note: z.nullable(z.string()),
  day: reportedDay,
  checkout_id: z.nullable(id),
  saleslog_id: z.nullable(id),
  purchase_order_id: z.nullable(id),
  user_id: z.nullable(id),
  user_name: z.nullable(z.string()),
  created_at: instant,
});
export type StockMovement = z.infer<typeof stockMovement>;

/** An adjustment a person records from the inventory screen: a reason, a quantity, a note. */
export const stockAdjustment = z.object({
  product_id: id,
  reason: stockReason,
  quantity,
  note: z._default(z.nullable(text(STOCK_NOTE_MAX, { trim: true })), null),
});
export type StockAdjustment = z.input<typeof stockAdjustment>;

/** Fields a product carries for the inventory, typed by a person. */
export const inventoryFields = {
  vendor_id: z.nullable(id),
  vendor_item: z.nullable(text(64, { trim: true })),
  unit: stockUnit,
  par_quantity: quantity,
  full_quantity: quantity,
  cost: amount(),
};
