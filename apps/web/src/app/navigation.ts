import { isAdmin, userCan, type PermissionKey, type User } from '@salondesk/core';

/** A section of a business's dashboard, shown in the side navigation when the user may open it. */
export interface NavEntry {
  /** The screen path inside the business: `/{businessId}/{screen}`. */
  screen: string;
  label: string;
  /** The permission a non-admin needs to see the section (spec 000 §6). */
  permission?: PermissionKey;
  /** Platform admins only. */
  adminOnly?: boolean;
}

/** Every section, in the order the navigation lists them. Areas add their entry here. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { screen: 'home', label: 'Home' },
  { screen: 'schedule', label: 'Schedule', permission: 'operation.view-staff' },
  { screen: 'staff', label: 'Staff', permission: 'operation.view-staff' },
  { screen: 'catalogue', label: 'Catalogue', permission: 'operation.view-service' },
  { screen: 'settings', label: 'Settings', permission: 'setting.viewsetting' },
  { screen: 'admin/setting-types', label: 'Setting types', adminOnly: true },
  { screen: 'transactions', label: 'Transactions', permission: 'reporting.transactionreport' },
  { screen: 'reports/daily/sales', label: 'Sales', permission: 'reporting.transactionreport' },
  { screen: 'reports/daily/aggregate-sales', label: 'Aggregate sales', permission: 'reporting.transactionreport' },
  { screen: 'transactions/history', label: 'Transaction history', adminOnly: true },
  { screen: 'admin/system-settings', label: 'System settings', adminOnly: true },
  { screen: 'admin/notifications', label: 'Admin notifications', adminOnly: true },
];

/** The sections this user may open; the rest are not shown at all. */
export const visibleNavEntries = (user: Pick<User, 'role' | 'acl'>, entries: readonly NavEntry[] = NAV_ENTRIES): NavEntry[] =>
  entries.filter((entry) => (!entry.adminOnly || isAdmin(user)) && (!entry.permission || userCan(user, entry.permission)));
