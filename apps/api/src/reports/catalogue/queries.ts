import {
  type CustomReport,
  type CustomReportType,
  type DeletionAction,
  type DeletionRecord,
  MESSAGES,
  type PivotConfiguration,
  type PivotReport,
  type ReportCategoryType,
  reportCategoryUnknown,
  type ReportColumn,
  type ReportKind,
  type ReportParameter,
  type ReportScope,
  reportFunctionUnknown,
  type User,
  categoryNameKey,
} from '@salondesk/core';
import { sql, type SQL } from 'drizzle-orm';
import { HttpError } from '../../http/errors';
import { type Executor, rows } from '../../db/executor';
import { iso, isoOrNull } from '../../db/instants';

/**
 * The report catalogue's reads and writes, for its own handlers and for the other parts of
 * reports (the engine, the pivot editor, the questions service), which read the catalogue only
 * through these and the endpoints.
 */

export interface CustomReportRow {
  id: number;
  business_id: number;
  title: string;
  description: string;
  category_id: number | null;
  category_name: string | null;
  type: CustomReportType;
  report_level: CustomReport['report_level'];
  report_layout: CustomReport['report_layout'];
  add_columns_before: ReportColumn[];
  generic: boolean;
  name: string;
  params: ReportParameter[];
  settings: unknown;
  columns: ReportColumn[];
  legacy_id: number | null;
  created_by: number | null;
  deleted_at: Date | string | null;
  metabase_id: number | null;
  public: boolean;
  updated_at: Date | string;
}

export interface PivotReportRow {
  id: number;
  business_id: number;
  title: string;
  description: string;
  type: 'new';
  configuration: PivotConfiguration;
  category_id: number | null;
  category_name: string | null;
  created_by: number | null;
  deleted_at: Date | string | null;
  public: boolean;
  updated_at: Date | string;
}

export const toCustomReport = (row: CustomReportRow): CustomReport => ({
  id: row.id,
  business_id: row.business_id,
  title: row.title,
  description: row.description,
  category_name: row.category_name,
  type: row.type,
  report_level: row.report_level,
  report_layout: row.report_layout,
  add_columns_before: row.add_columns_before,
  generic: row.generic,
  name: row.name,
  params: row.params,
  settings: row.settings,
  columns: row.columns,
  legacy_id: row.legacy_id,
  created_by: row.created_by,
  deleted_at: isoOrNull(row.deleted_at),
  metabase_id: row.metabase_id,
  public: row.public,
  updated_at: iso(row.updated_at),
});

export const toPivotReport = (row: PivotReportRow): PivotReport => ({
  id: row.id,
  business_id: row.business_id,
  title: row.title,
  description: row.description,
  type: row.type,
  configuration: row.configuration,
  category_name: row.category_name,
  created_by: row.created_by,
  deleted_at: isoOrNull(row.deleted_at),
  public: row.public,
  updated_at: iso(row.updated_at),
});

export const CUSTOM_SELECT = sql`select r.id, r.business_id, r.title, r.description, r.category_id, c.category_name, r.type, r.report_level, r.report_layout,
  r.add_columns_before, r.generic, r.name, r.params, r.settings, r.columns, r.legacy_id, r.created_by, r.deleted_at, r.metabase_id, r.public, r.updated_at
  from custom_reports r left join report_categories c on c.id = r.category_id`;

export const PIVOT_SELECT = sql`select r.id, r.business_id, r.title, r.description, r.type, r.configuration, r.category_id, c.category_name, r.created_by,
  r.deleted_at, r.public, r.updated_at
  from pivot_reports r left join report_categories c on c.id = r.category_id`;

/** A report scope (core's `customReportScope`) as a condition on reports aliased `r`. */
export function scopeCondition(scope: ReportScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'none') return sql`false`;
  const ids = `{${scope.ids.map((n) => Math.trunc(n)).join(',')}}`;
  return sql`(r.created_by = ${scope.userId} or r.id = any(${ids}::int[]) or (r.legacy_id is not null and r.legacy_id = any(${ids}::int[])))`;
}

/** The same scope for pivot reports (no legacy ids). */
export function pivotScopeCondition(scope: ReportScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'none') return sql`false`;
  const ids = `{${scope.ids.map((n) => Math.trunc(n)).join(',')}}`;
  return sql`(r.created_by = ${scope.userId} or r.id = any(${ids}::int[]))`;
}

/** Custom reports offered in a business to a scope: its own and the generic ones, not deleted, by title. */
export async function customReportsOffered(db: Executor, businessIds: readonly number[], scope: ReportScope): Promise<CustomReport[]> {
  if (businessIds.length === 0 || scope.kind === 'none') return [];
  const list = `{${businessIds.join(',')}}`;
  const found = await rows<CustomReportRow>(
    db,
    sql`${CUSTOM_SELECT} where (r.business_id = any(${list}::int[]) or r.generic) and r.deleted_at is null and ${scopeCondition(scope)}
      order by lower(r.title), r.id`,
  );
  return found.map(toCustomReport);
}

/** Pivot reports of businesses, to a scope, not deleted, by title. */
export async function pivotReportsOffered(db: Executor, businessIds: readonly number[], scope: ReportScope): Promise<PivotReport[]> {
  if (businessIds.length === 0 || scope.kind === 'none') return [];
  const list = `{${businessIds.join(',')}}`;
  const found = await rows<PivotReportRow>(
    db,
    sql`${PIVOT_SELECT} where r.business_id = any(${list}::int[]) and r.deleted_at is null and ${pivotScopeCondition(scope)} order by lower(r.title), r.id`,
  );
  return found.map(toPivotReport);
}

