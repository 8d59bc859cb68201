import { DAY_MAX, DAY_MIN, INT32_MAX, INT32_MIN, type Schema } from '@salondesk/core';
import fc from 'fast-check';

/**
 * fast-check arbitraries read from an endpoint's own zod schemas (`schema._zod.def`), for the
 * fuzzer (`http/fuzz.ts`): values the schema accepts, and — when mutating — hostile values in
 * their place (wrong types, bounds ± 1, NUL, lone surrogates, huge and deep values, bad `%`
 * escapes, odd days and ids, unknown keys). Only what our schemas use is understood; anything
 * else gets a small JSON value, which still exercises the route.
 */

/** A value sent as typed on the wire, unencoded (a malformed `%` escape in a path or query). */
export class Raw {
  constructor(readonly text: string) {}
}

/** Where a value travels: path segments and query values are text, a body is JSON. */
export type Place = 'path' | 'query' | 'body';

export interface GenContext {
  place: Place;
  /** Known ids for a field (`txId`, `staffId`), so requests reach real rows; empty when none. */
  ids(field: string): readonly number[];
  /** Known words for a free-text field that names something (`key` of a staff property, a KPI `column`). */
  words(field: string): readonly string[];
  /** Put hostile values in place of valid ones, at any depth. */
  mutate: boolean;
}

// biome-ignore lint: zod's internal definitions are untyped here on purpose
type Def = { type: string; [key: string]: any };
const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

interface Bounds {
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  custom: boolean;
}

function boundsOf(def: Def): Bounds {
  const bounds: Bounds = { custom: false };
  for (const check of (def.checks ?? []) as { _zod: { def: Def } }[]) {
    const c = check._zod.def;
    if (c.check === 'greater_than') bounds.min = c.inclusive ? c.value : c.value + 1;
    else if (c.check === 'less_than') bounds.max = c.inclusive ? c.value : c.value - 1;
    else if (c.check === 'min_length') bounds.minLength = c.minimum;
    else if (c.check === 'max_length') bounds.maxLength = c.maximum;
    else if (c.check === 'string_format' && c.pattern) bounds.pattern ??= c.pattern;
    else if (c.check === 'custom') bounds.custom = true;
  }
  return bounds;
}

const toDay = (d: Date) => d.toISOString().slice(0, 10);
const dayArb = fc.date({ min: new Date(`${DAY_MIN}T00:00:00Z`), max: new Date(`${DAY_MAX}T00:00:00Z`), noInvalidDate: true }).map(toDay);
/** Days nearer today more often: most data lives there. */
const plausibleDay = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: -400, max: 60 }).map((n) => toDay(new Date(Date.now() + n * 86_400_000))) }, { weight: 1, arbitrary: dayArb });

const ODD_DAYS = ['0000-01-01', '0001-01-01', '1999-12-31', '2100-01-01', '9999-12-31', '2025-02-30', '2025-13-01', '2025-1-1', `${DAY_MIN} `];
const ODD_NUMBER_TEXT = ['0x3', '3e0', '+3', ' 3', '03', '3.0', '-0', '1e400', 'NaN', 'Infinity', '٣'];
const BAD_ESCAPES = ['%', '%E0%A4', '%ED%A0%80', '%C0%AF', '%zz', '%2', '%203'];

/** A value nested `depth` levels deep. */
export const nested = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

/**
 * Hostile values for a node: ones aimed at its type (bounds ± 1, odd numbers and days, lengths
 * past the limit) twice as often as generic ones (wrong types, NUL, lone surrogates, bad escapes,
 * huge and deep values). The biggest only in a body: Node refuses a URL that long itself.
 */
function hostile(def: Def, bounds: Bounds, ctx: GenContext): fc.Arbitrary<unknown> {
  const generic: unknown[] = [null, true, false, 0, -1, 1.5, '', ' ', 'x', [], {}, { x: 1 }, 'a\u0000b', '\u0000', '\ud800', 'x\udfffy', '\udc00\ud800', '💇'];
  if (ctx.place === 'body') generic.push(nested(40), nested(2_000), 'x'.repeat(200_000), Array.from({ length: 2_000 }, () => 'x'));
  else generic.push(...BAD_ESCAPES.map((e) => new Raw(e)), new Raw('%00'), 'x'.repeat(3_000));
  const aimed: unknown[] = [];
  if (def.type === 'number' || def.type === 'pipe') {
    const { min = INT32_MIN, max = INT32_MAX } = def.type === 'pipe' ? boundsOf(defOf(def.out)) : bounds;
    aimed.push(min - 1, max + 1, min, max, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, 0.5, ...ODD_NUMBER_TEXT, `${max + 1}`, `${min - 1}`);
  }
  if (def.type === 'string') {
    aimed.push(...ODD_DAYS);
    if (bounds.maxLength !== undefined && bounds.maxLength < 100_000) aimed.push('x'.repeat(bounds.maxLength + 1), '💇'.repeat(bounds.maxLength));
    if (bounds.minLength) aimed.push('x'.repeat(bounds.minLength - 1));
  }
  if (def.type === 'enum') aimed.push(...Object.values(def.entries as Record<string, unknown>).map((v) => (typeof v === 'string' ? `${v.toUpperCase()}X` : v)));
  const any = fc.constantFrom(...generic);
  return aimed.length === 0 ? any : fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...aimed) }, { weight: 1, arbitrary: any });
}

