import { UNRESTRICTED, isAdmin, type Acl, type User } from '../models/user';

/**
 * Every permission key of spec 000 §6, as `block.unit` (or a bare block). Labels are what the
 * dashboard shows when an owner edits a member's access.
 */
export const PERMISSION_LABEL = {
  'operation.view-service': 'View services',
  'operation.services': 'Manage services',
  'reporting.giftcards': 'Gift card reports',
  'reporting.clubmembers': 'Club member reports',
  'operation.view-campaigns': 'View campaigns',
  'operation.campaigns': 'Manage campaigns',
  'operation.view-staff': 'View staff',
  'operation.staff': 'Manage staff',
  'operation.view-inventory': 'View inventory',
  'operation.inventory': 'Manage inventory',
  'reporting.tableview': 'Table view reports',
  'reporting.campaignreport': 'Campaign reports',
  'reporting.staffreport': 'Staff reports',
  'reporting.transactionreport': 'Transaction reports',
  'reporting.productreport': 'Product reports',
  'reporting.servicereport': 'Service reports',
  'reporting.customreport': 'Custom reports',
  'payroll.staffreport': 'Payroll',
  'setting.viewsetting': 'View settings',
  'setting.editsetting': 'Edit settings',
  customer: 'Customers',
  'locations.view-locations': 'View locations',
  'locations.edit-locations': 'Edit locations',
} as const;

export type PermissionKey = keyof typeof PERMISSION_LABEL;
export const PERMISSION_KEYS = Object.keys(PERMISSION_LABEL) as PermissionKey[];

/** A permission to manage something includes the permission to view it. */
export const PERMISSION_IMPLIES: Partial<Record<PermissionKey, PermissionKey>> = {
  'operation.services': 'operation.view-service',
  'operation.campaigns': 'operation.view-campaigns',
  'operation.staff': 'operation.view-staff',
  'operation.inventory': 'operation.view-inventory',
  'setting.editsetting': 'setting.viewsetting',
  'locations.edit-locations': 'locations.view-locations',
};

const split = (key: string): [block: string, unit: string | undefined] => {
  const dot = key.indexOf('.');
  return dot === -1 ? [key, undefined] : [key.slice(0, dot), key.slice(dot + 1)];
};

const grants = (acl: Acl, key: string): boolean => {
  if (acl.restrictions.includes(key)) return false;
  const [block, unit] = split(key);
  if (!acl.blocks.includes(block)) return false;
  return unit === undefined || (acl.units[block]?.includes(unit) ?? false);
};

/** True when the acl has the `unrestricted` entry, which grants everything (spec 000 §6). */
export const isUnrestricted = (acl: Acl): boolean => acl.blocks.includes(UNRESTRICTED);

/**
 * May a user with this acl do `key`? `unrestricted` grants everything; otherwise the key's block
 * must be among the blocks and its unit among that block's units, or a key that implies it must
 * be; a key listed in `restrictions` is refused.
 */
export function can(acl: Acl, key: PermissionKey): boolean {
  if (isUnrestricted(acl)) return true;
  if (acl.restrictions.includes(key)) return false;
  if (grants(acl, key)) return true;
  return PERMISSION_KEYS.some((other) => PERMISSION_IMPLIES[other] === key && grants(acl, other));
}

/** `can` for a user: platform admins may do everything. */
export const userCan = (user: Pick<User, 'role' | 'acl'>, key: PermissionKey): boolean => isAdmin(user) || can(user.acl, key);

/** Default blocks and units a role brings (its role parameters). */
export interface RoleParameters {
  blocks?: readonly string[];
  units?: Readonly<Record<string, readonly string[]>>;
}

/** The acl with the role's default blocks and units added (spec 000 §6); nothing is removed. */
export function withRoleDefaults(acl: Acl, role: RoleParameters | undefined): Acl {
  if (!role) return acl;
  const blocks = [...new Set([...acl.blocks, ...(role.blocks ?? [])])];
  const units: Record<string, string[]> = { ...acl.units };
  for (const [block, list] of Object.entries(role.units ?? {})) {
    units[block] = [...new Set([...(units[block] ?? []), ...list])];
  }
  return { ...acl, blocks, units };
}
