import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { jsonValue } from './settings.arb';
import { formatSystemSettingValue, parseSystemSettingValue, systemSettingKeyProblem } from './systemSettings';

describe('system setting editor', () => {
  test.prop([jsonValue])('what the editor shows reads back as the same value', (value) => {
    expect(parseSystemSettingValue(formatSystemSettingValue(value))).toEqual({ ok: true, value });
  });

  it('refuses malformed JSON and an empty value with a clear message', () => {
    for (const bad of ['{"refresh": 60', '[15, 20', "{'a': 1}", '{"a": 1,}', 'sales', 'undefined']) {
      expect(parseSystemSettingValue(bad)).toEqual({ ok: false, message: MESSAGES.invalidSystemSettingJson });
    }
    expect(parseSystemSettingValue('   ')).toEqual({ ok: false, message: MESSAGES.systemSettingValueRequired });
    expect(parseSystemSettingValue(' "sales" ')).toEqual({ ok: true, value: 'sales' });
  });

  test.prop([fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,99}$/)])('accepts lower-case keys', (key) => {
    expect(systemSettingKeyProblem(key)).toBeNull();
  });

  it('refuses other keys', () => {
    for (const bad of ['', 'Bad Key', '-dash-first', 'a'.repeat(101), 'ünï']) expect(systemSettingKeyProblem(bad)).toBe(MESSAGES.invalidSystemSettingKey);
  });
});
