import { isAdmin, type User } from '../models/user';

/**
 * Which businesses a user was granted, besides what their role gives: whole networks (an owner
 * sees every location of their network, including ones added later) and single locations.
 */
export interface BusinessGrants {
  networkIds: readonly number[];
  businessIds: readonly number[];
}

export interface BusinessRef {
  id: number;
  network_id: number | null;
}

/**
 * May this user see this business? Admins see every business (spec 000 §6); everyone else sees
 * the businesses of the networks and the single locations they were granted, and nothing else.
 */
export function canSeeBusiness(user: Pick<User, 'role'>, grants: BusinessGrants, business: BusinessRef): boolean {
  if (isAdmin(user)) return true;
  if (grants.businessIds.includes(business.id)) return true;
  return business.network_id !== null && grants.networkIds.includes(business.network_id);
}
