import { MESSAGES } from '../messages';
import { jsonValueProblem, textProblem } from '../models/inputProblems';
import type { BusinessHoursDay, BusinessSetting, SettingGroup, SettingType, SettingValueType } from '../models/settings';

/** The longest text a string setting may hold. */
export const SETTING_STRING_MAX = 10_000;

export type SettingParse = { ok: true; value: string; typed: boolean | number | unknown } | { ok: false; message: string };

const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/**
 * Parses a setting's new value against its type (spec 000 §3): the text to store (normalised)
 * and the typed value, or the message saying what is wrong. One parser for the dashboard's
 * editors and the server, so both refuse the same values with the same words.
 * - bool: `true`/`false` (also `1`/`0`, any case), stored `true` or `false`;
 * - decimal: a finite number (`12.50`, `-3`, `1e3`), stored as JavaScript writes it (`12.5`);
 * - json: any JSON text (or value), within `INPUT_LIMITS` (nesting, length), stored compactly;
 *   a list setting's (`list`, from `settingListShape`) must be a list of fitting items;
 * - string: text up to 10,000 characters (no NUL, no lone surrogate), stored as given;
 * - options: exactly one of the type's options.
 */
export function parseSettingValue(type: SettingValueType, raw: unknown, options: readonly string[] = [], list: SettingListShape | null = null): SettingParse {
  switch (type) {
    case 'bool': {
      if (typeof raw === 'boolean') return { ok: true, value: String(raw), typed: raw };
      const text = typeof raw === 'string' ? raw.trim().toLowerCase() : typeof raw === 'number' ? String(raw) : null;
      if (text === 'true' || text === '1') return { ok: true, value: 'true', typed: true };
      if (text === 'false' || text === '0') return { ok: true, value: 'false', typed: false };
      return { ok: false, message: MESSAGES.invalidBoolSetting };
    }
    case 'decimal': {
      let n: number;
      if (typeof raw === 'number') n = raw;
      else if (typeof raw === 'string' && DECIMAL.test(raw.trim())) n = Number(raw.trim());
      else return { ok: false, message: MESSAGES.invalidDecimalSetting };
      if (!Number.isFinite(n)) return { ok: false, message: MESSAGES.invalidDecimalSetting };
      const typed = Object.is(n, -0) ? 0 : n;
      return { ok: true, value: String(typed), typed };
    }
    case 'json': {
      let typed: unknown = raw;
      if (raw === undefined) return { ok: false, message: MESSAGES.invalidJsonSetting };
      if (typeof raw === 'string') {
        try {
          typed = JSON.parse(raw);
        } catch {
          return { ok: false, message: MESSAGES.invalidJsonSetting };
        }
      }
      const problem = jsonValueProblem(typed) ?? (list ? settingListProblem(list, typed) : null);
      if (problem) return { ok: false, message: problem };
      return { ok: true, value: JSON.stringify(typed), typed };
    }
    case 'string': {
      if (typeof raw !== 'string' || raw.length > SETTING_STRING_MAX) return { ok: false, message: MESSAGES.invalidStringSetting };
      const problem = textProblem(raw);
      if (problem) return { ok: false, message: problem };
      return { ok: true, value: raw, typed: raw };
    }
    case 'options': {
      if (typeof raw !== 'string' || !options.includes(raw)) return { ok: false, message: MESSAGES.invalidOptionSetting };
      return { ok: true, value: raw, typed: raw };
    }
    default:
      return { ok: false, message: MESSAGES.invalidSettingType };
  }
}

export { normaliseSettingName, SETTING_NAME_PATTERN } from '../models/settings';

/**
 * How the items of a list setting are written: numbers (percentages from 0 to 100 when the
 * setting's name says PERCENT) or texts.
 */
export interface SettingListShape {
  item: 'number' | 'text';
  percent: boolean;
}

/** The most items a list setting holds. */
export const SETTING_LIST_MAX_ITEMS = 50;
/** The longest text item of a list setting. */
export const SETTING_LIST_TEXT_MAX = 200;

const jsonOrUndefined = (text: string | null | undefined): unknown => {
  if (text === null || text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * A JSON setting whose type's default is a non-empty list of only numbers or only texts is a list
 * setting (`DEFAULT_TIP_PERCENTAGES`, default `[15,18,20,25]`): the dashboard edits it item by
 * item and the server accepts only such a list for it. Any other setting: null.
 */
export function settingListShape(type: Pick<SettingType, 'type' | 'name' | 'defaultvalue'>): SettingListShape | null {
  if (type.type !== 'json') return null;
  const fallback = jsonOrUndefined(type.defaultvalue);
  if (!Array.isArray(fallback) || fallback.length === 0) return null;
  if (fallback.every((v) => typeof v === 'number')) return { item: 'number', percent: /PERCENT/i.test(type.name) };
  if (fallback.every((v) => typeof v === 'string')) return { item: 'text', percent: false };
  return null;
}

/** The items of a stored list value as an editor shows them (`[15,18]` → `['15', '18']`); none when it is not a list. */
export function settingListItems(value: string | null | undefined): string[] {
  const list = jsonOrUndefined(value);
  return Array.isArray(list) ? list.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))) : [];
}

