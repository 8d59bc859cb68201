import { z } from 'zod/mini';
import { id, timeOfDay } from './ids';

/** Setting names are stored uppercased (spec 000 §3). */
export const normaliseSettingName = (name: string): string => name.trim().toUpperCase();
export const SETTING_NAME_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;

/** The value types a setting may have (spec 000 §3). */
export const SETTING_VALUE_TYPE = { BOOL: 'bool', DECIMAL: 'decimal', JSON: 'json', STRING: 'string', OPTIONS: 'options' } as const;
export type SettingValueType = (typeof SETTING_VALUE_TYPE)[keyof typeof SETTING_VALUE_TYPE];
export const SETTING_VALUE_TYPE_LABEL: Record<SettingValueType, string> = {
  bool: 'Yes / no',
  decimal: 'Number',
  json: 'JSON',
  string: 'Text',
  options: 'One of a list',
};

/** Who sees a setting (spec 000 §6): 0 nobody, 1 platform admins, 2 everyone. */
export const SETTING_VISIBILITY = { HIDDEN: 0, ADMIN: 1, EVERYONE: 2 } as const;
export type SettingVisibility = (typeof SETTING_VISIBILITY)[keyof typeof SETTING_VISIBILITY];
export const SETTING_VISIBILITY_LABEL: Record<SettingVisibility, string> = {
  0: 'Hidden',
  1: 'Admins only',
  2: 'Everyone',
};

/** A platform-wide setting type (spec 000 §3). `name` is stored uppercased. */
export const settingType = z.object({
  id,
  name: z.string(),
  prettyname: z.string(),
  description: z.string(),
  category: z.nullable(z.string()),
  type: z.enum(['bool', 'decimal', 'json', 'string', 'options']),
  editable: z.boolean(),
  cancopy: z.boolean(),
  isunique: z.boolean(),
  isvisible: z.int(),
  syncappt: z.boolean(),
  reload: z.boolean(),
  defaultvalue: z.nullable(z.string()),
  options: z.array(z.string()),
});
export type SettingType = z.infer<typeof settingType>;

/** A setting type with this business's value (the stored text, or the default when none is stored). */
export const businessSetting = z.object({
  ...settingType.shape,
  value: z.nullable(z.string()),
  isDefault: z.boolean(),
});
export type BusinessSetting = z.infer<typeof businessSetting>;

/** One day of the fixed Business Hours group: `dow` 0 (Sunday) to 6. */
export const businessHoursDay = z.object({
  dow: z.int().check(z.minimum(0), z.maximum(6)),
  open: z.boolean(),
  start: timeOfDay,
  end: timeOfDay,
});
export type BusinessHoursDay = z.infer<typeof businessHoursDay>;

export const settingGroup = z.union([
  z.object({ kind: z.literal('hours'), name: z.string(), days: z.array(businessHoursDay) }),
  z.object({ kind: z.literal('settings'), name: z.string(), settings: z.array(businessSetting) }),
]);
export type SettingGroup = z.infer<typeof settingGroup>;
