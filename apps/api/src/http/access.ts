import { type AnyEndpoint, canSeeBusiness, id as idSchema, isAdmin, reachableWhenSuspended, suspensionOf, userCan } from '@salondesk/core';
import type { AuthState } from '../auth/authState';
import { type BusinessRow, findBusiness } from '../businesses/queries';
import type { Database } from '../db/client';
import { businessSuspended, noPermission, notFound, pleaseLogIn } from './errors';

/**
 * The path parameter naming the user a route acts for: `{uid}`, or the `{id}` of a
 * `/protected/user/{id}/...` route that has no business in it.
 */
export function userParamOf(endpoint: AnyEndpoint): string | undefined {
  if (endpoint.pathParams.includes('uid')) return 'uid';
  if (endpoint.access === 'user' && endpoint.path.startsWith('/protected/user/{id}')) return 'id';
  return undefined;
}

const parseId = (value: unknown): number | undefined => {
  const parsed = idSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

export interface AccessResult {
  /** The business named by the path, for `business` routes. */
  business: BusinessRow | null;
}

/**
 * Enforces `endpoint.access` before anything else about the request is looked at (body,
 * query, handler). Throws 401 with no live session, 403 when the user, business or admin area
 * in the path is not theirs, or when they lack the endpoint's `permission` key. An admin asking for a business that does not exist gets 404; anyone
 * else gets the same 403 as for a business that exists but is not theirs. The users of a
 * suspended business (at `now`, in its time zone) reach only billing (core's
 * `reachableWhenSuspended`): anything else is a 403 `SUSPENDED`; admins are never held back.
 */
export async function checkAccess(
  endpoint: AnyEndpoint,
  auth: AuthState | null,
  params: Record<string, unknown>,
  db: Database,
  now: Date = new Date(),
): Promise<AccessResult> {
  if (endpoint.access === 'public') return { business: null };
  if (!auth) throw pleaseLogIn();
  const admin = isAdmin(auth.user);

  if (endpoint.access === 'admin') {
    if (!admin) throw noPermission();
    return { business: null };
  }

  const userParam = userParamOf(endpoint);
  if (userParam && !admin && parseId(params[userParam]) !== auth.user.id) throw noPermission();

  if (endpoint.permission && !userCan(auth.user, endpoint.permission)) throw noPermission();
  if (endpoint.access === 'user') return { business: null };

  // access === 'business'
  const businessId = parseId(params.id);
  if (businessId === undefined) {
    if (admin) return { business: null }; // validation reports the malformed id
    throw noPermission();
  }
  const business = await findBusiness(db, businessId);
  if (!business) {
    if (admin) throw notFound();
    throw noPermission();
  }
  if (!canSeeBusiness(auth.user, auth.grants, business)) throw noPermission();
  if (!admin && !reachableWhenSuspended(endpoint) && suspensionOf(business, now).isSuspended) throw businessSuspended();
  return { business };
}
