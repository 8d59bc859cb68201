import { categoryExists, MESSAGES } from '../messages';
import { type CustomReportType, REPORT_IDENTIFIER_PATTERN, type ReportCategoryType, type ReportColumn, type ReportColumnFormat, type ReportKind, type ReportLayout, type ReportLevel, type ReportParameter, type ReportParameterType, type ReportParameterValueType } from '../models/reports';
import { isAdmin, type User } from '../models/user';
import { can, isUnrestricted, type PermissionKey } from './acl';

/**
 * The rules of the report catalogue (spec 000 §2 Report slugs, §4 Report deletion, §5 category
 * names, §6 custom-report visibility): pure functions the API server and the dashboard both use.
 */

// ——— Deletion states (spec 000 §4) ————————————————————————————————————————————————————

/**
 * The three states of a report: `restored` (deleted_at null: never deleted, or restored),
 * `marked` (deleted_at a value: marked for deletion, still restorable) and `deleted` (deleted_at
 * absent: deleted for good — the report is gone, only its deletion record is left).
 */
export const DELETION_STATES = ['restored', 'marked', 'deleted'] as const;
export type DeletionState = (typeof DELETION_STATES)[number];

export const DELETION_STATE_LABEL: Record<DeletionState, string> = {
  restored: 'Active',
  marked: 'Marked for deletion',
  deleted: 'Deleted for good',
};

/** The state a report's `deleted_at` means (spec 000 §4): absent → deleted for good, null → restored, a value → marked. */
export function deletionState(report: { deleted_at?: string | Date | null }): DeletionState {
  if (!('deleted_at' in report) || report.deleted_at === undefined) return 'deleted';
  return report.deleted_at === null ? 'restored' : 'marked';
}

/** What a person does to a report's deletion state: mark it for deletion, restore it, delete it for good. */
export const DELETION_ACTIONS = ['mark', 'restore', 'delete'] as const;
export type DeletionAction = (typeof DELETION_ACTIONS)[number];

/**
 * Each action, the states it may start from and the state it leads to. Deleting for good needs
 * the report marked first (two steps, so nothing is lost by one click); nothing leaves `deleted`.
 */
export const DELETION_TRANSITIONS: Readonly<Record<DeletionAction, { from: readonly DeletionState[]; to: DeletionState }>> = {
  mark: { from: ['restored'], to: 'marked' },
  restore: { from: ['marked'], to: 'restored' },
  delete: { from: ['marked'], to: 'deleted' },
};

export const DELETION_ACTION_LABEL: Record<DeletionAction, string> = {
  mark: 'Marked for deletion',
  restore: 'Restored',
  delete: 'Deleted for good',
};

/** The toast after each action (spec 000 §8). */
export const DELETION_TOAST: Record<DeletionAction, string> = {
  mark: MESSAGES.reportMarkedForDeletion,
  restore: MESSAGES.successfullyRestored,
  delete: MESSAGES.successfullyDeleted,
};

/** May `action` be done to a report in `state`? (`deletionCan.delete('marked')`, with `.states`.) */
export const deletionCan = Object.fromEntries(
  DELETION_ACTIONS.map((action) => {
    const { from } = DELETION_TRANSITIONS[action];
    return [action, Object.assign((state: DeletionState) => from.includes(state), { states: from })];
  }),
) as Record<DeletionAction, ((state: DeletionState) => boolean) & { states: readonly DeletionState[] }>;

/** Why an action may not be done in a state (worded by Salondesk). */
export function deletionRefusal(state: DeletionState, action: DeletionAction): string | null {
  if (deletionCan[action](state)) return null;
  if (state === 'deleted') return MESSAGES.reportDeletedForGood;
  if (state === 'marked') return MESSAGES.reportAlreadyMarked;
  return MESSAGES.reportNotMarked;
}

/**
 * The report after `action` at `now`: marked → `deleted_at` is `now`; restored → null; deleted
 * for good → no `deleted_at` at all. Throws on a transition `deletionCan` refuses.
 */
export function applyDeletion<T extends { deleted_at?: string | null }>(report: T, action: DeletionAction, now: Date): T {
  const refusal = deletionRefusal(deletionState(report), action);
  if (refusal) throw new Error(refusal);
  if (action === 'delete') {
    const { deleted_at: _gone, ...rest } = report;
    return rest as T;
  }
  return { ...report, deleted_at: action === 'mark' ? now.toISOString() : null };
}

// ——— Category names (spec 000 §5) ——————————————————————————————————————————————————————

/**
 * What makes two category names the same: case and white space ignored (`Sales Reports`,
 * ` sales  reports`, `SALESREPORTS` are one name), after Unicode NFKC normalisation. The API keeps
 * it in `report_categories.name_key`, unique per business.
 */
