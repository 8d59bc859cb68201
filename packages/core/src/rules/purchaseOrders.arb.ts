import { fc } from '@fast-check/vitest';
import { PO_CONFIG_NAMES, PO_STATUSES, type PoConfigName, type PoStatus } from '../models/purchaseOrders';
import type { OrderLine, ReorderProduct } from './purchaseOrders';

/** Domain arbitraries for the purchase-order rules' property tests. */

/** A quantity with up to 3 decimals, from 0 to 1,000 (grams of colour as well as bottles). */
export const quantityArb = fc.integer({ min: 0, max: 1_000_000 }).map((m) => m / 1000);
/** A quantity above zero. */
export const positiveQuantityArb = fc.integer({ min: 1, max: 1_000_000 }).map((m) => m / 1000);
/** What is in hand: mostly positive, sometimes below zero (sold before it was counted in). */
export const onHandArb = fc.integer({ min: -50_000, max: 1_000_000 }).map((m) => m / 1000);

export const poConfigArb: fc.Arbitrary<PoConfigName> = fc.constantFrom(...PO_CONFIG_NAMES);
export const poStatusArb: fc.Arbitrary<PoStatus> = fc.constantFrom(...PO_STATUSES);

export const levelsArb = fc.record({ onHand: onHandArb, parQuantity: quantityArb, fullQuantity: quantityArb });

export const reorderProductArb = (productId: number): fc.Arbitrary<ReorderProduct> =>
  fc.record({
    id: fc.constant(productId),
    onHand: onHandArb,
    parQuantity: quantityArb,
    fullQuantity: quantityArb,
    onOrder: fc.oneof(fc.constant(0), quantityArb),
    vendorId: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null, freq: 6 }),
    retired: fc.boolean(),
  });

export const reorderProductsArb = fc.integer({ min: 0, max: 30 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => reorderProductArb(i + 1))));

/** The lines of an order (ids 1..n), nothing received yet. */
export const orderLinesArb: fc.Arbitrary<OrderLine[]> = fc
  .array(positiveQuantityArb, { minLength: 1, maxLength: 8 })
  .map((qs) => qs.map((quantity, i) => ({ id: i + 1, quantity, received: 0 })));

/** Receipts as a person might type them: any line id (some not on the order), any quantity. */
export const receiptAttemptsArb = fc.array(
  fc.array(fc.record({ lineId: fc.integer({ min: 1, max: 10 }), quantity: fc.integer({ min: 0, max: 400_000 }).map((m) => m / 1000) }), { minLength: 0, maxLength: 4 }),
  { minLength: 1, maxLength: 12 },
);
