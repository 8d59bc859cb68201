import { businessPath, CUSTOM_REPORT_PERMISSION, isAdmin, offeredReportSlugs, REPORT_SLUGS, type ReportSettings, userCan, type PermissionKey, type User } from '@salondesk/core';

/** A section of a business's dashboard, shown in the side navigation when the user may open it. */
export interface NavEntry {
  /** The screen path inside the business: `/{businessId}/{screen}`. */
  screen: string;
  label: string;
  /** The permission a non-admin needs to see the section (spec 000 §6). */
  permission?: PermissionKey;
  /** Platform admins only. */
  adminOnly?: boolean;
  /** A daily or period report of spec 000 §2 (core's `REPORT_SLUGS`): shown only where the location offers it. */
  slug?: string;
}

/** The report screens of the slug registry that are built, as navigation entries (the registry is the one list). */
const REPORT_ENTRIES: readonly NavEntry[] = REPORT_SLUGS.filter((entry) => entry.screen).map((entry) => ({
  screen: entry.path,
  label: entry.title,
  permission: entry.permission,
  slug: entry.slug,
}));

/** Every section, in the order the navigation lists them. Areas add their entry here. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { screen: 'home', label: 'Home' },
  { screen: 'schedule', label: 'Schedule', permission: 'operation.view-staff' },
  { screen: 'appointments', label: 'Appointments', permission: 'operation.view-staff' },
  { screen: 'staff', label: 'Staff', permission: 'operation.view-staff' },
  { screen: 'timesheets', label: 'Staff timesheets', permission: 'payroll.staffreport' },
  { screen: 'clock', label: 'Staff clock' },
  { screen: 'catalogue', label: 'Catalogue', permission: 'operation.view-service' },
  // Anyone of the business sees it (staff photos and service images are chosen from it); changing it needs setting.editsetting.
  { screen: 'media', label: 'Media library' },
  { screen: 'inventory', label: 'Inventory', permission: 'operation.view-inventory' },
  { screen: 'inventory/vendors', label: 'Vendors', permission: 'operation.view-inventory' },
  { screen: 'inventory/purchase-orders', label: 'Purchase orders', permission: 'operation.view-inventory' },
  { screen: 'campaigns', label: 'Campaigns', permission: 'operation.view-campaigns' },
  { screen: 'campaigns/surveys', label: 'Surveys', permission: 'operation.view-campaigns' },
  { screen: 'settings', label: 'Settings', permission: 'setting.viewsetting' },
  { screen: 'settings/epay', label: 'Epay and domains', permission: 'setting.viewsetting' },
  { screen: 'settings/short-links', label: 'Short links', permission: 'setting.viewsetting' },
  { screen: 'publishing', label: 'Website and app', permission: 'setting.viewsetting' },
  { screen: 'admin/setting-types', label: 'Setting types', adminOnly: true },
  { screen: 'transactions', label: 'Transactions', permission: 'reporting.transactionreport' },
  { screen: 'payroll', label: 'Payroll', permission: 'payroll.staffreport' },
  { screen: 'drawer', label: 'Cash drawer' },
  { screen: 'shifts', label: 'Shift and drawer report', permission: 'reporting.transactionreport' },
  { screen: 'webpayments', label: 'Web payment history', permission: 'reporting.transactionreport' },
  { screen: 'webpayments/payouts', label: 'Payouts', permission: 'reporting.transactionreport' },
  { screen: 'webpayments/schedule', label: 'Payout schedule', permission: 'reporting.transactionreport' },
  { screen: 'clients', label: 'Clients', permission: 'customer' },
  { screen: 'prepaid', label: 'Gift cards', permission: 'reporting.giftcards' },
  { screen: 'waivers', label: 'Waivers', permission: 'customer' },
  { screen: 'prepaid/memberships', label: 'Memberships', permission: 'reporting.clubmembers' },
  // No permission: users with Customers see every segment, a segment's editors the ones they edit.
  { screen: 'segments', label: 'Segments' },
  ...REPORT_ENTRIES,
  { screen: 'reports/staff-visits', label: 'Staff visits', permission: 'reporting.staffreport' },
  { screen: 'reports', label: 'Reports', permission: CUSTOM_REPORT_PERMISSION },
  { screen: 'reports/datasources', label: 'Data sources', permission: CUSTOM_REPORT_PERMISSION },
  { screen: 'reports/questions', label: 'Questions', permission: CUSTOM_REPORT_PERMISSION },
  { screen: 'transactions/history', label: 'Transaction history', adminOnly: true },
  { screen: 'admin/system-settings', label: 'System settings', adminOnly: true },
  { screen: 'admin/notifications', label: 'Admin notifications', adminOnly: true },
  { screen: 'admin/cube', label: 'Cube', adminOnly: true },
  { screen: 'admin/billing', label: 'Billing of all businesses', adminOnly: true },
  { screen: 'admin/getuser', label: 'Find a user', adminOnly: true },
];

/** The entries of a location: its report entries only where its `reportsettings` offer them (all while they are not known yet). */
export const navEntriesFor = (settings: ReportSettings | undefined, entries: readonly NavEntry[] = NAV_ENTRIES): NavEntry[] => {
  if (!settings) return [...entries];
  const offered = new Set(offeredReportSlugs(settings).map((entry) => entry.slug));
  return entries.filter((entry) => entry.slug === undefined || offered.has(entry.slug));
};

/** The sections this user may open; the rest are not shown at all. */
export const visibleNavEntries = (user: Pick<User, 'role' | 'acl'>, entries: readonly NavEntry[] = NAV_ENTRIES): NavEntry[] =>
  entries.filter((entry) => (!entry.adminOnly || isAdmin(user)) && (!entry.permission || userCan(user, entry.permission)));

/** A navigation link as the side navigation shows it. */
export interface NavItem {
  key: string;
  label: string;
  href: string;
  current: boolean;
}

/** The section a path belongs to: the entry whose screen path is the longest prefix of it, at a `/` (any entry, visible or not). */
export function navEntryOf(businessId: number, pathname: string, entries: readonly NavEntry[] = NAV_ENTRIES): NavEntry | null {
  let best: NavEntry | null = null;
  for (const entry of entries) {
    const href = businessPath(businessId, entry.screen);
    if ((pathname === href || pathname.startsWith(`${href}/`)) && (best === null || entry.screen.length > best.screen.length)) best = entry;
  }
  return best;
}

/**
 * The side navigation of a business for this user: the sections they may open, exactly one of
 * them current (the path's section, when they see it): `transactions/history` is not also
 * `transactions`, `staff/report` is `staff`.
 */
export function navItems(user: Pick<User, 'role' | 'acl'>, businessId: number, pathname: string, entries: readonly NavEntry[] = NAV_ENTRIES): NavItem[] {
  const current = navEntryOf(businessId, pathname, entries);
  return visibleNavEntries(user, entries).map((entry) => ({ key: entry.screen, label: entry.label, href: businessPath(businessId, entry.screen), current: entry === current }));
}

/**
 * May this user open the screen at `pathname`? Not when it belongs to a section that needs a
 * permission they lack (the manager opening Settings by its address): the frame shows the
 * not-authorized state instead, and nothing is asked of the server. Admin-only sections and
 * paths outside any section are left to their screens.
 */
export function mayOpenScreen(user: Pick<User, 'role' | 'acl'>, businessId: number, pathname: string, entries: readonly NavEntry[] = NAV_ENTRIES): boolean {
  const entry = navEntryOf(businessId, pathname, entries);
  return !entry?.permission || userCan(user, entry.permission);
}
