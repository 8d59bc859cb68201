import {
  businessPath,
  canChangeReport,
  canManageReportCategories,
  CUSTOM_REPORT_TYPE_LABEL,
  type CustomReport,
  groupByCategory,
  MESSAGES,
  offeredReportSlugs,
  offersReports,
  type PermissionKey,
  type PivotReport,
  REPORT_LEVEL_LABEL,
  REPORT_SLUG_KIND_LABEL,
  type ReportCategoryWithCount,
  userCan,
  type User,
} from '@salondesk/core';
import { useBusiness, useCustomReports, usePivotReports, useReportCategories, useSession } from '@salondesk/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../../app/ButtonLink';
import { LoadError } from '../../../../app/LoadError';
import { SavedDataTable } from '../../../../app/SavedDataTable';
import { useErrorToast } from '../../../../app/useErrorToast';
import { Button } from '../../../../ui/Button';
import type { DataColumn } from '../../../../ui/DataTable';
import { EmptyState } from '../../../../ui/EmptyState';
import { LoadingRegion } from '../../../../ui/LoadingRegion';
import { PageHeader } from '../../../../ui/PageHeader';
import { ReportCategoryIcon } from '../ReportCategoryIcon';
import { Skeleton } from '../../../../ui/Skeleton';
import { StatusBadge } from '../../../../ui/StatusBadge';
import { reportPaths } from '../paths';
import { AskedDeletion, type ReportRef, useConfirmation, useReportActions } from '../reportActions';
import { useBusinessId } from '../../../../app/useBusinessId';
import { AllLocationsReports } from './AllLocationsReports';

type Actions = ReturnType<typeof useReportActions>['run'];
type Row<R> = R & { mayChange: boolean };

const linkClass = 'font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

function SharedBadges({ report }: { report: { public: boolean; generic?: boolean } }) {
  return (
    <span className="flex flex-wrap gap-1">
      {report.public ? <StatusBadge label="In the gallery" tone="info" /> : null}
      {report.generic ? <StatusBadge label="Every location" tone="neutral" /> : null}
    </span>
  );
}

/** Copy, Edit, share, and Delete: each named after its report; change only on reports the user may change. */
function ActionButtons({ report, mayChange, edit, actions, ask }: { report: ReportRef & { public: boolean }; mayChange: boolean; edit?: string; actions: Actions; ask: (r: ReportRef, a: 'mark') => void }) {
  const ref = { id: report.id, type: report.type, title: report.title };
  return (
    <span className="flex flex-wrap justify-end gap-1">
      {mayChange && edit ? (
        <ButtonLink size="sm" variant="ghost" to={edit} aria-label={`Edit ${report.title}`}>
          Edit
        </ButtonLink>
      ) : null}
      <Button size="sm" variant="ghost" onClick={() => actions.copy(ref)} aria-label={`Copy ${report.title}`}>
        Copy
      </Button>
      {mayChange ? (
        <>
          <Button size="sm" variant="ghost" onClick={() => actions.share(ref, !report.public)} aria-label={`${report.public ? 'Make private' : 'Make public'}: ${report.title}`}>
            {report.public ? 'Make private' : 'Make public'}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => ask(ref, 'mark')} aria-label={`Delete ${report.title}`}>
            Delete
          </Button>
        </>
      ) : null}
    </span>
  );
}

/** The report's title, opening it in its viewer, with its description under it. */
function titleColumn<R extends { id: number; title: string; description: string }>(href: (report: R) => string): DataColumn<R> {
  return {
    id: 'title',
    header: 'Report',
    value: (r) => r.title,
    cell: (r) => (
      <span className="flex flex-col">
        <Link to={href(r)} className={linkClass}>
          {r.title}
        </Link>
        {r.description ? <span className="line-clamp-1 text-xs text-slate-500">{r.description}</span> : null}
      </span>
    ),
    size: 280,
    priority: 'always',
  };
}

function customColumns(businessId: number, actions: Actions, ask: (r: ReportRef, a: 'mark') => void): DataColumn<Row<CustomReport>>[] {
  return [
    titleColumn((r) => reportPaths.customViewer(businessId, r.id)),
    { id: 'type', header: 'Type', value: (r) => CUSTOM_REPORT_TYPE_LABEL[r.type], size: 130, priority: 2 },
    { id: 'level', header: 'Covers', value: (r) => REPORT_LEVEL_LABEL[r.report_level], size: 170, priority: 3 },
    { id: 'shared', header: 'Shared', value: (r) => (r.public ? 1 : 0) + (r.generic ? 2 : 0), cell: (r) => <SharedBadges report={r} />, size: 150, priority: 4 },
    {
      id: 'actions',
      header: 'Actions',
      cell: (r) => <ActionButtons report={{ ...r, type: 'custom' }} mayChange={r.mayChange} edit={reportPaths.editCustom(businessId, r.id)} actions={actions} ask={ask} />,
      align: 'end',
      size: 330,
      priority: 1,
    },
  ];
}

