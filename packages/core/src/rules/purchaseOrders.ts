import { MESSAGES } from '../messages';
import { PO_CONFIG, PO_STATUS, type PoConfigName, type PoStatus } from '../models/purchaseOrders';
import { fromMilli, isLowStock, stockValue, toMilli } from './stock';

/**
 * Purchase-order rules (spec 001 §9; issue 14): the reorder quantity each PO config gives, the
 * suggestions over a business's products, and the order's lifecycle — what may happen in which
 * status, what a receipt does, and that nothing is ever received beyond what was ordered.
 *
 * Quantities carry up to 3 decimals; every sum here is done in whole thousandths (`toMilli` of
 * the stock rules), so 0.1 + 0.2 received is exactly 0.3 and a line of 0.3 is then received in full.
 */

/** A product's stock levels, as the rules need them. */
export interface StockLevels {
  onHand: number;
  parQuantity: number;
  fullQuantity: number;
}

/**
 * How much of a product to order under a PO config, never below zero:
 * `orderQuantity('inhand-x-fullquantity', { onHand: 3, parQuantity: 4, fullQuantity: 10 })` → 7.
 * A negative in hand (sold before it was counted in) orders that much more.
 */
export function orderQuantity(config: PoConfigName, levels: StockLevels): number {
  const onHand = toMilli(levels.onHand);
  const par = toMilli(levels.parQuantity);
  const full = toMilli(levels.fullQuantity);
  let milli: number;
  switch (config) {
    case PO_CONFIG.INHAND_X_PARQUANTITY:
      milli = par - onHand;
      break;
    case PO_CONFIG.BELOWPAR_X_FULLQUANTITY:
      // Low stock as the inventory shows it: a par above zero, and in hand at or below it.
      milli = isLowStock({ on_hand: levels.onHand, par_quantity: levels.parQuantity }) ? full - onHand : 0;
      break;
    default:
      milli = full - onHand;
  }
  return fromMilli(Math.max(0, milli));
}

/** A product as the suggestions read it. */
export interface ReorderProduct extends StockLevels {
  id: number;
  /** Already on sent or partly received orders and not yet in. */
  onOrder: number;
  vendorId: number | null;
  retired: boolean;
}

export interface ReorderLine {
  productId: number;
  vendorId: number;
  quantity: number;
}

/**
 * The reorder suggestions: for each product with a vendor that is not retired, the PO config's
 * quantity less what is already on order, when that is more than zero. Order kept as given (the
 * caller sorts products by category order first).
 */
export function suggestReorders(config: PoConfigName, products: readonly ReorderProduct[]): ReorderLine[] {
  const out: ReorderLine[] = [];
  for (const p of products) {
    if (p.retired || p.vendorId === null) continue;
    const milli = toMilli(orderQuantity(config, p)) - Math.max(0, toMilli(p.onOrder));
    if (milli > 0) out.push({ productId: p.id, vendorId: p.vendorId, quantity: fromMilli(milli) });
  }
  return out;
}

// ── Lifecycle ────────────────────────────────────────────────────────────────────────────

type Predicate = ((po: { status: PoStatus }) => boolean) & { states: readonly PoStatus[] };
const allowedIn = (...states: PoStatus[]): Predicate => Object.assign((po: { status: PoStatus }) => states.includes(po.status), { states });

/** What may happen to an order in its status: `poCan.receive(po)`; each predicate names its `.states`. */
export const poCan = {
  /** Change its lines or note. */
  edit: allowedIn(PO_STATUS.DRAFT),
  send: allowedIn(PO_STATUS.DRAFT),
  receive: allowedIn(PO_STATUS.SENT, PO_STATUS.PARTLY_RECEIVED),
  close: allowedIn(PO_STATUS.DRAFT, PO_STATUS.SENT, PO_STATUS.PARTLY_RECEIVED, PO_STATUS.RECEIVED),
} as const;

export type PoAction = keyof typeof poCan;

/** Why an action is refused in a status, or null when it is allowed. */
export function poActionProblem(action: PoAction, status: PoStatus): string | null {
  if (poCan[action]({ status })) return null;
  if (status === PO_STATUS.CLOSED) return MESSAGES.poClosed;
  if (action === 'receive' && status === PO_STATUS.DRAFT) return MESSAGES.poSendBeforeReceiving;
  if (action === 'receive' && status === PO_STATUS.RECEIVED) return MESSAGES.poAlreadyReceived;
  return MESSAGES.poNotADraft;
}

