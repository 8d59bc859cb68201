import { type SettingType } from '@salondesk/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { businessHours, businessSettings, settingTypes } from './schema';

export type SettingTypeRow = typeof settingTypes.$inferSelect;

export const toSettingType = (row: SettingTypeRow): SettingType => ({
  id: row.id,
  name: row.name,
  prettyname: row.prettyname,
  description: row.description,
  category: row.category,
  type: row.type,
  editable: row.editable,
  cancopy: row.cancopy,
  isunique: row.isunique,
  isvisible: row.isvisible,
  syncappt: row.syncappt,
  reload: row.reload,
  defaultvalue: row.defaultvalue,
  options: row.options,
});

/** The `isvisible` values a user may see (spec 000 §6): admins 1 and 2, everyone else 2. Hidden (0) is nobody's. */
export const visibleLevels = (admin: boolean): number[] => (admin ? [1, 2] : [2]);

/** Setting types a user may see, with this business's stored values. */
/** Every setting type of the platform, by id (the admins' list). */
export async function listSettingTypes(db: Executor): Promise<SettingType[]> {
  return (await db.select().from(settingTypes).orderBy(asc(settingTypes.id))).map(toSettingType);
}

export async function visibleSettings(db: Executor, businessId: number, admin: boolean) {
  return db
    .select({ type: settingTypes, value: businessSettings.value })
    .from(settingTypes)
    .leftJoin(businessSettings, and(eq(businessSettings.setting_type_id, settingTypes.id), eq(businessSettings.business_id, businessId)))
    .where(inArray(settingTypes.isvisible, visibleLevels(admin)))
    .orderBy(asc(settingTypes.id));
}

/** One setting type the user may see, or undefined (a hidden one is reported as missing). */
export async function visibleSettingType(db: Executor, settingTypeId: number, admin: boolean): Promise<SettingTypeRow | undefined> {
  const [row] = await db
    .select()
    .from(settingTypes)
    .where(and(eq(settingTypes.id, settingTypeId), inArray(settingTypes.isvisible, visibleLevels(admin))))
    .limit(1);
  return row;
}

/** One setting type the user may see, by its (uppercased) name, or undefined. */
export async function visibleSettingTypeNamed(db: Executor, name: string, admin: boolean): Promise<SettingTypeRow | undefined> {
  const [row] = await db
    .select()
    .from(settingTypes)
    .where(and(eq(settingTypes.name, name), inArray(settingTypes.isvisible, visibleLevels(admin))))
    .limit(1);
  return row;
}

export async function storedValue(db: Executor, businessId: number, settingTypeId: number): Promise<string | null> {
  const [row] = await db
    .select({ value: businessSettings.value })
    .from(businessSettings)
    .where(and(eq(businessSettings.business_id, businessId), eq(businessSettings.setting_type_id, settingTypeId)))
    .limit(1);
  return row?.value ?? null;
}

export async function upsertValue(db: Executor, business: { id: number; network_id: number | null }, settingTypeId: number, value: string, now: Date) {
  await db
    .insert(businessSettings)
    .values({ business_id: business.id, network_id: business.network_id, setting_type_id: settingTypeId, value, updated_at: now })
    .onConflictDoUpdate({ target: [businessSettings.business_id, businessSettings.setting_type_id], set: { value, updated_at: now } });
}

export async function loadHours(db: Executor, businessId: number) {
  return db
    .select({ dow: businessHours.dow, open: businessHours.open, start: businessHours.start, end: businessHours.end })
    .from(businessHours)
    .where(eq(businessHours.business_id, businessId))
    .orderBy(asc(businessHours.dow));
}
