import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { lineArb, taxRateArb } from './money-lines.arb';
import { divideRoundHalfAwayFromZero, isTaxable, lineAmounts, lineProblem, lineTax, taxRateMillis, ticketTotals } from './money-lines';

describe('the rounding rule', () => {
  it('rounds halves away from zero', () => {
    expect(divideRoundHalfAwayFromZero(15, 10)).toBe(2);
    expect(divideRoundHalfAwayFromZero(-15, 10)).toBe(-2);
    expect(divideRoundHalfAwayFromZero(14, 10)).toBe(1);
    expect(divideRoundHalfAwayFromZero(-14, 10)).toBe(-1);
    expect(divideRoundHalfAwayFromZero(0, 7)).toBe(0);
  });

  test.prop([fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 1e6 })])(
    'is the nearest integer, and a tie goes away from zero',
    (n, d) => {
      const r = divideRoundHalfAwayFromZero(n, d);
      const distance = Math.abs(r * d - n); // |r − n/d| × d
      expect(distance * 2).toBeLessThanOrEqual(d);
      if (distance * 2 === d) expect(Math.abs(r * d)).toBeGreaterThan(Math.abs(n));
      expect(divideRoundHalfAwayFromZero(-n, d)).toBe(-r || 0);
    },
  );
});

describe('tax', () => {
  it('is (price × quantity − discount) × taxrate / 100, in cents: the discount is the line’s', () => {
    // Two at $75.00 with $5.00 off the line, at 9.5 %: 14500 × 0.095 = 1377.5 → 1378
    expect(lineTax({ kind: 'product', price: 7500, discount: 500, quantity: 2 }, 9.5)).toBe(1378);
    expect(lineAmounts({ kind: 'product', price: 7500, discount: 500, quantity: 2 }, 9.5)).toEqual({ tax: 1378, total: 15878 });
    // $28.00 at 8.875 % = 248.5 → 249 (half away from zero)
    expect(lineTax({ kind: 'product', price: 2800, discount: 0, quantity: 1 }, 8.875)).toBe(249);
  });

  it('applies to services only if taxable, to products unless non-taxable, never to gift cards', () => {
    expect(isTaxable('service', undefined)).toBe(false);
    expect(isTaxable('service', true)).toBe(true);
    expect(isTaxable('product', undefined)).toBe(true);
    expect(isTaxable('product', false)).toBe(false);
    expect(isTaxable('giftcard', true)).toBe(false);
    expect(lineTax({ kind: 'service', price: 10000, discount: 0, quantity: 1 }, 10)).toBe(0);
    expect(lineTax({ kind: 'service', price: 10000, discount: 0, quantity: 1, taxable: true }, 10)).toBe(1000);
  });

  it('refuses a tax rate with more than three decimals', () => {
    expect(() => taxRateMillis(8.8751)).toThrow(RangeError);
    expect(taxRateMillis(8.875)).toBe(8875);
  });

  test.prop([lineArb, taxRateArb])('is within half a cent of the exact value, and never negative', (line, rate) => {
    const tax = lineTax(line, rate);
    expect(Number.isInteger(tax)).toBe(true);
    expect(tax).toBeGreaterThanOrEqual(0);
    const exact = isTaxable(line.kind, line.taxable) ? ((line.price * line.quantity - line.discount) * rate) / 100 : 0;
    expect(Math.abs(tax - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
  });

  test.prop([lineArb, taxRateArb, taxRateArb])('grows with the rate', (line, a, b) => {
    const [low, high] = a <= b ? [a, b] : [b, a];
    expect(lineTax(line, low)).toBeLessThanOrEqual(lineTax(line, high));
  });
});

describe('line total', () => {
  test.prop([lineArb, taxRateArb])('is price × quantity − discount + tax, in whole cents', (line, rate) => {
    const { tax, total } = lineAmounts(line, rate);
    expect(total).toBe(line.price * line.quantity - line.discount + tax);
    expect(Number.isInteger(total)).toBe(true);
    expect(total).toBeGreaterThanOrEqual(0);
  });

  test.prop([lineArb, taxRateArb])('both formulas read the discount the same way: the total is what the line sells for after its discount, plus the tax on exactly that', (line, rate) => {
    const { tax, total } = lineAmounts(line, rate);
    const sells = line.price * line.quantity - line.discount;
    expect(total - tax).toBe(sells);
    expect(tax).toBe(isTaxable(line.kind, line.taxable) ? divideRoundHalfAwayFromZero(sells * taxRateMillis(rate), 100_000) : 0);
  });

  test.prop([fc.array(lineArb, { maxLength: 20 }), taxRateArb])('ticket totals are the sums of the lines', (lines, rate) => {
    const priced = lines.map((l) => ({ ...l, ...lineAmounts(l, rate) }));
    const totals = ticketTotals(priced);
    expect(totals.total).toBe(totals.subtotal - totals.discount + totals.tax);
    expect(totals.total).toBe(priced.reduce((s, l) => s + l.total, 0));
  });

  it('explains a line that cannot be sold', () => {
    expect(lineProblem({ price: 1000, discount: 1001, quantity: 1 })).toMatch(/discount/);
    expect(lineProblem({ price: 1000, discount: 2001, quantity: 2 })).toMatch(/discount/);
    expect(lineProblem({ price: 1000, discount: 1500, quantity: 2 })).toBeNull();
    expect(lineProblem({ price: 1000, discount: 0, quantity: 0 })).toMatch(/quantity/);
    expect(lineProblem({ price: 10.5, discount: 0, quantity: 1 })).toMatch(/price/);
    expect(lineProblem({ price: 1000, discount: 100, quantity: 2 })).toBeNull();
  });
});
