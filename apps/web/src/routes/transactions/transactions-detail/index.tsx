import {
  amountRequired,
  centsToInput,
  customerOf,
  dayInZone,
  dayLabel,
  LINE_KIND_LABEL,
  MESSAGES,
  refundable,
  tenderLabel,
  transactionCan,
  type Transaction,
} from '@salondesk/core';
import { useLoyalty, useReactivateTransaction, useRefundTransaction, useRemoveTransaction, useStaffList, useTransaction, useUpdateTransaction } from '@salondesk/react';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ClientLink } from '../../../app/ClientLink';
import { statusBadge } from '../../../app/statusTone';
import { openReceipt } from '../../../app/openReceipt';
import { toasts } from '../../../app/toasts';
import { useAmount } from '../../../app/useAmount';
import { AmountField } from '../../../ui/AmountField';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { usePhoneFormat } from '../../../app/usePhoneFormat';
import { useErrorToast } from '../../../app/useErrorToast';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Modal } from '../../../ui/Modal';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { StarRating } from '../../../ui/StarRating';
import { StatusBadge } from '../../../ui/StatusBadge';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';

type Display = ReturnType<typeof useBusinessDisplay>;
type Dialog = 'refund' | 'remove' | 'update' | 'reactivate' | null;

/** `/{businessId}/transactions/{txId}`: one ticket and what can be done to it. */
export function Component() {
  const params = useParams();
  const businessId = Number(params.businessId);
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
        <section aria-labelledby="pay-title" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 lg:col-span-2">
          <h2 id="pay-title" className="text-base font-semibold text-slate-900">
            Payment
          </h2>
          {k ? (
            <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
              <Figure label="Subtotal" value={display.money(k.subtotal)} />
              <Figure label="Discount" value={display.money(k.discount)} />
              <Figure label="Tax" value={display.money(k.tax)} />
              <Figure label="Total" value={display.money(k.total)} strong />
              <Figure label="Tip" value={display.money(k.tipamount)} />
              <Figure label="Paid" value={display.money(k.paid)} strong />
              <Figure label="Tender" value={tenderLabel(k) || '—'} />
              <Figure label="Cash / Credit / Gift" value={`${display.money(k.cashamount)} / ${display.money(k.creditamount)} / ${display.money(k.giftamount)}`} />
              <Figure label="Refunded" value={display.money(k.refunded)} />
              {k.coupons.length > 0 ? <Figure label="Coupons" value={k.coupons.join(', ')} /> : null}
              {k.bypass ? <Figure label="Bypass mode" value="Taken offline" /> : null}
            </dl>
          ) : (
            <p className="mt-3 text-sm text-slate-600">Not checked out: nothing was paid on this ticket.</p>
          )}
          {t.payments.length > 0 ? (
            <ul className="mt-3 space-y-1 border-t border-slate-100 pt-3 text-sm text-slate-700">
              {t.payments.map((p) => (
                <li key={p.id}>
                  {p.mappedCard ? `${p.mappedCard.brand} •••• ${p.mappedCard.last4}` : 'Card'} · {display.money(p.amount)} · auth <span className="font-mono">{p.auth_code}</span> ·{' '}
                  {p.charge_status === 'CAPTURE' ? 'Captured' : 'Voided'} ({p.provider})
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>

      <section aria-labelledby="lines-title" className="mt-4 overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
        <h2 id="lines-title" className="px-4 pt-4 text-base font-semibold text-slate-900">
          Services and products
        </h2>
        {k && k.saleslogs.length > 0 ? (
          <table className="mt-2 w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th className="px-4 py-2">Item</th>
                <th className="px-4 py-2">Staff</th>
                <th className="px-4 py-2 text-right">Qty</th>
                <th className="px-4 py-2 text-right">Price</th>
                <th className="px-4 py-2 text-right">Discount</th>
                <th className="px-4 py-2 text-right">Tax</th>
                <th className="px-4 py-2 text-right">Line total</th>
              </tr>
            </thead>
            <tbody>
              {k.saleslogs.map((l) => (
                <tr key={l.id} className="border-t border-slate-100">
                  <td className="px-4 py-2">
                    {l.service ?? l.product}
                    <span className="ml-2 text-xs text-slate-500">{LINE_KIND_LABEL[l.kind]}</span>
                  </td>
                  <td className="px-4 py-2">{l.employees.map((e) => e.name).join(', ') || '—'}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{l.quantity}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{display.money(l.price)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{display.money(l.discount)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{display.money(l.tax)}</td>
                  <td className="px-4 py-2 text-right font-medium tabular-nums">{display.money(l.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <ul className="px-4 pt-2 pb-4 text-sm text-slate-700">
            {t.services.map((s) => (
              <li key={s.id}>{s.name} (requested)</li>
            ))}
          </ul>
        )}
      </section>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="notes-title" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <h2 id="notes-title" className="text-base font-semibold text-slate-900">
            Notes
          </h2>
          {t.checkoutdetails.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No notes.</p>
          ) : (
            <dl className="mt-2 space-y-1 text-sm">
              {t.checkoutdetails.map((d) => (
                <div key={d.name} className="flex gap-2">
                  <dt className="w-36 shrink-0 text-slate-500">{DETAIL_LABEL[d.name] ?? d.name}</dt>
                  <dd className="text-slate-800">{d.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
        <section aria-labelledby="refunds-title" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <h2 id="refunds-title" className="text-base font-semibold text-slate-900">
            Refunds
          </h2>
          {!k || k.refunds.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No refunds.</p>
          ) : (
            <ul className="mt-2 space-y-2 text-sm">
              {k.refunds.map((r) => (
                <li key={r.id}>
                  <span className="font-medium tabular-nums">{display.money(r.amount)}</span> · {r.reason}
                  {r.note ? ` — ${r.note}` : ''}
                  <div className="text-xs text-slate-500">
                    {r.refunded_by?.name ?? 'Former user'} · {dayLabel(r.day)}, {display.time(r.created_at)}
                    {r.day !== t.day ? ' · counted on that day, not the ticket’s' : ''}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      {k ? <RefundDialog open={dialog === 'refund'} onClose={() => setDialog(null)} t={t} businessId={businessId} display={display} /> : null}
      <RemoveDialog open={dialog === 'remove'} onClose={() => setDialog(null)} t={t} businessId={businessId} />
      <UpdateDialog key={updateOpenings} open={dialog === 'update'} onClose={() => setDialog(null)} t={t} businessId={businessId} display={display} />
      <ReactivateDialog open={dialog === 'reactivate'} onClose={() => setDialog(null)} t={t} businessId={businessId} />
    </div>
  );
}

const DETAIL_LABEL: Record<string, string> = {
  customername: 'Customer name',
  removedetail: 'Deleted because',
  removenote: 'Deletion note',
  removed_by: 'Deleted by',
  appointmentnotes: 'Notes',
};

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-2 sm:block">
      <dt className="text-slate-500">{label}</dt>
      <dd className={strong ? 'font-semibold tabular-nums text-slate-900' : 'tabular-nums text-slate-800'}>{value}</dd>
    </div>
  );
}

function CustomerCard({ t, businessId }: { t: Transaction; businessId: number }) {
  const customer = customerOf(t.phones);
  const loyalty = useLoyalty(businessId, t.customer_id);
  const phone = usePhoneFormat(businessId);
  return (
    <section aria-labelledby="customer-title" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="customer-title" className="text-base font-semibold text-slate-900">
        Customer
      </h2>
      <p className="mt-2 text-sm font-medium text-slate-900">
        <ClientLink businessId={businessId} clientId={t.customer_id}>
          {customer.name}
        </ClientLink>
      </p>
      {customer.phone ? <p className="text-sm text-slate-600">{phone(customer.phone)}</p> : null}
      {customer.email ? <p className="text-sm text-slate-600">{customer.email}</p> : null}
      {t.customer_id !== null ? (
        <div className="mt-3">
          {loyalty.data ? (
            <>
              <StarRating filled={loyalty.data.stars} slots={loyalty.data.slots} label={`${loyalty.data.points} of ${loyalty.data.threshold} points, ${loyalty.data.percent}%`} />
              <p className="mt-1 text-xs text-slate-500">
                Loyalty {loyalty.data.points} / {loyalty.data.threshold} points ({loyalty.data.percent}%)
              </p>
            </>
          ) : loyalty.isError ? (
            <p className="text-xs text-red-700">{loyalty.error.message}</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

const newKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).replace(/[^A-Za-z0-9_-]/g, '');

function RefundDialog({ open, onClose, t, businessId, display }: { open: boolean; onClose: () => void; t: Transaction; businessId: number; display: Display }) {
  const refund = useRefundTransaction(businessId);
  const k = t.checkout as NonNullable<Transaction['checkout']>;
  // The business day now, where the server books the refund (its own clock decides).
  const today = dayInZone(new Date(), display.timezone);
  const left = refundable(k.paid, k.refunded);
  const amount = useAmount(display.symbol);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string }>({});
  // One key per refund the person means: a retry after a network failure reuses it.
  const [key, setKey] = useState(newKey);
  const close = () => {
    amount.reset();
    setReason('');
    setNote('');
    setErrors({});
    setKey(newKey());
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = amount.take();
    const next: typeof errors = {};
    if (cents === 0) amount.setError(amountRequired(display.symbol));
    else if (cents !== null && cents > left) amount.setError(`At most ${display.money(left)}`);
    if (!reason.trim()) next.reason = 'Give a reason';
    setErrors(next);
    if (Object.keys(next).length > 0 || cents === null || cents === 0 || cents > left) return;
    refund.mutate(
      { txId: t.id, body: { amount: cents, reason: reason.trim(), note: note.trim(), idempotencyKey: key } },
      {
        onSuccess: (answer) => {
          toasts.success(answer.message ?? MESSAGES.refundRecorded);
          close();
        },
        onError: (error) => toasts.error(error.message),
      },
    );
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={`Refund ticket #${t.id}`}
      description={
        <>
          Paid {display.money(k.paid)}; up to {display.money(left)} can still be refunded. The refund counts on the day it is made, today ({dayLabel(today)} in{' '}
          {display.timezone}){today === t.day ? '' : `, not on the ticket’s day (${dayLabel(t.day)})`}.
        </>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <AmountField label="Amount" {...amount.field} placeholder={centsToInput(left)} hint={`Up to ${display.money(left)}`} />
        <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} maxLength={200} />
        <TextAreaField label="Note (optional)" value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={refund.isPending}>
            Refund
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function RemoveDialog({ open, onClose, t, businessId }: { open: boolean; onClose: () => void; t: Transaction; businessId: number }) {
  const remove = useRemoveTransaction(businessId);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({});
  const close = () => {
    setReason('');
    setNote('');
    setErrors({});
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!reason.trim()) next.reason = 'Give a reason';
    if (!note.trim()) next.note = 'Add a note';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    remove.mutate(
      { txId: t.id, body: { reason: reason.trim(), note: note.trim(), src: 'dashboard' } },
      {
        onSuccess: (answer) => {
          toasts.success(answer.message ?? MESSAGES.transactionDeleted);
          close();
        },
        onError: (error) => toasts.error(error.message),
      },
    );
  };
  return (
    <Modal
      open={open}
      onClose={close}
      role="alertdialog"
      title={`Delete ticket #${t.id}?`}
      description={t.checkout ? 'The sale will no longer count in the reports. It can be sent back to the queue later.' : 'It can be sent back to the queue later.'}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} maxLength={200} />
        <TextAreaField label="Note" value={note} onChange={(e) => setNote(e.target.value)} error={errors.note} maxLength={1000} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={remove.isPending}>
            Delete ticket
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The staff a ticket can be credited to, by display name: the current members, plus whoever it is credited to now (even a former member). */
function staffOptions(t: Transaction, members: readonly { id: number; display_name: string }[] | undefined): { value: string; label: string }[] {
  const options = (members ?? []).map((m) => ({ value: String(m.id), label: m.display_name }));
  if (t.serviced_by && !options.some((o) => o.value === String(t.serviced_by?.id))) {
    options.unshift({ value: String(t.serviced_by.id), label: members ? `${t.serviced_by.name} (former staff)` : t.serviced_by.name });
  }
  if (!t.serviced_by) options.unshift({ value: '', label: 'Not assigned' });
  return options;
}

/** The staff select of the update dialog; mounted with the open dialog, so the list is fetched only then. */
function StaffPicker({ businessId, t, value, onChange }: { businessId: number; t: Transaction; value: string; onChange: (value: string) => void }) {
  const staff = useStaffList(businessId);
  return (
    <SelectField
      label="Staff"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={!staff.data}
      options={staffOptions(t, staff.data)}
      hint={staff.isError ? 'The staff list could not be loaded; the staff member stays as it is.' : staff.data ? 'Who the ticket and its sales are credited to.' : 'Loading staff…'}
    />
  );
}

function UpdateDialog({ open, onClose, t, businessId, display }: { open: boolean; onClose: () => void; t: Transaction; businessId: number; display: Display }) {
  const update = useUpdateTransaction(businessId);
  const k = t.checkout;
  const initialNotes = t.checkoutdetails.find((d) => d.name === 'appointmentnotes')?.value ?? '';
  const [notes, setNotes] = useState(initialNotes);
  const cash = useAmount(display.symbol, k?.cashamount);
  const credit = useAmount(display.symbol, k?.creditamount);
  const gift = useAmount(display.symbol, k?.giftamount);
  const initialStaff = t.serviced_by ? String(t.serviced_by.id) : '';
  const [servicedBy, setServicedBy] = useState(initialStaff);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: { serviced_by?: number; notes?: string; tender?: { cashamount: number; creditamount: number; giftamount: number } } = {};
    if (servicedBy !== initialStaff && servicedBy !== '') body.serviced_by = Number(servicedBy);
    if (notes !== initialNotes) body.notes = notes;
    if (k) {
      const tender = { cashamount: cash.take(), creditamount: credit.take(), giftamount: gift.take() };
      if (tender.cashamount === null || tender.creditamount === null || tender.giftamount === null) return setError(null);
      const changed = tender.cashamount !== k.cashamount || tender.creditamount !== k.creditamount || tender.giftamount !== k.giftamount;
      if (changed && tender.cashamount + tender.creditamount + tender.giftamount !== k.paid) return setError(`${MESSAGES.tenderMismatch} (${display.money(k.paid)})`);
      if (changed) body.tender = tender as { cashamount: number; creditamount: number; giftamount: number };
    }
    if (body.serviced_by === undefined && body.notes === undefined && !body.tender) return onClose();
    setError(null);
    update.mutate(
      { txId: t.id, body },
      {
        onSuccess: (answer) => {
          toasts.success(answer.message ?? MESSAGES.updatedSuccessfully);
          onClose();
        },
        onError: (err) => toasts.error(err.message),
      },
    );
  };
  return (
    <Modal open={open} onClose={onClose} title={`Update ticket #${t.id}`}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <StaffPicker businessId={businessId} t={t} value={servicedBy} onChange={setServicedBy} />
        <TextAreaField label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={1000} />
        {k ? (
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Tender ({display.money(k.paid)} paid)</legend>
            <div className="mt-2 grid grid-cols-3 gap-2">
              <AmountField label="Cash" {...cash.field} />
              <AmountField label="Credit" {...credit.field} />
              <AmountField label="Gift" {...gift.field} />
            </div>
          </fieldset>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function ReactivateDialog({ open, onClose, t, businessId }: { open: boolean; onClose: () => void; t: Transaction; businessId: number }) {
  const reactivate = useReactivateTransaction(businessId);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Send ticket #${t.id} back to the queue?`}
      description="It shows in the queue again, in service if it had been served."
      actions={
        <>
          <Button
            loading={reactivate.isPending}
            onClick={() =>
              reactivate.mutate(t.id, {
                onSuccess: (answer) => {
                  toasts.success(answer.message ?? MESSAGES.updatedBang);
                  onClose();
                },
                onError: (error) => toasts.error(error.message),
              })
            }
          >
            Reactivate
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    />
  );
}
