import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, DAY_MAX, DAY_MIN, id } from './ids';
import { changes, count, int32, jsonValue, text, wholeNumber } from './input';
import { idValue, nested, nonCanonical, utf16Text, wellFormedText } from './inputProblems.arb';
import { INPUT_LIMITS, INT32_MAX, INT32_MIN, inputProblems, isCanonicalInteger, jsonValueProblem, textProblem } from './inputProblems';

const isWellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

describe('canonical whole numbers and ids', () => {
  test.prop([fc.integer()])('a whole number written by String() is canonical and reads back as itself', (n) => {
    const written = String(Object.is(n, -0) ? 0 : n);
    expect(isCanonicalInteger(written)).toBe(true);
    expect(wholeNumber(-(2 ** 53), 2 ** 53).parse(written)).toBe(Number(written));
  });

  test.prop([nonCanonical])('any other spelling is refused: 03, +3, 3.0, 3e0, 0x3, " 3", -03', (written) => {
    expect(isCanonicalInteger(written)).toBe(false);
    expect(id.safeParse(written).success).toBe(false);
  });

  test.prop([idValue])('an id is accepted as a number and as its decimal text', (n) => {
    expect(id.parse(n)).toBe(n);
    expect(id.parse(String(n))).toBe(n);
  });

  it('refuses ids that are not positive 32-bit integers, with the reason', () => {
    const message = (value: unknown) => id.safeParse(value).error?.issues[0]?.message;
    expect(message(0)).toBe(MESSAGES.idNotPositive);
    expect(message('-1')).toBe(MESSAGES.idNotPositive);
    expect(message(INT32_MAX + 1)).toBe(MESSAGES.numberTooLarge);
    expect(message('2147483648')).toBe(MESSAGES.numberTooLarge);
    expect(message(2.5)).toBe(MESSAGES.notAWholeNumber);
    for (const bad of ['abc', '', null, true, [], {}, '0x3', '3e0', '%203']) expect(message(bad), String(bad)).toBe(MESSAGES.notANumber);
  });

  test.prop([fc.integer({ min: INT32_MIN, max: INT32_MAX })])('int32 holds what an integer column holds', (n) => {
    expect(int32.parse(n)).toBe(n);
  });

  test.prop([fc.oneof(fc.integer({ min: INT32_MAX + 1, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: Number.MIN_SAFE_INTEGER, max: INT32_MIN - 1 }))])('and nothing beyond it', (n) => {
    expect(int32.safeParse(n).success).toBe(false);
    expect(count.safeParse(n).success).toBe(false);
  });
});

