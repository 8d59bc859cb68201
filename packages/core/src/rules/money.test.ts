import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { amountRequired, amountTooLarge, amountUnreadable, MESSAGES } from '../messages';
import { CURRENCY_SYMBOL } from '../models/business';
import { AMOUNT_MAX } from '../models/input';
import { centsToInput } from './dashboard';
import { centsArb, symbolArb, typedAmountArb } from './money.arb';
import { currencySymbolOf, formatMoney, formatMoneyShort, parseAmount } from './money';

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

describe('an amount typed by a person (parseAmount)', () => {
  it('reads $180, 180 and 180.5 as integer cents', () => {
    expect(parseAmount('$180')).toEqual({ ok: true, cents: 18000 });
    expect(parseAmount('180')).toEqual({ ok: true, cents: 18000 });
    expect(parseAmount('180.5')).toEqual({ ok: true, cents: 18050 });
    expect(parseAmount('$180.50')).toEqual({ ok: true, cents: 18050 });
    expect(parseAmount('$1,250.50')).toEqual({ ok: true, cents: 125050 });
    expect(parseAmount('0.29')).toEqual({ ok: true, cents: 29 });
    expect(parseAmount('.5')).toEqual({ ok: true, cents: 50 });
    expect(parseAmount('180.')).toEqual({ ok: true, cents: 18000 });
    expect(parseAmount('Rs 1,000', 'Rs')).toEqual({ ok: true, cents: 100000 });
    expect(parseAmount('12,50 €', '€')).toEqual({ ok: false, message: MESSAGES.amountSeparators });
    expect(parseAmount('12.50 €', '€')).toEqual({ ok: true, cents: 1250 });
  });

  it('says what it wants when it cannot read the amount', () => {
    expect(parseAmount('')).toEqual({ ok: false, message: amountRequired('$') });
    expect(parseAmount('   ', '€')).toEqual({ ok: false, message: amountRequired('€') });
    expect(parseAmount('ten', '€')).toEqual({ ok: false, message: amountUnreadable('€') });
    for (const text of ['1e3', '$', '.', '12..5', '1.2.3', '0x10', 'Infinity', '5%']) expect(parseAmount(text)).toEqual({ ok: false, message: amountUnreadable('$') });
    expect(parseAmount('1.234')).toEqual({ ok: false, message: MESSAGES.amountTooManyDecimals });
    for (const text of ['1,50', '12,3456', ',5', '1,,000']) expect(parseAmount(text)).toEqual({ ok: false, message: MESSAGES.amountSeparators });
    for (const text of ['-1', '-$5.00', '$-5', '−3']) expect(parseAmount(text)).toEqual({ ok: false, message: MESSAGES.invalidAmount });
    expect(parseAmount('1000000.01')).toEqual({ ok: false, message: amountTooLarge('$1,000,000.00') });
    expect(parseAmount('99999999999999999999')).toEqual({ ok: false, message: amountTooLarge('$1,000,000.00') });
    expect(parseAmount('1,000,000.00')).toEqual({ ok: true, cents: AMOUNT_MAX });
  });

  test.prop([centsArb, symbolArb])('reads back what formatMoney shows, to the cent', (cents, symbol) => {
    expect(parseAmount(formatMoney(cents, symbol), symbol)).toEqual({ ok: true, cents });
    expect(parseAmount(centsToInput(cents), symbol)).toEqual({ ok: true, cents });
  });

  test.prop([centsArb.chain((cents) => symbolArb.chain((symbol) => typedAmountArb(cents, symbol).map((text) => ({ cents, symbol, text }))))])(
    'reads every common way of writing an amount as exactly its cents',
    ({ cents, symbol, text }) => {
      expect(parseAmount(text, symbol)).toEqual({ ok: true, cents });
    },
  );

  test.prop([fc.string({ maxLength: 24 }), symbolArb])('never throws: integer cents within the limit, or a message', (text, symbol) => {
    const reading = parseAmount(text, symbol);
    if (reading.ok) {
      expect(Number.isSafeInteger(reading.cents)).toBe(true);
      expect(reading.cents).toBeGreaterThanOrEqual(0);
      expect(reading.cents).toBeLessThanOrEqual(AMOUNT_MAX);
    } else expect(reading.message.length).toBeGreaterThan(0);
  });

  test.prop([fc.integer({ min: 0, max: 999_999 }), fc.stringMatching(/^\d{3,6}$/)])('refuses more than two decimals', (whole, fraction) => {
    expect(parseAmount(`${whole}.${fraction}`)).toEqual({ ok: false, message: MESSAGES.amountTooManyDecimals });
  });

  test.prop([fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 1e9 })])('refuses amounts over the largest allowed, naming it', (max, over) => {
    expect(parseAmount(centsToInput(max + over), '$', max)).toEqual({ ok: false, message: amountTooLarge(formatMoney(max, '$')) });
  });
});

describe('axis ticks (formatMoneyShort)', () => {
  it('drops the cents of whole amounts only', () => {
    expect(formatMoneyShort(120000, '$')).toBe('$1,200');
    expect(formatMoneyShort(0, '€')).toBe('€0');
    expect(formatMoneyShort(1250, '$')).toBe('$12.50');
    expect(formatMoneyShort(-500, '$')).toBe('-$5');
  });
  test.prop([fc.integer({ min: -1e9, max: 1e9 })])('reads back as the same amount', (cents) => {
    const shown = formatMoneyShort(Math.abs(cents), '$');
    expect(parseAmount(shown, '$', 1e9)).toEqual({ ok: true, cents: Math.abs(cents) });
  });
});
