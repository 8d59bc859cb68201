import { isAdmin, MESSAGES, operations } from '@salondesk/core';
import { eq } from 'drizzle-orm';
import { HttpError, pleaseLogIn } from '../http/errors';
import type { HandlerContext } from '../http/registry';
import { implementOperation } from '../proxy/registry';
import { listSystemSettings, toSystemSetting } from './queries';
import { systemSettings } from './schema';

/** System settings are platform-wide: admins only, whatever business the request went through. */
const requireAdmin = (ctx: HandlerContext) => {
  if (!ctx.auth) throw pleaseLogIn();
  if (!isAdmin(ctx.auth.user)) throw new HttpError(403, MESSAGES.adminOnly);
};

export function systemOperationHandlers() {
  return [
    implementOperation(operations.system.list, async (_request, ctx) => {
      requireAdmin(ctx);
      return listSystemSettings(ctx.db);
    }),
    implementOperation(operations.system.get, async ({ params }, ctx) => {
      requireAdmin(ctx);
      const [row] = await ctx.db.select().from(systemSettings).where(eq(systemSettings.key, params.key)).limit(1);
      if (!row) throw new HttpError(404, MESSAGES.systemSettingNotFound);
      return toSystemSetting(row);
    }),
    /** Writes a system setting (any JSON); a new key is created. */
    implementOperation(operations.system.update, async ({ params, body }, ctx) => {
      requireAdmin(ctx);
      const [row] = await ctx.db
        .insert(systemSettings)
        .values({ key: params.key, value: body.value, updated_at: ctx.now() })
        .onConflictDoUpdate({ target: systemSettings.key, set: { value: body.value, updated_at: ctx.now() } })
        .returning();
      if (!row) throw new Error('upsert returned nothing');
      return toSystemSetting(row);
    }),
  ];
}
