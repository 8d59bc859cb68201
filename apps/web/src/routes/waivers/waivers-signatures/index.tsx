import { addDays, formatInstantIn, MESSAGES, rangeProblem, WAIVER_INFO_LIMIT_MAX, WAIVER_RANGE_MAX_DAYS, waiverExports, type WaiverSignature } from '@salondesk/core';
import { useSalondeskClient, useWaivers, useWaiverSignatures, waiverQueries } from '@salondesk/react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import { ExportActions } from '../../../app/ExportActions';
import { loadEveryPage } from '../../../app/loadEveryPage';
import { LoadError } from '../../../app/LoadError';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useReportDays } from '../../../app/useReportDays';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { DateRangePicker } from '../../../ui/DateRangePicker';
import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectField } from '../../../ui/SelectField';
import { WaiverTabs } from '../WaiverTabs';
import { useBusinessId } from '../../../app/useBusinessId';

const LIMIT = 25;

/**
 * `/{businessId}/waivers/signatures?start=&end=&waiver=&page=`: the signatures of a range, a page
 * at a time (`waiver/get-info`), newest first; each opens the version the client signed.
 */
export function Component() {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const { params, today, start, end, patch } = useReportDays(display.timezone, { defaultDays: 365 });
  const waiverId = Number(params.get('waiver')) || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const problem = rangeProblem(start, end, WAIVER_RANGE_MAX_DAYS);
  const waivers = useWaivers(businessId);
  const list = useWaiverSignatures(businessId, problem ? { start: '', end: '' } : { start, end, page, limit: LIMIT, ...(waiverId ? { waiver_id: waiverId } : {}) });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / LIMIT)) : 1;
  const columns = useMemo<DataColumn<WaiverSignature>[]>(
    () => [
      {
        id: 'client',
        header: 'Client',
        cell: (s) => (
          <Link className="font-medium text-brand-700 hover:underline" to={`/${businessId}/waivers/signatures/${s.id}`}>
            {s.customer_name || s.signed_name}
          </Link>
        ),
        priority: 'always',
        size: 220,
      },
      { id: 'waiver', header: 'Waiver', cell: (s) => s.waiver_name, priority: 'always', size: 220 },
      { id: 'version', header: 'Version signed', cell: (s) => (s.version === s.current_version ? `${s.version}` : `${s.version} (now ${s.current_version})`), priority: 1 },
      { id: 'signed_at', header: 'Signed', cell: (s) => formatInstantIn(s.signed_at, display.timezone), priority: 2, size: 230 },
      { id: 'signed_name', header: 'Typed name', cell: (s) => s.signed_name, priority: 3 },
    ],
    [businessId, display.timezone],
  );
  const presets = [
    { id: 'last-365', label: 'Last 365 days', start: addDays(today, -364), end: today },
    { id: 'last-30', label: 'Last 30 days', start: addDays(today, -29), end: today },
  ];
  const options = [{ value: '', label: 'All waivers' }, ...(waivers.data?.waivers ?? []).map((w) => ({ value: String(w.id), label: w.name }))];
  const filter = { start, end, ...(waiverId ? { waiver_id: waiverId } : {}) };
  const waiverName = waiverId ? waivers.data?.waivers.find((w) => w.id === waiverId)?.name : undefined;

  // Print loads every page of the filter first; the table then shows them all until "Show pages".
  const client = useSalondeskClient();
  const queryClient = useQueryClient();
  const search = JSON.stringify(filter);
  const [printed, setPrinted] = useState<{ search: string; rows: WaiverSignature[] } | null>(null);
  const everyRow = printed?.search === search ? printed.rows : null;
  const preparePrint = async (onProgress: (loaded: number, total: number) => void) => {
    const rows = await loadEveryPage(async (p) => {
      const got = await queryClient.fetchQuery(waiverQueries.info(client, businessId, { ...filter, page: p, limit: WAIVER_INFO_LIMIT_MAX }));
      return { items: got.rows, total: got.total, pageSize: got.limit };
    }, onProgress);
    flushSync(() => setPrinted({ search, rows }));
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={waiverName ? `Signatures · ${waiverName}` : 'Signatures'} businessId={businessId} range={problem ? null : { start, end }} />
      <PageHeader
        className="print:hidden"
        eyebrow="Waivers"
        title="Signatures"
        description="Every signature, with the version the client signed."
        actions={
          <>
            <WaiverTabs businessId={businessId} current="signatures" />
            {problem ? null : <ExportActions endpoint={waiverExports.signatures} params={{ id: businessId }} query={filter} onPreparePrint={preparePrint} />}
          </>
        }
      />
      <div className="mt-6 flex flex-wrap items-end gap-3 print:hidden">
        <DateRangePicker start={start} end={end} max={today} presets={presets} error={problem} onChange={(next) => patch({ start: next.start, end: next.end, page: '' })} />
        <SelectField label="Waiver" options={options} value={waiverId ? String(waiverId) : ''} onChange={(e) => patch({ waiver: e.target.value, page: '' })} />
      </div>
      {problem ? null : list.isError ? (
        <LoadError className="mt-6" error={list.error} fallback={MESSAGES.failedToFetchWaivers} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <p role="status" className="mt-6 text-sm text-slate-700">
            {list.data ? `${list.data.total} ${list.data.total === 1 ? 'signature' : 'signatures'}` : 'Loading signatures'}
            {everyRow ? (
              <Button className="ml-3 print:hidden" size="sm" variant="secondary" onClick={() => setPrinted(null)}>
                Show pages
              </Button>
            ) : null}
          </p>
          <SavedDataTable
            className="mt-3"
            businessId={businessId}
            name="waiver-signatures"
            caption="Signatures"
            columns={columns}
            rows={everyRow ?? list.data?.rows}
            manualSorting
            getRowId={(s) => s.id}
            rowLabel={(s) => s.customer_name}
            empty={<EmptyState title="No signatures in this range" />}
          />
          <nav aria-label="Pages" className={everyRow ? 'hidden' : 'mt-4 flex items-center gap-3 print:hidden'}>
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => patch({ page: String(page - 1) })}>
              Previous page
            </Button>
            <span className="text-sm text-slate-700">
              Page {page} of {pages}
            </span>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => patch({ page: String(page + 1) })}>
              Next page
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