export const categoryNameKey = (name: string): string => name.normalize('NFKC').replace(/\s+/gu, '').toLowerCase();

/** The category of this business that `name` would duplicate (other than `exceptId`, when renaming one), if any. */
export function findDuplicateCategory<C extends { id: number; category_name: string }>(existing: readonly C[], name: string, exceptId?: number): C | undefined {
  const key = categoryNameKey(name);
  return existing.find((c) => c.id !== exceptId && categoryNameKey(c.category_name) === key);
}

/**
 * "Category {name} already exists" (spec 000 §5) names the category already there, as it was
 * typed when it was made: a person who types `sales reports` learns that `Sales Reports` is in
 * the way, and finds it in the list under that name.
 */
export const duplicateCategoryMessage = (existing: { category_name: string }): string => categoryExists(existing.category_name);

/** Icons a category may show (their names; the dashboard draws each). */
export const REPORT_CATEGORY_ICONS = ['chart-bar', 'chart-pie', 'presentation-chart-line', 'currency-dollar', 'banknotes', 'users', 'user-group', 'calendar', 'clock', 'shopping-bag', 'gift', 'star', 'document-text', 'table-cells'] as const;
export type ReportCategoryIcon = (typeof REPORT_CATEGORY_ICONS)[number];

// ——— Visibility (spec 000 §6) ————————————————————————————————————————————————————————

/** The right to see and build custom and pivot reports. */
export const CUSTOM_REPORT_PERMISSION: PermissionKey = 'reporting.customreport';

/**
 * Which reports a user sees: `all` (platform admins and unrestricted users); `listed` (users with
 * the custom-report right: the reports whose id or legacy id is in `ids` — their acl's `custom` —
 * and those they created); `none` (neither unrestricted nor with the custom-report right).
 */
export type ReportScope = { kind: 'all' } | { kind: 'listed'; ids: readonly number[]; userId: number } | { kind: 'none' };

type Viewer = Pick<User, 'id' | 'role' | 'acl'>;

const unrestricted = (user: Viewer): boolean => isAdmin(user) || isUnrestricted(user.acl);

/** Custom reports (spec 000 §6): unrestricted see all; others the ids in `acl.custom` (by id or legacy id) and their own; without the right, none. */
export function customReportScope(user: Viewer): ReportScope {
  if (unrestricted(user)) return { kind: 'all' };
  if (!can(user.acl, CUSTOM_REPORT_PERMISSION)) return { kind: 'none' };
  return { kind: 'listed', ids: user.acl.custom, userId: user.id };
}

/** Pivot reports: as custom reports, but `acl.custom` names custom reports only, so a restricted user sees the pivots they created. */
export function pivotReportScope(user: Viewer): ReportScope {
  const scope = customReportScope(user);
  return scope.kind === 'listed' ? { ...scope, ids: [] } : scope;
}

export interface ReportOwnership {
  id: number;
  legacy_id?: number | null;
  created_by: number | null;
}

/** Does a report fall within a scope? */
export function inScope(scope: ReportScope, report: ReportOwnership): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'none') return false;
  if (report.created_by !== null && report.created_by === scope.userId) return true;
  return scope.ids.includes(report.id) || (report.legacy_id != null && scope.ids.includes(report.legacy_id));
}

export const canSeeCustomReport = (user: Viewer, report: ReportOwnership): boolean => inScope(customReportScope(user), report);
export const canSeePivotReport = (user: Viewer, report: ReportOwnership): boolean => inScope(pivotReportScope(user), report);

/**
 * May a user change a report they see (edit, delete, restore, make public)? Unrestricted users
 * any; others only the ones they created (seeing a report through `acl.custom` lets one run it,
 * not change it).
 */
export const canChangeReport = (user: Viewer, report: Pick<ReportOwnership, 'created_by'>): boolean =>
  unrestricted(user) || (can(user.acl, CUSTOM_REPORT_PERMISSION) && report.created_by !== null && report.created_by === user.id);

/** Categories are shared by a business's reports: only unrestricted users add, rename or remove them. */
export const canManageReportCategories = (user: Viewer): boolean => unrestricted(user);

/** A generic report is offered to every business: only platform admins make one. */
export const canMakeGenericReport = (user: Pick<User, 'role'>): boolean => isAdmin(user);

// ——— A custom report's definition ——————————————————————————————————————————————————————

export interface CustomReportDefinition {
  type: CustomReportType;
  name: string;
  params: readonly ReportParameter[];
  columns: readonly ReportColumn[];
  add_columns_before: readonly ReportColumn[];
  metabase_id?: number | null;
}

export interface DefinitionProblem {
  path: (string | number)[];
  message: string;
}

