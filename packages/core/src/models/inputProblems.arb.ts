import { fc } from '@fast-check/vitest';
import { INT32_MAX } from './inputProblems';

/** Any UTF-16 text, lone surrogates and NUL included (fast-check's own strings are always well formed). */
export const utf16Text = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.constantFrom(0x00, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0x61)), { maxLength: 12 })
  .map((units) => String.fromCharCode(...units));

/** Text a person could type: any well-formed string without NUL, emoji (surrogate pairs) included. */
export const wellFormedText = fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !s.includes('\u0000'));

/** A database id. */
export const idValue = fc.integer({ min: 1, max: INT32_MAX });

/** The ways a whole number can be written that are not canonical decimal. */
export const nonCanonical = fc.tuple(fc.integer({ min: 0, max: 99_999 }), fc.constantFrom(
  (n: number) => `0${n}`,
  (n: number) => `+${n}`,
  (n: number) => `${n}.0`,
  (n: number) => `${n}e0`,
  (n: number) => `0x${n.toString(16)}`,
  (n: number) => ` ${n}`,
  (n: number) => `${n} `,
  (n: number) => `${n}\u0000`,
  (n: number) => `-0${n}`,
  (n: number) => `${n}n`,
)).map(([n, spell]) => spell(n));

/** A value nested `depth` levels deep, alternating arrays and objects. */
export const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
};
