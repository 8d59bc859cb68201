import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { DEFAULT_PO_CONFIG, PO_STATUS, poQuantity, poSettingsUpdate } from '../models/purchaseOrders';
import { safeParse } from 'zod/mini';
import {
  levelsArb,
  onHandArb,
  orderLinesArb,
  poConfigArb,
  poStatusArb,
  quantityArb,
  receiptAttemptsArb,
  reorderProductsArb,
} from './purchaseOrders.arb';
import {
  applyReceipt,
  lineCost,
  orderQuantity,
  orderTotals,
  parsePoQuantity,
  poActionProblem,
  poCan,
  receiptProblems,
  receiveAll,
  remaining,
  suggestReorders,
  statusAfterReceipts,
} from './purchaseOrders';
import { fromMilli, toMilli } from './stock';

describe('the PO config', () => {
  it('defaults to the spec’s inhand-x-fullquantity', () => {
    expect(DEFAULT_PO_CONFIG).toBe('inhand-x-fullquantity');
    expect(orderQuantity(DEFAULT_PO_CONFIG, { onHand: 3, parQuantity: 4, fullQuantity: 10 })).toBe(7);
    expect(orderQuantity(DEFAULT_PO_CONFIG, { onHand: 12, parQuantity: 4, fullQuantity: 10 })).toBe(0);
    expect(orderQuantity(DEFAULT_PO_CONFIG, { onHand: 0.25, parQuantity: 0, fullQuantity: 1.5 })).toBe(1.25);
  });

  test.prop([levelsArb])('inhand-x-fullquantity orders the full quantity less in hand, never below zero', (levels) => {
    const q = orderQuantity('inhand-x-fullquantity', levels);
    expect(toMilli(q)).toBe(Math.max(0, toMilli(levels.fullQuantity) - toMilli(levels.onHand)));
    // Whatever comes in brings the product up to its full quantity exactly (or leaves it above).
    expect(toMilli(levels.onHand) + toMilli(q)).toBe(Math.max(toMilli(levels.onHand), toMilli(levels.fullQuantity)));
  });

  test.prop([poConfigArb, levelsArb])('every config gives a quantity of at most 3 decimals, never below zero', (config, levels) => {
    const q = orderQuantity(config, levels);
    expect(q).toBeGreaterThanOrEqual(0);
    expect(fromMilli(toMilli(q))).toBe(q);
  });

  test.prop([levelsArb])('inhand-x-parquantity fills to par; belowpar-x-fullquantity orders only at or below a par above zero, then to full', (levels) => {
    expect(toMilli(orderQuantity('inhand-x-parquantity', levels))).toBe(Math.max(0, toMilli(levels.parQuantity) - toMilli(levels.onHand)));
    const belowPar = toMilli(levels.parQuantity) > 0 && toMilli(levels.onHand) <= toMilli(levels.parQuantity);
    const q = orderQuantity('belowpar-x-fullquantity', levels);
    if (!belowPar) expect(q).toBe(0);
    else expect(toMilli(q)).toBe(Math.max(0, toMilli(levels.fullQuantity) - toMilli(levels.onHand)));
  });

  test.prop([poConfigArb, levelsArb, onHandArb])('never orders more when more is in hand', (config, levels, more) => {
    const higher = { ...levels, onHand: fromMilli(toMilli(levels.onHand) + Math.abs(toMilli(more))) };
    expect(orderQuantity(config, higher)).toBeLessThanOrEqual(orderQuantity(config, levels));
  });

  it('is saved only as one of its names', () => {
    const ok = safeParse(poSettingsUpdate, { settings: { title: 'Purchase orders', configuration: { config: 'inhand-x-parquantity' }, id: null } });
    expect(ok.success).toBe(true);
    const bad = safeParse(poSettingsUpdate, { settings: { title: 'x', configuration: { config: 'inhand-x-half' } } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(MESSAGES.poConfigUnknown);
  });
});

describe('reorder suggestions', () => {
  test.prop([poConfigArb, reorderProductsArb])('suggest exactly the products with a vendor, not retired, whose quantity beyond what is on order is above zero', (config, products) => {
    const lines = suggestReorders(config, products);
    const expected = products.filter((p) => !p.retired && p.vendorId !== null && toMilli(orderQuantity(config, p)) - toMilli(p.onOrder) > 0);
    expect(lines.map((l) => l.productId)).toEqual(expected.map((p) => p.id));
    for (const line of lines) {
      const p = products.find((x) => x.id === line.productId);
      if (!p) throw new Error('unknown product');
      expect(line.vendorId).toBe(p.vendorId);
      expect(line.quantity).toBeGreaterThan(0);
      expect(toMilli(line.quantity) + toMilli(p.onOrder)).toBe(toMilli(orderQuantity(config, p)));
    }
  });

  test.prop([reorderProductsArb])('with nothing on order, suggest the config’s own quantity', (products) => {
    const none = products.map((p) => ({ ...p, onOrder: 0 }));
    for (const line of suggestReorders(DEFAULT_PO_CONFIG, none)) {
      const p = none.find((x) => x.id === line.productId);
      if (!p) throw new Error('unknown product');
      expect(line.quantity).toBe(orderQuantity(DEFAULT_PO_CONFIG, p));
    }
  });
});

describe('the lifecycle', () => {
  it('goes draft → sent → partly received → received, and closes from any of them', () => {
    expect(poCan.edit.states).toEqual(['draft']);
    expect(poCan.send.states).toEqual(['draft']);
    expect(poCan.receive.states).toEqual(['sent', 'partly-received']);
    expect(poCan.close.states).not.toContain('closed');
    const lines = [
      { id: 1, quantity: 10, received: 0 },
      { id: 2, quantity: 0.5, received: 0 },
    ];
    expect(statusAfterReceipts(lines)).toBe(PO_STATUS.SENT);
    const part = applyReceipt(lines, [{ lineId: 1, quantity: 4 }]);
    expect(statusAfterReceipts(part)).toBe(PO_STATUS.PARTLY_RECEIVED);
    const full = applyReceipt(part, receiveAll(part));
    expect(full).toEqual([
      { id: 1, quantity: 10, received: 10 },
      { id: 2, quantity: 0.5, received: 0.5 },
    ]);
    expect(statusAfterReceipts(full)).toBe(PO_STATUS.RECEIVED);
  });

  test.prop([poStatusArb, fc.constantFrom('edit', 'send', 'receive', 'close' as const)])('refuses an action with a reason exactly when its status does not allow it', (status, action) => {
    const problem = poActionProblem(action, status);
    expect(problem === null).toBe(poCan[action].states.includes(status));
    if (status === 'closed') expect(problem).toBe(MESSAGES.poClosed);
  });

  test.prop([orderLinesArb, receiptAttemptsArb])('never receives more than ordered, whatever receipts are tried', (ordered, attempts) => {
    let lines = ordered;
    for (const receipt of attempts) {
      const problems = receiptProblems(lines, receipt);
      if (problems.length > 0) {
        // A refused receipt names a reason for its line and changes nothing.
        expect(problems.every((p) => p.message.length > 0)).toBe(true);
        continue;
      }
      const next = applyReceipt(lines, receipt);
      // Each line went up by exactly what was received on it.
      for (const line of next) {
        const before = lines.find((l) => l.id === line.id);
        const got = receipt.find((r) => r.lineId === line.id);
        expect(toMilli(line.received)).toBe(toMilli(before?.received ?? 0) + toMilli(got?.quantity ?? 0));
      }
      lines = next;
    }
    for (const line of lines) {
      expect(toMilli(line.received)).toBeLessThanOrEqual(toMilli(line.quantity));
      expect(toMilli(remaining(line))).toBe(toMilli(line.quantity) - toMilli(line.received));
    }
    // What is left can always be received in full, and then nothing more.
    const all = receiveAll(lines);
    if (all.length > 0) {
      expect(receiptProblems(lines, all)).toEqual([]);
      lines = applyReceipt(lines, all);
    }
    expect(statusAfterReceipts(lines)).toBe(PO_STATUS.RECEIVED);
    for (const line of lines) {
      expect(receiptProblems(lines, [{ lineId: line.id, quantity: 0.001 }])).toEqual([{ lineId: line.id, message: MESSAGES.poReceiptMoreThanOrdered }]);
    }
  });

  test.prop([orderLinesArb, fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 20 })])(
    'receipts in many small parts add up to the order exactly (no rounding drift)',
    (ordered, steps) => {
      let lines = ordered;
      for (const step of steps) {
        const receipt = lines.filter((l) => toMilli(remaining(l)) > 0).map((l) => ({ lineId: l.id, quantity: Math.min(step, toMilli(remaining(l))) / 1000 }));
        if (receipt.length === 0) break;
        expect(receiptProblems(lines, receipt)).toEqual([]);
        lines = applyReceipt(lines, receipt);
        expect([PO_STATUS.PARTLY_RECEIVED, PO_STATUS.RECEIVED]).toContain(statusAfterReceipts(lines));
      }
      lines = applyReceipt(lines, receiveAll(lines));
      for (const line of lines) expect(line.received).toBe(line.quantity);
    },
  );

  it('names the reason of a refused receipt', () => {
    const lines = [{ id: 1, quantity: 2, received: 1.5 }];
    expect(receiptProblems(lines, [])).toEqual([{ lineId: null, message: MESSAGES.poNothingReceived }]);
    expect(receiptProblems(lines, [{ lineId: 9, quantity: 1 }])).toEqual([{ lineId: 9, message: MESSAGES.poLineNotOnOrder }]);
    expect(receiptProblems(lines, [{ lineId: 1, quantity: 0.501 }])).toEqual([{ lineId: 1, message: MESSAGES.poReceiptMoreThanOrdered }]);
    expect(receiptProblems(lines, [{ lineId: 1, quantity: 0 }])).toEqual([{ lineId: 1, message: MESSAGES.poQuantityInvalid }]);
    expect(receiptProblems(lines, [{ lineId: 1, quantity: 0.5 }])).toEqual([]);
  });
});

