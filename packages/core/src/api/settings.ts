import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id, instant } from '../models/ids';
import { changes, jsonValue, text } from '../models/input';
import { INPUT_LIMITS } from '../models/inputProblems';
import { SETTING_STRING_MAX } from '../rules/settings';
import { businessHoursDay, businessSetting, normaliseSettingName, SETTING_NAME_PATTERN, settingGroup, settingType } from '../models/settings';
import { SYSTEM_SETTING_KEY_PATTERN } from '../rules/systemSettings';
import { defineEndpoint } from './endpoint';
import { defineOperation, proxyClient } from './proxy';
import type { Transport } from './transport';

const business = z.object({ id });

/** What an admin writes for a setting type; `name` is uppercased before it is checked and stored. */
const visibility = z.int().check(z.minimum(0, { error: 'Must be 0, 1 or 2' }), z.maximum(2, { error: 'Must be 0, 1 or 2' }));
const settingTypeFields = {
  name: z.string().check(z.trim(), z.toUpperCase(), z.regex(SETTING_NAME_PATTERN, { error: MESSAGES.invalidSettingName })),
  prettyname: text(120, { trim: true, min: 1, tooShort: MESSAGES.staffNameRequired, tooLong: MESSAGES.staffNameTooLong }),
  description: text(1000),
  category: z.nullable(text(60, { trim: true, tooLong: MESSAGES.staffNameTooLong })),
  type: z.enum(['bool', 'decimal', 'json', 'string', 'options'], { error: MESSAGES.invalidSettingType }),
  editable: z.boolean(),
  cancopy: z.boolean(),
  isunique: z.boolean(),
  isvisible: visibility,
  syncappt: z.boolean(),
  reload: z.boolean(),
  defaultvalue: z.nullable(text(INPUT_LIMITS.jsonValueLength)),
  options: z.array(text(120, { trim: true, min: 1 })).check(z.maxLength(200)),
};
export const settingTypeInput = z.object({
  ...settingTypeFields,
  description: z._default(settingTypeFields.description, ''),
  category: z._default(settingTypeFields.category, null),
  editable: z._default(z.boolean(), true),
  cancopy: z._default(z.boolean(), false),
  isunique: z._default(z.boolean(), false),
  isvisible: z._default(visibility, 2),
  syncappt: z._default(z.boolean(), false),
  reload: z._default(z.boolean(), false),
  defaultvalue: z._default(settingTypeFields.defaultvalue, null),
  options: z._default(settingTypeFields.options, () => []),
});
export type SettingTypeInput = z.input<typeof settingTypeInput>;
/** Every field optional and without defaults: a change sets only what it names (at least one). */
export const settingTypeChanges = changes(settingTypeFields);

export const systemSetting = z.object({ key: z.string(), value: z.unknown(), updated_at: instant });
export type SystemSetting = z.infer<typeof systemSetting>;

/** A setting type's name as a caller writes it: trimmed and uppercased, then checked (spec 000 §3). */
const settingKey = z.pipe(
  z.string().check(z.maxLength(64, { error: MESSAGES.invalidSettingName })),
  z.transform(normaliseSettingName),
).check(z.regex(SETTING_NAME_PATTERN, { error: MESSAGES.invalidSettingName }));

/**
 * One business setting by its name, for tools that read or set a setting without knowing its id
 * (spec 001 §7 "GET and POST bizsettings via io-request (key, value, json)"): `value` is the
 * stored text, as `bizsettings/get` gives it; `json` the same value typed (a boolean, a number,
 * the parsed JSON, or the text), or null when the setting has no value.
 */
export const settingByKey = z.object({
  key: z.string(),
  type: settingType.shape.type,
  value: z.nullable(z.string()),
  json: z.unknown(),
  isDefault: z.boolean(),
});
export type SettingByKey = z.infer<typeof settingByKey>;

/**
 * What sets a setting by name: `key` and exactly one of `value` (text, as the settings screen's
 * editors send it: `"true"`, `"12.5"`, `"[10,15]"`) or `json` (a typed value: `true`, `12.5`,
 * `[10, 15]`). Checked against the setting's type exactly as `bizsettings/update` checks it.
 */
