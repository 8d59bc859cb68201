import {
  applyDeletion,
  canChangeReport,
  canMakeGenericReport,
  canManageReportCategories,
  categoryNameKey,
  copyTitle,
  customReportProblems,
  customReportScope,
  type DeletionState,
  deletionRefusal,
  deletionState,
  duplicateCategoryMessage,
  endpoints,
  findDuplicateCategory,
  MESSAGES,
  offersReports,
  pivotReportScope,
  REPORT_TITLE_MAX,
  type ReportCategoryType,
  type ReportCategoryWithCount,
  type ReportKind,
} from '@salondesk/core';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthState } from '../../auth/authState';
import { visibleBusinesses } from '../../businesses/queries';
import { HttpError, pleaseLogIn } from '../../http/errors';
import { type HandlerContext, implement } from '../../http/registry';
import { isUniqueViolation } from '../../staff/queries';
import { rows } from '../../db/executor';
import {
  checkReportFunction,
  CUSTOM_SELECT,
  type CustomReportRow,
  customReportFor,
  customReportsOffered,
  DELETION_COLUMNS,
  type DeletionRow,
  findCustomReport,
  findPivotReport,
  PIVOT_SELECT,
  type PivotReportRow,
  pivotScopeCondition,
  pivotReportFor,
  pivotReportsOffered,
  recordDeletion,
  reportNotFound,
  resolveCategory,
  scopeCondition,
  toCustomReport,
  toDeletionRecord,
  toPivotReport,
} from './queries';

/** The signed-in user and the (already access-checked) business of the path. */
function scoped(ctx: HandlerContext): { auth: AuthState; businessId: number; offers: boolean } {
  if (!ctx.auth) throw pleaseLogIn();
  if (!ctx.business) throw new HttpError(500, MESSAGES.serverError);
  return { auth: ctx.auth, businessId: ctx.business.id, offers: offersReports(ctx.business.reportsettings) };
}

const notAllowed = () => new HttpError(403, MESSAGES.reportChangeNotAllowed);
const refused = (state: DeletionState, action: 'mark' | 'restore' | 'delete') => {
  const message = deletionRefusal(state, action);
  return message ? new HttpError(409, message) : null;
};
/** A report marked for deletion is not changed (restore it first). */
const mustBeActive = (row: { deleted_at: Date | string | null }) => {
  if (row.deleted_at !== null) throw new HttpError(409, MESSAGES.reportAlreadyMarked);
};

interface CategoryRow {
  id: number;
  category_name: string;
  category_icon: string | null;
  type: ReportCategoryType;
  reports: number;
}

const CATEGORY_SELECT = sql`select c.id, c.category_name, c.category_icon, c.type,
  ((select count(*) from custom_reports r where r.category_id = c.id and r.deleted_at is null)
   + (select count(*) from pivot_reports r where r.category_id = c.id and r.deleted_at is null))::int as reports
  from report_categories c`;

const toCategory = (row: CategoryRow): ReportCategoryWithCount => ({ ...row, category_icon: row.category_icon });

async function categoriesOf(ctx: HandlerContext, businessId: number): Promise<CategoryRow[]> {
  return rows<CategoryRow>(ctx.db, sql`${CATEGORY_SELECT} where c.business_id = ${businessId} order by lower(c.category_name), c.id`);
}

/** Refuses a name another category of the business already has (case and spaces ignored): `Category Payroll already exists`. */
async function refuseDuplicateCategory(ctx: HandlerContext, businessId: number, name: string, exceptId?: number): Promise<void> {
  const existing = findDuplicateCategory(await categoriesOf(ctx, businessId), name, exceptId);
  if (existing) throw new HttpError(409, duplicateCategoryMessage(existing), { issues: [{ path: ['category_name'], message: duplicateCategoryMessage(existing) }] });
}

/** The unique index caught a duplicate a concurrent request made between the check and the write: the same message. */
async function onDuplicateCategory<T>(ctx: HandlerContext, businessId: number, name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) await refuseDuplicateCategory(ctx, businessId, name);
    throw error;
  }
}

