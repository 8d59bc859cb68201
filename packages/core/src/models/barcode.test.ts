import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { barcodeFormat, barcodeVariants, cacheUpdateComplete, gs1CheckDigit, isValidBarcode, normalizeScan, withCheckDigit } from './barcode';

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));

describe('barcodes', () => {
  it('know real codes', () => {
    expect(barcodeFormat('4006381333931')).toBe('ean13');
    expect(barcodeFormat('036000291452')).toBe('upca');
    expect(barcodeFormat('4006381333932')).toBeNull();
    expect(barcodeFormat('036000291453')).toBeNull();
    expect(barcodeFormat('SKU-0042/B')).toBe('code128');
    expect(barcodeFormat('')).toBeNull();
    expect(barcodeFormat('caf\u00e9')).toBeNull();
    expect(barcodeFormat(' 12')).toBeNull();
  });

  test.prop([digits(12)])('an EAN-13 is valid with its check digit and invalid with any other', (body) => {
    const code = withCheckDigit(body);
    expect(barcodeFormat(code)).toBe('ean13');
    const wrong = `${body}${(gs1CheckDigit(body) + 1 + (Number(body[0]) % 9)) % 10}`;
    expect(isValidBarcode(wrong)).toBe(false);
  });

  test.prop([digits(11)])('a UPC-A is valid with its check digit, and the same number as an EAN-13 with a leading 0', (body) => {
    const upc = withCheckDigit(body);
    expect(barcodeFormat(upc)).toBe('upca');
    expect(barcodeFormat(`0${upc}`)).toBe('ean13');
    expect(barcodeVariants(upc)).toContain(`0${upc}`);
    expect(barcodeVariants(`0${upc}`)).toContain(upc);
  });

  it('a scanner’s Enter and tabs are not part of the code', () => {
    expect(normalizeScan('4006381333931\r\n')).toBe('4006381333931');
    expect(normalizeScan('\t SKU-1 ')).toBe('SKU-1');
  });

  it('barcode and usc cache updates need both ids and a value (spec 001 §5)', () => {
    expect(cacheUpdateComplete({ businessId: 1, itemId: 2, value: '4006381333931' })).toBe(true);
    expect(cacheUpdateComplete({ businessId: 1, itemId: null, value: 'x' })).toBe(false);
    expect(cacheUpdateComplete({ businessId: null, itemId: 2, value: 'x' })).toBe(false);
    expect(cacheUpdateComplete({ businessId: 1, itemId: 2, value: '  ' })).toBe(false);
  });
});
