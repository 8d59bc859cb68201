import {
  addDays,
  customerOf,
  dayListFigures,
  emptyAggregate,
  FIGURES,
  figureValue,
  LISTED_TICKETS,
  type DashboardMetric,
  type TransactionDay,
  dayInZone,
  dayLabel,
  exportEndpoints,
  tenderLabel,
  ticketMatches,
  ticketSearchText,
  TRANSACTION_STATUS_LABELS,
  transactionStatusLabel,
  type TransactionRow,
} from '@salondesk/core';
import { useBypassTransactions, useProviderTransactions, useTransactionDay } from '@salondesk/react';
import { useDeferredValue, useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ExportActions } from '../../../app/ExportActions';
import { patchSearchParams } from '../../../app/patchSearchParams';
import { rangeFrom } from '../../../app/RangePicker';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { statusBadge } from '../../../app/statusTone';
import { TicketLink } from '../../../app/TicketLink';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useErrorToast } from '../../../app/useErrorToast';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { LoadError } from '../../../app/LoadError';
import { EmptyState } from '../../../ui/EmptyState';
import { FigureLabel } from '../../../ui/FigureLabel';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { StatusBadge } from '../../../ui/StatusBadge';
import { TableHead } from '../../../ui/TableHead';
import { TextField } from '../../../ui/TextField';
import { VirtualList } from '../../../ui/VirtualList';

const ROW_HEIGHT = 56;
const VIEWS = [
  { value: 'tickets', label: 'Tickets' },
  { value: 'cards', label: 'Card payments' },
  { value: 'bypass', label: 'Bypass mode' },
] as const;
type View = (typeof VIEWS)[number]['value'];

/** `/{businessId}/transactions?day=&status=&q=&view=`: the tickets of one day, filtered and searched. */
export function Component() {
  const businessId = Number(useParams().businessId);
  const display = useBusinessDisplay(businessId);
  const [params, setParams] = useSearchParams();
  const today = dayInZone(new Date(), display.timezone);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.get('day') ?? '') ? (params.get('day') as string) : today;
  // The export covers the range in the address (`?start=&end=`), else the day shown.
  const range = params.has('start') || params.has('end') ? rangeFrom(params, day) : { start: day, end: day };
  const status = params.get('status') ?? '';
  const query = params.get('q') ?? '';
  const view: View = (VIEWS.find((v) => v.value === params.get('view'))?.value ?? 'tickets') as View;
  const deferredQuery = useDeferredValue(query);
  const set = (changes: Record<string, string>) =>
    setParams((prev) => patchSearchParams(prev, changes), { replace: true });

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={exportEndpoints.transactions.title} businessId={businessId} range={range} />
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between print:hidden">
        <div>
          <p className="text-sm font-medium text-brand-700">Transactions</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{dayLabel(day)}</h1>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <Button variant="secondary" onClick={() => set({ day: addDays(day, -1) })} aria-label="Previous day">
            ‹
          </Button>
          <TextField label="Day" type="date" value={day} max={today} onChange={(e) => e.target.value && set({ day: e.target.value })} className="w-44" />
          <Button variant="secondary" onClick={() => set({ day: addDays(day, 1) })} disabled={day >= today} aria-label="Next day">
            ›
          </Button>
          {day !== today ? (
            <Button variant="ghost" onClick={() => set({ day: '' })}>
              Today
            </Button>
          ) : null}
          <ExportActions endpoint={exportEndpoints.transactions} params={{ id: businessId }} query={{ ...range, q: query, status }} />
        </div>
      </header>

      <div role="group" aria-label="What to list" className="mt-6 flex gap-1 border-b border-slate-200 print:hidden">
        {VIEWS.map((v) => (
          <button
            key={v.value}
            type="button"
            aria-pressed={view === v.value}
            onClick={() => set({ view: v.value === 'tickets' ? '' : v.value })}
            className={cx(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
              view === v.value ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {v.label}
          </button>
        ))}
      </div>

      {view === 'tickets' ? (
        <Tickets businessId={businessId} day={day} status={status} query={deferredQuery} rawQuery={query} set={set} display={display} />
      ) : view === 'cards' ? (
        <CardPayments businessId={businessId} day={day} display={display} />
      ) : (
        <Bypass businessId={businessId} day={day} display={display} />
      )}
    </div>
  );
}

