import { fc, test } from '@fast-check/vitest';
import { expect, it } from 'vitest';
import { CURRENCY_SYMBOL } from '../models/business';
import { currencySymbolOf, formatMoney } from './money';

it('shows the symbol and two decimals from hundredths', () => {
  expect(formatMoney(0, '$')).toBe('$0.00');
  expect(formatMoney(5, '$')).toBe('$0.05');
  expect(formatMoney(123456, '$')).toBe('$1,234.56');
  expect(formatMoney(-500, 'A$')).toBe('-A$5.00');
  expect(formatMoney(100000000, 'Rs')).toBe('Rs1,000,000.00');
});

test.prop([fc.integer({ min: -1e12, max: 1e12 })])('reads back as the same number of cents', (cents) => {
  const shown = formatMoney(cents, '$');
  const parsed = Math.round(Number(shown.replace(/[$,]/g, '')) * 100);
  expect(parsed).toBe(cents);
  expect(shown).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
});

it("uses the business's own symbol, else its currency's, else $", () => {
  expect(currencySymbolOf({ currency: 'NPR', translationData: { currencySymbol: 'रु' } })).toBe('रु');
  expect(currencySymbolOf({ currency: 'AUD' })).toBe(CURRENCY_SYMBOL.AUD);
  expect(currencySymbolOf({})).toBe('$');
});
