import { fc } from '@fast-check/vitest';
import { NAME_TRIM_CHARACTERS, PHONE_TYPE } from './clientName';

/**
 * Names as people (and imports) type them: empty, blank, padded with any of the trimmed white
 * space, inner spaces, accents, scripts, emoji, or any Unicode text PostgreSQL can store (no NUL,
 * no lone surrogate); null as often as not.
 */
const space = fc.constantFrom(...NAME_TRIM_CHARACTERS);
const padded = (inner: fc.Arbitrary<string>) => fc.tuple(fc.array(space, { maxLength: 3 }), inner, fc.array(space, { maxLength: 3 })).map(([a, s, b]) => a.join('') + s + b.join(''));
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const storable = (s: string) => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

export const namePartArb: fc.Arbitrary<string | null> = fc.option(
  fc.oneof(
    fc.constantFrom('', ' ', 'Ana', 'Zoë', "O'Neil", 'Mary Jo', 'Đặng', 'محمد', '李', '👩🏽‍🔬', '\u00a0', '\u3000'),
    padded(fc.constantFrom('Ana', 'Zoë', 'Mary  Jo', '李', 'x\u200by')),
    fc.array(space, { minLength: 1, maxLength: 4 }).map((a) => a.join('')),
    fc.string({ unit: 'binary', maxLength: 12 }).filter(storable),
    padded(fc.string({ unit: 'grapheme', maxLength: 8 }).filter(storable)),
  ),
  { nil: null },
);

export const phoneTypeArb: fc.Arbitrary<string | null> = fc.oneof(fc.constantFrom(PHONE_TYPE.TEMP, PHONE_TYPE.GUEST, PHONE_TYPE.MOBILE, 'LANDLINE'), fc.constant(null));

export const namedClientArb = fc.record({
  firstname: namePartArb,
  lastname: namePartArb,
  phone: fc.option(fc.oneof(fc.constantFrom('', ' ', '(555) 514-6808', '+44 20 7946 0958'), fc.string({ maxLength: 10 }).filter(storable)), { nil: null }),
  phone_type: phoneTypeArb,
  erased_at: fc.option(fc.constant('2026-01-01T00:00:00.000Z'), { nil: null, freq: 5 }),
});
