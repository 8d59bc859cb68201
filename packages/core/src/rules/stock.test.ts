import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { STOCK_REASONS, quantity } from '../models/inventory';
import { inventoryKeyArb, ledgerArb, ledgerEntryArb, quantityArb, stockReasonArb, unitCostArb } from './stock.arb';
import {
  compareInventoryOrder,
  formatQuantity,
  isLowStock,
  leavesStockBelowZero,
  movementDelta,
  onHandFromDeltas,
  previewMovement,
  replayLedger,
  STOCK_REASON_DIRECTION,
  STOCK_REASON_EFFECT,
  STOCK_REASONS_IN_ORDER,
  stockValue,
  toMilli,
} from './stock';

describe('stock reasons', () => {
  it('are the nine of the spec, each with a direction and a value effect', () => {
    expect(STOCK_REASONS).toEqual(['NEWSTOCK', 'ADJUSTMENT-ADD', 'ADJUSTMENT-SUB', 'DAMAGED', 'LOST', 'STOLEN', 'USED', 'ADJUSTMENT', 'OTHER']);
    expect([...STOCK_REASONS_IN_ORDER].sort()).toEqual([...STOCK_REASONS].sort());
    expect(STOCK_REASONS.filter((r) => STOCK_REASON_DIRECTION[r] === 'add')).toEqual(['NEWSTOCK', 'ADJUSTMENT-ADD']);
    expect(STOCK_REASONS.filter((r) => STOCK_REASON_DIRECTION[r] === 'subtract')).toEqual(['ADJUSTMENT-SUB', 'DAMAGED', 'LOST', 'STOLEN', 'USED']);
    expect(STOCK_REASONS.filter((r) => STOCK_REASON_DIRECTION[r] === 'set')).toEqual(['ADJUSTMENT', 'OTHER']);
    for (const r of STOCK_REASONS) expect(STOCK_REASON_EFFECT[r]).toMatch(/value/);
  });

  test.prop([quantityArb, stockReasonArb, quantityArb])('move the count in their direction by the quantity', (onHand, reason, q) => {
    const delta = movementDelta(onHand, reason, q);
    const direction = STOCK_REASON_DIRECTION[reason];
    if (direction === 'add') expect(toMilli(delta)).toBe(toMilli(q));
    if (direction === 'subtract') expect(toMilli(delta) + toMilli(q)).toBe(0);
    if (direction === 'set') expect(toMilli(onHand) + toMilli(delta)).toBe(toMilli(q));
  });
});

describe('on-hand', () => {
  test.prop([ledgerArb])('equals the sum of the replayed ledger’s deltas, and each step’s count is the running sum', (ledger) => {
    const replayed = replayLedger(ledger);
    expect(onHandFromDeltas(replayed.steps.map((s) => s.delta))).toBe(replayed.on_hand);
    let running = 0;
    for (const step of replayed.steps) {
      running += toMilli(step.delta);
      expect(toMilli(step.on_hand)).toBe(running);
    }
  });

  test.prop([ledgerArb, fc.constantFrom('ADJUSTMENT', 'OTHER' as const), quantityArb, fc.array(fc.record({ reason: fc.constantFrom('NEWSTOCK', 'DAMAGED', 'USED' as const), quantity: quantityArb }), { maxLength: 5 })])(
    'an exact count sets the count whatever came before, and only what follows moves it',
    (before, reason, counted, after) => {
      const withCount = replayLedger([...before, { reason, quantity: counted }, ...after]);
      const fromCount = replayLedger([{ reason: 'OTHER', quantity: counted }, ...after]);
      expect(withCount.on_hand).toBe(fromCount.on_hand);
    },
  );

  test.prop([ledgerArb, ledgerEntryArb])('appending a movement changes on-hand by exactly its delta', (ledger, next) => {
    const before = replayLedger(ledger).on_hand;
    const after = replayLedger([...ledger, next]).on_hand;
    expect(toMilli(after) - toMilli(before)).toBe(toMilli(movementDelta(before, next.reason, next.quantity)));
  });

  it('keeps three decimals (backbar colour in grams), never rounding to whole units', () => {
    const ledger = replayLedger([
      { reason: 'NEWSTOCK', quantity: 500 },
      { reason: 'USED', quantity: 37.5 },
      { reason: 'USED', quantity: 0.125 },
    ]);
    expect(ledger.on_hand).toBe(462.375);
    expect(formatQuantity(ledger.on_hand, 'g')).toBe('462.375 g');
  });
});

describe('stock value', () => {
  test.prop([quantityArb, stockReasonArb, quantityArb, unitCostArb])('moves by the delta × cost: the value after is the value before plus the change (within a rounding cent)', (onHand, reason, q, cost) => {
    const preview = previewMovement(onHand, reason, q, cost);
    expect(Math.abs(stockValue(onHand, cost) + preview.value_change - preview.value_after)).toBeLessThanOrEqual(1);
    if (STOCK_REASON_DIRECTION[reason] === 'subtract') expect(preview.value_change).toBeLessThanOrEqual(0);
    if (STOCK_REASON_DIRECTION[reason] === 'add') expect(preview.value_change).toBeGreaterThanOrEqual(0);
  });

  it('a DAMAGED write-off of 2 at $9.00 lowers the value by $18.00', () => {
    expect(previewMovement(10, 'DAMAGED', 2, 900)).toEqual({ delta: -2, on_hand: 8, value_change: -1800, value_after: 7200 });
  });

  test.prop([quantityArb, stockReasonArb, quantityArb])('a person’s subtraction never leaves less than nothing', (onHand, reason, q) => {
    expect(leavesStockBelowZero(onHand, reason, q)).toBe(toMilli(onHand) + toMilli(movementDelta(onHand, reason, q)) < 0);
    if (STOCK_REASON_DIRECTION[reason] !== 'subtract') expect(leavesStockBelowZero(onHand, reason, q)).toBe(false);
  });
});

describe('quantities', () => {
  it('take up to three decimals and nothing negative', () => {
    expect(quantity.safeParse(12.125).success).toBe(true);
    expect(quantity.safeParse(12.1255).success).toBe(false);
    expect(quantity.safeParse(-1).success).toBe(false);
    expect(quantity.safeParse('3').success).toBe(false);
    expect(quantity.safeParse(Number.NaN).success).toBe(false);
  });

  it('low stock is at or below par, only with a par', () => {
    expect(isLowStock({ on_hand: 3, par_quantity: 3 })).toBe(true);
    expect(isLowStock({ on_hand: 3.001, par_quantity: 3 })).toBe(false);
    expect(isLowStock({ on_hand: 0, par_quantity: 0 })).toBe(false);
  });
});

describe('inventory order', () => {
  test.prop([fc.array(inventoryKeyArb, { maxLength: 30 })])('is by category order first, then the product’s own order', (keys) => {
    const sorted = [...keys].sort(compareInventoryOrder);
    for (let i = 1; i < sorted.length; i++) {
      const a = sorted[i - 1]!;
      const b = sorted[i]!;
      expect(a.category_order <= b.category_order).toBe(true);
      if (a.category_order === b.category_order && a.category_name === b.category_name) expect(a.order <= b.order).toBe(true);
    }
  });
});
