import { useProviderTransactions } from '@salondesk/react';
import { useMemo } from 'react';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { TicketLink } from '../../../app/TicketLink';
import type { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useErrorToast } from '../../../app/useErrorToast';
import type { DataColumn } from '../../../ui/DataTable';

type Display = ReturnType<typeof useBusinessDisplay>;

/** The day's card payments through the business's provider (Stripe for a US business, NMI otherwise). */
export function CardPayments({ businessId, day, display }: { businessId: number; day: string; display: Display }) {
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
