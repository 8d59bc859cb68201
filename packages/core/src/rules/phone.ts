/**
 * Phone numbers as Salondesk stores and compares them: `+` and the digits, country code first
 * (E.164: 8 to 15 digits in all). Spaces, dashes, dots and brackets a person types are dropped.
 */

/** What a normalized phone number looks like. */
export const NORMALIZED_PHONE_PATTERN = /^\+[1-9]\d{7,14}$/;

const digitsOf = (text: string): string => text.replace(/[\s().\-\u00a0]/g, '');

/**
 * The country code as digits: `'+1'`, `'1'`, `'001'` → `'1'`; null when it is not 1 to 3 digits.
 */
export function normalizeCountryCode(cc: string): string | null {
  const digits = digitsOf(cc).replace(/^(\+|00)/, '');
  return /^[1-9]\d{0,2}$/.test(digits) ? digits : null;
}

/**
 * One normalized number from a country code and a local number: `('+1', '(323) 555-0142')` →
 * `'+13235550142'`. A local number written with its own `+` or `00` prefix is taken as complete
 * (the country code is then ignored); a national trunk `0` after the country code is dropped
 * (`('+977', '01 555 0190')` → `'+97715550190'`). Null when the result is not a phone number.
 */
export function normalizePhone(cc: string, phone: string): string | null {
  const local = digitsOf(phone);
  if (/^(\+|00)/.test(local)) return normalizeFullPhone(local);
  const code = normalizeCountryCode(cc);
  if (code === null || !/^\d+$/.test(local)) return null;
  const candidate = `+${code}${local.replace(/^0+/, '')}`;
  return NORMALIZED_PHONE_PATTERN.test(candidate) ? candidate : null;
}

/** A complete number, with its country code: `'+1 323 555 0142'` or `'0013235550142'` → `'+13235550142'`. */
export function normalizeFullPhone(phone: string): string | null {
  const compact = digitsOf(phone);
  const candidate = compact.startsWith('00') ? `+${compact.slice(2)}` : compact.startsWith('+') ? compact : `+${compact}`;
  return NORMALIZED_PHONE_PATTERN.test(candidate) ? candidate : null;
}

/** For logs and screens that must not show the whole number: `'+13235550142'` → `'+1•••••••142'`. */
export const maskPhone = (phone: string): string =>
  phone.length <= 5 ? phone : `${phone.slice(0, 2)}${'•'.repeat(phone.length - 5)}${phone.slice(-3)}`;