describe('quantities and costs', () => {
  test.prop([quantityArb])('a quantity of up to 3 decimals is accepted above zero; a fourth decimal is not', (q) => {
    expect(safeParse(poQuantity, q).success).toBe(q > 0);
    expect(safeParse(poQuantity, q + 0.0004).success).toBe(false);
  });

  test.prop([fc.array(fc.record({ quantity: quantityArb, received: quantityArb, unitCost: fc.integer({ min: 0, max: 100_000 }) }), { maxLength: 10 })])(
    'an order’s totals are the sum of its lines in whole cents',
    (lines) => {
      const { total, receivedTotal } = orderTotals(lines);
      expect(Number.isInteger(total)).toBe(true);
      expect(total).toBe(lines.reduce((s, l) => s + lineCost(l.quantity, l.unitCost), 0));
      expect(receivedTotal).toBe(lines.reduce((s, l) => s + lineCost(l.received, l.unitCost), 0));
    },
  );

  it('costs a fraction of a unit to the nearest cent', () => {
    expect(lineCost(2.5, 1099)).toBe(2748);
    expect(lineCost(0.001, 1000)).toBe(1);
    expect(lineCost(3, 0)).toBe(0);
  });
});

describe('typed quantities', () => {
  test.prop([fc.integer({ min: 1, max: 1_000_000_000 })])('read back what a quantity prints as', (milli) => {
    const q = milli / 1000;
    expect(parsePoQuantity(String(q))).toBe(q);
    expect(parsePoQuantity(q.toLocaleString('en-US', { maximumFractionDigits: 3 }))).toBe(q);
  });

  it('refuse what is not a quantity above zero with at most 3 decimals', () => {
    for (const bad of ['', ' ', '0', '0.000', '-1', '1.2345', 'abc', '1e3', '1,2', '2,000,0000', '1000000.001']) expect(parsePoQuantity(bad), bad).toBeNull();
    expect(parsePoQuantity(' 12.5 ')).toBe(12.5);
    expect(parsePoQuantity('.25')).toBe(0.25);
    expect(parsePoQuantity('1,250.5')).toBe(1250.5);
  });
});
