import type { ReportParameter, ReportParameterValue, ReportParameterValues, RelativeDay } from '../models/reports';
import { RELATIVE_DAYS } from '../models/reports';
import { monthStart } from './dashboard';
import { addDays, weekStartOf } from './scheduleTime';

/**
 * Typed report parameters (spec 000 §3 Data source `settings.parameters`): the named `:target`
 * placeholders of a data source's SQL, relative days, and the values a run is given — checked,
 * defaulted and typed before anything reaches PostgreSQL, where they are bound, never spliced.
 * "Today" is an argument (the business's day in its time zone), never read from a clock here.
 */

// ——— Placeholders ——————————————————————————————————————————————————————————————————

/** A SQL text cut at its `:target` placeholders: `text.length === targets.length + 1`. */
export interface SqlTemplate {
  text: string[];
  targets: string[];
}

const IDENT_START = /[a-z]/;
const IDENT_PART = /[a-z0-9_]/;

/**
 * Cuts a data source's SQL at its named placeholders (`:start`, `:location`): lower-case names,
 * as report identifiers are. What is not a placeholder is left as it is: casts (`::date`), text
 * in quotes (`':x'`, `E'\':x'`, `"a:b"`), dollar-quoted text (`$$:x$$`, `$t$…$t$`), comments
 * (`-- :x`, nested `/* :x *\/`), array slices after a name or digit (`a[1:2]`) and a colon
 * followed by anything else.
 */
export function splitPlaceholders(sqlText: string): SqlTemplate {
  const text: string[] = [];
  const targets: string[] = [];
  let piece = '';
  let i = 0;
  const n = sqlText.length;
  const at = (k: number) => sqlText.charAt(k);
  while (i < n) {
    const c = at(i);
    const next = at(i + 1);
    // -- line comment
    if (c === '-' && next === '-') {
      const end = sqlText.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      piece += sqlText.slice(i, stop);
      i = stop;
      continue;
    }
    // /* nested block comment */
    if (c === '/' && next === '*') {
      let depth = 0;
      let j = i;
      while (j < n) {
        if (at(j) === '/' && at(j + 1) === '*') {
          depth++;
          j += 2;
        } else if (at(j) === '*' && at(j + 1) === '/') {
          depth--;
          j += 2;
          if (depth === 0) break;
        } else j++;
      }
      piece += sqlText.slice(i, j);
      i = j;
      continue;
    }
    // 'text', E'te\'xt' (backslash escapes), "identifier" — doubled quotes escape in all three
    if (c === "'" || c === '"') {
      const escapes = c === "'" && i > 0 && /[eE]/.test(at(i - 1)) && !IDENT_PART.test((at(i - 2) || ' ').toLowerCase());
      let j = i + 1;
      while (j < n) {
        const d = at(j);
        if (escapes && d === '\\') {
          j += 2;
          continue;
        }
        if (d === c) {
          if (at(j + 1) === c) {
            j += 2;
            continue;
          }
          j++;
          break;
        }
        j++;
      }
      piece += sqlText.slice(i, Math.min(j, n));
      i = Math.min(j, n);
      continue;
    }
    // $tag$ … $tag$ (a `$1`-style parameter is not a tag)
    if (c === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sqlText.slice(i));
      const before = i > 0 ? at(i - 1) : ' ';
      if (tag && !/[A-Za-z0-9_]/.test(before)) {
        const close = sqlText.indexOf(tag[0], i + tag[0].length);
        const stop = close === -1 ? n : close + tag[0].length;
        piece += sqlText.slice(i, stop);
        i = stop;
        continue;
      }
    }
    if (c === ':') {
      if (next === ':') {
        piece += '::';
        i += 2;
        continue;
      }
      const before = i > 0 ? at(i - 1) : ' ';
      if (IDENT_START.test(next) && !/[A-Za-z0-9_\]):]/.test(before)) {
        let j = i + 1;
        while (j < n && IDENT_PART.test(at(j))) j++;
        // `:Name` (an upper-case letter after the name) is not ours: leave it.
        if (j >= n || !/[A-Za-z0-9_$]/.test(at(j))) {
          text.push(piece);
          targets.push(sqlText.slice(i + 1, j));
          piece = '';
          i = j;
          continue;
        }
      }
    }
    piece += c;
    i++;
  }
  text.push(piece);
  return { text, targets };
}

// ——— Relative days —————————————————————————————————————————————————————————————————

