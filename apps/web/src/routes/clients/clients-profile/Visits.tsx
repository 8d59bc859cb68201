import { MESSAGES } from '@salondesk/core';
import { useClientVisits } from '@salondesk/react';
import { useState } from 'react';
import { LoadError } from '../../../app/LoadError';
import { TicketLink } from '../../../app/TicketLink';
import { Button } from '../../../ui/Button';
import { DataTable, type DataColumn } from '../../../ui/DataTable';

type Visit = NonNullable<ReturnType<typeof useClientVisits>['data']>['rows'][number];

/** The client's visit history, a page at a time, newest first: each ticket with its lines, staff, total, tips and refunds. */
export function Visits({ businessId, clientId, money, canSeeTickets }: { businessId: number; clientId: number; money: (cents: number) => string; canSeeTickets: boolean }) {
  const [page, setPage] = useState(1);
  const visits = useClientVisits(businessId, clientId, page);
  const pages = Math.max(1, Math.ceil((visits.data?.total ?? 0) / (visits.data?.page_size ?? 20)));
  const columns: DataColumn<Visit>[] = [
    { id: 'ticket', header: 'Ticket', value: (v) => v.ticket_id, cell: (v) => (canSeeTickets ? <TicketLink businessId={businessId} id={v.ticket_id} /> : `#${v.ticket_id}`), priority: 'always', size: 90 },
    { id: 'day', header: 'Day', value: (v) => v.day, priority: 'always', size: 110 },
    { id: 'items', header: 'Services and products', value: (v) => v.items.map((i) => i.name).join(', '), cell: (v) => v.items.map((i) => (i.quantity > 1 ? `${i.name} ×${i.quantity}` : i.name)).join(', ') || (v.completed ? '—' : v.status), priority: 1, size: 280 },
    { id: 'staff', header: 'Staff', value: (v) => v.staff ?? '', priority: 2, size: 140 },
    { id: 'total', header: 'Total', value: (v) => v.total, cell: (v) => (v.completed ? money(v.total) : '—'), align: 'end', priority: 'always', size: 110 },
    { id: 'tips', header: 'Tips', value: (v) => v.tips, cell: (v) => money(v.tips), align: 'end', priority: 3, size: 90 },
    { id: 'refunded', header: 'Refunded', value: (v) => v.refunded, cell: (v) => (v.refunded ? money(v.refunded) : '—'), align: 'end', priority: 4, size: 100 },
  ];
  return (
    <section className="mt-6" aria-label="Visit history">
      {visits.isError && !visits.data ? (
        <LoadError error={visits.error} fallback={MESSAGES.failedToFetchClients} onRetry={() => void visits.refetch()} />
      ) : (
        <DataTable
          caption={`Visit history (${visits.data ? `${visits.data.total.toLocaleString('en-US')} ticket${visits.data.total === 1 ? '' : 's'}` : '…'})`}
          showCaption
          columns={columns}
          rows={visits.data?.rows}
          loading={visits.isFetching}
          getRowId={(v) => v.ticket_id}
          rowLabel={(v) => `ticket #${v.ticket_id}`}
          empty="No tickets yet."
        />
      )}
      {pages > 1 ? (
        <nav className="mt-2 flex items-center justify-end gap-2 text-sm text-slate-600" aria-label="Visit pages">
          <span>
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
