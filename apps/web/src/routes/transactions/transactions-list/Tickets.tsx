import { exportEndpoints, rangeLabel, searchRangeProblem, type SortDirection, type TicketSort, TRANSACTION_STATUS_LABELS } from '@salondesk/core';
import { useTableSettings, useTicketSearch } from '@salondesk/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import type { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useErrorToast } from '../../../app/useErrorToast';
import { usePhoneFormat } from '../../../app/usePhoneFormat';
import { Button } from '../../../ui/Button';
import { DataTable } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { ListFiguresPanel } from './ListFiguresPanel';
import { ticketColumns } from './ticketColumns';
import { useLoadNearEnd } from './useLoadNearEnd';

type Display = ReturnType<typeof useBusinessDisplay>;
type Range = { start: string; end: string };

/** How long typing pauses before the search asks the server. */
const TYPING_PAUSE_MS = 250;

/** The columns the server sorts by, and the order of each. */
const SORTS: Record<string, TicketSort> = { customer: 'customer', ticket: 'ticket', when: 'time', total: 'total' };
/** The name of the tickets table's saved settings. */
const TABLE = 'transactions-tickets';

/**
 * The tickets of the range, searched and filtered on the server and read page by page (more as the
 * table is scrolled near its end, or by "Load more"); printing loads every page first.
 */
export function Tickets({ businessId, range, params, set, display }: { businessId: number; range: Range; params: URLSearchParams; set: (c: Record<string, string>) => void; display: Display }) {
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
