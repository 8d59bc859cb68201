import { CURRENCY_SYMBOL, type Currency } from '../models/business';

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