/** A category of this business by id, or 404. */
async function ownCategory(ctx: HandlerContext, businessId: number, categoryId: number): Promise<CategoryRow> {
  const [row] = await rows<CategoryRow>(ctx.db, sql`${CATEGORY_SELECT} where c.id = ${categoryId} and c.business_id = ${businessId}`);
  if (!row) throw new HttpError(404, MESSAGES.reportCategoryNotFound);
  return row;
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * What a copy is made from: a report the user sees in this business (not marked for deletion),
 * else a report another business shares in the gallery; 404 otherwise.
 */
async function copySource<R extends { deleted_at: Date | string | null }>(ctx: HandlerContext, seen: Promise<R | undefined>, select: SQL, reportId: number): Promise<R> {
  const own = await seen;
  if (own && own.deleted_at === null) return own;
  const [shared] = await rows<R>(ctx.db, sql`${select} where r.id = ${reportId} and r.public and r.deleted_at is null`);
  if (!shared) throw reportNotFound();
  return shared;
}

export function reportCatalogueHandlers() {
  const e = endpoints.reports;
  return [
    // ——— Custom reports ————————————————————————————————————————————————————————————
    implement(e.listCustom, async (_request, ctx) => {
      const { auth, businessId, offers } = scoped(ctx);
      return offers ? customReportsOffered(ctx.db, [businessId], customReportScope(auth.user)) : [];
    }),

    implement(e.getCustom, async ({ params }, ctx) => {
      const { auth, businessId } = scoped(ctx);
      return customReportFor(ctx.db, businessId, params.reportId, customReportScope(auth.user));
    }),

    implement(e.createCustom, async ({ body }, ctx) => {
      const { auth, businessId } = scoped(ctx);
      if (body.generic && !canMakeGenericReport(auth.user)) throw new HttpError(403, MESSAGES.genericReportsAdminsOnly);
      const categoryId = await resolveCategory(ctx.db, businessId, body.category_name, 'proc');
      if (body.type !== 'embed') await checkReportFunction(ctx.db, body.name);
      const [created] = await rows<{ id: number }>(
        ctx.db,
        sql`insert into custom_reports (business_id, title, description, category_id, type, report_level, report_layout, add_columns_before, generic, name,
            params, settings, columns, legacy_id, created_by, metabase_id)
          values (${businessId}, ${body.title}, ${body.description}, ${categoryId}, ${body.type}, ${body.report_level}, ${body.report_layout},
            ${json(body.add_columns_before)}::jsonb, ${body.generic}, ${body.name}, ${json(body.params)}::jsonb, ${json(body.settings)}::jsonb,
            ${json(body.columns)}::jsonb, ${body.legacy_id}, ${auth.user.id}, ${body.metabase_id})
          returning id`,
      );
      const [row] = await rows<CustomReportRow>(ctx.db, sql`${CUSTOM_SELECT} where r.id = ${created?.id}`);
      return toCustomReport(row as CustomReportRow);
    }),

    implement(e.updateCustom, async ({ params, body }, ctx) => {
      const { auth, businessId } = scoped(ctx);
      return ctx.db.transaction(async (tx) => {
        const row = await findCustomReport(tx, businessId, params.reportId, customReportScope(auth.user), { own: true, lock: true });
        if (!row) throw reportNotFound();
        if (!canChangeReport(auth.user, row)) throw notAllowed();
        mustBeActive(row);
        if (body.generic !== undefined && body.generic !== row.generic && !canMakeGenericReport(auth.user)) throw new HttpError(403, MESSAGES.genericReportsAdminsOnly);
        const next = {
          type: body.type ?? row.type,
          name: body.name ?? row.name,
          params: body.params ?? row.params,
          columns: body.columns ?? row.columns,
          add_columns_before: body.add_columns_before ?? row.add_columns_before,
          metabase_id: body.metabase_id === undefined ? row.metabase_id : body.metabase_id,
        };
        const problems = customReportProblems(next);
        if (problems.length > 0) throw new HttpError(400, problems[0]?.message ?? MESSAGES.invalidRequest, { issues: problems });
        if (next.type !== 'embed' && (next.type !== row.type || next.name !== row.name)) await checkReportFunction(tx, next.name);
        const categoryId = body.category_name === undefined ? row.category_id : await resolveCategory(tx, businessId, body.category_name, 'proc');
        await tx.execute(sql`update custom_reports set
            title = ${body.title ?? row.title}, description = ${body.description ?? row.description}, category_id = ${categoryId},
            type = ${next.type}, report_level = ${body.report_level ?? row.report_level}, report_layout = ${body.report_layout ?? row.report_layout},
            add_columns_before = ${json(next.add_columns_before)}::jsonb, generic = ${body.generic ?? row.generic}, name = ${next.name},
            params = ${json(next.params)}::jsonb, settings = ${json(body.settings === undefined ? row.settings : body.settings)}::jsonb,
            columns = ${json(next.columns)}::jsonb, legacy_id = ${body.legacy_id === undefined ? row.legacy_id : body.legacy_id},
            metabase_id = ${next.metabase_id}, updated_at = now()
          where id = ${row.id}`);
        const [updated] = await rows<CustomReportRow>(tx, sql`${CUSTOM_SELECT} where r.id = ${row.id}`);
        return toCustomReport(updated as CustomReportRow);
      });
    }),

    /** A copy into the business of the path: of a report the user sees there, or of a gallery report of another business. */
    implement(e.duplicateCustom, async ({ params, body }, ctx) => {
      const { auth, businessId } = scoped(ctx);
      const source = await copySource(ctx, findCustomReport(ctx.db, businessId, params.reportId, customReportScope(auth.user)), CUSTOM_SELECT, params.reportId);
      const [created] = await rows<{ id: number }>(
        ctx.db,
        sql`insert into custom_reports (business_id, title, description, category_id, type, report_level, report_layout, add_columns_before, generic, name,
            params, settings, columns, legacy_id, created_by, metabase_id)
          select ${businessId}, ${body.title ?? copyTitle(source.title, REPORT_TITLE_MAX)}, r.description,
            case when r.business_id = ${businessId} then r.category_id
              else (select c.id from report_categories c where c.business_id = ${businessId} and c.type = 'proc' and c.name_key = ${source.category_name === null ? null : categoryNameKey(source.category_name)}) end,
            r.type, r.report_level, r.report_layout, r.add_columns_before, false, r.name, r.params, r.settings, r.columns, null, ${auth.user.id}, r.metabase_id
          from custom_reports r where r.id = ${source.id}
          returning id`,
      );
      const [row] = await rows<CustomReportRow>(ctx.db, sql`${CUSTOM_SELECT} where r.id = ${created?.id}`);
      return toCustomReport(row as CustomReportRow);
    }),

    // ——— Pivot reports ———————————————————————————————————————————————————————————————
    implement(e.listPivot, async (_request, ctx) => {
      const { auth, businessId, offers } = scoped(ctx);
      return offers ? pivotReportsOffered(ctx.db, [businessId], pivotReportScope(auth.user)) : [];
    }),

    implement(e.getPivot, async ({ params }, ctx) => {
      const { auth, businessId } = scoped(ctx);
      return pivotReportFor(ctx.db, businessId, params.reportId, pivotReportScope(auth.user));
    }),

    implement(e.createPivot, async ({ body }, ctx) => {
      const { auth, businessId } = scoped(ctx);
      const categoryId = await resolveCategory(ctx.db, businessId, body.category_name, 'pivot');
      if (body.configuration.source.kind === 'function') await checkReportFunction(ctx.db, body.configuration.source.name);
      const [created] = await rows<{ id: number }>(
        ctx.db,
        sql`insert into pivot_reports (business_id, title, description, type, configuration, category_id, created_by)
          values (${businessId}, ${body.title}, ${body.description}, ${body.type}, ${json(body.configuration)}::jsonb, ${categoryId}, ${auth.user.id})
          returning id`,
      );
      const [row] = await rows<PivotReportRow>(ctx.db, sql`${PIVOT_SELECT} where r.id = ${created?.id}`);
      return toPivotReport(row as PivotReportRow);
    }),

    implement(e.updatePivot, async ({ body }, ctx) => {
      const { auth, businessId } = scoped(ctx);
      return ctx.db.transaction(async (tx) => {
        const row = await findPivotReport(tx, businessId, body.id, pivotReportScope(auth.user), { lock: true });
        if (!row) throw reportNotFound();
        if (!canChangeReport(auth.user, row)) throw notAllowed();
        mustBeActive(row);
        const source = body.configuration?.source;
        if (source?.kind === 'function' && (row.configuration.source.kind !== 'function' || row.configuration.source.name !== source.name)) await checkReportFunction(tx, source.name);
        const categoryId = body.category_name === undefined ? row.category_id : await resolveCategory(tx, businessId, body.category_name, 'pivot');
        await tx.execute(sql`update pivot_reports set title = ${body.title ?? row.title}, description = ${body.description ?? row.description},
            configuration = ${json(body.configuration ?? row.configuration)}::jsonb, category_id = ${categoryId}, updated_at = now()
          where id = ${row.id}`);
        const [updated] = await rows<PivotReportRow>(tx, sql`${PIVOT_SELECT} where r.id = ${row.id}`);
        return toPivotReport(updated as PivotReportRow);
      });
    }),

    implement(e.duplicatePivot, async ({ params, body }, ctx) => {
      const { auth, businessId } = scoped(ctx);
      const source = await copySource(ctx, findPivotReport(ctx.db, businessId, params.reportId, pivotReportScope(auth.user)), PIVOT_SELECT, params.reportId);
      const [created] = await rows<{ id: number }>(
        ctx.db,
        sql`insert into pivot_reports (business_id, title, description, type, configuration, category_id, created_by)
          select ${businessId}, ${body.title ?? copyTitle(source.title, REPORT_TITLE_MAX)}, r.description, r.type, r.configuration,
            case when r.business_id = ${businessId} then r.category_id
              else (select c.id from report_categories c where c.business_id = ${businessId} and c.type = 'pivot' and c.name_key = ${source.category_name === null ? null : categoryNameKey(source.category_name)}) end,
            ${auth.user.id}
          from pivot_reports r where r.id = ${source.id}
          returning id`,
      );
      const [row] = await rows<PivotReportRow>(ctx.db, sql`${PIVOT_SELECT} where r.id = ${created?.id}`);
      return toPivotReport(row as PivotReportRow);
    }),

    // ——— Categories ——————————————————————————————————————————————————————————————————
    implement(e.listCategories, async ({ query }, ctx) => {
      const { businessId } = scoped(ctx);
      const found = await rows<CategoryRow>(
        ctx.db,
        sql`${CATEGORY_SELECT} where c.business_id = ${businessId}${query.type ? sql` and c.type = ${query.type}` : sql``} order by lower(c.category_name), c.id`,
      );
      return found.map(toCategory);
    }),

    implement(e.addCategory, async ({ body }, ctx) => {
      const { auth, businessId } = scoped(ctx);
      if (!canManageReportCategories(auth.user)) throw new HttpError(403, MESSAGES.reportCategoriesOwnersOnly);
      await refuseDuplicateCategory(ctx, businessId, body.category_name);
      const [created] = await onDuplicateCategory(ctx, businessId, body.category_name, () =>
        rows<{ id: number }>(
          ctx.db,
          sql`insert into report_categories (business_id, category_name, name_key, category_icon, type)
            values (${businessId}, ${body.category_name}, ${categoryNameKey(body.category_name)}, ${body.category_icon}, ${body.type}) returning id`,
        ),
      );
      return toCategory(await ownCategory(ctx, businessId, (created as { id: number }).id));
    }),

    implement(e.updateCategory, async ({ params, body }, ctx) => {
      const { auth, businessId } = scoped(ctx);
      if (!canManageReportCategories(auth.user)) throw new HttpError(403, MESSAGES.reportCategoriesOwnersOnly);
      const existing = await ownCategory(ctx, businessId, params.categoryId);
      const name = body.category_name ?? existing.category_name;
      if (body.category_name !== undefined) await refuseDuplicateCategory(ctx, businessId, name, existing.id);
      await onDuplicateCategory(ctx, businessId, name, () =>
        ctx.db.execute(sql`update report_categories set category_name = ${name}, name_key = ${categoryNameKey(name)},
          category_icon = ${body.category_icon === undefined ? existing.category_icon : body.category_icon} where id = ${existing.id}`),
      );
      return toCategory(await ownCategory(ctx, businessId, existing.id));
    }),

    implement(e.deleteCategory, async ({ params }, ctx) => {
      const { auth, businessId } = scoped(ctx);
      if (!canManageReportCategories(auth.user)) throw new HttpError(403, MESSAGES.reportCategoriesOwnersOnly);
      const existing = await ownCategory(ctx, businessId, params.categoryId);
      await ctx.db.execute(sql`delete from report_categories where id = ${existing.id}`);
      return { id: existing.id };
    }),

    // ——— Deletion (spec 000 §4) ——————————————————————————————————————————————————————————
    implement(e.deleteReport, async ({ body }, ctx) => {
      const { auth, businessId } = scoped(ctx);
      const kind: ReportKind = body.type;
      const table = sql.raw(kind === 'custom' ? 'custom_reports' : 'pivot_reports');
      return ctx.db.transaction(async (tx) => {
        const row =
          kind === 'custom'
            ? await findCustomReport(tx, businessId, body.report_id, customReportScope(auth.user), { own: true, lock: true })
            : await findPivotReport(tx, businessId, body.report_id, pivotReportScope(auth.user), { lock: true });
        if (!row) throw reportNotFound();
        if (!canChangeReport(auth.user, row)) throw notAllowed();
        const before = { deleted_at: row.deleted_at === null ? null : String(row.deleted_at) };
        const refusal = refused(deletionState(before), body.action);
        if (refusal) throw refusal;
        const now = ctx.now();
        const after = applyDeletion(before, body.action, now);
        if (body.action === 'delete') {
          await tx.execute(sql`delete from ${table} where id = ${row.id}`);
        } else {
          await tx.execute(sql`update ${table} set deleted_at = ${after.deleted_at ?? null}, public = case when ${body.action === 'mark'} then false else public end where id = ${row.id}`);
        }
        const record = await recordDeletion(tx, { businessId, reportId: row.id, kind, title: row.title, action: body.action, by: auth.user, at: now });
        const state = deletionState(after);
        return { report_id: row.id, type: kind, state, ...(state === 'deleted' ? {} : { deleted_at: after.deleted_at ?? null }), record };
      });
    }),

    implement(e.deletedReports, async (_request, ctx) => {
      const { auth, businessId } = scoped(ctx);
      const custom = customReportScope(auth.user);
      const pivot = pivotReportScope(auth.user);
      if (custom.kind === 'none') return { marked: [], history: [] };
      const lastMark = (kind: ReportKind) =>
        sql`(select jsonb_build_object('id', d.by_user_id, 'name', d.by_name, 'email', d.by_email, 'username', d.by_username)
          from report_deletions d where d.report_kind = ${kind} and d.report_id = r.id and d.action = 'mark' order by d.at desc, d.id desc limit 1)`;
      const marked = await rows<{ report_id: number; type: ReportKind; title: string; category_name: string | null; deleted_at: Date | string; deletedBy: { id: number; name: string; email: string; username: string } | null }>(
        ctx.db,
        sql`select * from (
            select r.id as report_id, 'custom' as type, r.title, c.category_name, r.deleted_at, ${lastMark('custom')} as "deletedBy"
            from custom_reports r left join report_categories c on c.id = r.category_id
            where r.business_id = ${businessId} and r.deleted_at is not null and ${scopeCondition(custom)}
            union all
            select r.id, 'pivot', r.title, c.category_name, r.deleted_at, ${lastMark('pivot')}
            from pivot_reports r left join report_categories c on c.id = r.category_id
            where r.business_id = ${businessId} and r.deleted_at is not null and ${pivotScopeCondition(pivot)}
          ) m order by m.deleted_at desc, m.report_id`,
      );
      const historyScope =
        custom.kind === 'all'
          ? sql`true`
          : sql`(d.by_user_id = ${auth.user.id} or (d.report_kind = 'custom' and d.report_id = any(${`{${custom.ids.join(',')}}`}::int[])))`;
      const history = await rows<DeletionRow>(
        ctx.db,
        sql`select ${DELETION_COLUMNS} from report_deletions d where d.business_id = ${businessId} and ${historyScope} order by d.at desc, d.id desc limit 200`,
      );
      return {
        marked: marked.map((m) => ({ ...m, deleted_at: new Date(m.deleted_at).toISOString() })),
        history: history.map(toDeletionRecord),
      };
    }),

    // ——— Sharing ——————————————————————————————————————————————————————————————————————
    implement(e.makePublic, async ({ body }, ctx) => {
      const { auth, businessId } = scoped(ctx);
      const row =
        body.type === 'custom'
          ? await findCustomReport(ctx.db, businessId, body.report_id, customReportScope(auth.user), { own: true })
          : await findPivotReport(ctx.db, businessId, body.report_id, pivotReportScope(auth.user));
      if (!row) throw reportNotFound();
      if (!canChangeReport(auth.user, row)) throw notAllowed();
      mustBeActive(row);
      const table = sql.raw(body.type === 'custom' ? 'custom_reports' : 'pivot_reports');
      await ctx.db.execute(sql`update ${table} set public = ${body.public}, updated_at = now() where id = ${row.id}`);
      return { report_id: row.id, type: body.type, public: body.public };
    }),

    implement(e.gallery, async (_request, ctx) => {
      const { businessId } = scoped(ctx);
      const found = await rows<{ type: ReportKind; id: number; title: string; description: string; report_type: string; category_name: string | null; business_id: number; business_name: string; updated_at: Date | string }>(
        ctx.db,
        sql`select * from (
            select 'custom' as type, r.id, r.title, r.description, r.type as report_type, c.category_name, r.business_id, b.name as business_name, r.updated_at
            from custom_reports r join businesses b on b.id = r.business_id left join report_categories c on c.id = r.category_id
            where r.public and r.deleted_at is null and r.business_id <> ${businessId}
            union all
            select 'pivot', r.id, r.title, r.description, r.type, c.category_name, r.business_id, b.name, r.updated_at
            from pivot_reports r join businesses b on b.id = r.business_id left join report_categories c on c.id = r.category_id
            where r.public and r.deleted_at is null and r.business_id <> ${businessId}
          ) g order by g.updated_at desc, g.type, g.id limit 500`,
      );
      return found.map((g) => ({ ...g, updated_at: new Date(g.updated_at).toISOString() }));
    }),

    // ——— The user's lists across their businesses ————————————————————————————————————
    implement(e.userCustom, async (_request, ctx) => {
      if (!ctx.auth) throw pleaseLogIn();
      return customReportsOffered(ctx.db, await offeringBusinesses(ctx, ctx.auth), customReportScope(ctx.auth.user));
    }),

    implement(e.userPivot, async (_request, ctx) => {
      if (!ctx.auth) throw pleaseLogIn();
      return pivotReportsOffered(ctx.db, await offeringBusinesses(ctx, ctx.auth), pivotReportScope(ctx.auth.user));
    }),
  ];
}

/** The businesses the user may open whose reports are on (`reportsettings.enabled`). */
async function offeringBusinesses(ctx: HandlerContext, auth: AuthState): Promise<number[]> {
  const ids = (await visibleBusinesses(ctx.db, auth)).map((b) => b.id);
  if (ids.length === 0) return [];
  const found = await rows<{ id: number }>(
    ctx.db,
    sql`select id from businesses where id = any(${`{${ids.join(',')}}`}::int[]) and coalesce((reportsettings->>'enabled')::boolean, true)`,
  );
  return found.map((b) => b.id);
}
