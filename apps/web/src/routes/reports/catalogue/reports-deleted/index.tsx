import { DELETION_ACTION_LABEL, type DeletionRecord, formatInstantIn, type MarkedReport, MESSAGES, REPORT_KIND_LABEL } from '@salondesk/core';
import { useDeletedReports } from '@salondesk/react';
import { useMemo } from 'react';
import { LoadError } from '../../../../app/LoadError';
import { SavedDataTable } from '../../../../app/SavedDataTable';
import { useErrorToast } from '../../../../app/useErrorToast';
import { useBusinessDisplay } from '../../../../app/useBusinessDisplay';
import { Button } from '../../../../ui/Button';
import type { DataColumn } from '../../../../ui/DataTable';
import { StatusBadge } from '../../../../ui/StatusBadge';
import { AskedDeletion, CatalogueHeader, type ReportRef, useConfirmation, useReportActions } from '../reportActions';
import { useBusinessId } from '../../../../app/useBusinessId';

type MarkedRow = MarkedReport & { onRestore: () => void; onDelete: () => void };

const who = (person: { name: string; username: string } | null) => (person ? `${person.name} (${person.username})` : 'Unknown');

function markedColumns(timezone: string): DataColumn<MarkedRow>[] {
  return [
    { id: 'title', header: 'Report', value: (r) => r.title, className: 'font-medium text-slate-900', size: 260, priority: 'always' },
    { id: 'kind', header: 'Kind', value: (r) => REPORT_KIND_LABEL[r.type], size: 140, priority: 4 },
    { id: 'by', header: 'Marked by', value: (r) => who(r.deletedBy), size: 200, priority: 2 },
    { id: 'at', header: 'Marked', value: (r) => r.deleted_at, cell: (r) => formatInstantIn(r.deleted_at, timezone), size: 220, priority: 3 },
    {
      id: 'actions',
      header: 'Actions',
      cell: (r) => (
        <span className="flex justify-end gap-1">
          <Button size="sm" variant="secondary" onClick={r.onRestore} aria-label={`Restore ${r.title}`}>
            Restore
          </Button>
          <Button size="sm" variant="danger" onClick={r.onDelete} aria-label={`Delete ${r.title} for good`}>
            Delete for good
          </Button>
        </span>
      ),
      align: 'end',
      size: 260,
      priority: 1,
    },
  ];
}

function historyColumns(timezone: string): DataColumn<DeletionRecord>[] {
  return [
    { id: 'title', header: 'Report', value: (r) => r.title, size: 240, priority: 'always' },
    {
      id: 'action',
      header: 'What',
      value: (r) => DELETION_ACTION_LABEL[r.action],
      cell: (r) => <StatusBadge label={DELETION_ACTION_LABEL[r.action]} tone={r.action === 'restore' ? 'success' : r.action === 'delete' ? 'danger' : 'warning'} />,
      size: 170,
      priority: 1,
    },
    { id: 'by', header: 'By', value: (r) => who(r.deletedBy), size: 200, priority: 2 },
    { id: 'at', header: 'When', value: (r) => r.at, cell: (r) => formatInstantIn(r.at, timezone), size: 220, priority: 3 },
    { id: 'kind', header: 'Kind', value: (r) => REPORT_KIND_LABEL[r.type], size: 140, priority: 4 },
  ];
}

/**
 * `/{businessId}/reports/catalogue/deleted`: reports marked for deletion, with who marked them and
 * when — restore one, or delete it for good after confirming — and who changed which report's
 * deletion state lately (spec 000 §4).
 */
export function Component() {
  const businessId = useBusinessId();
  const deleted = useDeletedReports(businessId);
  useErrorToast(deleted.error);
  const { timezone } = useBusinessDisplay(businessId);
  const { run, pending } = useReportActions(businessId);
  const confirmation = useConfirmation();
  const marked = useMemo(() => markedColumns(timezone), [timezone]);
  const history = useMemo(() => historyColumns(timezone), [timezone]);
  const ref = (r: MarkedReport): ReportRef => ({ id: r.report_id, type: r.type, title: r.title });
  const rows = deleted.data?.marked.map((r): MarkedRow => ({ ...r, onRestore: () => run.deletion(ref(r), 'restore'), onDelete: () => confirmation.ask(ref(r), 'delete') }));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <CatalogueHeader businessId={businessId} title="Deleted reports" description="Reports marked for deletion stay here until they are restored or deleted for good." />
      <div className="mt-6 space-y-8">
        {deleted.isError ? (
          <LoadError error={deleted.error} fallback={MESSAGES.failedToFetchCustomReports} onRetry={() => void deleted.refetch()} />
        ) : (
          <>
            <section aria-labelledby="marked" className="space-y-2">
              <h2 id="marked" className="text-lg font-semibold text-slate-900">
                Marked for deletion
              </h2>
              <SavedDataTable businessId={businessId} name="reports-deleted" title="Reports marked for deletion" caption="Reports marked for deletion" columns={marked} rows={rows} getRowId={(r) => `${r.type}-${r.report_id}`} empty="No report is marked for deletion." />
            </section>
            <section aria-labelledby="history" className="space-y-2">
              <h2 id="history" className="text-lg font-semibold text-slate-900">
                Latest changes
              </h2>
              <SavedDataTable businessId={businessId} name="reports-deletion-history" title="Deletion history" caption="Who marked, restored or deleted reports" columns={history} rows={deleted.data?.history} getRowId={(r) => r.id} empty="Nothing yet." />
            </section>
          </>
        )}
      </div>
      <AskedDeletion confirmation={confirmation} run={run} pending={pending.deletion} />
    </div>
  );
}
