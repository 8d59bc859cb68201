import { endpoints, MESSAGES, REPORT_RUN_PAGE_MAX, reportFunction } from '@salondesk/core';
import { useReportRun } from '@salondesk/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ExportActions } from '../../../../app/ExportActions';
import { LoadError } from '../../../../app/LoadError';
import { ReportPrintHeader } from '../../../../app/ReportPrintHeader';
import { Button } from '../../../../ui/Button';
import { LoadingRegion } from '../../../../ui/LoadingRegion';
import { PageHeader } from '../../../../ui/PageHeader';
import { Skeleton } from '../../../../ui/Skeleton';
import { Spinner } from '../../../../ui/Spinner';
import { StatusBanner } from '../../../../ui/StatusBanner';
import { ResultTable } from '../ResultTable';
import { useRunFinished } from '../useRunFinished';
import { useBusinessId } from '../../../../app/useBusinessId';

const PAGE = REPORT_RUN_PAGE_MAX;

/**
 * `/{businessId}/reports/runs/{id}`: a long report run kept on the server. While it is queued or
 * running it says so (asked again every few seconds, and at once when the `reportRunFinished`
 * notification arrives); finished, its rows in the shared table a thousand at a time, every row
 * in its CSV or XLSX export.
 */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
  const runId = Number(params.runId);
  const [offset, setOffset] = useState(0);
  const page = useReportRun(businessId, runId, { offset, limit: PAGE });
  const waiting = page.data ? ['queued', 'running'].includes(page.data.run.status) : false;
  useRunFinished(businessId, waiting ? runId : null);
  const run = page.data?.run;
  const keys = run?.source.kind === 'function' ? (reportFunction(run.source.name)?.key ?? []) : [];

  if (page.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <LoadError error={page.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void page.refetch()} headingLevel={1} />
      </div>
    );
  }
  if (!run) {
    return (
      <LoadingRegion label="Loading the report run" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="mt-6 h-72 w-full" />
      </LoadingRegion>
    );
  }
  const start = typeof run.params.start_day === 'string' ? run.params.start_day : typeof run.params.start === 'string' ? run.params.start : null;
  const end = typeof run.params.end_day === 'string' ? run.params.end_day : typeof run.params.end === 'string' ? run.params.end : start;
  const range = start && end ? { start, end } : undefined;
  const last = Math.min(offset + PAGE, run.row_count);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={run.title} businessId={businessId} range={range} />
      <PageHeader
        className="print:hidden"
        eyebrow="Report run"
        title={run.title}
        description={range ? `${range.start} to ${range.end}` : undefined}
        actions={run.status === 'finished' ? <ExportActions endpoint={endpoints.reportEngineExports.reportRun} params={{ id: businessId, runId }} query={{}} /> : null}
      />
      {waiting ? (
        <div className="mt-8 flex items-center gap-3 rounded-2xl bg-white p-6 ring-1 ring-slate-200" role="status">
          <Spinner size="md" />
          <div>
            <p className="font-medium text-slate-900">{run.status === 'queued' ? 'Waiting to run' : 'Running'}</p>
            <p className="text-sm text-slate-600">You can leave this page: the notification says when the result is ready.</p>
          </div>
        </div>
      ) : null}
      {run.status === 'failed' ? (
        <StatusBanner className="mt-8" title="This run failed">
          {run.error ?? MESSAGES.failedToRunQuery}
        </StatusBanner>
      ) : null}
      {run.status === 'finished' ? (
        <>
          <p className="mt-6 text-sm text-slate-600" aria-live="polite">
            {run.row_count === 0 ? 'No rows.' : `Rows ${(offset + 1).toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${run.row_count.toLocaleString('en-US')}`}
            {run.truncated ? ' (the run stopped at the row cap)' : ''}
          </p>
          <ResultTable
            className="mt-3"
            businessId={businessId}
            name={`report-run-${run.source.kind === 'function' ? run.source.name.replace(/_/g, '-') : `datasource-${run.source.id}`}`}
            title={run.title}
            caption={run.title}
            columns={run.columns}
            rows={page.data?.rows}
            keys={keys}
            loading={page.isFetching}
            empty="No rows."
            maxHeight="70vh"
          />
          {run.row_count > PAGE ? (
            <nav aria-label="Pages of rows" className="mt-4 flex justify-end gap-2 print:hidden">
              <Button variant="secondary" size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
                Previous {PAGE.toLocaleString('en-US')}
              </Button>
              <Button variant="secondary" size="sm" disabled={last >= run.row_count} onClick={() => setOffset(offset + PAGE)}>
                Next {PAGE.toLocaleString('en-US')}
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