export const RELATIVE_DAY_LABEL: Record<RelativeDay, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  'start-of-week': 'Start of this week',
  'start-of-month': 'Start of this month',
  'end-of-month': 'End of this month',
  'start-of-last-month': 'Start of last month',
  'end-of-last-month': 'End of last month',
  'start-of-year': 'Start of this year',
};

export const isRelativeDay = (value: unknown): value is RelativeDay => typeof value === 'string' && (RELATIVE_DAYS as readonly string[]).includes(value);

/** The day a relative day names, from `today` (the business's day) and its first day of the week (0 = Sunday). */
export function relativeDay(relative: RelativeDay, today: string, weekStartsOn = 0): string {
  switch (relative) {
    case 'today':
      return today;
    case 'yesterday':
      return addDays(today, -1);
    case 'start-of-week':
      return weekStartOf(today, weekStartsOn);
    case 'start-of-month':
      return monthStart(today);
    case 'end-of-month':
      return addDays(monthStart(addDays(monthStart(today), 31)), -1);
    case 'start-of-last-month':
      return monthStart(addDays(monthStart(today), -1));
    case 'end-of-last-month':
      return addDays(monthStart(today), -1);
    case 'start-of-year':
      return `${today.slice(0, 4)}-01-01`;
  }
}

// ——— Values ———————————————————————————————————————————————————————————————————————

/** One choice of a `choice` parameter: the value bound, and what a person reads. */
export interface ParameterChoice {
  value: string | number | boolean;
  label: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Is this a real calendar day `YYYY-MM-DD` from 2000 to 2099 (the days the API accepts)? */
export function isReportDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2099 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** The choices a parameter's static `config.value` lists (`[1, 2]`, `[{ value, label }]`). */
export function staticChoices(parameter: ReportParameter): ParameterChoice[] {
  if (parameter.type !== 'choice' || parameter.config.valueType !== 'static' || !Array.isArray(parameter.config.value)) return [];
  const out: ParameterChoice[] = [];
  for (const item of parameter.config.value) {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') out.push({ value: item, label: String(item) });
    else if (item && typeof item === 'object' && !Array.isArray(item) && 'value' in item) {
      const value = (item as { value: unknown }).value;
      const label = (item as { label?: unknown }).label;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out.push({ value, label: typeof label === 'string' ? label : String(value) });
    }
  }
  return out;
}

/** What a resolution found wrong with a value, by parameter id. */
export interface ParameterProblem {
  id: string;
  message: string;
}

export interface ResolveOptions {
  /** The business's day, in its time zone. */
  today: string;
  /** The business's first day of the week (0 = Sunday). */
  weekStartsOn?: number;
  /** The choices of `choice` parameters whose choices come from a query (run by the server). */
  queryChoices?: ReadonlyMap<string, readonly ParameterChoice[]>;
}

/** A parameter's default: a static value, a relative day, or (query) the first choice. */
export function parameterDefault(parameter: ReportParameter, options: ResolveOptions): ReportParameterValue {
  const { valueType, value } = parameter.config;
  if (valueType === 'relative') return isRelativeDay(value) ? relativeDay(value, options.today, options.weekStartsOn) : null;
  if (valueType === 'query') {
    if (parameter.type !== 'choice') return null;
    return options.queryChoices?.get(parameter.id)?.[0]?.value ?? null;
  }
  if (parameter.type === 'choice') return staticChoices(parameter)[0]?.value ?? null;
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

/** A value given as text (a query string, a form field) read as the parameter's type, or the value itself. */
function coerce(
  parameter: ReportParameter,
  raw: ReportParameterValue,
  choices: readonly ParameterChoice[],
  options: ResolveOptions,
): { ok: true; value: ReportParameterValue } | { ok: false; message: string } {
  if (raw === null) return { ok: true, value: null };
  switch (parameter.type) {
    case 'date': {
      // A relative day may be given as the value too (`start-of-month`): read in the business's zone.
      const day = isRelativeDay(raw) ? relativeDay(raw, options.today, options.weekStartsOn) : raw;
      if (typeof day === 'string' && isReportDay(day)) return { ok: true, value: day };
      return { ok: false, message: 'Enter a date (YYYY-MM-DD)' };
    }
    case 'number': {
      const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= 1e15) return { ok: true, value };
      return { ok: false, message: 'Enter a number' };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === 'true' || raw === 'false') return { ok: true, value: raw === 'true' };
      return { ok: false, message: 'Choose yes or no' };
    }
    case 'text':
      return typeof raw === 'string' ? { ok: true, value: raw } : { ok: true, value: String(raw) };
    case 'choice': {
      const found = choices.find((c) => c.value === raw || String(c.value) === String(raw));
      return found ? { ok: true, value: found.value } : { ok: false, message: 'Choose one of the choices' };
    }
  }
}

