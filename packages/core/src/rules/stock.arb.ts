import { fc } from '@fast-check/vitest';
import { STOCK_REASONS, type StockReason } from '../models/inventory';
import type { LedgerEntry } from './stock';

/** Domain arbitraries for the stock rules' property tests. */

export const stockReasonArb: fc.Arbitrary<StockReason> = fc.constantFrom(...STOCK_REASONS);

/** A quantity with up to three decimals, 0 to 1,000 (thousandths, so no float ever strays). */
export const quantityArb = fc.integer({ min: 0, max: 1_000_000 }).map((milli) => milli / 1000);

export const ledgerEntryArb: fc.Arbitrary<LedgerEntry> = fc.record({ reason: stockReasonArb, quantity: quantityArb });

export const ledgerArb = fc.array(ledgerEntryArb, { maxLength: 40 });

/** A unit cost in cents. */
export const unitCostArb = fc.integer({ min: 0, max: 100_000 });

export const inventoryKeyArb = fc.record({
  category_order: fc.integer({ min: 0, max: 5 }),
  category_name: fc.constantFrom('Retail', 'Backbar', 'Colour'),
  order: fc.integer({ min: 0, max: 5 }),
  name: fc.constantFrom('Shampoo', 'Oil', 'Gel', 'Spray'),
  id: fc.integer({ min: 1, max: 1000 }),
});
