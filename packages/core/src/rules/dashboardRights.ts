import { isAdmin, type User } from '../models/user';
import { canSeeBusiness, type BusinessGrants, type BusinessRef } from './access';
import { can, isUnrestricted } from './acl';

/**
 * Who may change a business's home dashboard (issue 9, D9). The server enforces it and the
 * dashboard hides what a user may not do, both from this rule.
 *
 * - A business-level card or KPI changes what everyone at that business sees: it needs
 *   `setting.editsetting` there (platform admins may).
 * - A global KPI shows in every location of the network: it needs the rights over every business
 *   it touches, that is the business-level right, every location of the network among the ones
 *   the user may see, and the network-wide right (an `unrestricted` acl, or
 *   `locations.edit-locations`).
 * - Hiding a card or KPI for oneself changes nothing for anyone else: anyone who may see the
 *   business may.
 */
export interface DashboardRights {
  /** Add and remove the business's cards. */
  cards: boolean;
  /** Add and remove KPIs of this business only. */
  kpis: boolean;
  /** Add and remove KPIs shown in every location of the network. */
  globalKpis: boolean;
  /** Hide and show cards and KPIs for oneself. */
  hide: boolean;
}

/**
 * Are all these locations ones the user may see? `locations` are every location of the
 * business's network (just the business when it has none).
 */
export const seesEveryLocation = (user: Pick<User, 'role'>, grants: BusinessGrants, locations: readonly BusinessRef[]): boolean =>
  locations.every((b) => canSeeBusiness(user, grants, b));

/** What a user may change on a business's dashboard, given whether they see every location of its network. */
export function dashboardRights(user: Pick<User, 'role' | 'acl'>, everyLocation: boolean): DashboardRights {
  const admin = isAdmin(user);
  const business = admin || can(user.acl, 'setting.editsetting');
  const network = admin || isUnrestricted(user.acl) || can(user.acl, 'locations.edit-locations');
  return { cards: business, kpis: business, globalKpis: business && network && everyLocation, hide: true };
}

/** May these rights add or remove this KPI (global or not)? */
export const mayChangeKpi = (rights: DashboardRights, kpi: { global: boolean }): boolean => (kpi.global ? rights.globalKpis : rights.kpis);
