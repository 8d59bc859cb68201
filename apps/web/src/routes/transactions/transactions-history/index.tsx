import { addDays, dayInZone, dayLabel, exportEndpoints, HISTORY_ACTION_LABEL, type HistoryAction, type HistoryEntry } from '@salondesk/core';
import { transactionQueries, useSalondeskClient, useTransactionHistory } from '@salondesk/react';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { flushSync } from 'react-dom';
import { useParams, useSearchParams } from 'react-router-dom';
import { ExportActions } from '../../../app/ExportActions';
import { loadEveryPage } from '../../../app/loadEveryPage';
import { patchSearchParams } from '../../../app/patchSearchParams';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { RangePicker, rangeFrom } from '../../../app/RangePicker';
import { TicketLink } from '../../../app/TicketLink';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useErrorToast } from '../../../app/useErrorToast';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { TableHead } from '../../../ui/TableHead';
import { TextField } from '../../../ui/TextField';

/** `/{businessId}/transactions/history`: who did what to which ticket, and why (platform admins). */
export function Component() {
  const businessId = Number(useParams().businessId);
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
  const shown = everyEntry ?? history.data?.entries ?? [];

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
      ) : !history.data ? (
        <Skeleton className="mt-6 h-64 w-full" />
      ) : history.data.entries.length === 0 ? (
        <EmptyState className="mt-6" title="Nothing in the history for this search" />
      ) : (
        <>
          <div className="mt-6 overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Transaction history</caption>
              <TableHead columns={[`When (${display.timezone})`, 'Ticket', 'Action', 'By', 'Reason and note', 'Amount']} figuresFrom={5} />
              <tbody>
                {shown.map((h) => (
                  <tr key={h.id} className="border-t border-slate-100 align-top">
                    <td className="px-4 py-2 whitespace-nowrap tabular-nums">
                      {h.day} {display.time(h.created_at)}
                    </td>
                    <td className="px-4 py-2">
                      <TicketLink businessId={businessId} id={h.queue_id} />
                      {h.ticket_day !== h.day ? <div className="text-xs whitespace-nowrap text-slate-500">of {dayLabel(h.ticket_day)}</div> : null}
                    </td>
                    <td className="px-4 py-2">{HISTORY_ACTION_LABEL[h.action]}</td>
                    <td className="px-4 py-2">{h.user?.name ?? '—'}</td>
                    <td className="px-4 py-2">
                      {h.reason ?? ''}
                      {h.note ? <div className="text-xs text-slate-500">{h.note}</div> : null}
                    </td>
                    <td className="px-4 py-2 text-right tabular-nums">{h.amount === null ? '' : display.money(h.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
        </>
      )}
    </div>
  );
}
