/**
 * Product barcodes (issue 14): a barcode is an EAN-13 or UPC-A number with its check digit, or a
 * Code 128 text (printable ASCII; its check character is the scanner's business and never part of
 * what it types). A scanner is a keyboard: it types the code and Enter, so every product search
 * field takes its input as typed (`normalizeScan`).
 *
 * Also the rule of spec 001 §5 for barcode and usc cache updates: both ids and a value are needed.
 */

export const BARCODE_FORMAT = { EAN13: 'ean13', UPCA: 'upca', CODE128: 'code128' } as const;
export type BarcodeFormat = (typeof BARCODE_FORMAT)[keyof typeof BARCODE_FORMAT];
export const BARCODE_FORMAT_LABEL: Record<BarcodeFormat, string> = { ean13: 'EAN-13', upca: 'UPC-A', code128: 'Code 128' };

/** The longest barcode kept (a Code 128 label longer than this no shelf scanner reads well). */
export const BARCODE_MAX = 48;

/** The GS1 check digit (EAN-8/13, UPC-A) of the digits before it: weights 3 and 1 from the right. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

const hasValidCheckDigit = (code: string) => gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1));

/** Code 128 sets B and C encode printable ASCII (space to `~`). */
const CODE128_TEXT = /^[\x20-\x7e]+$/;

/**
 * The format of a barcode, or null when it is none of them: 13 digits with a right check digit are
 * EAN-13, 12 digits with a right check digit UPC-A; digits of those lengths with a wrong check digit
 * are a mistyped code (null), not Code 128; any other printable ASCII up to `BARCODE_MAX` is Code 128.
 */
export function barcodeFormat(code: string): BarcodeFormat | null {
  if (code.length === 0 || code.length > BARCODE_MAX) return null;
  if (/^\d{13}$/.test(code)) return hasValidCheckDigit(code) ? BARCODE_FORMAT.EAN13 : null;
  if (/^\d{12}$/.test(code)) return hasValidCheckDigit(code) ? BARCODE_FORMAT.UPCA : null;
  if (code !== code.trim()) return null;
  return CODE128_TEXT.test(code) ? BARCODE_FORMAT.CODE128 : null;
}

export const isValidBarcode = (code: string): boolean => barcodeFormat(code) !== null;

/** A 12-digit body completed with its check digit (EAN-13), for tests, the demo and new labels. */
export const withCheckDigit = (body: string): string => `${body}${gs1CheckDigit(body)}`;

/** The generator's name of a barcode's format (bwip-js `bcid`). */
export const BWIP_BCID: Record<BarcodeFormat, string> = { ean13: 'ean13', upca: 'upca', code128: 'code128' };

/** What a scanner typed, as a search or a barcode: trimmed, with no control characters (its Enter, a tab). */
export function normalizeScan(input: string): string {
  // eslint-disable-next-line no-control-regex
  return input.replace(/[\x00-\x1f\x7f]/g, '').trim();
}

/** A UPC-A read as EAN-13 (a leading 0) and back: the same product either way. */
export function barcodeVariants(code: string): string[] {
  if (/^\d{12}$/.test(code)) return [code, `0${code}`];
  if (/^0\d{12}$/.test(code)) return [code, code.slice(1)];
  return [code];
}

/** spec 001 §5: barcode and usc cache updates need both ids (the business's and the item's) and a value. */
export function cacheUpdateComplete(update: { businessId?: number | null; itemId?: number | null; value?: string | null }): boolean {
  return !!update.businessId && !!update.itemId && typeof update.value === 'string' && update.value.trim().length > 0;
}
