import type { ReportSettings } from '../models/business';
import type { PermissionKey } from './acl';

/**
 * The report slugs of spec 000 §2 (daily, period and standalone billing): one registry that the
 * dashboard's navigation and routes read. Re-exported by `rules/reports.ts`.
 */

export const REPORT_SLUG_KINDS = ['daily', 'period', 'billing'] as const;
export type ReportSlugKind = (typeof REPORT_SLUG_KINDS)[number];

export const REPORT_SLUG_KIND_LABEL: Record<ReportSlugKind, string> = {
  daily: 'Daily reports',
  period: 'Period reports',
  billing: 'Billing',
};

export interface ReportSlugEntry {
  slug: string;
  kind: ReportSlugKind;
  title: string;
  /** The screen's path inside a business: `/{businessId}/{path}`. */
  path: string;
  /** The permission a non-admin needs to open it. */
  permission?: PermissionKey;
  /** Whether its screen is built yet: navigation lists, and routes mount, only those. */
  screen: boolean;
}

/**
 * Every report slug of spec 000 §2, the one list the navigation and the routes read. A part that
 * builds a report's screen turns its `screen` on.
 */
export const REPORT_SLUGS: readonly ReportSlugEntry[] = [
  { slug: 'sales', kind: 'daily', title: 'Sales', path: 'reports/daily/sales', permission: 'reporting.transactionreport', screen: true },
  { slug: 'aggregate-sales', kind: 'daily', title: 'Aggregate sales', path: 'reports/daily/aggregate-sales', permission: 'reporting.transactionreport', screen: true },
  { slug: 'shift-reports', kind: 'daily', title: 'Shift reports', path: 'reports/daily/shift-reports', permission: 'reporting.transactionreport', screen: true },
  { slug: 'timesheets', kind: 'daily', title: 'Timesheets', path: 'reports/daily/timesheets', permission: 'payroll.staffreport', screen: true },
  { slug: 'webpayments', kind: 'daily', title: 'Web payments', path: 'reports/daily/webpayments', permission: 'reporting.transactionreport', screen: true },
  { slug: 'prepaidbalance', kind: 'period', title: 'Prepaid balance', path: 'periodreport/prepaidbalance', permission: 'reporting.giftcards', screen: true },
  { slug: 'staffsales/byvisit', kind: 'period', title: 'Staff sales by visit', path: 'periodreport/staffsales/byvisit', permission: 'reporting.staffreport', screen: true },
  { slug: 'billingv2', kind: 'billing', title: 'Billing', path: 'billingv2', screen: true },
];

/** The daily and period report slugs a location may offer or not (billing is always offered). */
export const OFFERABLE_REPORT_SLUGS: readonly string[] = REPORT_SLUGS.filter((entry) => entry.kind !== 'billing').map((entry) => entry.slug);

/** The entry of a slug, or undefined. */
export const reportSlug = (slug: string): ReportSlugEntry | undefined => REPORT_SLUGS.find((entry) => entry.slug === slug);

/**
 * The daily and period reports a location offers (its `reportsettings`): none when reports are
 * turned off; otherwise those whose slug is in `reports` (billing is not a report a location
 * turns on or off, so it is always offered).
 */
export function offeredReportSlugs(settings: ReportSettings | undefined, entries: readonly ReportSlugEntry[] = REPORT_SLUGS): ReportSlugEntry[] {
  if (!settings) return [...entries];
  return entries.filter((entry) => entry.kind === 'billing' || (settings.enabled && settings.reports.includes(entry.slug)));
}

/** Does a location offer custom and pivot reports at all (`reportsettings.enabled`)? */
export const offersReports = (settings: ReportSettings | undefined): boolean => settings?.enabled ?? true;
