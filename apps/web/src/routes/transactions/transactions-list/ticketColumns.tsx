import { customerOf, dayLabel, tenderLabel, type TicketSearchRow } from '@salondesk/core';
import { Link } from 'react-router-dom';
import { statusBadge } from '../../../app/statusTone';
import type { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import type { DataColumn } from '../../../ui/DataTable';
import { StatusBadge } from '../../../ui/StatusBadge';

type Display = ReturnType<typeof useBusinessDisplay>;

/**
 * The tickets table's columns: the customer identifies a row (first, pinned, never folded) and
 * the total never folds either; at narrower widths the others fold into the row's detail, the
 * day and time last. The columns that sort are the server's orders.
 */
export function ticketColumns(businessId: number, display: Display, phone: (p: string) => string, oneDay: boolean): DataColumn<TicketSearchRow>[] {
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
