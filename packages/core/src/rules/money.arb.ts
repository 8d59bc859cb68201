import { fc } from '@fast-check/vitest';
import { CURRENCY_SYMBOL } from '../models/business';
import { AMOUNT_MAX } from '../models/input';

/** A currency symbol a business shows money with: a currency's, or one of its own. */
export const symbolArb = fc.constantFrom(...Object.values(CURRENCY_SYMBOL), 'रु', 'kr', '£');

/** An amount a person may type, in cents: 0 to `AMOUNT_MAX`, small amounts and round ones often. */
export const centsArb = fc.oneof(fc.integer({ min: 0, max: AMOUNT_MAX }), fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: AMOUNT_MAX / 100 }).map((n) => n * 100));

/**
 * Ways a person writes an amount of `cents`: plain (`1250.5`, `1250.50`, `1250`), with commas
 * between thousands, with the symbol before or after, with spaces around.
 */
export const typedAmountArb = (cents: number, symbol: string): fc.Arbitrary<string> => {
  const whole = Math.floor(cents / 100);
  const hundredths = cents % 100;
  const fractions = [String(hundredths).padStart(2, '0'), ...(hundredths % 10 === 0 ? [String(hundredths / 10)] : []), ...(hundredths === 0 ? ['', null] : [])];
  return fc
    .record({
      fraction: fc.constantFrom(...fractions),
      grouped: fc.boolean(),
      leadingZeros: fc.integer({ min: 0, max: 2 }),
      symbol: fc.constantFrom('none', 'before', 'after', 'before-spaced'),
      pad: fc.constantFrom('', ' ', '  '),
    })
    .map(({ fraction, grouped, leadingZeros, symbol: where, pad }) => {
      const digits = grouped ? whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',') : '0'.repeat(leadingZeros) + whole.toString();
      const number = fraction === null ? digits : `${digits}.${fraction}`;
      const written = where === 'before' ? `${symbol}${number}` : where === 'before-spaced' ? `${symbol} ${number}` : where === 'after' ? `${number} ${symbol}` : number;
      return `${pad}${written}${pad}`;
    });
};
