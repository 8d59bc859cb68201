import { MESSAGES, reportFunction } from '@salondesk/core';
import { useCustomReport } from '@salondesk/react';
import { Navigate, useParams } from 'react-router-dom';
import { LoadError } from '../../../../app/LoadError';
import { EmptyState } from '../../../../ui/EmptyState';
import { LoadingRegion } from '../../../../ui/LoadingRegion';
import { Skeleton } from '../../../../ui/Skeleton';
import { ReportViewer } from '../ReportViewer';
import { useBusinessId } from '../../../../app/useBusinessId';

/**
 * `/{businessId}/reports/custom/{id}`: a custom report of the catalogue, opened — a procedure or
 * function report runs its function with its own parameters, labels and level.
 */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
  const reportId = Number(params.reportId);
  const report = useCustomReport(businessId, reportId);

  if (report.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <LoadError error={report.error} fallback={MESSAGES.failedToFetchCustomReportSettings} onRetry={() => void report.refetch()} headingLevel={1} />
      </div>
    );
  }
  if (!report.data) {
    return (
      <LoadingRegion label="Loading the report" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <Skeleton className="h-24 w-full" />
      </LoadingRegion>
    );
  }
  const r = report.data;
  // An embed report is a Metabase question: its viewer is the embed's.
  if (r.type === 'embed') return <Navigate to={`/${businessId}/reports/embed/${r.id}`} replace />;
  const fn = reportFunction(r.name);
  if (!fn) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <EmptyState
          title={r.title}
          headingLevel={1}
          description={`The reports schema has no function ${r.name}.`}
        />
      </div>
    );
  }
  return (
    <ReportViewer
      key={r.id}
      businessId={businessId}
      source={{ kind: 'function', name: fn.name }}
      title={r.title}
      description={r.description || fn.description}
      eyebrow={r.category_name ?? 'Custom report'}
      level={r.report_level}
      layout={r.report_layout}
      parameters={r.params.length > 0 ? r.params : undefined}
      columns={r.columns}
      columnsBefore={r.add_columns_before}
      keys={fn.key}
      tableName={`custom-report-${r.id}`}
    />
  );
}
