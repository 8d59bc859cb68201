import {
  businessHoursProblem,
  canSeeBusiness,
  completeBusinessHours,
  endpoints,
  groupSettings,
  isAdmin,
  MESSAGES,
  operations,
  parseSettingValue,
  settingListShape,
  type SettingType,
  settingTypeExists,
  settingWithValue,
  userCan,
} from '@salondesk/core';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { BusinessRow } from '../businesses/queries';
import { businesses } from '../db/schema';
import { HttpError } from '../http/errors';
import { type HandlerContext, implement, businessOf, authOf } from '../http/registry';
import { implementOperation } from '../proxy/registry';
import { isUniqueViolation } from '../staff/queries';
import type { Executor } from '../db/executor';
import { listSettingTypes, loadHours, type SettingTypeRow, storedValue, toSettingType, upsertValue, visibleSettings, visibleSettingType, visibleSettingTypeNamed } from './queries';
import { businessHours, businessSettings, settingTypes } from './schema';

const bad = (message: string) => new HttpError(400, message);
const settingMissing = () => new HttpError(404, MESSAGES.settingTypeNotFound);

/** Is `value` already held by another business for a unique setting? */
async function heldElsewhere(db: Executor, settingTypeId: number, businessId: number, value: string) {
  const [row] = await db
    .select({ id: businessSettings.id })
    .from(businessSettings)
    .where(and(eq(businessSettings.setting_type_id, settingTypeId), ne(businessSettings.business_id, businessId), eq(businessSettings.value, value)))
    .limit(1);
  return row !== undefined;
}

/** A setting type as written must be coherent: options listed for `options`, a default that fits the type. */
function checkSettingType(type: Pick<SettingType, 'type' | 'options' | 'defaultvalue'>): string | null {
  if (type.type === 'options' && type.options.length === 0) return MESSAGES.optionsRequired;
  if (type.defaultvalue !== null) {
    const parsed = parseSettingValue(type.type, type.defaultvalue, type.options);
    if (!parsed.ok) return parsed.message;
  }
  return null;
}

/**
 * The other locations of this business's network the user may see and edit settings in; only
 * for admins and users with the multi-location flag (spec 000 §6).
 */
async function copyTargetsFor(ctx: HandlerContext, business: BusinessRow): Promise<BusinessRow[]> {
  const auth = authOf(ctx);
  if (!isAdmin(auth.user) && !auth.user.acl.multiLocation) return [];
  if (business.network_id === null) return [];
  const rows = await ctx.db
    .select()
    .from(businesses)
    .where(and(eq(businesses.network_id, business.network_id), ne(businesses.id, business.id)))
    .orderBy(asc(businesses.id));
  return rows.filter((b) => canSeeBusiness(auth.user, auth.grants, b) && userCan(auth.user, 'setting.editsetting'));
}

/**
 * Saves one business's value of a setting type after checking it against the type: refused with
 * a clear message and nothing saved when it does not fit, when the setting is not editable (but
 * by admins), or when a unique setting's value is held by another business. Both ways of setting
 * a value (`bizsettings/update` by id, the proxy's `bizsettings` by name) go through here.
 */
