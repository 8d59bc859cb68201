import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { INPUT_LIMITS } from '../models/inputProblems';
import { nested } from '../models/inputProblems.arb';
import { businessSettingArb, finiteNumber, hoursDay, jsonValue } from './settings.arb';
import {
  BUSINESS_HOURS_GROUP,
  businessHoursProblem,
  completeBusinessHours,
  groupSettings,
  MISC_SETTINGS_GROUP,
  normaliseSettingName,
  parseSettingValue,
  readSettingList,
  settingListItems,
  settingListShape,
  settingVisibleTo,
} from './settings';

describe('setting values by type', () => {
  test.prop([fc.boolean(), fc.constantFrom((b: boolean) => b, (b: boolean) => String(b), (b: boolean) => String(b).toUpperCase(), (b: boolean) => (b ? '1' : '0'))])(
    'bool: true or false in any spelling, stored as true/false',
    (b, spell) => {
      expect(parseSettingValue('bool', spell(b))).toEqual({ ok: true, value: String(b), typed: b });
    },
  );

  test.prop([fc.string().filter((s) => !['true', 'false', '1', '0'].includes(s.trim().toLowerCase()))])('bool: anything else is refused', (s) => {
    expect(parseSettingValue('bool', s)).toEqual({ ok: false, message: MESSAGES.invalidBoolSetting });
  });

  test.prop([finiteNumber])('decimal: a number round-trips through its stored text', (n) => {
    const parsed = parseSettingValue('decimal', n);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(Number(parsed.value)).toBe(Object.is(n, -0) ? 0 : n);
      // The stored text parses again to itself.
      expect(parseSettingValue('decimal', parsed.value)).toEqual(parsed);
    }
  });

  test.prop([fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 0, max: 99 })])('decimal: written text like 12.50 is accepted', (whole, cents) => {
    const text = `${whole}.${String(cents).padStart(2, '0')}`;
    expect(parseSettingValue('decimal', text)).toMatchObject({ ok: true, typed: Number(text) });
  });

  test.prop([fc.string().filter((s) => !/^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/.test(s))])('decimal: text that is not a plain number is refused', (s) => {
    expect(parseSettingValue('decimal', s)).toEqual({ ok: false, message: MESSAGES.invalidDecimalSetting });
  });

  it('decimal: refuses NaN, infinities, overflowing and empty text', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '1e999', '', ' ', '12,5', null, true]) {
      expect(parseSettingValue('decimal', bad)).toEqual({ ok: false, message: MESSAGES.invalidDecimalSetting });
    }
  });

  test.prop([jsonValue])('json: any JSON text is stored compactly and means the same', (v) => {
    const parsed = parseSettingValue('json', JSON.stringify(v, null, 2));
    expect(parsed).toEqual({ ok: true, value: JSON.stringify(v), typed: v });
  });

  test.prop([fc.string().filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  })])('json: malformed JSON is refused', (s) => {
    expect(parseSettingValue('json', s)).toEqual({ ok: false, message: MESSAGES.invalidJsonSetting });
  });

  test.prop([fc.string({ maxLength: 200 })])('string: any text is stored as given', (s) => {
    expect(parseSettingValue('string', s)).toEqual({ ok: true, value: s, typed: s });
  });

  it('string: refuses non-text and text over 10,000 characters', () => {
    expect(parseSettingValue('string', 5)).toEqual({ ok: false, message: MESSAGES.invalidStringSetting });
    expect(parseSettingValue('string', 'x'.repeat(10_001))).toEqual({ ok: false, message: MESSAGES.invalidStringSetting });
  });

  test.prop([fc.uniqueArray(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 6 }), fc.string()])('options: exactly one of the options', (options, other) => {
    for (const o of options) expect(parseSettingValue('options', o, options)).toEqual({ ok: true, value: o, typed: o });
    if (!options.includes(other)) expect(parseSettingValue('options', other, options)).toEqual({ ok: false, message: MESSAGES.invalidOptionSetting });
  });
});

