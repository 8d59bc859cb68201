import { type CountryCode, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Phones as people read and type them, through libphonenumber (Google's metadata, kept current by
 * `libphonenumber-js`): a number of the business's own country shown in its national format, any
 * other in the international one. Kept apart from `phone.ts` so the sign-in screens never load
 * the metadata.
 */

export type PhoneCountry = CountryCode;

/** The country a business's numbers belong to, from its own phone (`+1 323 555 0142` → `US`); `US` when it has none. */
export function phoneCountryOf(businessPhone: string | null | undefined): PhoneCountry {
  const parsed = businessPhone ? parsePhoneNumberFromString(businessPhone) : undefined;
  return parsed?.country ?? 'US';
}

/**
 * A stored phone as people read it: `5555146808` → `(555) 514-6808` for a US business,
 * `+9779815550103` → `+977 981 5550103` there; what cannot be read as a number is shown as stored.
 */
export function formatPhone(phone: string, country: PhoneCountry = 'US'): string {
  const parsed = parsePhoneNumberFromString(phone, country);
  if (!parsed) return phone;
  // A number with the business's calling code reads nationally (`+1 200…` has no one country, but is a US number to a US business).
  return parsed.countryCallingCode === getCountryCallingCode(country) ? parsed.formatNational() : parsed.formatInternational();
}

/** The digits of a text: `(555) 514-6808` → `5555146808`. */
export const phoneDigits = (text: string): string => text.replace(/\D/g, '');

/** The fewest digits a search reads as (the end of) a phone number; fewer are only a ticket number. */
export const MIN_PHONE_SEARCH_DIGITS = 4;

/**
 * What a typed phone may end a stored phone's digits with, longest first: the digits typed, the
 * national number when they carry a country code (`+1 555 514 6808`, `1 555 514 6808`,
 * `001 555…` → `5555146808`) and without a national trunk `0` (`01 555 0190` → `15550190`).
 * A stored phone matches when its digits end with one of them, so `(555) 514-6808` finds a
 * number stored as `5555146808` or as `+15555146808`, and `514-6808` finds both too. Empty when
 * fewer than `MIN_PHONE_SEARCH_DIGITS` digits were typed.
 */
export function phoneSearchSuffixes(typed: string, country: PhoneCountry = 'US'): string[] {
  const digits = phoneDigits(typed);
  if (digits.length < MIN_PHONE_SEARCH_DIGITS) return [];
  const out = new Set<string>([digits]);
  const trimmed = typed.trim();
  const international = trimmed.startsWith('+') ? trimmed : digits.startsWith('00') ? `+${digits.slice(2)}` : null;
  const parsed = international ? parsePhoneNumberFromString(international) : parsePhoneNumberFromString(digits, country);
  if (parsed && parsed.nationalNumber.length >= MIN_PHONE_SEARCH_DIGITS) out.add(parsed.nationalNumber);
  const noTrunk = digits.replace(/^0+/, '');
  if (noTrunk.length >= MIN_PHONE_SEARCH_DIGITS) out.add(noTrunk);
  return [...out].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
}

/** Does a stored phone match what was typed (`phoneSearchSuffixes`)? The server's search applies the same test in SQL. */
export const phoneMatches = (stored: string, suffixes: readonly string[]): boolean => {
  const digits = phoneDigits(stored);
  return suffixes.some((s) => digits.endsWith(s));
};