type Display = ReturnType<typeof useBusinessDisplay>;

function Tickets({ businessId, day, status, query, rawQuery, set, display }: { businessId: number; day: string; status: string; query: string; rawQuery: string; set: (c: Record<string, string>) => void; display: Display }) {
  const list = useTransactionDay(businessId, day);
  useErrorToast(list.error);
  const rows = list.data?.transactions;
  const indexed = useMemo(() => (rows ?? []).map((row) => ({ row, text: ticketSearchText(row) })), [rows]);
  const filtered = useMemo(
    () => indexed.filter((r) => (status === '' || transactionStatusLabel(r.row.status) === status) && ticketMatches(r.text, query)).map((r) => r.row),
    [indexed, status, query],
  );

  return (
    <>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end print:hidden">
        <TextField label="Search" type="search" placeholder="Ticket #, customer, phone, staff" value={rawQuery} onChange={(e) => set({ q: e.target.value })} className="sm:w-80" />
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => set({ status: e.target.value })}
          options={[{ value: '', label: 'All statuses' }, ...TRANSACTION_STATUS_LABELS.filter((l) => l !== 'Deleted').map((l) => ({ value: l, label: l }))]}
          className="sm:w-56"
        />
        <p className="text-sm text-slate-600 sm:ml-auto" aria-live="polite">
          {rows && filtered.length !== rows.length ? <>Showing {filtered.length.toLocaleString('en-US')} of {rows.length.toLocaleString('en-US')} tickets listed</> : null}
        </p>
      </div>
      {list.data ? <DayFigures list={list.data} display={display} /> : null}
      <div className="mt-4">
        {list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : !rows ? (
          <div aria-busy="true" className="space-y-2">
            <p role="status" className="sr-only">
              Loading the tickets
            </p>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : filtered.length === 0 ? (
          <EmptyState title={rows.length === 0 ? 'No tickets on this day' : 'No ticket matches'} description={rows.length === 0 ? 'Pick another day.' : 'Change the search or the status filter.'} />
        ) : (
          <VirtualList
            items={filtered}
            rowHeight={ROW_HEIGHT}
            getKey={(r) => r.id}
            label={`Tickets of ${day}`}
            header={
              <div className="hidden grid-cols-[5rem_6rem_1fr_8rem_11rem_7rem_7rem] gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold text-slate-600 md:grid">
                <span>Ticket</span>
                <span>Checked in</span>
                <span>Customer</span>
                <span>Staff</span>
                <span>Status</span>
                <span>Tender</span>
                <span className="text-right">
                  Total
                </span>
              </div>
            }
            renderRow={(row) => <TicketRow row={row} businessId={businessId} display={display} />}
          />
        )}
      </div>
    </>
  );
}

/** The day's figures, by the same definitions as every other screen (the list's filters do not change them). */
const DAY_FIGURES: DashboardMetric[] = ['tickets', 'sales', 'refunds', 'net', 'tips'];

