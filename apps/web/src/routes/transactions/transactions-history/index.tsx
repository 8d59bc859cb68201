import { addDays, dayInZone, dayLabel, HISTORY_ACTION_LABEL, type HistoryAction } from '@salondesk/core';
import { useTransactionHistory } from '@salondesk/react';
import { useDeferredValue } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { patchSearchParams } from '../../../app/patchSearchParams';
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

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <p className="text-sm font-medium text-brand-700">Admin</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">Transaction history</h1>
        </div>
        <RangePicker start={range.start} end={range.end} today={today} onChange={(r) => set(r)} />
      </header>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
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
                {history.data.entries.map((h) => (
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
          <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-slate-600">
            <span>
              {history.data.total.toLocaleString('en-US')} entries · page {page} of {pages}
            </span>
            <span className="flex gap-2">
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
