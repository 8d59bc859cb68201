import { CURRENCY_SYMBOL, type Currency } from '../models/business';
import { AMOUNT_MAX } from '../models/input';
import { amountRequired, amountTooLarge, amountUnreadable, MESSAGES } from '../messages';

/**
 * Money is integer minor units (cents) everywhere; it is shown as the currency symbol plus the
 * amount from hundredths with two decimals (spec 000 §9): `formatMoney(123456, '$')` → `$1,234.56`.
 * Negative amounts put the sign before the symbol: `-$5.00`.
 */
export function formatMoney(cents: number, symbol: string): string {
  if (!Number.isFinite(cents)) return `${symbol}0.00`;
  const whole = Math.round(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  const units = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const hundredths = (abs % 100).toString().padStart(2, '0');
  return `${sign}${symbol}${units}.${hundredths}`;
}

/**
 * The symbol a business shows money with: its own (`translationData.currencySymbol`), else its
 * currency's, else `$`.
 */
export function currencySymbolOf(info: { currency?: Currency | undefined; translationData?: { currencySymbol?: string } | undefined }): string {
  return info.translationData?.currencySymbol ?? (info.currency ? CURRENCY_SYMBOL[info.currency] : '$');
}

/**
 * Money for a chart's axis ticks: whole amounts without the cents (`$1,200`), anything else as
 * `formatMoney` writes it (`$12.50`), so a tick never reads rounded.
 */
export function formatMoneyShort(cents: number, symbol: string): string {
  const full = formatMoney(cents, symbol);
  return Number.isFinite(cents) && Math.round(cents) % 100 === 0 ? full.slice(0, -3) : full;
}

/** What an amount field read: integer cents, or the message saying what it wants instead. */
export type AmountReading = { ok: true; cents: number } | { ok: false; message: string };

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The whole part, with or without commas between thousands. */
const GROUPED = /^\d{1,3}(,\d{3})+$/;

/**
 * Reads an amount of money a person typed, as integer cents: `180`, `180.5`, `180.50`, `$180`,
 * `$1,250.50`, ` 180 $` (the business's currency symbol before or after, any case) all read;
 * `.5` is 50 cents. The digits are read as text, never through floating point, so
 * `parseAmount('0.29')` is exactly 29. When it cannot, the message says what it wants: the
 * amount missing, not in figures, more than two decimals, commas not between thousands (`1,50`),
 * negative, or more than `max` (by default `AMOUNT_MAX`, the largest amount a request accepts).
 */
export function parseAmount(text: string, symbol = '$', max = AMOUNT_MAX): AmountReading {
  let rest = text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
  if (rest === '') return { ok: false, message: amountRequired(symbol) };
  let negative = false;
  if (rest.startsWith('-') || rest.startsWith('\u2212')) {
    negative = true;
    rest = rest.slice(1).trim();
  }
  if (symbol !== '') {
    const around = new RegExp(`^${escapeRegExp(symbol)}\\s*|\\s*${escapeRegExp(symbol)}$`, 'i');
    rest = rest.replace(around, '');
    if (!negative && (rest.startsWith('-') || rest.startsWith('\u2212'))) {
      negative = true;
      rest = rest.slice(1).trim();
    }
  }
  if (!/^[\d,]*(\.\d*)?$/.test(rest) || !/\d/.test(rest)) return { ok: false, message: amountUnreadable(symbol) };
  const [whole = '', fraction = ''] = rest.split('.');
  if (whole.includes(',') && !GROUPED.test(whole)) return { ok: false, message: MESSAGES.amountSeparators };
  if (fraction.length > 2) return { ok: false, message: MESSAGES.amountTooManyDecimals };
  if (negative) return { ok: false, message: MESSAGES.invalidAmount };
  const digits = whole.replace(/,/g, '').replace(/^0+(?=\d)/, '');
  // Past nine digits the amount is over any limit; reading it as a number could round.
  const largest = amountTooLarge(formatMoney(max, symbol));
  if (digits.length > 9) return { ok: false, message: largest };
  const cents = Number(digits || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > max) return { ok: false, message: largest };
  return { ok: true, cents };
}
