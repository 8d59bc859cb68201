import { MESSAGES } from '../messages';

/** A system setting's key: lower-case letters, digits, dots, dashes and underscores, up to 100 characters. */
export const SYSTEM_SETTING_KEY_PATTERN = /^[a-z0-9][a-z0-9._-]{0,99}$/;

export type SystemSettingParse = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Reads the JSON an admin typed for a system setting: the value, or the message saying what is
 * wrong (empty, or not JSON). Nothing is sent until it parses.
 */
export function parseSystemSettingValue(text: string): SystemSettingParse {
  if (text.trim() === '') return { ok: false, message: MESSAGES.systemSettingValueRequired };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: MESSAGES.invalidSystemSettingJson };
  }
}

/** Checks a new key (trimmed); null when it is a valid key, else the message. */
export const systemSettingKeyProblem = (key: string): string | null => (SYSTEM_SETTING_KEY_PATTERN.test(key.trim()) ? null : MESSAGES.invalidSystemSettingKey);

/** A value as the editor shows it: indented JSON. */
export const formatSystemSettingValue = (value: unknown): string => JSON.stringify(value, null, 2) ?? 'null';