/**
 * What is wrong with a custom report's definition as a whole (each field is checked by its own
 * schema first): a procedure or function report names a function as an identifier; an embed
 * report names its Metabase question; parameter ids and targets, and column keys, are unique.
 */
export function customReportProblems(report: CustomReportDefinition): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  if (report.type !== 'embed' && !REPORT_IDENTIFIER_PATTERN.test(report.name)) {
    problems.push({ path: ['name'], message: MESSAGES.reportFunctionName });
  }
  if (report.type === 'embed' && (report.metabase_id === undefined || report.metabase_id === null)) {
    problems.push({ path: ['metabase_id'], message: MESSAGES.reportMetabaseIdRequired });
  }
  const twice = <T>(items: readonly T[], keyOf: (item: T) => string, path: string, field: string, message: string) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const key = keyOf(item);
      if (seen.has(key)) problems.push({ path: [path, index, field], message });
      seen.add(key);
    });
  };
  twice(report.params, (p) => p.id, 'params', 'id', MESSAGES.reportParameterTwice);
  twice(report.params, (p) => p.target, 'params', 'target', MESSAGES.reportParameterTargetTwice);
  twice(report.columns, (c) => c.key, 'columns', 'key', MESSAGES.reportColumnTwice);
  twice(report.add_columns_before, (c) => c.key, 'add_columns_before', 'key', MESSAGES.reportColumnTwice);
  return problems;
}

/** The title of a copy: `Sales by staff (copy)`, cut to fit `max` characters. */
export function copyTitle(title: string, max: number): string {
  const suffix = ' (copy)';
  return title.length + suffix.length <= max ? `${title}${suffix}` : `${title.slice(0, max - suffix.length).trimEnd()}${suffix}`;
}

export const CUSTOM_REPORT_TYPE_LABEL: Record<CustomReportType, string> = { procedure: 'Procedure', function: 'Function', embed: 'Embed (Metabase)' };
export const REPORT_LEVEL_LABEL: Record<ReportLevel, string> = { business: 'This location', network: 'Every location of the network' };
export const REPORT_LAYOUT_LABEL: Record<ReportLayout, string> = { table: 'Table', chart: 'Chart', 'table-and-chart': 'Table and chart' };
export const REPORT_CATEGORY_TYPE_LABEL: Record<ReportCategoryType, string> = { proc: 'Custom reports', pivot: 'Pivot reports' };
export const REPORT_PARAMETER_TYPE_LABEL: Record<ReportParameterType, string> = { date: 'Date', number: 'Number', text: 'Text', boolean: 'Yes / no', choice: 'Choice' };
export const REPORT_PARAMETER_VALUE_TYPE_LABEL: Record<ReportParameterValueType, string> = { static: 'A fixed value', relative: 'A relative day', query: 'A query' };
export const REPORT_COLUMN_FORMAT_LABEL: Record<ReportColumnFormat, string> = { text: 'Text', number: 'Number', money: 'Money', percent: 'Percent', day: 'Day', instant: 'Date and time', boolean: 'Yes / no' };

/** Reports under one category (null: uncategorised). */
export interface ReportGroup<R, C> {
  category: C | null;
  reports: R[];
}

/**
 * Reports grouped by their category, in the categories' order, uncategorised last (and a report
 * naming a category not in the list, such as a generic report of another business, counts as
 * uncategorised); empty groups are left out.
 */
export function groupByCategory<R extends { category_name: string | null }, C extends { category_name: string }>(reports: readonly R[], categories: readonly C[]): ReportGroup<R, C>[] {
  const byKey = new Map(categories.map((c) => [categoryNameKey(c.category_name), { category: c, reports: [] as R[] }]));
  const rest: R[] = [];
  for (const report of reports) {
    const group = report.category_name === null ? undefined : byKey.get(categoryNameKey(report.category_name));
    if (group) group.reports.push(report);
    else rest.push(report);
  }
  const groups: ReportGroup<R, C>[] = [...byKey.values()].filter((g) => g.reports.length > 0);
  if (rest.length > 0) groups.push({ category: null, reports: rest });
  return groups;
}

/** The label of each report kind. */
export const REPORT_KIND_LABEL: Record<ReportKind, string> = { custom: 'Custom report', pivot: 'Pivot report' };

// ——— Report slugs (spec 000 §2) ————————————————————————————————————————————————————————

// The registry lives in its own small module, so the routes (loaded with the sign-in screen) take it without the rest.
export { OFFERABLE_REPORT_SLUGS, offeredReportSlugs, offersReports, REPORT_SLUG_KIND_LABEL, REPORT_SLUG_KINDS, REPORT_SLUGS, reportSlug, type ReportSlugEntry, type ReportSlugKind } from './reportSlugs';