/** A line of an order as the lifecycle reads it. */
export interface OrderLine {
  id: number;
  quantity: number;
  received: number;
}

/** What is still to come on a line: `remaining({ quantity: 10, received: 4 })` → 6. */
export const remaining = (line: { quantity: number; received: number }): number => fromMilli(Math.max(0, toMilli(line.quantity) - toMilli(line.received)));

/** The status of a sent order after receipts: received once every line is in full, partly received once anything came. */
export function statusAfterReceipts(lines: readonly OrderLine[]): PoStatus {
  if (lines.length > 0 && lines.every((l) => toMilli(l.received) >= toMilli(l.quantity))) return PO_STATUS.RECEIVED;
  if (lines.some((l) => toMilli(l.received) > 0)) return PO_STATUS.PARTLY_RECEIVED;
  return PO_STATUS.SENT;
}

export interface ReceiptLine {
  lineId: number;
  quantity: number;
}

/** A refused receipt: the line it is about (null for the whole receipt) and why. */
export interface ReceiptProblem {
  lineId: number | null;
  message: string;
}

/**
 * Checks a receipt against the order: every line named belongs to the order, each quantity is
 * more than zero, and nothing brings a line above what was ordered. An empty list means it may
 * be recorded as it is; otherwise nothing of it is.
 */
export function receiptProblems(lines: readonly OrderLine[], receipt: readonly ReceiptLine[]): ReceiptProblem[] {
  const problems: ReceiptProblem[] = [];
  if (receipt.length === 0) return [{ lineId: null, message: MESSAGES.poNothingReceived }];
  const byId = new Map(lines.map((l) => [l.id, l]));
  const seen = new Set<number>();
  for (const r of receipt) {
    const line = byId.get(r.lineId);
    if (!line) {
      problems.push({ lineId: r.lineId, message: MESSAGES.poLineNotOnOrder });
      continue;
    }
    if (seen.has(r.lineId)) {
      problems.push({ lineId: r.lineId, message: MESSAGES.poLineTwice });
      continue;
    }
    seen.add(r.lineId);
    if (toMilli(r.quantity) <= 0) problems.push({ lineId: r.lineId, message: MESSAGES.poQuantityInvalid });
    else if (toMilli(line.received) + toMilli(r.quantity) > toMilli(line.quantity)) {
      problems.push({ lineId: r.lineId, message: MESSAGES.poReceiptMoreThanOrdered });
    }
  }
  return problems;
}

/** The lines after a receipt (which `receiptProblems` accepted). */
export function applyReceipt<L extends OrderLine>(lines: readonly L[], receipt: readonly ReceiptLine[]): L[] {
  const add = new Map(receipt.map((r) => [r.lineId, toMilli(r.quantity)]));
  return lines.map((l) => (add.has(l.id) ? { ...l, received: fromMilli(toMilli(l.received) + (add.get(l.id) ?? 0)) } : l));
}

/** A receipt of everything still to come, for "Receive all". */
export const receiveAll = (lines: readonly OrderLine[]): ReceiptLine[] =>
  lines.filter((l) => toMilli(remaining(l)) > 0).map((l) => ({ lineId: l.id, quantity: remaining(l) }));

/** The cost of a quantity at a unit cost, in whole cents: the stock value of it (`stockValue`). */
export const lineCost = (quantity: number, unitCost: number): number => stockValue(quantity, unitCost);

/** What an order costs as ordered and as received so far, in cents. */
export function orderTotals(lines: readonly { quantity: number; received: number; unitCost: number }[]): { total: number; receivedTotal: number } {
  let total = 0;
  let receivedTotal = 0;
  for (const l of lines) {
    total += lineCost(l.quantity, l.unitCost);
    receivedTotal += lineCost(l.received, l.unitCost);
  }
  return { total, receivedTotal };
}

/**
 * A quantity a person typed, as a number: digits with up to 3 decimals (`12`, `12.5`, `0.25`,
 * `.5`, commas between thousands allowed), above zero and at most 1,000,000; null for anything else.
 */
export function parsePoQuantity(typed: string): number | null {
  const plain = typed.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^(\d{1,7}(\.\d{0,3})?|\.\d{1,3})$/.test(plain)) return null;
  const value = fromMilli(toMilli(Number(plain)));
  return value > 0 && value <= 1_000_000 ? value : null;
}
