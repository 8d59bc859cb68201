import { dayLabel, refundable, transactionCan } from '@salondesk/core';
import { useTransaction } from '@salondesk/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { openReceipt } from '../../../app/openReceipt';
import { statusBadge } from '../../../app/statusTone';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useBusinessId } from '../../../app/useBusinessId';
import { useErrorToast } from '../../../app/useErrorToast';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Skeleton } from '../../../ui/Skeleton';
import { StatusBadge } from '../../../ui/StatusBadge';
import { CustomerCard } from './CustomerCard';
import { PaymentSection } from './PaymentSection';
import { ReactivateDialog } from './ReactivateDialog';
import { RefundDialog } from './RefundDialog';
import { RefundList } from './RefundList';
import { RemoveDialog } from './RemoveDialog';
import { TicketLines } from './TicketLines';
import { TicketNotes } from './TicketNotes';
import { UpdateDialog } from './UpdateDialog';

type Dialog = 'refund' | 'remove' | 'update' | 'reactivate' | null;

/** `/{businessId}/transactions/{txId}`: one ticket and what can be done to it. */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
  const txId = Number(params.txId);
  const display = useBusinessDisplay(businessId);
  const tx = useTransaction(businessId, Number.isInteger(txId) && txId > 0 ? txId : null);
  const [dialog, setDialog] = useState<Dialog>(null);
  // The update form starts from the ticket as it is when the dialog opens. Keyed by opening, not
  // by the ticket's updated_at: the save's own refetch must not remount the dialog mid-save
  // (that dropped the save's callbacks: no toast, the dialog stayed open).
  const [updateOpenings, setUpdateOpenings] = useState(0);
  useErrorToast(tx.error);

  if (tx.isError) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <EmptyState
          tone="error"
          headingLevel={1}
          title={tx.error.message}
          actions={
            <Link to={`/${businessId}/transactions`} className="text-sm font-medium text-brand-700 hover:underline">
              Back to transactions
            </Link>
          }
        />
      </div>
    );
  }
  if (!tx.data) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6" aria-busy="true">
        <p role="status" className="sr-only">
          Loading the ticket
        </p>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="mt-6 h-64 w-full" />
      </div>
    );
  }
  const t = tx.data;
  const k = t.checkout;
  const badge = statusBadge(t.status);
  const refunded = k?.refunded ?? 0;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <Link to={`/${businessId}/transactions?day=${t.day}`} className="text-sm font-medium text-brand-700 hover:underline">
        ‹ Tickets of {dayLabel(t.day)}
      </Link>
      <header className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight text-slate-900">
            Ticket #{t.id} <StatusBadge label={badge.label} tone={badge.tone} />
            {refunded > 0 ? <StatusBadge label="Refunded" tone="warning" /> : null}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Checked in {display.time(t.checkin_at)}
            {t.service_at ? ` · served ${display.time(t.service_at)}` : ''}
            {t.checkout_at ? ` · checked out ${display.time(t.checkout_at)}` : ''}
            {t.serviced_by ? ` · by ${t.serviced_by.name}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => openReceipt(t.receipt_url)}>
            Receipt
          </Button>
          {transactionCan.refund(t) && k ? (
            <Button variant="secondary" onClick={() => setDialog('refund')} disabled={refundable(k.paid, k.refunded) === 0}>
              Refund
            </Button>
          ) : null}
          {transactionCan.update(t) ? (
            <Button
              variant="secondary"
              onClick={() => {
                setUpdateOpenings((n) => n + 1);
                setDialog('update');
              }}
            >
              Update
            </Button>
          ) : null}
          {transactionCan.reactivate(t) ? (
            <Button variant="secondary" onClick={() => setDialog('reactivate')}>
              Reactivate
            </Button>
          ) : null}
          {transactionCan.remove({ status: t.status, refunded }) ? (
            <Button variant="danger" onClick={() => setDialog('remove')}>
              Delete
            </Button>
          ) : null}
        </div>
      </header>

      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        <CustomerCard t={t} businessId={businessId} />
        <PaymentSection t={t} display={display} />
      </div>

      <TicketLines t={t} display={display} />

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <TicketNotes t={t} />
        <RefundList t={t} display={display} />
      </div>

      {k ? <RefundDialog open={dialog === 'refund'} onClose={() => setDialog(null)} t={t} businessId={businessId} display={display} /> : null}
      <RemoveDialog open={dialog === 'remove'} onClose={() => setDialog(null)} t={t} businessId={businessId} />
      <UpdateDialog key={updateOpenings} open={dialog === 'update'} onClose={() => setDialog(null)} t={t} businessId={businessId} display={display} />
      <ReactivateDialog open={dialog === 'reactivate'} onClose={() => setDialog(null)} t={t} businessId={businessId} />
    </div>
  );
}
