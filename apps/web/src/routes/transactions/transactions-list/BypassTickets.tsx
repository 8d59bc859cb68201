import { customerOf } from '@salondesk/core';
import { useBypassTransactions } from '@salondesk/react';
import { useMemo } from 'react';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { TicketLink } from '../../../app/TicketLink';
import type { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useErrorToast } from '../../../app/useErrorToast';
import type { DataColumn } from '../../../ui/DataTable';

type Display = ReturnType<typeof useBusinessDisplay>;

/** The day's tickets taken in bypass mode (card payments taken while the terminal was offline). */
export function BypassTickets({ businessId, day, display }: { businessId: number; day: string; display: Display }) {
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
