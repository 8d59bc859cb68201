import { addDays, dayInZone, dayLabel, exportEndpoints, HISTORY_ACTION_LABEL, type HistoryAction, type HistoryEntry } from '@salondesk/core';
import { transactionQueries, useSalondeskClient, useTransactionHistory } from '@salondesk/react';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'react-router-dom';
import { ExportActions } from '../../../app/ExportActions';
import { loadEveryPage } from '../../../app/loadEveryPage';
import { patchSearchParams } from '../../../app/patchSearchParams';
import { RangePicker, rangeFrom } from '../../../app/RangePicker';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { TicketLink } from '../../../app/TicketLink';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useBusinessId } from '../../../app/useBusinessId';
type Display = ReturnType<typeof useBusinessDisplay>;
import { useErrorToast } from '../../../app/useErrorToast';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { SelectField } from '../../../ui/SelectField';
import type { DataColumn } from '../../../ui/DataTable';
import { TextField } from '../../../ui/TextField';

type Entry = HistoryEntry;

/**
 * Newest first as the server pages them (so the headings do not sort a page of it): the ticket
 * and the amount stay on a phone, the rest folds into each entry's detail.
 */
function historyColumns(businessId: number, display: Display): DataColumn<Entry>[] {
  return [
    {
      id: 'ticket',
      header: 'Ticket',
      value: (h) => h.queue_id,
      cell: (h) => (
        <>
          {/* A block of its own: a link alone in its block needs no underline to be told from text (axe link-in-text-block). */}
          <div>
            <TicketLink businessId={businessId} id={h.queue_id} />
          </div>
          {h.ticket_day !== h.day ? <div className="text-xs font-normal whitespace-nowrap text-slate-500">of {dayLabel(h.ticket_day)}</div> : null}
        </>
      ),
      sortable: false,
      size: 120,
    },
    { id: 'when', header: `When (${display.timezone})`, value: (h) => `${h.day} ${display.time(h.created_at)}`, cell: (h) => <span className="whitespace-nowrap tabular-nums">{h.day} {display.time(h.created_at)}</span>, sortable: false, size: 190, priority: 1 },
    { id: 'action', header: 'Action', value: (h) => HISTORY_ACTION_LABEL[h.action], sortable: false, size: 130, priority: 2 },
    { id: 'by', header: 'By', value: (h) => h.user?.name ?? '—', sortable: false, size: 150, priority: 3 },
    {
      id: 'reason',
      header: 'Reason and note',
      value: (h) => h.reason ?? '',
      cell: (h) => (
        <>
          {h.reason ?? ''}
          {h.note ? <div className="text-xs text-slate-500">{h.note}</div> : null}
        </>
      ),
      sortable: false,
      size: 240,
      priority: 4,
    },
    { id: 'amount', header: 'Amount', value: (h) => h.amount, cell: (h) => (h.amount === null ? '' : display.money(h.amount)), align: 'end', sortable: false, size: 120, priority: 'always' },
  ];
}

/** `/{businessId}/transactions/history`: who did what to which ticket, and why (platform admins). */
export function Component() {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const [params, setParams] = useSearchParams();
  const today = dayInZone(new Date(), display.timezone);
  const defaults = { start: addDays(today, -29), end: today };
  const range = params.has('start') ? rangeFrom(params, today) : defaults;
  const q = params.get('q') ?? '';
  const action = (params.get('action') ?? '') as HistoryAction | '';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const deferredQ = useDeferredValue(q);
  const history = useTransactionHistory(businessId, range.start, range.end, { q: deferredQ, ...(action ? { action } : {}), page });
  useErrorToast(history.error);
  const set = (changes: Record<string, string>) =>
    setParams((prev) => {
      const next = patchSearchParams(prev, { ...(prev.has('start') ? {} : range), ...changes });
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  const columns = useMemo(() => historyColumns(businessId, display), [businessId, display]);
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / history.data.pageSize)) : 1;
  // Print loads every page of the search first; the table then shows them all until "Show pages".
  const client = useSalondeskClient();
  const queryClient = useQueryClient();
  const search = JSON.stringify([range, deferredQ, action]);
  const [printed, setPrinted] = useState<{ search: string; entries: HistoryEntry[] } | null>(null);
  const everyEntry = printed?.search === search ? printed.entries : null;
  const preparePrint = async (onProgress: (loaded: number, total: number) => void) => {
    const entries = await loadEveryPage(async (p) => {
      const page = await queryClient.fetchQuery(transactionQueries.history(client, businessId, range.start, range.end, { q: deferredQ, ...(action ? { action } : {}), page: p }));
      return { items: page.entries, total: page.total, pageSize: page.pageSize };
    }, onProgress);
    flushSync(() => setPrinted({ search, entries }));
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader
        title={action ? `${exportEndpoints.transactionHistory.title} · ${HISTORY_ACTION_LABEL[action]}` : exportEndpoints.transactionHistory.title}
        businessId={businessId}
        range={range}
      />
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between print:hidden">
        <div>
          <p className="text-sm font-medium text-brand-700">Admin</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">Transaction history</h1>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <RangePicker start={range.start} end={range.end} today={today} onChange={(r) => set(r)} />
          <ExportActions
            endpoint={exportEndpoints.transactionHistory}
            params={{ id: businessId }}
            query={{ ...range, q: deferredQ, ...(action ? { action } : {}) }}
            onPreparePrint={preparePrint}
          />
        </div>
      </header>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end print:hidden">
        <TextField label="Search" type="search" placeholder="Ticket #, reason, note or person" value={q} onChange={(e) => set({ q: e.target.value })} className="sm:w-80" />
        <SelectField
          label="Action"
          value={action}
          onChange={(e) => set({ action: e.target.value })}
          options={[{ value: '', label: 'All actions' }, ...(Object.keys(HISTORY_ACTION_LABEL) as HistoryAction[]).map((a) => ({ value: a, label: HISTORY_ACTION_LABEL[a] }))]}
          className="sm:w-48"
        />
      </div>
      {history.isError ? (
        <EmptyState tone="error" className="mt-6" title={history.error.message} />
      ) : (
        <>
          <SavedDataTable
            className="mt-6"
            businessId={businessId}
            name="transaction-history"
            title="Transaction history"
            caption="Transaction history"
            columns={columns}
            rows={everyEntry ?? history.data?.entries}
            getRowId={(h) => h.id}
            rowLabel={(h) => `#${h.queue_id}, ${HISTORY_ACTION_LABEL[h.action]}`}
            empty="Nothing in the history for this search"
          />
          {history.data && history.data.entries.length > 0 ? (
            <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-slate-600 print:hidden">
              <span>
                {everyEntry ? <>All {everyEntry.length.toLocaleString('en-US')} entries</> : <>{history.data.total.toLocaleString('en-US')} entries · page {page} of {pages}</>}
              </span>
              {everyEntry ? (
                <Button size="sm" variant="secondary" onClick={() => setPrinted(null)}>
                  Show pages
                </Button>
              ) : null}
              <span className={everyEntry ? 'hidden' : 'flex gap-2'}>
                <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => set({ page: String(page - 1) })}>
                  Previous
                </Button>
                <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => set({ page: String(page + 1) })}>
                  Next
                </Button>
              </span>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