/**
 * The values a run binds, by parameter id: each given value read as its parameter's type (a
 * day, a number, yes/no, text, one of the choices), a missing one replaced by its default
 * (static, relative to `today`, or the first choice of its query). Values for parameters that are
 * not declared are problems, never passed on; a required parameter without a value is one too.
 */
export function resolveParameterValues(
  parameters: readonly ReportParameter[],
  given: ReportParameterValues,
  options: ResolveOptions,
): { values: Record<string, ReportParameterValue>; problems: ParameterProblem[] } {
  const values: Record<string, ReportParameterValue> = {};
  const problems: ParameterProblem[] = [];
  const declared = new Set(parameters.map((p) => p.id));
  for (const key of Object.keys(given)) {
    if (!declared.has(key)) problems.push({ id: key, message: 'This report has no such parameter' });
  }
  for (const parameter of parameters) {
    const choices = parameter.type === 'choice' ? (parameter.config.valueType === 'query' ? (options.queryChoices?.get(parameter.id) ?? []) : staticChoices(parameter)) : [];
    const raw = Object.hasOwn(given, parameter.id) ? given[parameter.id] : undefined;
    const supplied = raw === undefined || raw === '' ? parameterDefault(parameter, options) : raw;
    const read = coerce(parameter, supplied ?? null, choices, options);
    if (!read.ok) {
      problems.push({ id: parameter.id, message: read.message });
      continue;
    }
    if (read.value === null && parameter.required) {
      problems.push({ id: parameter.id, message: 'Enter a value' });
      continue;
    }
    values[parameter.id] = read.value;
  }
  // Two days named start/end the wrong way round are a mistake a person makes; say so.
  const start = values.start_day ?? values.start;
  const end = values.end_day ?? values.end;
  if (typeof start === 'string' && typeof end === 'string' && isReportDay(start) && isReportDay(end) && start > end) {
    problems.push({ id: values.end_day !== undefined ? 'end_day' : 'end', message: 'The end is before the start' });
  }
  return { values, problems };
}

/**
 * Problems of a data source's declarations against its SQL: every `:target` placeholder must be
 * declared by a parameter, ids and targets are unique, relative defaults name a known relative
 * day, static choices are a list and a query default is a text.
 */
export function declarationProblems(sqlText: string, parameters: readonly ReportParameter[]): ParameterProblem[] {
  const problems: ParameterProblem[] = [];
  const { targets } = splitPlaceholders(sqlText);
  const ids = new Set<string>();
  const declaredTargets = new Set<string>();
  for (const p of parameters) {
    if (ids.has(p.id)) problems.push({ id: p.id, message: `Parameter ${p.id} is declared twice` });
    ids.add(p.id);
    if (declaredTargets.has(p.target)) problems.push({ id: p.id, message: `Two parameters fill :${p.target}` });
    declaredTargets.add(p.target);
    const { valueType, value } = p.config;
    if (valueType === 'relative' && (p.type !== 'date' || !isRelativeDay(value))) problems.push({ id: p.id, message: `A relative default is a date: one of ${RELATIVE_DAYS.join(', ')}` });
    if (valueType === 'query' && (typeof value !== 'string' || value.trim() === '')) problems.push({ id: p.id, message: 'A query default needs a SELECT' });
    if (valueType === 'static' && p.type === 'choice' && staticChoices(p).length === 0) problems.push({ id: p.id, message: 'List the choices' });
    if (valueType === 'static' && p.type === 'date' && value !== undefined && value !== null && !isReportDay(value)) problems.push({ id: p.id, message: 'Enter a date (YYYY-MM-DD)' });
    if (valueType === 'static' && p.type === 'number' && value !== undefined && value !== null && typeof value !== 'number') problems.push({ id: p.id, message: 'Enter a number' });
  }
  for (const target of new Set(targets)) {
    if (!declaredTargets.has(target)) problems.push({ id: target, message: `:${target} is not declared by any parameter` });
  }
  return problems;
}
