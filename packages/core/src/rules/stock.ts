import { STOCK_DIRECTION, STOCK_REASON, type StockDirection, type StockReason } from '../models/inventory';

/**
 * The stock ledger's rules (spec 001 §3 stock reasons, §9 inventory ordered by category order).
 * On-hand is the ledger replayed: `add` reasons raise the count by their quantity, `subtract`
 * reasons lower it, `set` reasons (`ADJUSTMENT`, an exact recount; `OTHER`, an exact count) make
 * their quantity the count whatever came before. Each movement keeps the `delta` it made, so
 * on-hand is also the plain sum of the deltas (what PostgreSQL sums); both agree by construction
 * (`replayLedger`). Quantities are computed in thousandths (`toMilli`), never in floats.
 */

/** What each reason does to the count. */
export const STOCK_REASON_DIRECTION: Record<StockReason, StockDirection> = {
  NEWSTOCK: STOCK_DIRECTION.ADD,
  'ADJUSTMENT-ADD': STOCK_DIRECTION.ADD,
  'ADJUSTMENT-SUB': STOCK_DIRECTION.SUBTRACT,
  DAMAGED: STOCK_DIRECTION.SUBTRACT,
  LOST: STOCK_DIRECTION.SUBTRACT,
  STOLEN: STOCK_DIRECTION.SUBTRACT,
  USED: STOCK_DIRECTION.SUBTRACT,
  ADJUSTMENT: STOCK_DIRECTION.SET,
  OTHER: STOCK_DIRECTION.SET,
};

/** A reason as a person reads it. */
export const STOCK_REASON_LABEL: Record<StockReason, string> = {
  NEWSTOCK: 'New stock',
  'ADJUSTMENT-ADD': 'Adjustment (add)',
  'ADJUSTMENT-SUB': 'Adjustment (subtract)',
  DAMAGED: 'Damaged',
  LOST: 'Lost',
  STOLEN: 'Stolen',
  USED: 'Used',
  ADJUSTMENT: 'Adjustment (exact recount)',
  OTHER: 'Other (exact count)',
};

/** What a reason does to the stock's value, shown beside it wherever a reason is chosen. */
export const STOCK_REASON_EFFECT: Record<StockReason, string> = {
  NEWSTOCK: 'Adds the quantity: stock value rises by quantity × cost.',
  'ADJUSTMENT-ADD': 'Adds the quantity: stock value rises by quantity × cost.',
  'ADJUSTMENT-SUB': 'Removes the quantity: stock value falls by quantity × cost.',
  DAMAGED: 'Removes the quantity as damaged: stock value falls by quantity × cost (a write-off).',
  LOST: 'Removes the quantity as lost: stock value falls by quantity × cost (a write-off).',
  STOLEN: 'Removes the quantity as stolen: stock value falls by quantity × cost (a write-off).',
  USED: 'Removes the quantity used or sold: stock value falls by quantity × cost.',
  ADJUSTMENT: 'Sets the count to the quantity found in a recount: stock value moves by the difference × cost.',
  OTHER: 'Sets the count to the quantity given: stock value moves by the difference × cost.',
};

/** Reasons a person picks from, adds first, then subtractions, then exact counts. */
export const STOCK_REASONS_IN_ORDER: StockReason[] = [
  STOCK_REASON.NEWSTOCK,
  STOCK_REASON.ADJUSTMENT_ADD,
  STOCK_REASON.ADJUSTMENT_SUB,
  STOCK_REASON.DAMAGED,
  STOCK_REASON.LOST,
  STOCK_REASON.STOLEN,
  STOCK_REASON.USED,
  STOCK_REASON.ADJUSTMENT,
  STOCK_REASON.OTHER,
];

/** A quantity in thousandths of its unit (an integer). */
export function toMilli(quantity: number): number {
  return Math.round(quantity * 1000) + 0;
}

