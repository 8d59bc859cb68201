import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/mini';
import { MESSAGES } from '../messages';
import { readTableConfiguration, TABLE_CONFIGURATION_MAX, tableName, tableSettingsUpdate } from './tableSettings';

describe('table settings', () => {
  it('names a table by a bounded slug', () => {
    for (const name of ['sales-by-staff', 'po-settings', 'a', 'x'.repeat(64)]) expect(safeParse(tableName, name).success).toBe(true);
    for (const name of ['', 'Sales', 'by staff', '-x', 'x-', 'x'.repeat(65), 'a/b', 'a.b', 'é']) {
      const parsed = safeParse(tableName, name);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(MESSAGES.invalidTableName);
    }
  });

  it('takes the spec’s body {settings: {title, configuration, id}}, the configuration bounded', () => {
    expect(safeParse(tableSettingsUpdate, { settings: { title: ' By staff ', configuration: { sorting: [] }, id: 3 } }).data).toEqual({ settings: { title: 'By staff', configuration: { sorting: [] }, id: 3 } });
    expect(safeParse(tableSettingsUpdate, { settings: { title: 'x', configuration: [1] } }).success).toBe(true);
    const big = { note: 'x'.repeat(TABLE_CONFIGURATION_MAX) };
    expect(safeParse(tableSettingsUpdate, { settings: { title: 'x', configuration: big } }).error?.issues[0]?.message).toBe(MESSAGES.tableSettingsTooLarge);
    expect(safeParse(tableSettingsUpdate, { settings: { title: 'x', configuration: null } }).success).toBe(false);
    expect(safeParse(tableSettingsUpdate, { settings: { title: 'x', configuration: {}, id: 0 } }).success).toBe(false);
    expect(safeParse(tableSettingsUpdate, { title: 'x', configuration: {} }).success).toBe(false);
  });

  it('reads the well-formed parts of a saved configuration and drops the rest', () => {
    expect(readTableConfiguration({ sorting: [{ id: 'total', desc: true }], columnVisibility: { staff: false }, columnOrder: ['a'], columnSizing: { a: 120 }, other: 1 })).toEqual({
      sorting: [{ id: 'total', desc: true }],
      columnVisibility: { staff: false },
      columnOrder: ['a'],
      columnSizing: { a: 120 },
    });
    expect(readTableConfiguration({ sorting: 'total', columnVisibility: { staff: 'no' }, columnOrder: ['a'], columnSizing: { a: -1 } })).toEqual({ columnOrder: ['a'] });
    for (const junk of [null, 1, 'x', [1], undefined]) expect(readTableConfiguration(junk)).toEqual({});
  });
});