export const settingByKeyInput = z
  .object({ key: settingKey, value: z.optional(text(SETTING_STRING_MAX)), json: z.optional(jsonValue) })
  .check(
    z.refine((input) => (input.value === undefined) !== (input.json === undefined), {
      error: 'Give either value (text) or json (a typed value)',
      path: ['value'],
    }),
  );
export type SettingByKeyInput = z.input<typeof settingByKeyInput>;

/** A location a setting can be copied to, with its current value. */
export const copyTarget = z.object({ id, name: z.string(), value: z.nullable(z.string()), isDefault: z.boolean() });
export type CopyTarget = z.infer<typeof copyTarget>;

export const settingsEndpoints = {
  get: defineEndpoint({
    name: 'settings.get',
    method: 'GET',
    path: '/protected/business/{id}/bizsettings/get',
    access: 'business',
    permission: 'setting.viewsetting',
    params: business,
    /** The groups (spec 000 §9): Business Hours first, then by category, `Misc. Settings` last; only settings the user may see (§6). */
    response: z.object({ groups: z.array(settingGroup) }),
    errorMessage: MESSAGES.failedToFetchBusinessSettings,
  }),
  update: defineEndpoint({
    name: 'settings.update',
    method: 'POST',
    path: '/protected/business/{id}/bizsettings/update',
    access: 'business',
    permission: 'setting.editsetting',
    params: business,
    /** `id` is the setting type's id; `value` is checked against its type (`parseSettingValue`). */
    body: z.object({ id, value: z.unknown() }),
    response: businessSetting,
    errorMessage: MESSAGES.failedToUpdateSetting,
    successMessage: MESSAGES.settingUpdated,
  }),
  updateHours: defineEndpoint({
    name: 'settings.updateHours',
    method: 'POST',
    path: '/protected/business/{id}/bizsettings/hours/update',
    access: 'business',
    permission: 'setting.editsetting',
    params: business,
    body: z.object({ days: z.array(businessHoursDay) }),
    response: z.array(businessHoursDay),
    errorMessage: MESSAGES.failedToUpdateSetting,
    successMessage: MESSAGES.settingUpdated,
  }),
  listTypes: defineEndpoint({
    name: 'settings.listTypes',
    method: 'GET',
    path: '/protected/admin/settingtypes',
    access: 'admin',
    response: z.array(settingType),
    errorMessage: MESSAGES.failedToFetchBusinessSettings,
  }),
  addType: defineEndpoint({
    name: 'settings.addType',
    method: 'POST',
    path: '/protected/admin/settingtypes/add',
    access: 'admin',
    body: settingTypeInput,
    response: settingType,
    errorMessage: MESSAGES.failedToAddNewSetting,
    successMessage: MESSAGES.addedSetting,
  }),
  updateType: defineEndpoint({
    name: 'settings.updateType',
    method: 'POST',
    path: '/protected/admin/settingtypes/{id}/update',
    access: 'admin',
    params: z.object({ id }),
    body: settingTypeChanges,
    response: settingType,
    errorMessage: MESSAGES.failedToUpdateSetting,
    successMessage: MESSAGES.settingUpdated,
  }),
} as const;

