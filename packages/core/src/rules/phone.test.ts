import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { maskPhone, normalizeFullPhone, normalizePhone, NORMALIZED_PHONE_PATTERN } from './phone';

const countryCode = fc.integer({ min: 1, max: 999 }).map(String);
const subscriber = fc.stringMatching(/^[1-9]\d{6,10}$/);
/** How people write the same digits: spaces, dashes, dots, brackets between them. */
const decorate = (digits: string, seps: string[]) =>
  [...digits].map((d, i) => (i > 0 ? (seps[i % seps.length] ?? '') : '') + d).join('');
const separators = fc.array(fc.constantFrom('', ' ', '-', '.', ' (', ') '), { minLength: 1, maxLength: 4 });

describe('phone numbers', () => {
  test.prop([countryCode, subscriber, separators])('the same number, however written, normalizes to one value', (cc, local, seps) => {
    fc.pre(cc.length + local.length <= 15);
    const expected = `+${cc}${local}`;
    expect(normalizePhone(`+${cc}`, decorate(local, seps))).toBe(expected);
    expect(normalizePhone(cc, local)).toBe(expected);
    expect(normalizeFullPhone(`+${cc} ${decorate(local, seps)}`)).toBe(expected);
    expect(normalizeFullPhone(`00${cc}${local}`)).toBe(expected);
    expect(normalizePhone('+44', `+${cc}${local}`)).toBe(expected);
  });

  test.prop([fc.string()])('whatever comes in, a result is a normalized number or null', (text) => {
    for (const result of [normalizeFullPhone(text), normalizePhone('+1', text)]) {
      if (result !== null) expect(result).toMatch(NORMALIZED_PHONE_PATTERN);
    }
  });

  it('drops a national trunk zero after the country code', () => {
    expect(normalizePhone('+977', '01 555 0190')).toBe('+97715550190');
    expect(normalizePhone('61', '(02) 5550 0133')).toBe('+61255500133');
  });

  it('refuses what is not a phone number', () => {
    expect(normalizePhone('+1', 'call me')).toBeNull();
    expect(normalizePhone('abc', '3235550142')).toBeNull();
    expect(normalizePhone('+1', '123')).toBeNull();
    expect(normalizeFullPhone('+1234567890123456')).toBeNull();
    expect(normalizeFullPhone('')).toBeNull();
  });

  it('masks all but the country prefix and the last three digits', () => {
    expect(maskPhone('+13235550142')).toBe('+1•••••••142');
    expect(maskPhone('+13235550142')).not.toContain('555');
  });
});
