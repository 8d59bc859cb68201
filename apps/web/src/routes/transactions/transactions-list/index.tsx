import {
  customerOf,
  emptyAggregate,
  FIGURES,
  figureValue,
  LISTED_TICKETS,
  type DashboardMetric,
  type ListFigures,
  dayInZone,
  dayLabel,
  exportEndpoints,
  rangeLabel,
  searchRangeProblem,
  tenderLabel,
  type TicketSearchRow,
  type TicketSort,
  type SortDirection,
  TRANSACTION_STATUS_LABELS,
} from '@salondesk/core';
import { useBypassTransactions, useProviderTransactions, useTableSettings, useTicketSearch } from '@salondesk/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ExportActions } from '../../../app/ExportActions';
import { patchSearchParams } from '../../../app/patchSearchParams';
import { RangePicker, rangeFrom } from '../../../app/RangePicker';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { statusBadge } from '../../../app/statusTone';
import { TicketLink } from '../../../app/TicketLink';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useErrorToast } from '../../../app/useErrorToast';
import { usePhoneFormat } from '../../../app/usePhoneFormat';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { LoadError } from '../../../app/LoadError';
import { EmptyState } from '../../../ui/EmptyState';
import { FigureLabel } from '../../../ui/FigureLabel';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { StatusBadge } from '../../../ui/StatusBadge';
import { TextField } from '../../../ui/TextField';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { SavedDataTable } from '../../../app/SavedDataTable';

const VIEWS = [
  { value: 'tickets', label: 'Tickets' },
  { value: 'cards', label: 'Card payments' },
  { value: 'bypass', label: 'Bypass mode' },
] as const;
type View = (typeof VIEWS)[number]['value'];

/** How long typing pauses before the search asks the server. */
const TYPING_PAUSE_MS = 250;

/**
 * `/{businessId}/transactions?start=&end=&q=&status=&view=`: the tickets of a range of
 * days (an older `?day=D` means start = end = D), searched on the server and read page by page.
 */
export function Component() {
  const businessId = Number(useParams().businessId);
  const display = useBusinessDisplay(businessId);
  const [params, setParams] = useSearchParams();
  const today = dayInZone(new Date(), display.timezone);
  const range = rangeFrom(params, today);
  const view: View = (VIEWS.find((v) => v.value === params.get('view'))?.value ?? 'tickets') as View;
  const set = useCallback((changes: Record<string, string>) => setParams((prev) => patchSearchParams(prev, changes), { replace: true }), [setParams]);
  // One day's list names that day; a range names its days.
  const title = range.start === range.end ? dayLabel(range.start) : rangeLabel(range);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={exportEndpoints.transactions.title} businessId={businessId} range={range} />
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between print:hidden">
        <div>
          <p className="text-sm font-medium text-brand-700">Transactions</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        </div>
        <RangePicker start={range.start} end={range.end} today={today} weekStartsOn={display.weekStartsOn} onChange={(r) => set({ start: r.start, end: r.end, day: '' })} />
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
        <Tickets businessId={businessId} range={range} params={params} set={set} display={display} />
      ) : (
        <OneDay range={range}>{(day) => (view === 'cards' ? <CardPayments businessId={businessId} day={day} display={display} /> : <Bypass businessId={businessId} day={day} display={display} />)}</OneDay>
      )}
    </div>
  );
}

type Display = ReturnType<typeof useBusinessDisplay>;
type Range = { start: string; end: string };

/** Card payments and bypass-mode tickets are read a day at a time: a range shows its last day, and says so. */
function OneDay({ range, children }: { range: Range; children: (day: string) => React.ReactNode }) {
  return (
    <>
      {range.start !== range.end ? (
        <p className="mt-4 text-sm text-slate-600" role="note">
          This list is kept a day at a time: it shows {dayLabel(range.end)}, the last day of the range. Pick one day to see another.
        </p>
      ) : null}
      {children(range.end)}
    </>
  );
}

/** The columns the server sorts by, and the order of each. */
const SORTS: Record<string, TicketSort> = { customer: 'customer', ticket: 'ticket', when: 'time', total: 'total' };
/** The name of the tickets table's saved settings. */
const TABLE = 'transactions-tickets';

