import { fc } from '@fast-check/vitest';
import { LINE_KIND, type LineInput, type LineKind } from './money-lines';

export const lineKindArb: fc.Arbitrary<LineKind> = fc.constantFrom(...Object.values(LINE_KIND));

/** A sales line as a till would ring it: prices up to $10,000, the line's discount at most price × quantity. */
export const lineArb: fc.Arbitrary<LineInput> = fc
  .record({
    kind: lineKindArb,
    price: fc.integer({ min: 0, max: 1_000_000 }),
    quantity: fc.integer({ min: 1, max: 50 }),
    taxable: fc.option(fc.boolean(), { nil: undefined }),
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ discountShare, ...line }) => ({ ...line, discount: Math.floor(line.price * line.quantity * discountShare) }));

/** A tax rate as businesses set it: 0–30 % with up to three decimals. */
export const taxRateArb: fc.Arbitrary<number> = fc.integer({ min: 0, max: 30_000 }).map((millis) => millis / 1000);