function DayFigures({ list, display }: { list: TransactionDay; display: Display }) {
  const figures = dayListFigures(list);
  const totals = { ...emptyAggregate(), ...figures };
  return (
    <section aria-label={`Figures of ${list.day}`} className="mt-4 rounded-2xl bg-white px-4 py-3 ring-1 ring-slate-200">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <div>
          <dt className="text-xs text-slate-500">
            <FigureLabel label={LISTED_TICKETS.label} meaning={LISTED_TICKETS.meaning} />
          </dt>
          <dd className="font-semibold tabular-nums text-slate-900">{figures.listed.toLocaleString('en-US')}</dd>
        </div>
        {DAY_FIGURES.map((f) => (
          <div key={f}>
            <dt className="text-xs text-slate-500">
              <FigureLabel label={FIGURES[f].label} meaning={FIGURES[f].meaning} />
            </dt>
            <dd className="font-semibold tabular-nums text-slate-900">{display.metric(figureValue(f, totals), FIGURES[f].format)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-500">Refunds here are those made on this day, on its tickets or earlier ones; a ticket’s Refunded badge shows refunds made on it at any time.</p>
    </section>
  );
}

function TicketRow({ row, businessId, display }: { row: TransactionRow; businessId: number; display: Display }) {
  const customer = customerOf(row.phones);
  const badge = statusBadge(row.status);
  return (
    <Link
      to={`/${businessId}/transactions/${row.id}`}
      className="grid h-full grid-cols-[1fr_auto] items-center gap-x-3 px-4 text-sm hover:bg-slate-50 focus-visible:bg-brand-50 focus-visible:outline-none md:grid-cols-[5rem_6rem_1fr_8rem_11rem_7rem_7rem]"
    >
      <span className="font-medium text-slate-900 max-md:hidden">
        #{row.id}
      </span>
      <span className="tabular-nums text-slate-600 max-md:hidden">
        {display.time(row.checkin_at)}
      </span>
      <span className="min-w-0 truncate">
        <span className="text-slate-900">{customer.name}</span>
        <span className="ml-2 text-xs text-slate-500 md:hidden">
          #{row.id} · {display.time(row.checkin_at)}
        </span>
        {customer.phone ? <span className="ml-2 text-xs text-slate-500 max-md:hidden">{customer.phone}</span> : null}
      </span>
      <span className="truncate text-slate-600 max-md:hidden">
        {row.staff ?? '—'}
      </span>
      <span className="max-md:hidden">
        <StatusBadge label={badge.label} tone={badge.tone} />
        {row.refunded > 0 ? <StatusBadge label="Refunded" tone="warning" className="ml-1" /> : null}
      </span>
      <span className="text-xs text-slate-600 max-md:hidden">
        {tenderLabel(row) || '—'}
      </span>
      <span className="text-right font-medium tabular-nums text-slate-900">
        {row.status === 'CHECKOUT' ? display.money(row.total) : <StatusBadge label={badge.label} tone={badge.tone} className="md:hidden" />}
        {row.status === 'CHECKOUT' ? null : <span className="max-md:hidden">—</span>}
      </span>
    </Link>
  );
}

function CardPayments({ businessId, day, display }: { businessId: number; day: string; display: Display }) {
  const provider = display.business.data?.info.currency === 'USD' || !display.business.data ? 'stripe' : 'nmi';
  const list = useProviderTransactions(businessId, provider, day, display.business.isSuccess);
  useErrorToast(list.error);
  if (list.isError) return <EmptyState tone="error" className="mt-4" title={list.error.message} />;
  if (!list.data) return <Skeleton className="mt-4 h-40 w-full" />;
  if (list.data.transactions.length === 0) return <EmptyState className="mt-4" title="No card payments on this day" />;
  return (
    <div className="mt-4 overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Card payments through {provider}</caption>
        <TableHead columns={['Ticket', 'Time', 'Customer', 'Card', 'Auth', 'Charge', 'Amount']} figuresFrom={6} />
        <tbody>
          {list.data.transactions.map((p) => (
            <tr key={p.id} className="border-t border-slate-100">
              <td className="px-4 py-2">
                <TicketLink businessId={businessId} id={p.queue_id} />
              </td>
              <td className="px-4 py-2 tabular-nums">{display.time(p.created_at)}</td>
              <td className="px-4 py-2">{p.customer}</td>
              <td className="px-4 py-2">{p.mappedCard ? `${p.mappedCard.brand} •••• ${p.mappedCard.last4}` : '—'}</td>
              <td className="px-4 py-2 font-mono text-xs">{p.auth_code}</td>
              <td className="px-4 py-2">{p.charge_status === 'CAPTURE' ? 'Captured' : 'Voided'}</td>
              <td className="px-4 py-2 text-right tabular-nums">{display.money(p.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Bypass({ businessId, day, display }: { businessId: number; day: string; display: Display }) {
  const list = useBypassTransactions(businessId, day);
  useErrorToast(list.error);
  if (list.isError) return <EmptyState tone="error" className="mt-4" title={list.error.message} />;
  if (!list.data) return <Skeleton className="mt-4 h-40 w-full" />;
  if (list.data.transactions.length === 0) return <EmptyState className="mt-4" title="No bypass-mode tickets on this day" description="Card payments taken while the terminal was offline show here." />;
  return (
    <ul className="mt-4 divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200">
      {list.data.transactions.map((row) => (
        <li key={row.id}>
          <Link to={`/${businessId}/transactions/${row.id}`} className="flex items-center justify-between px-4 py-3 text-sm hover:bg-slate-50">
            <span>
              <span className="font-medium">#{row.id}</span> · {customerOf(row.phones).name} · {display.time(row.checkin_at)}
            </span>
            <span className="tabular-nums">{display.money(row.creditamount)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