function pivotColumns(businessId: number, actions: Actions, ask: (r: ReportRef, a: 'mark') => void): DataColumn<Row<PivotReport>>[] {
  return [
    titleColumn((r) => reportPaths.pivotViewer(businessId, r.id)),
    {
      id: 'layout',
      header: 'Rows × columns',
      value: (r) => `${r.configuration.rows.join(', ')} × ${r.configuration.columns.join(', ')}`,
      size: 200,
      priority: 2,
    },
    { id: 'shared', header: 'Shared', value: (r) => (r.public ? 1 : 0), cell: (r) => <SharedBadges report={r} />, size: 150, priority: 3 },
    {
      id: 'actions',
      header: 'Actions',
      cell: (r) => <ActionButtons report={{ ...r, type: 'pivot' }} mayChange={r.mayChange} edit={reportPaths.editPivot(businessId, r.id)} actions={actions} ask={ask} />,
      align: 'end',
      size: 330,
      priority: 1,
    },
  ];
}

function CategoryHeading({ category, fallback }: { category: ReportCategoryWithCount | null; fallback: string }) {
  return (
    <h3 className="flex items-center gap-2 text-base font-semibold text-slate-900">
      <ReportCategoryIcon name={category?.category_icon} className="text-brand-700" />
      {category?.category_name ?? fallback}
    </h3>
  );
}

function withRights<R extends { created_by: number | null }>(reports: readonly R[], user: User): Row<R>[] {
  return reports.map((r) => ({ ...r, mayChange: canChangeReport(user, r) }));
}

/** Staff reports with screens of their own (not slugs of the registry): linked here too. */
const STAFF_REPORT_LINKS: readonly { path: string; title: string; permission: PermissionKey }[] = [{ path: 'reports/staff-visits', title: 'Staff visits', permission: 'reporting.staffreport' }];

