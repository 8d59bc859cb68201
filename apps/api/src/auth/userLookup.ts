import { endpoints, INT32_MAX, isAdmin, USER_LOOKUP_LIMIT, type UserLookup } from '@salondesk/core';
import { inArray, sql } from 'drizzle-orm';
import { businessSummaries } from '../businesses/queries';
import { rows } from '../db/executor';
import { userBusinesses, userNetworks } from '../db/schema';
import { implement } from '../http/registry';
import { toUser } from './users';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

interface FoundRow {
  id: number;
  role: string;
  acl: unknown;
  fullname: string;
  email: string;
  username: string;
  disabled_at: Date | null;
  created_at: Date;
  role_params: Record<string, unknown> | null;
  last_seen_at: Date | null;
}

/**
 * The platform admin's look-up of a user across businesses (`GET /protected/admin/getuser?q=`,
 * the `getuser` screen): by id, or by part of a name, username or email, exact matches first; each
 * with the acl a session would carry (role defaults included) and the businesses they may open.
 */
export function userLookupHandlers() {
  return [
    implement(endpoints.users.lookup, async ({ query }, ctx): Promise<UserLookup[]> => {
      const q = query.q.toLowerCase();
      const asId = /^\d+$/.test(q) && Number(q) <= INT32_MAX ? Number(q) : null;
      const like = `%${escapeLike(q)}%`;
      const byId = asId === null ? sql`false` : sql`u.id = ${asId}`;
      const found = await rows<FoundRow>(
        ctx.db,
        sql`select u.id, u.role, u.acl, u.fullname, u.email, u.username, u.disabled_at, u.created_at, r.params as role_params,
              (select max(s.last_seen_at) from sessions s where s.user_id = u.id) as last_seen_at
            from users u left join roles r on r.name = u.role
            where ${byId}
               or lower(u.fullname) like ${like} or lower(u.username) like ${like} or lower(u.email) like ${like}
            order by ${asId === null ? sql`` : sql`(u.id = ${asId}) desc,`} (lower(u.username) = ${q} or lower(u.email) = ${q}) desc, u.fullname, u.id
            limit ${USER_LOOKUP_LIMIT}`,
      );
      if (found.length === 0) return [];
      const ids = found.map((f) => f.id);
      const [networkGrants, locationGrants, all] = [
        await ctx.db.select().from(userNetworks).where(inArray(userNetworks.user_id, ids)),
        await ctx.db.select().from(userBusinesses).where(inArray(userBusinesses.user_id, ids)),
        await businessSummaries(ctx.db),
      ];
      return found.map((f) => {
        const admin = isAdmin(f);
        const networks = new Set(networkGrants.filter((g) => g.user_id === f.id).map((g) => g.network_id));
        const locations = new Set(locationGrants.filter((g) => g.user_id === f.id).map((g) => g.business_id));
        return {
          user: toUser({ ...f, acl: f.acl as never, roleParams: f.role_params as never }),
          disabled: f.disabled_at !== null,
          created_at: new Date(f.created_at).toISOString(),
          last_seen_at: f.last_seen_at === null ? null : new Date(f.last_seen_at).toISOString(),
          allBusinesses: admin,
          businesses: admin ? [] : all.filter((b) => locations.has(b.id) || (b.network_id !== null && networks.has(b.network_id))),
        };
      });
    }),
  ];
}