/** An id from the database for this field most of the time, else any positive 32-bit integer. */
function idArb(field: string, ctx: GenContext): fc.Arbitrary<number> {
  const known = ctx.ids(field);
  const any = fc.integer({ min: 1, max: INT32_MAX });
  return known.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: any }) : fc.oneof(fc.integer({ min: 1, max: 30 }), any);
}

function validArb(schema: Schema, ctx: GenContext, field: string): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const bounds = boundsOf(def);
  switch (def.type) {
    case 'string': {
      if (def.format === 'date') return plausibleDay;
      if (def.format === 'datetime') return fc.date({ min: new Date(`${DAY_MIN}T00:00:00Z`), max: new Date(`${DAY_MAX}T00:00:00Z`), noInvalidDate: true }).map((d) => d.toISOString());
      if (bounds.pattern) return fc.stringMatching(bounds.pattern);
      const minLength = bounds.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(bounds.maxLength ?? 40, 40));
      const text = fc.string({ unit: 'grapheme', minLength, maxLength });
      const words = ctx.words(field);
      const edge = bounds.maxLength === undefined ? [] : [{ weight: 1, arbitrary: fc.constant('x'.repeat(bounds.maxLength)) }];
      const known = words.length === 0 ? [] : [{ weight: 10, arbitrary: fc.constantFrom(...words) }];
      return fc.oneof({ weight: 5, arbitrary: text }, ...edge, ...known);
    }
    case 'number': {
      const min = Math.max(bounds.min ?? INT32_MIN, INT32_MIN);
      const max = Math.min(bounds.max ?? INT32_MAX, INT32_MAX);
      return fc.oneof({ weight: 4, arbitrary: fc.integer({ min, max }) }, { weight: 1, arbitrary: fc.constantFrom(min, max) });
    }
    case 'pipe':
      // A whole number written as text (ids, query numbers): generate from what it becomes.
      if (defOf(def.in).type === 'transform') {
        const out = boundsOf(defOf(def.out));
        if (out.min === 1 && out.max === INT32_MAX) return idArb(field, ctx);
        return valueArb(def.out, ctx, field);
      }
      return valueArb(def.in, ctx, field);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(valueArb(def.innerType, ctx, field), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(valueArb(def.innerType, ctx, field), { nil: null, freq: 4 });
    case 'array': {
      const minLength = bounds.minLength ?? 0;
      return fc.array(valueArb(def.element, ctx, field), { minLength, maxLength: Math.max(minLength, Math.min(bounds.maxLength ?? 4, 4)) });
    }
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const fields = Object.fromEntries(Object.entries(shape).map(([key, s]) => [key, valueArb(s, ctx, key)]));
      return fc.record(fields).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
    }
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), valueArb(def.valueType, ctx, field), { maxKeys: 3 });
    case 'union':
      return fc.oneof(...(def.options as Schema[]).map((o) => valueArb(o, ctx, field)));
    default:
      // unknown, any, custom: a small JSON value.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values for `schema` at `field`: valid ones, and when `ctx.mutate` hostile ones in their place, at any depth. */
export function valueArb(schema: Schema, ctx: GenContext, field = ''): fc.Arbitrary<unknown> {
  const valid = validArb(schema, ctx, field);
  if (!ctx.mutate) return valid;
  const def = defOf(schema);
  const variants: fc.WeightedArbitrary<unknown>[] = [{ weight: 8, arbitrary: valid }, { weight: 1, arbitrary: hostile(def, boundsOf(def), ctx) }];
  if (def.type === 'object') {
    // Unknown keys beside the known ones (some hostile themselves), and known keys dropped.
    const extra = fc.record({ key: fc.constantFrom('unknown', 'x\u0000', 'k\ud800', '__proto__', 'constructor'), value: fc.constantFrom(1, 'x', null) });
    variants.push({ weight: 1, arbitrary: fc.tuple(valid, extra).map(([o, e]) => ({ ...(o as object), [e.key]: e.value })) });
    variants.push({ weight: 1, arbitrary: valid.map((o) => Object.fromEntries(Object.entries(o as object).slice(1))) });
  }
  if (def.type === 'array' && boundsOf(def).maxLength !== undefined && (boundsOf(def).maxLength as number) <= 10_000) {
    const max = boundsOf(def).maxLength as number;
    variants.push({ weight: 1, arbitrary: validArb(def.element, { ...ctx, mutate: false }, field).map((item) => Array.from({ length: max + 1 }, () => item)) });
  }
  return fc.oneof(...variants);
}
