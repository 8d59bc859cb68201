import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { INT32_MAX, INT32_MIN, isCanonicalInteger, jsonValueProblem, textProblem } from './inputProblems';

/**
 * The building blocks of every request schema: each carries the limits of the column or value it
 * ends up in, so a request the schema accepts never fails in PostgreSQL (issue 9). The server
 * also refuses NUL, lone surrogates and deep nesting in any field (`inputProblems`), but a block
 * says so itself, for the SDK and forms.
 */

/** A text field: at most `max` characters (after trimming, when `trim`), no NUL, no lone surrogate. */
export function text(max: number, options: { min?: number; trim?: boolean; tooShort?: string; tooLong?: string } = {}) {
  const { min = 0, trim = false } = options;
  return z.string().check(
    ...(trim ? [z.trim()] : []),
    ...(min > 0 ? [z.minLength(min, { error: options.tooShort ?? `At least ${min} characters` })] : []),
    z.maxLength(max, { error: options.tooLong ?? `At most ${max} characters` }),
    safeText,
  );
}

/** The check behind `text`, for a string schema that has its own shape (a regex, an enum-like list). */
export const safeText = z.check<string>((ctx) => {
  const message = textProblem(ctx.value);
  if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
});

interface NumberMessages {
  notANumber?: string;
  tooSmall?: string;
  tooLarge?: string;
}

/**
 * A whole number from `min` to `max`, given as a number or, in a path or query string, written
 * the canonical way (`isCanonicalInteger`: `7`, never `07`, `7.0`, `7e0`, `+7`, `0x7` or ` 7`).
 */
export function wholeNumber(min: number, max: number, messages: NumberMessages = {}) {
  return z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' && isCanonicalInteger(value) ? Number(value) : value)),
    z.number({ error: messages.notANumber ?? MESSAGES.notANumber }).check(
      z.refine(Number.isInteger, { error: MESSAGES.notAWholeNumber }),
      z.minimum(min, { error: messages.tooSmall ?? `Must be at least ${min}` }),
      z.maximum(max, { error: messages.tooLarge ?? MESSAGES.numberTooLarge }),
    ),
  );
}

/** A whole number from `min` to `max` in a JSON body (a number, never a string). */
export function boundedInt(min: number, max: number, messages: NumberMessages = {}) {
  return z.int({ error: messages.notANumber ?? MESSAGES.notAWholeNumber }).check(
    z.minimum(min, { error: messages.tooSmall ?? `Must be at least ${min}` }),
    z.maximum(max, { error: messages.tooLarge ?? MESSAGES.numberTooLarge }),
  );
}

/** Anything a PostgreSQL `integer` column holds. */
export const int32 = boundedInt(INT32_MIN, INT32_MAX);
/** A count kept in an `integer` column (stock, quantities): 0 to 2,147,483,647. */
export const count = boundedInt(0, INT32_MAX, { tooSmall: MESSAGES.invalidAmount });

/** The largest amount a person may type: 1,000,000.00 in cents. */
export const AMOUNT_MAX = 100_000_000;
/** An amount of money typed by a person, in cents: 0 to `AMOUNT_MAX`. */
export const amount = (messages: NumberMessages = {}) =>
  boundedInt(0, AMOUNT_MAX, { notANumber: MESSAGES.invalidAmount, tooSmall: MESSAGES.invalidAmount, tooLarge: MESSAGES.invalidAmount, ...messages });

/**
 * A JSON value kept as it is (system settings, JSON business settings): not null, nested at most
 * `INPUT_LIMITS.jsonValueDepth` levels, at most `INPUT_LIMITS.jsonValueLength` characters.
 */
export const jsonValue = z.unknown().check(
  z.check((ctx) => {
    const message = ctx.value === null ? MESSAGES.systemSettingValueRequired : jsonValueProblem(ctx.value);
    if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  }),
);

/**
 * The body of an update: every field of `shape` optional and without defaults (a change sets only
 * what it names), and at least one of them given; unknown keys are dropped, so a body of only
 * unknown keys changes nothing and is refused too.
 */
export function changes<T extends Record<string, z.ZodMiniType>>(shape: T) {
  const optional = Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, z.optional(schema)])) as {
    [K in keyof T]: z.ZodMiniOptional<T[K]>;
  };
  return z.object(optional).check(
    z.refine((value) => Object.values(value).some((v) => v !== undefined), { error: MESSAGES.nothingToChange }),
  );
}