describe('text', () => {
  test.prop([utf16Text])('textProblem refuses exactly the texts with a NUL or that are not well-formed UTF-16', (s) => {
    const expected = s.includes('\u0000') ? MESSAGES.textHasNul : isWellFormed(s) ? null : MESSAGES.textHasLoneSurrogate;
    expect(textProblem(s)).toBe(expected);
  });

  test.prop([wellFormedText, fc.nat(), fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff')])(
    'one NUL or surrogate put anywhere in good text is refused by the text block',
    (s, at, bad) => {
      expect(text(100).safeParse(s).success).toBe(true);
      const i = at % (s.length + 1);
      const spoiled = s.slice(0, i) + bad + s.slice(i);
      expect(text(100).safeParse(spoiled).success).toBe(false);
    },
  );

  it('keeps a surrogate pair (an emoji) and says which rule a text breaks', () => {
    expect(text(10).parse('💇 ok')).toBe('💇 ok');
    expect(text(3).safeParse('abcd').error?.issues[0]?.message).toBe('At most 3 characters');
    expect(text(3, { trim: true, min: 1, tooShort: 'Enter it' }).safeParse('   ').error?.issues[0]?.message).toBe('Enter it');
  });
});

describe('nesting, keys and JSON values', () => {
  test.prop([fc.integer({ min: 1, max: 200 })])('a request part may nest up to the limit, not one level more', (depth) => {
    const problems = inputProblems(nested(depth));
    if (depth <= INPUT_LIMITS.requestDepth) expect(problems).toEqual([]);
    else expect(problems).toEqual([{ path: pathTo(depth, INPUT_LIMITS.requestDepth), message: MESSAGES.nestedTooDeep }]);
  });

  it('walks 100,000 levels without a stack overflow', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inputProblems({ value: deep })[0]?.message).toBe(MESSAGES.nestedTooDeep);
    expect(jsonValueProblem(deep)).toBe(MESSAGES.jsonValueTooDeep);
  });

  it('names the field of a bad string or key', () => {
    expect(inputProblems({ holidays: [{ name: 'a\u0000' }] })).toEqual([{ path: ['holidays', 0, 'name'], message: MESSAGES.textHasNul }]);
    expect(inputProblems({ ['k\ud800']: 1 })).toEqual([{ path: ['k\ud800'], message: MESSAGES.textHasLoneSurrogate }]);
  });

  test.prop([fc.jsonValue({ maxDepth: 5 })])('a JSON value within the limits is kept; null only where a value may be null', (value) => {
    const clean = JSON.parse(JSON.stringify(value)) as unknown;
    expect(jsonValueProblem(clean)).toBeNull();
    expect(jsonValue.safeParse(clean).success).toBe(clean !== null);
  });

  test.prop([fc.integer({ min: 1, max: 40 })])('a JSON value nests at most jsonValueDepth levels', (depth) => {
    expect(jsonValueProblem(nested(depth))).toBe(depth <= INPUT_LIMITS.jsonValueDepth ? null : MESSAGES.jsonValueTooDeep);
  });

  it('a JSON value is at most jsonValueLength characters', () => {
    const fits = 'x'.repeat(INPUT_LIMITS.jsonValueLength - 2);
    expect(jsonValueProblem(fits)).toBeNull();
    expect(jsonValueProblem(`${fits}x`)).toBe(MESSAGES.jsonValueTooLarge);
  });
});

describe('days', () => {
  const toDay = (d: Date) => d.toISOString().slice(0, 10);
  test.prop([fc.date({ min: new Date(`${DAY_MIN}T00:00:00Z`), max: new Date(`${DAY_MAX}T23:59:59Z`), noInvalidDate: true })])(
    'every calendar day of the window is a day',
    (d) => {
      expect(day.parse(toDay(d))).toBe(toDay(d));
    },
  );

  it('refuses days PostgreSQL or date arithmetic cannot take, and days that do not exist', () => {
    for (const bad of ['0000-01-01', '0001-01-01', '1999-12-31', '2100-01-01', '9999-12-31', '2025-02-30', '2025-13-01', '2025-1-1', ' 2025-01-01']) {
      expect(day.safeParse(bad).error?.issues[0]?.message, bad).toBe(MESSAGES.invalidDay);
    }
    expect(MESSAGES.invalidDay).toContain(DAY_MIN);
    expect(MESSAGES.invalidDay).toContain(DAY_MAX);
  });
});

describe('changes', () => {
  const patch = changes({ name: text(10), stock: count });
  it('needs at least one known field', () => {
    expect(patch.safeParse({}).error?.issues[0]?.message).toBe(MESSAGES.nothingToChange);
    expect(patch.safeParse({ colour: 'red' }).error?.issues[0]?.message).toBe(MESSAGES.nothingToChange);
    expect(patch.parse({ stock: 0 })).toEqual({ stock: 0 });
    expect(z.safeParse(patch, { name: 'a', colour: 'red' }).data).toEqual({ name: 'a' });
  });
});

/** The path to the first container past `limit` in `nested(depth)`: outermost first. */
function pathTo(depth: number, limit: number): (string | number)[] {
  const path: (string | number)[] = [];
  // nested() wraps from the inside out; level 1 is the outermost (index depth - 1).
  for (let level = 1; level <= limit; level++) path.push((depth - level) % 2 === 0 ? 0 : 'a');
  return path;
}