describe('setting types', () => {
  test.prop([fc.string()])('names are stored uppercased and trimmed', (s) => {
    const name = normaliseSettingName(s);
    expect(name).toBe(name.toUpperCase());
    expect(normaliseSettingName(name)).toBe(name);
  });

  it('isvisible: 2 everyone, 1 admins only, anything else nobody (spec 000 §6)', () => {
    expect([0, 1, 2, 3].map((v) => [settingVisibleTo(v, false), settingVisibleTo(v, true)])).toEqual([
      [false, false],
      [false, true],
      [true, true],
      [false, false],
    ]);
  });
});

describe('settings groups (spec 000 §9)', () => {
  const week = fc.tuple(...[0, 1, 2, 3, 4, 5, 6].map(hoursDay));

  test.prop([fc.array(businessSettingArb, { maxLength: 20 }), week])('Business Hours first with seven days; Misc. Settings holds the uncategorised, last', (settings, days) => {
    const groups = groupSettings(settings, days);
    expect(groups[0]).toMatchObject({ kind: 'hours', name: BUSINESS_HOURS_GROUP });
    expect(groups[0]?.kind === 'hours' && groups[0].days.map((d) => d.dow)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const rest = groups.slice(1);
    const all = rest.flatMap((g) => (g.kind === 'settings' ? g.settings : []));
    expect(all).toHaveLength(settings.length);
    const misc = rest.findIndex((g) => g.name === MISC_SETTINGS_GROUP);
    if (settings.some((s) => !s.category?.trim())) expect(misc).toBe(rest.length - 1);
    else expect(misc).toBe(-1);
    for (const g of rest) if (g.kind === 'settings') for (const s of g.settings) expect(s.category?.trim() || MISC_SETTINGS_GROUP).toBe(g.name);
  });

  test.prop([fc.subarray([0, 1, 2, 3, 4, 5, 6]).chain((dows) => fc.tuple(...dows.map(hoursDay)))])('completes a partial week with the defaults', (stored) => {
    const days = completeBusinessHours(stored);
    expect(days.map((d) => d.dow)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const d of stored) expect(days[d.dow]).toEqual(d);
  });

  test.prop([week])('a week is valid exactly when every open day opens before it closes', (days) => {
    const valid = days.every((d) => !d.open || d.start < d.end);
    expect(businessHoursProblem(days)).toBe(valid ? null : MESSAGES.invalidBusinessHours);
  });

  it('refuses a week without seven distinct days', () => {
    const days = completeBusinessHours([]);
    expect(businessHoursProblem(days.slice(1))).toBe(MESSAGES.invalidBusinessHours);
    expect(businessHoursProblem([...days.slice(1), { ...days[1]!, dow: 1 }])).toBe(MESSAGES.invalidBusinessHours);
  });
});

describe('list settings (a JSON list edited item by item)', () => {
  const tips = { type: 'json' as const, name: 'DEFAULT_TIP_PERCENTAGES', defaultvalue: '[15,18,20,25]' };
  const percent = { item: 'number', percent: true } as const;
  const numbers = { item: 'number', percent: false } as const;
  const texts = { item: 'text', percent: false } as const;

  it('is a JSON setting whose default is a list of only numbers or only texts', () => {
    expect(settingListShape(tips)).toEqual(percent);
    expect(settingListShape({ ...tips, name: 'REMINDER_OFFSETS' })).toEqual(numbers);
    expect(settingListShape({ ...tips, defaultvalue: '["Morning","Evening"]' })).toEqual(texts);
    for (const defaultvalue of [null, '[]', '{}', '[1,"a"]', '[[1]]', 'not json', '15']) expect(settingListShape({ ...tips, defaultvalue })).toBeNull();
    expect(settingListShape({ ...tips, type: 'string' })).toBeNull();
  });

  it('shows the stored items as text, none when the value is not a list', () => {
    expect(settingListItems('[15,18.5]')).toEqual(['15', '18.5']);
    expect(settingListItems('["a","b"]')).toEqual(['a', 'b']);
    expect(settingListItems('{}')).toEqual([]);
    expect(settingListItems(null)).toEqual([]);
    expect(settingListItems('[15')).toEqual([]);
  });

  it('reads typed items into the JSON to save, saying what each wrong item should be', () => {
    expect(readSettingList(percent, ['15', ' 20% ', '12.5'])).toEqual({ ok: true, value: '[15,20,12.5]', items: [15, 20, 12.5] });
    expect(readSettingList(percent, ['15', '', 'ten', '150', '15.0'])).toEqual({
      ok: false,
      message: MESSAGES.settingListItemRequired,
      problems: [null, MESSAGES.settingListItemRequired, MESSAGES.settingListPercentItem, MESSAGES.settingListPercentItem, MESSAGES.settingListDuplicate],
    });
    expect(readSettingList(numbers, ['-5', '1e3'])).toMatchObject({ ok: true, items: [-5, 1000] });
    expect(readSettingList(numbers, ['5%'])).toMatchObject({ ok: false, problems: [MESSAGES.settingListNumberItem] });
    expect(readSettingList(texts, [' Morning ', 'x'.repeat(201)])).toMatchObject({ ok: false, problems: [null, MESSAGES.settingListTextTooLong] });
    expect(readSettingList(texts, [])).toEqual({ ok: true, value: '[]', items: [] });
    expect(readSettingList(numbers, Array.from({ length: 51 }, (_, i) => String(i)))).toMatchObject({ ok: false, message: MESSAGES.settingListTooLong });
  });

  test.prop([fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100), { maxLength: 50 })])('a list of percentages survives the editor and the stored text', (items) => {
    const reading = readSettingList(percent, items.map(String));
    expect(reading).toEqual({ ok: true, value: JSON.stringify(items), items });
    if (reading.ok) {
      expect(settingListItems(reading.value)).toEqual(items.map(String));
      expect(parseSettingValue('json', reading.value, [], percent)).toEqual({ ok: true, value: reading.value, typed: items });
    }
  });

  test.prop([jsonValue])('the server takes for a list setting only a list that the editor could have written', (value) => {
    const parsed = parseSettingValue('json', JSON.stringify(value), [], percent);
    const editorReading = Array.isArray(value) && value.every((v) => typeof v === 'number') ? readSettingList(percent, value.map(String)) : null;
    expect(parsed.ok).toBe(editorReading?.ok ?? false);
  });

  it('refuses a value that is not such a list with what the setting holds', () => {
    expect(parseSettingValue('json', '{"a":1}', [], percent)).toEqual({ ok: false, message: MESSAGES.settingListOfPercents });
    expect(parseSettingValue('json', '[15, 150]', [], percent)).toEqual({ ok: false, message: MESSAGES.settingListOfPercents });
    expect(parseSettingValue('json', '[15, 15]', [], percent)).toEqual({ ok: false, message: MESSAGES.settingListDuplicate });
    expect(parseSettingValue('json', '["a"]', [], numbers)).toEqual({ ok: false, message: MESSAGES.settingListOfNumbers });
    expect(parseSettingValue('json', '[1]', [], texts)).toEqual({ ok: false, message: MESSAGES.settingListOfTexts });
    expect(parseSettingValue('json', '{"a":1}')).toMatchObject({ ok: true });
  });
});

describe('settings keep what their limits allow', () => {
  it('a JSON setting, as text or as a value, nests at most jsonValueDepth levels; a text setting has no NUL', () => {
    const deepText = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    expect(parseSettingValue('json', deepText)).toEqual({ ok: false, message: MESSAGES.jsonValueTooDeep });
    expect(parseSettingValue('json', nested(INPUT_LIMITS.jsonValueDepth + 1))).toEqual({ ok: false, message: MESSAGES.jsonValueTooDeep });
    expect(parseSettingValue('json', JSON.stringify(nested(INPUT_LIMITS.jsonValueDepth)))).toMatchObject({ ok: true });
    expect(parseSettingValue('string', 'a\u0000b')).toEqual({ ok: false, message: MESSAGES.textHasNul });
    expect(parseSettingValue('string', 'a\ud800b')).toEqual({ ok: false, message: MESSAGES.textHasLoneSurrogate });
  });
});
