import {
  ADJUSTMENT_TYPE_LABEL,
  BILLING_ACTOR_LABEL,
  BILLING_MAX_ATTEMPTS,
  type BillingTransaction,
  billingDests,
  chargeMethodPhrase,
  formatInstantIn,
  INVOICE_STATUS_LABEL,
  INVOICE_TYPE_LABEL,
  type InvoiceDetail,
  type InvoiceStatus,
  invoiceCan,
  MESSAGES,
  nextChargeAttempt,
  refundableCents,
  type StatusHistoryEntry,
  TRANSACTION_KIND_LABEL,
} from '@salondesk/core';
import { useBillingMutation, useBillingQuery, useInvoicePdf } from '@salondesk/react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { saveFile } from '../../../app/saveFile';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { DetailCard } from '../../../ui/DetailCard';
import { LoadingRegion } from '../../../ui/LoadingRegion';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { StatusBadge } from '../../../ui/StatusBadge';
import { dayOf, invoiceBadge, invoicePath, money, useBillingTargets } from '../billingShared';
import { InvoiceActionDialog, type InvoiceDialog } from './InvoiceActionDialog';
import { useBusinessId } from '../../../app/useBusinessId';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';

/**
 * `/{businessId}/billing/invoices/{invoiceId}`: one invoice with everything about it — lines,
 * adjustments, tax, payments and refunds, its status history (who, why, when), instalments — and
 * what may be done with it: pay it now, download its PDF, refund part of a payment, change its
 * payment method or comment; admins change its status (only to what the transition table allows),
 * due date, reset its charge attempts, delete it.
 */