/** Multi-location settings and system settings go through the generic proxy request (spec 000 §7). */
export const settingsOperations = {
  copyTargets: /* @__PURE__ */ defineOperation({
    name: 'settings.copyTargets',
    method: 'GET',
    dest: 'bizsettings/{settingTypeId}/locations',
    params: z.object({ settingTypeId: id }),
    response: z.array(copyTarget),
    permission: 'setting.viewsetting',
    errorMessage: MESSAGES.failedToFetchBusinessSettings,
  }),
  copy: /* @__PURE__ */ defineOperation({
    name: 'settings.copy',
    method: 'POST',
    dest: 'bizsettings/{settingTypeId}/copy',
    params: z.object({ settingTypeId: id }),
    body: z.object({ businessIds: z.array(id).check(z.minLength(1, { error: 'Choose at least one location' }), z.maxLength(500)) }),
    response: z.object({ copied: z.int() }),
    permission: 'setting.editsetting',
    errorMessage: MESSAGES.failedToUpdateSetting,
    successMessage: MESSAGES.settingCopied,
  }),
  /** One setting by name: `GET io-request?dest=bizsettings&key=SMS_REMINDERS`. */
  getByKey: /* @__PURE__ */ defineOperation({
    name: 'settings.getByKey',
    method: 'GET',
    dest: 'bizsettings',
    query: z.object({ key: settingKey }),
    response: settingByKey,
    permission: 'setting.viewsetting',
    errorMessage: MESSAGES.failedToFetchBusinessSettings,
  }),
  /** Sets one setting by name: `POST io-request?dest=bizsettings` with `{ key, value }` or `{ key, json }`. */
  setByKey: /* @__PURE__ */ defineOperation({
    name: 'settings.setByKey',
    method: 'POST',
    dest: 'bizsettings',
    body: settingByKeyInput,
    response: settingByKey,
    permission: 'setting.editsetting',
    errorMessage: MESSAGES.failedToUpdateSetting,
    successMessage: MESSAGES.settingUpdated,
  }),
} as const;

/** Platform-wide system settings (admins only), through the proxy request (spec 000 §7 Other). */
export const systemOperations = {
  list: /* @__PURE__ */ defineOperation({
    name: 'system.list',
    method: 'GET',
    dest: 'systemsettings',
    response: z.array(systemSetting),
    errorMessage: MESSAGES.failedToFetchData,
  }),
  get: /* @__PURE__ */ defineOperation({
    name: 'system.get',
    method: 'GET',
    dest: 'systemsettings/{key}',
    params: z.object({ key: z.string().check(z.regex(SYSTEM_SETTING_KEY_PATTERN, { error: MESSAGES.invalidSystemSettingKey })) }),
    response: systemSetting,
    errorMessage: MESSAGES.failedToFetchData,
  }),
  update: /* @__PURE__ */ defineOperation({
    name: 'system.update',
    method: 'POST',
    dest: 'systemsettings/{key}/update',
    params: z.object({ key: z.string().check(z.regex(SYSTEM_SETTING_KEY_PATTERN, { error: MESSAGES.invalidSystemSettingKey })) }),
    /** Any JSON value but null, within `INPUT_LIMITS` (depth, length). */
    body: z.object({ value: jsonValue }),
    response: systemSetting,
    errorMessage: MESSAGES.failedToUpdateSetting,
    successMessage: MESSAGES.settingUpdated,
  }),
} as const;

export function settingsClient(transport: Transport) {
  const e = settingsEndpoints;
  return {
    get: (businessId: number) => transport.request(e.get, { params: { id: businessId } }),
    /** Saves one setting's value (`id` = the setting type); the server checks it against the type. */
    update: (businessId: number, settingTypeId: number, value: unknown) =>
      transport.request(e.update, { params: { id: businessId }, body: { id: settingTypeId, value } }),
    updateHours: (businessId: number, days: z.input<typeof businessHoursDay>[]) => transport.request(e.updateHours, { params: { id: businessId }, body: { days } }),
    listTypes: () => transport.request(e.listTypes, {}),
    createType: (input: SettingTypeInput) => transport.request(e.addType, { body: input }),
    updateType: (settingTypeId: number, changes: z.input<typeof settingTypeChanges>) =>
      transport.request(e.updateType, { params: { id: settingTypeId }, body: changes }),
    /** One setting by its name (`io-request` `bizsettings?key=`): `getByKey(12, 'SMS_REMINDERS')`; its value as text and typed (`json`). */
    getByKey: (businessId: number, key: string) => proxyClient(transport).call(settingsOperations.getByKey, businessId, { query: { key } }),
    /** Sets one setting by its name, as text (`{ key, value: '15' }`) or typed (`{ key, json: 15 }`), checked against its type. */
    setByKey: (businessId: number, input: SettingByKeyInput) => proxyClient(transport).call(settingsOperations.setByKey, businessId, { body: input }),
  };
}
