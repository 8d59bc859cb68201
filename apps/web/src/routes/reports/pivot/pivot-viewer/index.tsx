import { canChangeReport, exportEndpoints, MESSAGES, type PivotPage, pivotPageCount } from '@salondesk/core';
import { pivotQueries, usePivotRun, useSalondeskClient, useSession } from '@salondesk/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../../../app/ButtonLink';
import { ExportActions } from '../../../../app/ExportActions';
import { LoadError } from '../../../../app/LoadError';
import { ReportPrintHeader } from '../../../../app/ReportPrintHeader';
import { Button } from '../../../../ui/Button';
import { PageHeader } from '../../../../ui/PageHeader';
import { PivotTable } from '../PivotTable';
import { reportPaths } from '../../catalogue/paths';
import { enginePaths } from '../../engine/paths';
import { useRunFinished } from '../../engine/useRunFinished';
import { pivotPaths } from '../paths';
import { PivotScreenLoading } from '../PivotScreenLoading';
import { usePivotGrid } from '../usePivotGrid';
import { useBusinessId } from '../../../../app/useBusinessId';

/** Rows a page holds on screen (printing loads every page, this many at a time). */
const PAGE_SIZE = 100;
const PRINT_PAGE_SIZE = 1_000;

/**
 * `/{businessId}/reports/pivot/{id}`: a saved pivot report — its grid (grouped column headers,
 * subtotal and grand-total rows styled apart) a page of rows at a time (`?page=`; every figure is
 * over all the rows, so a page never changes a total), its export (CSV, XLSX) and print (every
 * page). A pivot that takes long is computed by the job queue: the page says so and links to the
 * kept result when the notification arrives.
 */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
  const reportId = Number(params.reportId);
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(search.get('page') ?? 1)) || 1);
  const run = usePivotRun(businessId, reportId, page, PAGE_SIZE);
  const user = useSession().session?.user;
  const client = useSalondeskClient();
  const queryClient = useQueryClient();
  // Every page, while printing: the table shows them all.
  const [printPages, setPrintPages] = useState<PivotPage[] | null>(null);
  useEffect(() => {
    if (!printPages) return;
    const done = () => setPrintPages(null);
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, [printPages]);

  const answer = run.data;
  const result = answer?.status === 'done' ? answer.result : undefined;
  const { grid, formatValue } = usePivotGrid(businessId, printPages ?? (result ? [result] : undefined));
  const queuedRun = answer?.status === 'queued' ? answer.run.id : null;
  const finished = useRunFinished(businessId, queuedRun);

  if (run.isError) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <LoadError error={run.error} fallback={MESSAGES.failedToFetchPivotReports} onRetry={() => void run.refetch()} headingLevel={1} />
      </div>
    );
  }
  if (!answer) {
    return <PivotScreenLoading />;
  }

  const { report } = answer;
  const pages = result ? pivotPageCount(result.rowCount, result.pageSize) : 1;
  const goTo = (next: number) =>
    setSearch((current) => {
      const copy = new URLSearchParams(current);
      if (next <= 1) copy.delete('page');
      else copy.set('page', String(next));
      return copy;
    });
  const preparePrint = async (onProgress: (loaded: number, total: number) => void) => {
    const all: PivotPage[] = [];
    for (let p = 1; ; p++) {
      const next = await queryClient.fetchQuery(pivotQueries.run(client, businessId, reportId, p, PRINT_PAGE_SIZE));
      if (next.status !== 'done') throw new Error('This pivot is being computed; print it from its kept result.');
      all.push(next.result);
      onProgress(Math.min(p * PRINT_PAGE_SIZE, next.result.rowCount), next.result.rowCount);
      if (p >= pivotPageCount(next.result.rowCount, PRINT_PAGE_SIZE)) break;
    }
    setPrintPages(all);
    // Let React put every row in the page before the browser lays the print out.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const from = result && result.rowCount > 0 ? (result.page - 1) * result.pageSize + 1 : 0;
  const to = result ? Math.min(result.rowCount, result.page * result.pageSize) : 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={report.title} businessId={businessId} />
      <PageHeader
        className="print:hidden"
        eyebrow={report.category_name ? `Pivot report · ${report.category_name}` : 'Pivot report'}
        title={report.title}
        description={report.description || undefined}
        actions={
          <>
            <ButtonLink variant="ghost" to={reportPaths.home(businessId)}>
              All reports
            </ButtonLink>
            <ButtonLink variant="secondary" to={pivotPaths.new(businessId)}>
              New pivot report
            </ButtonLink>
            {user && canChangeReport(user, report) ? (
              <ButtonLink variant="secondary" to={pivotPaths.edit(businessId, report.id)} aria-label={`Edit ${report.title}`}>
                Edit
              </ButtonLink>
            ) : null}
            <ExportActions endpoint={exportEndpoints.pivotReport} params={{ id: businessId, reportId: report.id }} query={{}} onPreparePrint={preparePrint} />
          </>
        }
      />

      {answer.status === 'queued' ? (
        <div role="status" className="mt-8 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800">
          {finished ? (
            <p>
              {finished.title}.{' '}
              <Link className="font-medium text-brand-700 underline" to={enginePaths.run(businessId, answer.run.id)}>
                Open the result
              </Link>
            </p>
          ) : (
            <p>This pivot reads a lot of rows, so it is being computed in the background. You will be told here and in your notifications when it is ready.</p>
          )}
        </div>
      ) : grid ? (
        <>
          <PivotTable className="mt-8" grid={grid} formatValue={formatValue} caption={report.title} loading={run.isPlaceholderData} empty="The source has no rows for this pivot." />
          {result && !printPages ? (
            <nav aria-label="Pages of the pivot" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700 print:hidden">
              <p aria-live="polite">
                Rows {from.toLocaleString('en-US')}–{to.toLocaleString('en-US')} of {result.rowCount.toLocaleString('en-US')} (subtotals and totals count as rows; every figure is over all of them)
              </p>
              <span className="flex items-center gap-2">
                <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                  Previous page
                </Button>
                <span>
                  Page {Math.min(page, pages)} of {pages}
                </span>
                <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                  Next page
                </Button>
              </span>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
