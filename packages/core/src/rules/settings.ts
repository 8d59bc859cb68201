import { MESSAGES } from '../messages';
import { jsonValueProblem, textProblem } from './input';
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
 * - string: text up to 10,000 characters (no NUL, no lone surrogate), stored as given;
 * - options: exactly one of the type's options.
 */
export function parseSettingValue(type: SettingValueType, raw: unknown, options: readonly string[] = []): SettingParse {
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
      const problem = jsonValueProblem(typed);
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