async function saveSetting(ctx: HandlerContext, business: BusinessRow, row: SettingTypeRow, raw: unknown): Promise<string> {
  if (!row.editable && !isAdmin(authOf(ctx).user)) throw new HttpError(403, MESSAGES.settingNotEditable);
  const parsed = parseSettingValue(row.type, raw, row.options, settingListShape(row));
  if (!parsed.ok) throw bad(parsed.message);
  await ctx.db.transaction(async (tx) => {
    if (row.isunique) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('salondesk:unique-setting'), ${row.id})`);
      if (await heldElsewhere(tx, row.id, business.id, parsed.value)) throw new HttpError(409, MESSAGES.settingValueNotUnique);
    }
    await upsertValue(tx, business, row.id, parsed.value, ctx.now());
  });
  return parsed.value;
}

/** A setting by name as the proxy's `bizsettings` gives it: the stored text and the same value typed. */
function settingByKeyOf(row: SettingTypeRow, stored: string | null) {
  const setting = settingWithValue(toSettingType(row), stored);
  const typed = setting.value === null ? null : parseSettingValue(row.type, setting.value, row.options);
  return { key: row.name, type: row.type, value: setting.value, json: typed === null ? null : typed.ok ? typed.typed : setting.value, isDefault: setting.isDefault };
}

/** The setting type a name names, if this user may see it; else 404 as for a setting that does not exist. */
async function settingNamed(ctx: HandlerContext, key: string): Promise<SettingTypeRow> {
  const row = await visibleSettingTypeNamed(ctx.db, key, isAdmin(authOf(ctx).user));
  if (!row) throw settingMissing();
  return row;
}

/** A copyable, editable setting this user may see. */
async function copyableType(ctx: HandlerContext, settingTypeId: number, admin: boolean) {
  const type = await visibleSettingType(ctx.db, settingTypeId, admin);
  if (!type) throw settingMissing();
  if (!type.cancopy || type.isunique) throw bad(MESSAGES.settingNotCopyable);
  return type;
}

export function settingsHandlers() {
  return [
    /** Only the settings this user may see (isvisible 2; 1 too for admins; never 0), grouped (spec 000 §6, §9). */
    implement(endpoints.settings.get, async (_request, ctx) => {
      const business = businessOf(ctx);
      const admin = isAdmin(authOf(ctx).user);
      const [rows, hours] = await Promise.all([visibleSettings(ctx.db, business.id, admin), loadHours(ctx.db, business.id)]);
      return { groups: groupSettings(rows.map((r) => settingWithValue(toSettingType(r.type), r.value)), hours) };
    }),

    /** One value, checked against its type; refused with a clear message and nothing saved when it does not fit. */
    implement(endpoints.settings.update, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const admin = isAdmin(authOf(ctx).user);
      const row = await visibleSettingType(ctx.db, body.id, admin);
      if (!row) throw settingMissing();
      return settingWithValue(toSettingType(row), await saveSetting(ctx, business, row, body.value));
    }),

    /** The seven days of the Business Hours group, all at once. */
    implement(endpoints.settings.updateHours, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const problem = businessHoursProblem(body.days);
      if (problem) throw bad(problem);
      await ctx.db.transaction(async (tx) => {
        for (const day of body.days) {
          const values = { business_id: business.id, network_id: business.network_id, ...day, updated_at: ctx.now() };
          await tx
            .insert(businessHours)
            .values(values)
            .onConflictDoUpdate({ target: [businessHours.business_id, businessHours.dow], set: { open: day.open, start: day.start, end: day.end, updated_at: ctx.now() } });
        }
      });
      return completeBusinessHours(await loadHours(ctx.db, business.id));
    }),

    implement(endpoints.settings.listTypes, async (_request, ctx) => listSettingTypes(ctx.db)),

    implement(endpoints.settings.addType, async ({ body }, ctx) => {
      const problem = checkSettingType(body);
      if (problem) throw bad(problem);
      try {
        const [row] = await ctx.db.insert(settingTypes).values(body).returning();
        if (!row) throw new Error('insert returned nothing');
        return toSettingType(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, settingTypeExists(body.name));
        throw error;
      }
    }),

    /** Changes a setting type; a change of type or options must still fit every location's stored value. */
    implement(endpoints.settings.updateType, async ({ params, body }, ctx) => {
      try {
        return await ctx.db.transaction(async (tx) => {
          const [current] = await tx.select().from(settingTypes).where(eq(settingTypes.id, params.id)).limit(1).for('update');
          if (!current) throw settingMissing();
          const merged = { ...toSettingType(current), ...body };
          const problem = checkSettingType(merged);
          if (problem) throw bad(problem);
          // A new default can make the setting a list setting (`settingListShape`): stored values must fit that too.
          if (body.type !== undefined || body.options !== undefined || body.defaultvalue !== undefined || body.name !== undefined) {
            const list = settingListShape(merged);
            const values = await tx.select({ value: businessSettings.value }).from(businessSettings).where(eq(businessSettings.setting_type_id, current.id));
            if (values.some((v) => !parseSettingValue(merged.type, v.value, merged.options, list).ok)) throw bad(MESSAGES.settingValuesDoNotFit);
          }
          const [row] = await tx
            .update(settingTypes)
            .set({ ...body, updated_at: ctx.now() })
            .where(eq(settingTypes.id, current.id))
            .returning();
          if (!row) throw settingMissing();
          return toSettingType(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, settingTypeExists(body.name ?? ''));
        throw error;
      }
    }),
  ];
}

export function settingsOperationHandlers() {
  return [
    /** Where this business's value of a copyable setting could go, with what each location holds now. */
    implementOperation(operations.settings.copyTargets, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const admin = isAdmin(authOf(ctx).user);
      const type = await copyableType(ctx, params.settingTypeId, admin);
      const targets = await copyTargetsFor(ctx, business);
      if (targets.length === 0) return [];
      const stored = await ctx.db
        .select({ business_id: businessSettings.business_id, value: businessSettings.value })
        .from(businessSettings)
        .where(and(eq(businessSettings.setting_type_id, type.id), inArray(businessSettings.business_id, targets.map((t) => t.id))));
      return targets.map((t) => {
        const value = stored.find((s) => s.business_id === t.id)?.value ?? null;
        return { id: t.id, name: t.name, value: value ?? type.defaultvalue, isDefault: value === null };
      });
    }),

    /** Copies this business's value to other locations of its network; all of them or none. */
    implementOperation(operations.settings.copy, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      const admin = isAdmin(authOf(ctx).user);
      const type = await copyableType(ctx, params.settingTypeId, admin);
      if (!type.editable && !admin) throw new HttpError(403, MESSAGES.settingNotEditable);
      const allowed = new Map((await copyTargetsFor(ctx, business)).map((b) => [b.id, b]));
      const targets = [...new Set(body.businessIds)];
      if (targets.some((id) => !allowed.has(id))) throw new HttpError(403, MESSAGES.copyTargetNotAllowed);
      const value = (await storedValue(ctx.db, business.id, type.id)) ?? type.defaultvalue;
      if (value === null) throw bad(MESSAGES.settingNotCopyable);
      await ctx.db.transaction(async (tx) => {
        for (const id of targets) await upsertValue(tx, allowed.get(id) as BusinessRow, type.id, value, ctx.now());
      });
      return { copied: targets.length };
    }),

    /** One setting by name, with the same visibility as `bizsettings/get`. */
    implementOperation(operations.settings.getByKey, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const row = await settingNamed(ctx, query.key);
      return settingByKeyOf(row, await storedValue(ctx.db, business.id, row.id));
    }),

    /**
     * Sets one setting by name, checked as `bizsettings/update` checks it. A `json` value of a JSON
     * setting is the value itself (`{"json": "hi"}` stores `"hi"`); of any other type it is read
     * as that type's value (`true`, `12.5`).
     */
    implementOperation(operations.settings.setByKey, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const row = await settingNamed(ctx, body.key);
      const raw = body.json === undefined ? body.value : row.type === 'json' ? JSON.stringify(body.json) : body.json;
      return settingByKeyOf(row, await saveSetting(ctx, business, row, raw));
    }),
  ];
}