/** `/{businessId}/reports`: the reports a location offers — daily and period reports, and custom and pivot reports by category. */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const business = useBusiness(businessId);
  const custom = useCustomReports(businessId);
  const pivots = usePivotReports(businessId);
  const categories = useReportCategories(businessId);
  // The spec's toasts ('Failed to fetch custom reports', 'Failed to fetch pivot reports'), beside the inline state with Try again.
  useErrorToast(custom.error);
  useErrorToast(pivots.error);
  const { run: actions, pending } = useReportActions(businessId);
  const confirmation = useConfirmation();
  const ask = confirmation.ask;
  const customCols = useMemo(() => customColumns(businessId, actions, ask), [businessId, actions, ask]);
  const pivotCols = useMemo(() => pivotColumns(businessId, actions, ask), [businessId, actions, ask]);

  if (!user) return null;
  const settings = business.data?.reportsettings;
  const offered = offersReports(settings);
  const slugs = offeredReportSlugs(settings).filter((entry) => entry.screen && (!entry.permission || userCan(user, entry.permission)));
  // Staff reports that are no slug of the registry, for those who may read them.
  const staffReports = STAFF_REPORT_LINKS.filter((entry) => userCan(user, entry.permission));
  const procCategories = (categories.data ?? []).filter((c) => c.type === 'proc');
  const pivotCategories = (categories.data ?? []).filter((c) => c.type === 'pivot');

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageHeader
        title="Reports"
        description="Custom and pivot reports by category, and the daily and period reports this location offers."
        actions={
          <>
            <ButtonLink to={reportPaths.newCustom(businessId)}>New custom report</ButtonLink>
            <ButtonLink variant="secondary" to={reportPaths.newPivot(businessId)}>
              New pivot report
            </ButtonLink>
            {canManageReportCategories(user) ? (
              <ButtonLink variant="secondary" to={reportPaths.categories(businessId)}>
                Categories
              </ButtonLink>
            ) : null}
            <ButtonLink variant="secondary" to={reportPaths.gallery(businessId)}>
              Gallery
            </ButtonLink>
            <ButtonLink variant="secondary" to={reportPaths.deleted(businessId)}>
              Deleted reports
            </ButtonLink>
          </>
        }
      />

      {!offered ? (
        <EmptyState
          className="mt-6"
          title={MESSAGES.reportsTurnedOff}
          description="An owner can turn them on in this location's report settings."
          actions={userCan(user, 'setting.editsetting') ? <ButtonLink to={businessPath(businessId, 'settings')}>Report settings</ButtonLink> : null}
        />
      ) : null}

      {slugs.length > 0 || staffReports.length > 0 ? (
        <section aria-labelledby="daily-reports" className="mt-6">
          <h2 id="daily-reports" className="text-lg font-semibold text-slate-900">
            Daily and period reports
          </h2>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {slugs.map((entry) => (
              <li key={entry.slug}>
                <Link to={businessPath(businessId, entry.path)} className="flex flex-col rounded-xl bg-white p-4 ring-1 ring-slate-200 hover:ring-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600">
                  <span className="font-medium text-slate-900">{entry.title}</span>
                  <span className="text-xs text-slate-500">{REPORT_SLUG_KIND_LABEL[entry.kind]}</span>
                </Link>
              </li>
            ))}
            {staffReports.map((entry) => (
              <li key={entry.path}>
                <Link to={businessPath(businessId, entry.path)} className="flex flex-col rounded-xl bg-white p-4 ring-1 ring-slate-200 hover:ring-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600">
                  <span className="font-medium text-slate-900">{entry.title}</span>
                  <span className="text-xs text-slate-500">Staff reports</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="custom-reports" className="mt-8 space-y-4">
        <h2 id="custom-reports" className="text-lg font-semibold text-slate-900">
          Custom reports
        </h2>
        {custom.isError ? (
          <LoadError error={custom.error} fallback={MESSAGES.failedToFetchCustomReports} onRetry={() => void custom.refetch()} />
        ) : !custom.data || categories.isLoading ? (
          <LoadingRegion label="Loading custom reports">
            <Skeleton className="h-32 w-full" />
          </LoadingRegion>
        ) : custom.data.length === 0 ? (
          offered ? (
            <EmptyState title="No custom reports yet" description="Build one from a report function, or copy one from the gallery." actions={<ButtonLink to={reportPaths.newCustom(businessId)}>New custom report</ButtonLink>} />
          ) : null
        ) : (
          groupByCategory(withRights(custom.data, user), procCategories).map((group) => (
            <div key={group.category?.id ?? 'none'} className="space-y-2">
              <CategoryHeading category={group.category} fallback="Uncategorised" />
              <SavedDataTable
                businessId={businessId}
                name="reports-custom"
                title="Custom reports"
                caption={`Custom reports: ${group.category?.category_name ?? 'Uncategorised'}`}
                columns={customCols}
                rows={group.reports}
                getRowId={(r) => r.id}
              />
            </div>
          ))
        )}
      </section>

      <section aria-labelledby="pivot-reports" className="mt-8 space-y-4">
        <h2 id="pivot-reports" className="text-lg font-semibold text-slate-900">
          Pivot reports
        </h2>
        {pivots.isError ? (
          <LoadError error={pivots.error} fallback={MESSAGES.failedToFetchPivotReports} onRetry={() => void pivots.refetch()} />
        ) : !pivots.data || categories.isLoading ? (
          <LoadingRegion label="Loading pivot reports">
            <Skeleton className="h-24 w-full" />
          </LoadingRegion>
        ) : pivots.data.length === 0 ? (
          offered ? (
            <EmptyState
              title="No pivot reports yet"
              description="Pivot a data source or a report by rows and columns, or copy one from the gallery."
              actions={<ButtonLink to={reportPaths.newPivot(businessId)}>New pivot report</ButtonLink>}
            />
          ) : null
        ) : (
          groupByCategory(withRights(pivots.data, user), pivotCategories).map((group) => (
            <div key={group.category?.id ?? 'none'} className="space-y-2">
              <CategoryHeading category={group.category} fallback="Uncategorised" />
              <SavedDataTable
                businessId={businessId}
                name="reports-pivot"
                title="Pivot reports"
                caption={`Pivot reports: ${group.category?.category_name ?? 'Uncategorised'}`}
                columns={pivotCols}
                rows={group.reports}
                getRowId={(r) => r.id}
              />
            </div>
          ))
        )}
      </section>

      <AllLocationsReports />

      <AskedDeletion confirmation={confirmation} run={actions} pending={pending.deletion} />
    </div>
  );
}