export const reportNotFound = () => new HttpError(404, MESSAGES.reportNotFound);

/**
 * A custom report as seen from a business: its own or a generic one, within the scope. With
 * `own`, only the business's own (what may be changed there); `lock` takes the row for update.
 * Reports marked for deletion are found too (their state decides what may be done).
 */
export async function findCustomReport(
  db: Executor,
  businessId: number,
  reportId: number,
  scope: ReportScope,
  options: { own?: boolean; lock?: boolean } = {},
): Promise<CustomReportRow | undefined> {
  const where = options.own ? sql`r.business_id = ${businessId}` : sql`(r.business_id = ${businessId} or r.generic)`;
  const [row] = await rows<CustomReportRow>(
    db,
    sql`${CUSTOM_SELECT} where r.id = ${reportId} and ${where} and ${scopeCondition(scope)}${options.lock ? sql` for update of r` : sql``}`,
  );
  return row;
}

/** A pivot report of a business within the scope (marked ones too). */
export async function findPivotReport(db: Executor, businessId: number, reportId: number, scope: ReportScope, options: { lock?: boolean } = {}): Promise<PivotReportRow | undefined> {
  const [row] = await rows<PivotReportRow>(
    db,
    sql`${PIVOT_SELECT} where r.id = ${reportId} and r.business_id = ${businessId} and ${pivotScopeCondition(scope)}${options.lock ? sql` for update of r` : sql``}`,
  );
  return row;
}

/**
 * One custom report a user may open in a business, not deleted (for the engine and the
 * questions service): 404 when it is another business's, outside the user's scope or deleted.
 */
export async function customReportFor(db: Executor, businessId: number, reportId: number, scope: ReportScope): Promise<CustomReport> {
  const row = await findCustomReport(db, businessId, reportId, scope);
  if (!row || row.deleted_at !== null) throw reportNotFound();
  return toCustomReport(row);
}

/** One pivot report a user may open in a business, not deleted (for the pivot engine). */
export async function pivotReportFor(db: Executor, businessId: number, reportId: number, scope: ReportScope): Promise<PivotReport> {
  const row = await findPivotReport(db, businessId, reportId, scope);
  if (!row || row.deleted_at !== null) throw reportNotFound();
  return toPivotReport(row);
}

/** The category id a report names by `category_name`, of the kind's type in the business; null for none; 400 when there is none of that name. */
export async function resolveCategory(db: Executor, businessId: number, name: string | null | undefined, type: ReportCategoryType): Promise<number | null> {
  if (name === null || name === undefined) return null;
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from report_categories where business_id = ${businessId} and name_key = ${categoryNameKey(name)} and type = ${type}`,
  );
  if (!row) throw new HttpError(400, reportCategoryUnknown(name), { issues: [{ path: ['category_name'], message: reportCategoryUnknown(name) }] });
  return row.id;
}

/**
 * A procedure or function report must name a function of schema `reports` (shipped by the report
 * engine's migrations). Before that schema exists there is nothing to check against, so any
 * well-formed name is kept.
 */
export async function checkReportFunction(db: Executor, name: string): Promise<void> {
  const [row] = await rows<{ schema: boolean; fn: boolean }>(
    db,
    sql`select exists(select 1 from pg_namespace where nspname = 'reports') as schema,
      exists(select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'reports' and p.proname = ${name}) as fn`,
  );
  if (row?.schema && !row.fn) throw new HttpError(400, reportFunctionUnknown(name), { issues: [{ path: ['name'], message: reportFunctionUnknown(name) }] });
}

interface DeletionRow {
  id: number;
  report_id: number;
  report_kind: ReportKind;
  report_title: string;
  action: DeletionAction;
  by_user_id: number;
  by_name: string;
  by_email: string;
  by_username: string;
  at: Date | string;
}

export const toDeletionRecord = (row: DeletionRow): DeletionRecord => ({
  id: row.id,
  report_id: row.report_id,
  type: row.report_kind,
  title: row.report_title,
  action: row.action,
  at: iso(row.at),
  deletedBy: { id: row.by_user_id, name: row.by_name, email: row.by_email, username: row.by_username },
});

/** Keeps who changed a report's deletion state (Deletion metadata), as they are now. */
export async function recordDeletion(
  db: Executor,
  entry: { businessId: number; reportId: number; kind: ReportKind; title: string; action: DeletionAction; by: Pick<User, 'id' | 'fullname' | 'email' | 'username'>; at: Date },
): Promise<DeletionRecord> {
  const [row] = await rows<DeletionRow>(
    db,
    sql`insert into report_deletions (business_id, report_id, report_kind, report_title, action, by_user_id, by_name, by_email, by_username, at)
      values (${entry.businessId}, ${entry.reportId}, ${entry.kind}, ${entry.title}, ${entry.action}, ${entry.by.id}, ${entry.by.fullname}, ${entry.by.email}, ${entry.by.username}, ${entry.at.toISOString()})
      returning id, report_id, report_kind, report_title, action, by_user_id, by_name, by_email, by_username, at`,
  );
  return toDeletionRecord(row as DeletionRow);
}

export const DELETION_COLUMNS = sql.raw('d.id, d.report_id, d.report_kind, d.report_title, d.action, d.by_user_id, d.by_name, d.by_email, d.by_username, d.at');
export type { DeletionRow };
