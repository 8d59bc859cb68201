import { MESSAGES } from '../messages';

/**
 * What no request may carry, whatever the field: the limits the server checks on every request
 * (params, query, body, the proxy's destination) before any handler runs, and that core's schema
 * blocks (`models/input.ts`, `models/ids.ts`) carry too, so the SDK and the server agree.
 */
export const INPUT_LIMITS = {
  /** Nesting of a request part: the body object itself is level 1. */
  requestDepth: 32,
  /** Nesting of a JSON value a setting keeps: a scalar is level 0, `[]` or `{}` level 1. */
  jsonValueDepth: 16,
  /** Length of a JSON value a setting keeps, as compact JSON text. */
  jsonValueLength: 65_536,
} as const;

/** The largest (and smallest) value a PostgreSQL `integer` column holds. */
export const INT32_MAX = 2 ** 31 - 1;
export const INT32_MIN = -(2 ** 31);

const CANONICAL_INTEGER = /^-?(?:0|[1-9]\d*)$/;

/**
 * Whether a text is a whole number written the one canonical way: decimal digits, no leading
 * zero, an optional minus. `3`, `-3` and `0` are; `03`, `3.0`, `3e0`, `+3`, `0x3`, ` 3`, `-0` and `` are not.
 */
export const isCanonicalInteger = (text: string): boolean => CANONICAL_INTEGER.test(text) && text !== '-0';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What is wrong with a text in any field, or null: a NUL character (PostgreSQL cannot store one
 * in text or JSON), or half of a UTF-16 surrogate pair (it has no UTF-8 form: PostgreSQL refuses
 * it in JSON and the driver would silently store U+FFFD in text).
 */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return MESSAGES.textHasNul;
  if (LONE_SURROGATE.test(text)) return MESSAGES.textHasLoneSurrogate;
  return null;
}

/**
 * The first message for each top-level field of a form, from problems with a path — zod's issues
 * when a form checks itself with the request's own schema before sending, or the server's
 * `issues` after: `problemsByField(newStaffMember.safeParse(form).error.issues)` →
 * `{ name: 'Enter a name.' }`.
 */
export function problemsByField(problems: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const problem of problems) {
    const field = String(problem.path[0] ?? '');
    if (!Object.hasOwn(byField, field)) byField[field] = problem.message;
  }
  return byField;
}

export interface InputProblem {
  /** Where, from the part's root: `['holidays', 0, 'name']`. */
  path: (string | number)[];
  message: string;
}

/**
 * Every problem (up to `max`) in a decoded request part: a string or an object key that
 * `textProblem` refuses, or an object or array nested deeper than `maxDepth` (the part itself is
 * level 1). The walk never goes below the limit, so a 100,000-deep body costs what a 33-deep one does.
 */
export function inputProblems(value: unknown, maxDepth: number = INPUT_LIMITS.requestDepth, max = 10): InputProblem[] {
  const problems: InputProblem[] = [];
  const walk = (node: unknown, path: (string | number)[], depth: number): void => {
    if (problems.length >= max) return;
    if (typeof node === 'string') {
      const message = textProblem(node);
      if (message) problems.push({ path, message });
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    if (depth > maxDepth) {
      problems.push({ path, message: MESSAGES.nestedTooDeep });
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, [...path, i], depth + 1));
      return;
    }
    for (const [key, item] of Object.entries(node)) {
      const message = textProblem(key);
      if (message) problems.push({ path: [...path, key], message });
      else walk(item, [...path, key], depth + 1);
    }
  };
  walk(value, [], 1);
  return problems.slice(0, max);
}

/** How deeply a JSON value nests, counting no further than `limit + 1`. */
function depthOf(value: unknown, limit: number): number {
  if (typeof value !== 'object' || value === null) return 0;
  if (limit < 0) return 1;
  let deepest = 0;
  for (const item of Object.values(value)) {
    deepest = Math.max(deepest, depthOf(item, limit - 1));
    if (deepest > limit) break;
  }
  return deepest + 1;
}

/**
 * What is wrong with a JSON value a setting is to keep, or null: nested deeper than
 * `INPUT_LIMITS.jsonValueDepth` or longer than `INPUT_LIMITS.jsonValueLength` as compact JSON
 * (PostgreSQL's `jsonb` and `JSON.stringify` both recurse), or holding text `textProblem` refuses.
 */
export function jsonValueProblem(value: unknown): string | null {
  if (value === undefined) return MESSAGES.systemSettingValueRequired;
  if (depthOf(value, INPUT_LIMITS.jsonValueDepth) > INPUT_LIMITS.jsonValueDepth) return MESSAGES.jsonValueTooDeep;
  const problem = inputProblems(value, INPUT_LIMITS.jsonValueDepth + 1, 1)[0];
  if (problem) return problem.message;
  if ((JSON.stringify(value) ?? '').length > INPUT_LIMITS.jsonValueLength) return MESSAGES.jsonValueTooLarge;
  return null;
}
