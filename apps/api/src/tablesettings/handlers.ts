import { endpoints, MESSAGES, type TableSettings } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { HttpError, pleaseLogIn } from '../http/errors';
import { type HandlerContext, implement } from '../http/registry';
import { iso } from '../db/instants';
import { rows } from '../db/executor';

interface Row {
  id: number;
  name: string;
  title: string;
  configuration: unknown;
  updated_at: Date | string;
}

const toSettings = (row: Row): TableSettings => ({ id: row.id, name: row.name, title: row.title, configuration: row.configuration, updated_at: iso(row.updated_at) });

/** The signed-in user and the (already access-checked) business of the path. */
function owner(ctx: HandlerContext): { userId: number; businessId: number } {
  if (!ctx.auth) throw pleaseLogIn();
  if (!ctx.business) throw new HttpError(500, MESSAGES.serverError);
  return { userId: ctx.auth.user.id, businessId: ctx.business.id };
}

/**
 * `tablesettings/{name}/get` and `/update`: each user's own settings of a table in a business.
 * An update creates them the first time; one naming an `id` must name these settings (the id
 * `get` gave), or nothing is saved.
 */
export function tableSettingsHandlers() {
  const e = endpoints.tableSettings;
  return [
    implement(e.get, async ({ params }, ctx) => {
      const { userId, businessId } = owner(ctx);
      const [row] = await rows<Row>(
        ctx.db,
        sql`select id, name, title, configuration, updated_at from table_settings where user_id = ${userId} and business_id = ${businessId} and name = ${params.name}`,
      );
      return row ? toSettings(row) : null;
    }),

    implement(e.update, async ({ params, body }, ctx) => {
      const { userId, businessId } = owner(ctx);
      const { title, configuration, id } = body.settings;
      const value = JSON.stringify(configuration);
      if (id !== undefined && id !== null) {
        const [row] = await rows<Row>(
          ctx.db,
          sql`update table_settings set title = ${title}, configuration = ${value}::jsonb, updated_at = now()
            where id = ${id} and user_id = ${userId} and business_id = ${businessId} and name = ${params.name}
            returning id, name, title, configuration, updated_at`,
        );
        if (!row) throw new HttpError(404, MESSAGES.tableSettingsNotFound);
        return toSettings(row);
      }
      const [row] = await rows<Row>(
        ctx.db,
        sql`insert into table_settings (user_id, business_id, name, title, configuration) values (${userId}, ${businessId}, ${params.name}, ${title}, ${value}::jsonb)
          on conflict (user_id, business_id, name) do update set title = excluded.title, configuration = excluded.configuration, updated_at = now()
          returning id, name, title, configuration, updated_at`,
      );
      return toSettings(row as Row);
    }),
  ];
}