/** Thousandths back to a quantity with at most three decimals. */
export function fromMilli(milli: number): number {
  // `+ 0` turns a negative zero (a subtraction of nothing) into zero.
  return milli / 1000 + 0;
}

/** The signed change a movement makes to an on-hand count (both as quantities). */
export function movementDelta(onHand: number, reason: StockReason, quantity: number): number {
  const q = toMilli(quantity);
  switch (STOCK_REASON_DIRECTION[reason]) {
    case STOCK_DIRECTION.ADD:
      return fromMilli(q);
    case STOCK_DIRECTION.SUBTRACT:
      return fromMilli(-q);
    case STOCK_DIRECTION.SET:
      return fromMilli(q - toMilli(onHand));
  }
}

/** A movement as entered: a reason and its quantity. */
export interface LedgerEntry {
  reason: StockReason;
  quantity: number;
}

/** The ledger replayed in order: each movement's delta and the count after it, and the final on-hand. */
export interface ReplayedLedger {
  steps: { delta: number; on_hand: number }[];
  on_hand: number;
}

/** Replays movements in order from zero (`set` reasons replace the count, the others move it). */
export function replayLedger(entries: readonly LedgerEntry[]): ReplayedLedger {
  let milli = 0;
  const steps = entries.map((entry) => {
    const delta = toMilli(movementDelta(fromMilli(milli), entry.reason, entry.quantity));
    milli += delta;
    return { delta: fromMilli(delta), on_hand: fromMilli(milli) };
  });
  return { steps, on_hand: fromMilli(milli) };
}

/** On-hand as the sum of the ledger's deltas (what the server sums in SQL). */
export function onHandFromDeltas(deltas: readonly number[]): number {
  return fromMilli(deltas.reduce((sum, d) => sum + toMilli(d), 0));
}

/** The value of a quantity at a unit cost, in cents (rounded half away from zero). */
export function stockValue(quantity: number, unitCost: number): number {
  const cents = (toMilli(quantity) * unitCost) / 1000;
  return cents < 0 ? -Math.round(-cents) : Math.round(cents);
}

/**
 * What recording `reason` with `quantity` on a product holding `onHand` at `unitCost` would do:
 * the change to the count, the count after it, and the change to the stock's value (cents).
 */
export function previewMovement(onHand: number, reason: StockReason, quantity: number, unitCost: number) {
  const delta = movementDelta(onHand, reason, quantity);
  const after = fromMilli(toMilli(onHand) + toMilli(delta));
  return { delta, on_hand: after, value_change: stockValue(delta, unitCost), value_after: stockValue(after, unitCost) };
}

/** A subtraction a person records must not take the count below zero (a sale may: the shelf is what it is). */
export function leavesStockBelowZero(onHand: number, reason: StockReason, quantity: number): boolean {
  return toMilli(onHand) + toMilli(movementDelta(onHand, reason, quantity)) < 0;
}

/** At or below the par level (reorder point): only for products with a par above zero. */
export function isLowStock(product: { on_hand: number; par_quantity: number }): boolean {
  return product.par_quantity > 0 && toMilli(product.on_hand) <= toMilli(product.par_quantity);
}

/** What a product is sorted by on the inventory: its category's order, then its own. */
export interface InventoryOrderKey {
  category_order: number;
  category_name: string;
  order: number;
  name: string;
  id: number;
}

/** Inventory order (spec 001 §9): category order, then category name, then the product's order, name and id. */
export function compareInventoryOrder(a: InventoryOrderKey, b: InventoryOrderKey): number {
  return (
    a.category_order - b.category_order ||
    a.category_name.localeCompare(b.category_name, 'en') ||
    a.order - b.order ||
    a.name.localeCompare(b.name, 'en') ||
    a.id - b.id
  );
}

/** A quantity for display with its unit: `12.5 g`, `3 each`, never rounded to whole units. */
export function formatQuantity(quantity: number, unit: string): string {
  return `${quantity.toLocaleString('en-US', { maximumFractionDigits: 3 })} ${unit}`;
}