function Tickets({ businessId, range, params, set, display }: { businessId: number; range: Range; params: URLSearchParams; set: (c: Record<string, string>) => void; display: Display }) {
  const status = params.get('status') ?? '';
  const urlQuery = params.get('q') ?? '';
  // What is typed goes to the address (and the server) once typing pauses.
  const [typed, setTyped] = useState(urlQuery);
  useEffect(() => setTyped(urlQuery), [urlQuery]);
  useEffect(() => {
    if (typed === urlQuery) return;
    const timer = setTimeout(() => set({ q: typed }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, urlQuery, set]);
  // The person's table settings (sorting, columns, widths), saved for them; the server sorts.
  const table = useTableSettings(businessId, TABLE, { title: 'Tickets' });
  const sorted = table.settings.sorting?.[0];
  const order: { sort: TicketSort; dir: SortDirection } = sorted && SORTS[sorted.id] ? { sort: SORTS[sorted.id] as TicketSort, dir: sorted.desc ? 'desc' : 'asc' } : { sort: 'time', dir: 'desc' };
  const problem = searchRangeProblem(range);
  const validStatus = (TRANSACTION_STATUS_LABELS as readonly string[]).includes(status) ? status : '';
  const search = useTicketSearch(
    businessId,
    { start: range.start, end: range.end, q: urlQuery.trim().slice(0, 100), status: validStatus as never, sort: order.sort, dir: order.dir },
    problem === null && !table.isLoading,
  );
  useErrorToast(search.error);
  const phone = usePhoneFormat(businessId);
  // One array per set of pages: a new one on every render would rebuild the table's model of every row (10,000 on a long day).
  const pages = search.data?.pages;
  const rows = useMemo(() => pages?.flatMap((p) => p.transactions), [pages]);
  const summary = search.data?.pages[0]?.summary ?? null;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  useLoadNearEnd(loadMore, rows?.length ?? 0, Boolean(hasNextPage) && !isFetchingNextPage);
  const oneDay = range.start === range.end;
  const columns = useMemo(() => ticketColumns(businessId, display, phone, oneDay), [businessId, display, phone, oneDay]);
  // Print loads every page of the search first, so the printed report holds every matching ticket.
  const preparePrint = async (onProgress: (loaded: number, total: number) => void) => {
    let result = search;
    const total = () => result.data?.pages[0]?.summary?.matched ?? 0;
    const loaded = () => result.data?.pages.reduce((n, p) => n + p.transactions.length, 0) ?? 0;
    onProgress(loaded(), total());
    while (result.hasNextPage) {
      result = await result.fetchNextPage();
      if (result.isError) throw result.error;
      onProgress(loaded(), total());
    }
  };

  return (
    <>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end print:hidden">
        <TextField
          label="Search"
          type="search"
          placeholder="Ticket #, customer, phone, staff"
          hint="A phone in any format, a ticket number, a customer’s or staff member’s name"
          value={typed}
          maxLength={100}
          onChange={(e) => setTyped(e.target.value)}
          className="sm:w-80"
        />
        <SelectField
          label="Status"
          value={validStatus}
          onChange={(e) => set({ status: e.target.value })}
          options={[{ value: '', label: 'All statuses' }, ...TRANSACTION_STATUS_LABELS.filter((l) => l !== 'Deleted').map((l) => ({ value: l, label: l }))]}
          className="sm:w-56"
        />
        <ExportActions
          endpoint={exportEndpoints.transactions}
          params={{ id: businessId }}
          query={{ start: range.start, end: range.end, q: urlQuery.trim().slice(0, 100), status: validStatus }}
          onPreparePrint={preparePrint}
        />
        <p className="text-sm text-slate-600 sm:ml-auto" aria-live="polite">
          {summary && rows && (urlQuery.trim() !== '' || validStatus !== '') ? <>{summary.matched.toLocaleString('en-US')} of {summary.figures.listed.toLocaleString('en-US')} tickets listed match</> : null}
        </p>
      </div>
      {summary ? <ListFiguresPanel figures={summary.figures} range={range} display={display} /> : null}
      <div className="mt-4" data-testid="tickets" data-loaded={rows?.length ?? 0}>
        {problem ? (
          <EmptyState tone="error" title={problem} description="Pick fewer days." />
        ) : search.isError && !rows ? (
          <LoadError error={search.error} onRetry={() => void search.refetch()} retrying={search.isFetching} />
        ) : (
          <>
            <DataTable
              caption={`Tickets of ${rangeLabel(range)}`}
              columns={columns}
              rows={rows}
              getRowId={(r) => r.id}
              rowLabel={(r) => `ticket #${r.id}`}
              loading={search.isFetching && !isFetchingNextPage}
              manualSorting
              settings={table.settings}
              onSettingsChange={table.onSettingsChange}
              rowHeight={49}
              empty={
                summary && summary.figures.listed === 0
                  ? `${oneDay ? 'No tickets on this day' : 'No tickets on these days'}. Pick other days.`
                  : 'No ticket matches. Change the search, the status filter or the days.'
              }
            />
            {rows && rows.length > 0 ? (
              <div className="mt-3 flex items-center justify-between gap-3 text-sm text-slate-600 print:hidden">
                <span aria-live="polite">
                  {rows.length.toLocaleString('en-US')} {summary ? `of ${summary.matched.toLocaleString('en-US')} ` : ''}tickets shown
                </span>
                {hasNextPage ? (
                  <Button variant="secondary" size="sm" onClick={loadMore} loading={isFetchingNextPage}>
                    Load more
                  </Button>
                ) : null}
              </div>
            ) : null}
            {search.isError && rows ? <LoadError error={search.error} onRetry={() => void search.fetchNextPage()} retrying={search.isFetching} /> : null}
          </>
        )}
      </div>
    </>
  );
}

/**
 * Loads the next page when the table is scrolled near its end (the table scrolls inside itself),
 * as a person reading down the list expects; "Load more" does the same by keyboard. It listens
 * only while there is a page to load, and reads the scroll position once a frame at most (a read
 * in the scroll event itself would force a layout on every event).
 */
function useLoadNearEnd(loadMore: () => void, loaded: number, more: boolean) {
  const latest = useRef(loadMore);
  latest.current = loadMore;
  useEffect(() => {
    if (!more) return;
    const area = document.querySelector<HTMLElement>('[data-testid=tickets] [data-testid=data-table-scroll]');
    if (!area) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      if (area.scrollHeight - area.scrollTop - area.clientHeight < 600) latest.current();
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    area.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => {
      area.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [loaded, more]);
}

/**
 * The tickets table's columns: the customer identifies a row (first, pinned, never folded) and
 * the total never folds either; at narrower widths the others fold into the row's detail, the
 * day and time last. The columns that sort are the server's orders.
 */
function ticketColumns(businessId: number, display: Display, phone: (p: string) => string, oneDay: boolean): DataColumn<TicketSearchRow>[] {
  const when = (row: TicketSearchRow) => (oneDay ? display.time(row.checkin_at) : `${dayLabel(row.day).split(', ')[1] ?? row.day}, ${display.time(row.checkin_at)}`);
  return [
    {
      id: 'customer',
      header: 'Customer',
      priority: 'always',
      size: 230,
      minSize: 150,
      value: (row) => customerOf(row.phones).name,
      cell: (row) => {
        const customer = customerOf(row.phones);
        const name = customer.phone && customer.name === customer.phone ? phone(customer.phone) : customer.name;
        return (
          <Link to={`/${businessId}/transactions/${row.id}`} className="block min-w-0 font-medium text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
            <span className="block truncate">{name}</span>
            {customer.phone && customer.name !== customer.phone ? <span className="block truncate text-xs font-normal text-slate-500">{phone(customer.phone)}</span> : null}
          </Link>
        );
      },
    },
    { id: 'ticket', header: 'Ticket', priority: 2, size: 100, value: (row) => row.id, cell: (row) => <span className="tabular-nums">#{row.id}</span> },
    { id: 'when', header: oneDay ? 'Checked in' : 'Day and time', priority: 1, size: oneDay ? 110 : 150, value: (row) => row.checkin_at, cell: (row) => <span className="tabular-nums text-slate-600">{when(row)}</span> },
    { id: 'staff', header: 'Staff', priority: 4, size: 150, cell: (row) => <span className="truncate text-slate-600">{row.staff ?? '—'}</span> },
    {
      id: 'status',
      header: 'Status',
      priority: 3,
      size: 190,
      cell: (row) => {
        const badge = statusBadge(row.status);
        return (
          <span className="flex flex-wrap gap-1">
            <StatusBadge label={badge.label} tone={badge.tone} />
            {row.refunded > 0 ? <StatusBadge label="Refunded" tone="warning" /> : null}
          </span>
        );
      },
    },
    { id: 'tender', header: 'Tender', priority: 5, size: 120, cell: (row) => <span className="text-xs text-slate-600">{tenderLabel(row) || '—'}</span> },
    {
      id: 'total',
      header: 'Total',
      priority: 'always',
      align: 'end',
      size: 110,
      minSize: 90,
      value: (row) => (row.status === 'CHECKOUT' ? row.total : -1),
      cell: (row) => <span className="font-medium tabular-nums text-slate-900">{row.status === 'CHECKOUT' ? display.money(row.total) : '—'}</span>,
    },
  ];
}

/** The range's figures, by the same definitions as every other screen (the list's search and filters do not change them). */
const LIST_FIGURES: DashboardMetric[] = ['tickets', 'sales', 'refunds', 'net', 'tips'];

function ListFiguresPanel({ figures, range, display }: { figures: ListFigures; range: Range; display: Display }) {
  const totals = { ...emptyAggregate(), ...figures };
  return (
    <section aria-label={`Figures of ${rangeLabel(range)}`} className="mt-4 rounded-2xl bg-white px-4 py-3 ring-1 ring-slate-200">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <div>
          <dt className="text-xs text-slate-500">
            <FigureLabel label={LISTED_TICKETS.label} meaning={LISTED_TICKETS.meaning} />
          </dt>
          <dd className="font-semibold tabular-nums text-slate-900">{figures.listed.toLocaleString('en-US')}</dd>
        </div>
        {LIST_FIGURES.map((f) => (
          <div key={f}>
            <dt className="text-xs text-slate-500">
              <FigureLabel label={FIGURES[f].label} meaning={FIGURES[f].meaning} />
            </dt>
            <dd className="font-semibold tabular-nums text-slate-900">{display.metric(figureValue(f, totals), FIGURES[f].format)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-500">Refunds here are those made on these days, on their tickets or earlier ones; a ticket’s Refunded badge shows refunds made on it at any time.</p>
    </section>
  );
}

function CardPayments({ businessId, day, display }: { businessId: number; day: string; display: Display }) {
  const provider = display.business.data?.info.currency === 'USD' || !display.business.data ? 'stripe' : 'nmi';
  const list = useProviderTransactions(businessId, provider, day, display.business.isSuccess);
  useErrorToast(list.error);
  const columns = useMemo(() => cardPaymentColumns(businessId, display), [businessId, display]);
  if (list.isError) return <LoadError className="mt-4" error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  return (
    <SavedDataTable
      className="mt-4"
      businessId={businessId}
      name="card-payments"
      title="Card payments"
      caption={`Card payments through ${provider}`}
      columns={columns}
      rows={list.data?.transactions}
      getRowId={(p) => p.id}
      rowLabel={(p) => `card payment of ticket #${p.queue_id}`}
      loading={list.isFetching}
      empty="No card payments on this day"
    />
  );
}

type CardPayment = NonNullable<ReturnType<typeof useProviderTransactions>['data']>['transactions'][number];

/** The card payments' columns: the ticket and the amount never fold. */
function cardPaymentColumns(businessId: number, display: Display): DataColumn<CardPayment>[] {
  return [
    { id: 'ticket', header: 'Ticket', priority: 'always', size: 110, value: (p) => p.queue_id, cell: (p) => <TicketLink businessId={businessId} id={p.queue_id} /> },
    { id: 'time', header: 'Time', priority: 1, size: 100, value: (p) => p.created_at, cell: (p) => <span className="tabular-nums">{display.time(p.created_at)}</span> },
    { id: 'customer', header: 'Customer', priority: 2, size: 180, value: (p) => p.customer },
    { id: 'card', header: 'Card', priority: 3, size: 150, value: (p) => (p.mappedCard ? `${p.mappedCard.brand} •••• ${p.mappedCard.last4}` : '—') },
    { id: 'auth', header: 'Auth', priority: 5, size: 110, value: (p) => p.auth_code, cell: (p) => <span className="font-mono text-xs">{p.auth_code}</span> },
    { id: 'charge', header: 'Charge', priority: 4, size: 110, value: (p) => (p.charge_status === 'CAPTURE' ? 'Captured' : 'Voided') },
    { id: 'amount', header: 'Amount', priority: 'always', align: 'end', size: 110, value: (p) => p.amount, cell: (p) => <span className="tabular-nums">{display.money(p.amount)}</span> },
  ];
}

function Bypass({ businessId, day, display }: { businessId: number; day: string; display: Display }) {
  const list = useBypassTransactions(businessId, day);
  useErrorToast(list.error);
  const columns = useMemo(() => bypassColumns(businessId, display), [businessId, display]);
  if (list.isError) return <LoadError className="mt-4" error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  return (
    <SavedDataTable
      className="mt-4"
      businessId={businessId}
      name="bypass-tickets"
      title="Bypass-mode tickets"
      caption="Tickets taken in bypass mode"
      columns={columns}
      rows={list.data?.transactions}
      getRowId={(row) => row.id}
      rowLabel={(row) => `ticket #${row.id}`}
      loading={list.isFetching}
      empty="No bypass-mode tickets on this day. Card payments taken while the terminal was offline show here."
    />
  );
}

type BypassRow = NonNullable<ReturnType<typeof useBypassTransactions>['data']>['transactions'][number];

function bypassColumns(businessId: number, display: Display): DataColumn<BypassRow>[] {
  return [
    { id: 'ticket', header: 'Ticket', priority: 'always', size: 110, value: (row) => row.id, cell: (row) => <TicketLink businessId={businessId} id={row.id} /> },
    { id: 'customer', header: 'Customer', priority: 1, size: 200, value: (row) => customerOf(row.phones).name },
    { id: 'time', header: 'Checked in', priority: 2, size: 110, value: (row) => row.checkin_at, cell: (row) => <span className="tabular-nums">{display.time(row.checkin_at)}</span> },
    { id: 'amount', header: 'Card amount', priority: 'always', align: 'end', size: 120, value: (row) => row.creditamount, cell: (row) => <span className="tabular-nums">{display.money(row.creditamount)}</span> },
  ];
}