export function Component() {
  const businessId = useBusinessId();
  const invoiceId = Number(useParams().invoiceId);
  const targets = useBillingTargets(businessId);
  const detail = useBillingQuery(billingDests.invoice.detail, targets.business, { params: { invoiceId } }, { enabled: Number.isInteger(invoiceId) && invoiceId > 0 });
  const pdf = useInvoicePdf(targets.business);
  const [dialog, setDialog] = useState<InvoiceDialog>(null);
  const inv = detail.data;

  const download = () =>
    pdf.mutate(invoiceId, {
      onSuccess: (file) => saveFile(file.blob, file.filename ?? `invoice-${invoiceId}.pdf`),
      onError: (error) => toasts.error(error.message),
    });

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow="Billing"
        title={`Invoice #${invoiceId}`}
        description={inv ? `${INVOICE_TYPE_LABEL[inv.type]} invoice of ${inv.business_name}, ${money(inv.total, inv.currency)}` : undefined}
        actions={
          <>
            <Link to={`/${businessId}/billing`} className="rounded-lg px-3 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50">
              All invoices
            </Link>
            <Button variant="secondary" loading={pdf.isPending} onClick={download} disabled={!inv}>
              Download PDF
            </Button>
            {inv && invoiceCan.charge(inv) ? <Button onClick={() => setDialog({ kind: 'charge' })}>Pay now</Button> : null}
          </>
        }
      />
      {detail.isError && !inv ? (
        <LoadError className="mt-8" error={detail.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void detail.refetch()} />
      ) : !inv ? (
        <LoadingRegion label="Loading the invoice" className="mt-8">
          <Skeleton className="h-64 w-full" />
        </LoadingRegion>
      ) : (
        <InvoiceBody businessId={businessId} inv={inv} admin={targets.admin} onAction={setDialog} />
      )}
      {inv && dialog ? <InvoiceActionDialog businessId={businessId} inv={inv} dialog={dialog} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

function InvoiceBody({ businessId, inv, admin, onAction }: { businessId: number; inv: InvoiceDetail; admin: boolean; onAction: (d: InvoiceDialog) => void }) {
  const targets = useBillingTargets(businessId);
  const navigate = useNavigate();
  const reset = useBillingMutation(billingDests.invoice.resetAttempts, targets.business);
  const removeMethod = useBillingMutation(billingDests.invoice.removePaymentMethod, targets.business);
  const { timezone } = useBusinessDisplay(businessId);
  const m = (cents: number) => money(cents, inv.currency);
  // The scheduler's next attempt, only while it can still charge the invoice (never for a paid one), in the business's time.
  const next = nextChargeAttempt(inv, BILLING_MAX_ATTEMPTS);

  const transactionColumns = useMemo<DataColumn<BillingTransaction>[]>(
    () => [
      { id: 'at', header: 'When', value: (t) => t.at, cell: (t) => new Date(t.at).toLocaleString(), priority: 'always', size: 180 },
      { id: 'kind', header: 'Kind', value: (t) => TRANSACTION_KIND_LABEL[t.kind], priority: 2, size: 100 },
      { id: 'amount', header: 'Amount', value: (t) => t.amount, cell: (t) => (t.kind === 'refund' ? `−${money(t.amount, t.currency)}` : money(t.amount, t.currency)), align: 'end', priority: 'always', size: 120 },
      { id: 'status', header: 'Result', value: (t) => t.status, cell: (t) => <StatusBadge label={t.status === 'succeeded' ? 'Succeeded' : t.status === 'failed' ? 'Declined' : 'Pending'} tone={t.status === 'succeeded' ? 'success' : t.status === 'failed' ? 'danger' : 'info'} />, priority: 3, size: 120 },
      { id: 'why', header: 'Failure', value: (t) => t.failure_message ?? '', priority: 4, size: 200 },
      { id: 'method', header: 'Paid with', value: (t) => t.payment_method ?? '', priority: 5, size: 160 },
      { id: 'refunded', header: 'Refunded of it', value: (t) => t.refunded, cell: (t) => (t.kind === 'charge' ? money(t.refunded, t.currency) : ''), align: 'end', priority: 6, size: 130 },
      { id: 'provider', header: 'Provider id', value: (t) => t.foreign_payment_id ?? '', priority: 7, size: 200 },
      { id: 'by', header: 'By', value: (t) => t.by ?? '', priority: 8, size: 140 },
      {
        id: 'refund',
        header: 'Refund',
        priority: 1,
        size: 120,
        cell: (t) =>
          t.kind === 'charge' && t.status === 'succeeded' && refundableCents(t) > 0 && t.foreign_payment_id ? (
            <Button size="sm" variant="secondary" onClick={() => onAction({ kind: 'refund', payment: t })} aria-label={`Refund part of the payment of ${money(t.amount, t.currency)}`}>
              Refund
            </Button>
          ) : (
            ''
          ),
      },
    ],
    [onAction],
  );
  const historyColumns = useMemo<DataColumn<StatusHistoryEntry>[]>(
    () => [
      { id: 'at', header: 'When', value: (h) => h.at, cell: (h) => new Date(h.at).toLocaleString(), priority: 'always', size: 180 },
      { id: 'change', header: 'Change', value: (h) => h.to, cell: (h) => `${h.from ? INVOICE_STATUS_LABEL[h.from] : 'Opened'} → ${INVOICE_STATUS_LABEL[h.to]}`, priority: 'always', size: 260 },
      { id: 'actor', header: 'Made by', value: (h) => h.by ?? BILLING_ACTOR_LABEL[h.actor], cell: (h) => (h.by ? `${h.by} (${BILLING_ACTOR_LABEL[h.actor]})` : BILLING_ACTOR_LABEL[h.actor]), priority: 1, size: 200 },
      { id: 'reason', header: 'Reason', value: (h) => h.reason, priority: 2, size: 280 },
    ],
    [],
  );

  return (
    <div className="mt-6 space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge {...invoiceBadge(inv.status)} />
        {inv.past_due ? <StatusBadge label="Past due" tone="danger" /> : null}
        {inv.deleted ? <StatusBadge label="Deleted" tone="neutral" /> : null}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <DetailCard
          title="Amounts"
          items={[
            { label: 'Lines', value: m(inv.subtotal) },
            { label: 'Adjustments', value: m(inv.adjustments_total) },
            { label: 'Tax', value: m(inv.tax) },
            { label: 'Total', value: <strong>{m(inv.total)}</strong> },
            { label: 'Paid', value: m(inv.paid) },
            { label: 'Refunded', value: m(inv.refunded) },
          ]}
        />
        <DetailCard
          title="Invoice"
          items={[
            { label: 'Status', value: INVOICE_STATUS_LABEL[inv.status] },
            { label: 'Due', value: inv.dueDate ?? '—' },
            { label: 'Billing cycle from', value: inv.current_billing_cycle_start ?? '—' },
            { label: 'Created', value: dayOf(inv.createdAt) },
            { label: 'Charge attempts', value: `${inv.attempts} of ${BILLING_MAX_ATTEMPTS}${next ? `, next ${formatInstantIn(next, timezone)}` : ''}` },
            { label: 'Payment method', value: inv.charge_method ? chargeMethodPhrase(inv.charge_method) : MESSAGES.noPaymentMethodToCharge },
            { label: 'Comment', value: inv.comment ?? '—' },
          ]}
        />
      </div>

      <div className="flex flex-wrap gap-2" role="group" aria-label="Invoice actions">
        {invoiceCan.edit(inv) ? (
          <>
            <Button size="sm" variant="secondary" onClick={() => onAction({ kind: 'method' })}>
              Change payment method
            </Button>
            {inv.payment_method_id ? (
              <Button
                size="sm"
                variant="secondary"
                loading={removeMethod.isPending}
                onClick={() => removeMethod.mutate({ body: { invoice_id: inv.id } }, { onSuccess: () => toasts.success(MESSAGES.successfullyUpdated), onError: (error) => toasts.error(error.message) })}
              >
                Use the default method
              </Button>
            ) : null}
          </>
        ) : null}
        <Button size="sm" variant="secondary" onClick={() => onAction({ kind: 'comment' })}>
          Edit comment
        </Button>
        {admin ? (
          <>
            <Button size="sm" variant="secondary" disabled={inv.next_statuses.length === 0} onClick={() => onAction({ kind: 'status' })}>
              Change status
            </Button>
            <Button size="sm" variant="secondary" disabled={!invoiceCan.edit(inv)} onClick={() => onAction({ kind: 'due' })}>
              Change due date
            </Button>
            {invoiceCan.resetAttempts(inv) ? (
              <Button
                size="sm"
                variant="secondary"
                loading={reset.isPending}
                onClick={() => reset.mutate({ params: { invoiceId: inv.id }, body: {} }, { onSuccess: () => toasts.success(MESSAGES.successfullyUpdated), onError: (error) => toasts.error(error.message) })}
              >
                Reset charge attempts
              </Button>
            ) : null}
            {!inv.deleted ? (
              <Button size="sm" variant="danger" onClick={() => onAction({ kind: 'delete', onDeleted: () => void navigate(`/${businessId}/billing`) })}>
                Delete invoice
              </Button>
            ) : null}
          </>
        ) : null}
      </div>

      <section aria-labelledby="invoice-lines-title" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <h2 id="invoice-lines-title" className="text-base font-semibold text-slate-900">
          Lines and adjustments
        </h2>
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th className="py-1 font-medium">Description</th>
              <th className="py-1 text-right font-medium">Quantity</th>
              <th className="py-1 text-right font-medium">Unit price</th>
              <th className="py-1 text-right font-medium">Amount</th>
            </tr>
          </thead>
          <tbody>
            {inv.lines.map((l) => (
              <tr key={l.id} className="border-t border-slate-100">
                <td className="py-1">{l.description}</td>
                <td className="py-1 text-right tabular-nums">{l.quantity}</td>
                <td className="py-1 text-right tabular-nums">{m(l.unit_amount)}</td>
                <td className="py-1 text-right tabular-nums">{m(l.amount)}</td>
              </tr>
            ))}
            {inv.adjustments.map((a) => (
              <tr key={`adj-${a.id}`} className="border-t border-slate-100 text-slate-700">
                <td className="py-1" colSpan={3}>
                  {ADJUSTMENT_TYPE_LABEL[a.type]}
                  {a.amount_kind === 'p' ? ` ${(a.value / 100).toFixed(2)}%` : ''}
                  {a.description ? `: ${a.description}` : ''}
                </td>
                <td className="py-1 text-right tabular-nums">{m(a.cents)}</td>
              </tr>
            ))}
            <tr className="border-t border-slate-200">
              <td className="py-1" colSpan={3}>
                Tax
              </td>
              <td className="py-1 text-right tabular-nums">{m(inv.tax)}</td>
            </tr>
            <tr className="border-t border-slate-200 font-semibold">
              <td className="py-1" colSpan={3}>
                Total
              </td>
              <td className="py-1 text-right tabular-nums">{m(inv.total)}</td>
            </tr>
          </tbody>
        </table>
      </section>

      <SavedDataTable
        businessId={businessId}
        name="billing-invoice-payments"
        title="Payments and refunds"
        caption="Payments and refunds"
        showCaption
        columns={transactionColumns}
        rows={inv.transactions}
        getRowId={(t) => t.id}
        rowLabel={(t) => `${TRANSACTION_KIND_LABEL[t.kind]} of ${money(t.amount, t.currency)}`}
        empty="No payment yet."
      />
      <SavedDataTable
        businessId={businessId}
        name="billing-invoice-history"
        title="Status history"
        caption="Status history"
        showCaption
        columns={historyColumns}
        rows={inv.history}
        getRowId={(h) => h.id}
        rowLabel={(h) => `${INVOICE_STATUS_LABEL[h.to as InvoiceStatus]} on ${dayOf(h.at)}`}
        empty="No change yet."
      />
      {inv.installment_plan ? (
        <section aria-labelledby="invoice-plan-title" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <h2 id="invoice-plan-title" className="text-base font-semibold text-slate-900">
            Instalment plan: {inv.installment_plan.description}
          </h2>
          <ol className="mt-3 space-y-1 text-sm">
            {inv.installment_plan.instalments.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-2">
                <Link to={invoicePath(businessId, i.invoice_id)} className="text-brand-700 hover:underline" aria-current={i.invoice_id === inv.id ? 'page' : undefined}>
                  Instalment {i.number}
                </Link>
                <span>due {i.due_on}</span>
                <span className="tabular-nums">{money(i.amount, inv.installment_plan?.currency ?? inv.currency)}</span>
                <StatusBadge {...invoiceBadge(i.status)} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}

