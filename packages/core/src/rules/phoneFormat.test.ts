import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { formatPhone, phoneCountryOf, phoneMatches, phoneSearchSuffixes } from './phoneFormat';

/** A US number's ten digits (area code and exchange not starting with 0 or 1). */
const usNumber = fc.tuple(fc.integer({ min: 200, max: 999 }), fc.integer({ min: 200, max: 999 }), fc.integer({ min: 0, max: 9999 })).map(([a, b, c]) => `${a}${b}${String(c).padStart(4, '0')}`);

/** Every common way a person types a US number. */
const typed = (d: string) => {
  const [a, b, c] = [d.slice(0, 3), d.slice(3, 6), d.slice(6)];
  return [`(${a}) ${b}-${c}`, `${a}-${b}-${c}`, `+1 ${a} ${b} ${c}`, d, `${a}.${b}.${c}`, `1${d}`, `+1 (${a}) ${b}-${c}`, `001 ${a} ${b} ${c}`];
};

describe('phones as people type and read them', () => {
  test.prop([usNumber])('a US number typed in any common format matches it, stored with or without +1', (digits) => {
    for (const text of typed(digits)) {
      const suffixes = phoneSearchSuffixes(text, 'US');
      expect(phoneMatches(digits, suffixes), text).toBe(true);
      expect(phoneMatches(`+1${digits}`, suffixes), text).toBe(true);
    }
    // Its last digits too (what is printed on a receipt).
    expect(phoneMatches(digits, phoneSearchSuffixes(`${digits.slice(3, 6)}-${digits.slice(6)}`))).toBe(true);
  });

  test.prop([usNumber, usNumber])('another number does not match', (a, b) => {
    fc.pre(a.slice(-7) !== b.slice(-7));
    for (const text of typed(b)) expect(phoneMatches(a, phoneSearchSuffixes(text, 'US')), text).toBe(false);
  });

  test.prop([usNumber])('a US number reads as (555) 514-6808 at a US business, and with its country code elsewhere', (digits) => {
    const national = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    expect(formatPhone(digits, 'US')).toBe(national);
    expect(formatPhone(`+1${digits}`, 'US')).toBe(national);
    expect(formatPhone(`+1${digits}`, 'NP')).toBe(`+1 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`);
  });

  test.prop([fc.string()])('whatever is stored, the formatter gives text and the search suffixes are digits', (text) => {
    expect(typeof formatPhone(text)).toBe('string');
    for (const s of phoneSearchSuffixes(text)) expect(s).toMatch(/^\d{4,}$/);
  });

  it('other countries, and what is not a phone', () => {
    expect(formatPhone('+9779815550103', 'NP')).toBe('981-5550103');
    expect(formatPhone('+9779815550103', 'US')).toBe('+977 981 5550103');
    expect(formatPhone('+61255500133', 'AU')).toBe('(02) 5550 0133');
    expect(formatPhone('walk-in')).toBe('walk-in');
    expect(phoneMatches('+97715550190', phoneSearchSuffixes('01-5550190', 'NP'))).toBe(true);
    expect(phoneMatches('+97715550190', phoneSearchSuffixes('+977 1 5550190', 'US'))).toBe(true);
    expect(phoneSearchSuffixes('123')).toEqual([]);
    expect(phoneCountryOf('+1 323 555 0142')).toBe('US');
    expect(phoneCountryOf('+977 1 555 0190')).toBe('NP');
    expect(phoneCountryOf('+61 2 5550 0133')).toBe('AU');
    expect(phoneCountryOf(undefined)).toBe('US');
  });
});
