import { INVOICE_STATUS_LABEL, type Invoice } from '@salondesk/core';
import { Link } from 'react-router-dom';
import type { DataColumn } from '../../ui/DataTable';
import { StatusBadge } from '../../ui/StatusBadge';
import { invoiceBadge, invoicePath, money } from './billingShared';

/** The columns every invoice list starts with: the invoice (a link to it, in its own business), its status with past due, its total. */
export function invoiceColumns(priorities: { status: number } = { status: 1 }): DataColumn<Invoice>[] {
  return [
    {
      id: 'invoice',
      header: 'Invoice',
      value: (i) => i.id,
      priority: 'always',
      size: 120,
      cell: (i) => (
        <Link to={invoicePath(i.business_id, i.id)} className="font-medium text-brand-700 tabular-nums hover:underline">
          #{i.id}
        </Link>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      value: (i) => INVOICE_STATUS_LABEL[i.status],
      size: 200,
      priority: priorities.status,
      cell: (i) => (
        <span className="flex flex-wrap gap-1">
          <StatusBadge {...invoiceBadge(i.status)} />
          {i.past_due ? <StatusBadge label="Past due" tone="danger" /> : null}
        </span>
      ),
    },
    { id: 'total', header: 'Total', value: (i) => i.total, cell: (i) => money(i.total, i.currency), align: 'end', priority: 'always', size: 120 },
  ];
}