/** One item as typed → its value, or the message saying what it should be. */
function readListItem(shape: SettingListShape, text: string): { ok: true; value: number | string } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: MESSAGES.settingListItemRequired };
  if (shape.item === 'text') {
    const problem = trimmed.length > SETTING_LIST_TEXT_MAX ? MESSAGES.settingListTextTooLong : textProblem(trimmed);
    return problem ? { ok: false, message: problem } : { ok: true, value: trimmed };
  }
  const number = shape.percent ? trimmed.replace(/\s*%$/, '') : trimmed;
  const parsed = parseSettingValue('decimal', number);
  const wrong = shape.percent ? MESSAGES.settingListPercentItem : MESSAGES.settingListNumberItem;
  if (!parsed.ok || typeof parsed.typed !== 'number') return { ok: false, message: wrong };
  if (shape.percent && (parsed.typed < 0 || parsed.typed > 100)) return { ok: false, message: wrong };
  return { ok: true, value: parsed.typed };
}

export type SettingListReading =
  | { ok: true; value: string; items: (number | string)[] }
  | { ok: false; message: string; problems: (string | null)[] };

/**
 * Reads a list setting's items as typed in its editor: the JSON text to save (`['15', ' 20% ']`
 * → `[15,20]` for percentages), or a message per item that does not fit (empty, not a number, a
 * percentage outside 0–100, text too long, a value already in the list) and one for the list.
 */
export function readSettingList(shape: SettingListShape, texts: readonly string[]): SettingListReading {
  const items: (number | string)[] = [];
  const problems = texts.map((text) => {
    const item = readListItem(shape, text);
    if (!item.ok) return item.message;
    if (items.includes(item.value)) return MESSAGES.settingListDuplicate;
    items.push(item.value);
    return null;
  });
  const first = problems.find((p) => p !== null);
  if (first) return { ok: false, message: first, problems };
  if (texts.length > SETTING_LIST_MAX_ITEMS) return { ok: false, message: MESSAGES.settingListTooLong, problems };
  return { ok: true, value: JSON.stringify(items), items };
}

/** The problem with a decoded value for a list setting, or null: a list of fitting items, each once. */
function settingListProblem(shape: SettingListShape, value: unknown): string | null {
  const expected = shape.item === 'text' ? MESSAGES.settingListOfTexts : shape.percent ? MESSAGES.settingListOfPercents : MESSAGES.settingListOfNumbers;
  if (!Array.isArray(value) || value.some((v) => typeof v !== (shape.item === 'text' ? 'string' : 'number'))) return expected;
  const reading = readSettingList(shape, value.map((v) => (typeof v === 'string' ? v : String(v))));
  if (reading.ok) return null;
  return reading.message === MESSAGES.settingListTooLong || reading.message === MESSAGES.settingListDuplicate || reading.message === MESSAGES.settingListTextTooLong ? reading.message : expected;
}

/** Who may see a setting type (spec 000 §6): 2 everyone, 1 admins only, anything else nobody. */
export function settingVisibleTo(isvisible: number, admin: boolean): boolean {
  if (isvisible === 2) return true;
  if (isvisible === 1) return admin;
  return false;
}

/** The default group (spec 000 §9). */
export const MISC_SETTINGS_GROUP = 'Misc. Settings';
/** The fixed group listing the seven days (spec 000 §9). */
export const BUSINESS_HOURS_GROUP = 'Business Hours';

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The hours a location starts with: open 09:00–19:00 Monday to Saturday, closed Sunday. */
export const DEFAULT_BUSINESS_HOURS: readonly BusinessHoursDay[] = DAY_NAMES.map((_, dow) => ({
  dow,
  open: dow !== 0,
  start: '09:00',
  end: '19:00',
}));

/** The seven days in order, each the stored day or else the default. */
export function completeBusinessHours(stored: readonly BusinessHoursDay[]): BusinessHoursDay[] {
  return DEFAULT_BUSINESS_HOURS.map((fallback) => stored.find((d) => d.dow === fallback.dow) ?? fallback);
}

/** The problem with a week of hours, or null: seven distinct days, each open day opening before it closes. */
export function businessHoursProblem(days: readonly BusinessHoursDay[]): string | null {
  const dows = new Set(days.map((d) => d.dow));
  if (days.length !== 7 || dows.size !== 7) return MESSAGES.invalidBusinessHours;
  return days.some((d) => d.open && d.start >= d.end) ? MESSAGES.invalidBusinessHours : null;
}

/**
 * The settings screen's groups (spec 000 §9): the fixed Business Hours group first, then one group
 * per category in alphabetical order with `Misc. Settings` (settings with no category) last;
 * settings sorted by pretty name inside a group.
 */
export function groupSettings(settings: readonly BusinessSetting[], hours: readonly BusinessHoursDay[]): SettingGroup[] {
  const byName = new Map<string, BusinessSetting[]>();
  for (const setting of settings) {
    const name = setting.category?.trim() || MISC_SETTINGS_GROUP;
    const list = byName.get(name) ?? [];
    list.push(setting);
    byName.set(name, list);
  }
  const names = [...byName.keys()].filter((n) => n !== MISC_SETTINGS_GROUP).sort((a, b) => a.localeCompare(b));
  if (byName.has(MISC_SETTINGS_GROUP)) names.push(MISC_SETTINGS_GROUP);
  return [
    { kind: 'hours', name: BUSINESS_HOURS_GROUP, days: completeBusinessHours(hours) },
    ...names.map((name) => ({
      kind: 'settings' as const,
      name,
      settings: [...(byName.get(name) ?? [])].sort((a, b) => a.prettyname.localeCompare(b.prettyname) || a.id - b.id),
    })),
  ];
}

/** A setting type's value for a business: the stored text, else the type's default. */
export const settingWithValue = (type: SettingType, stored: string | null | undefined): BusinessSetting => ({
  ...type,
  value: stored ?? type.defaultvalue,
  isDefault: stored === null || stored === undefined,
});
