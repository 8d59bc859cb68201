import {
  type BillingTransaction,
  billingDests,
  chargeDescription,
  CURRENCY_SYMBOL,
  INVOICE_STATUS_LABEL,
  type InvoiceDetail,
  type InvoiceStatus,
  MESSAGES,
  paymentMethodLabel,
  refundableCents,
  refundProblem,
} from '@salondesk/core';
import { useBillingMutation, useBillingQuery } from '@salondesk/react';
import { type FormEvent, useState } from 'react';
import { toasts } from '../../../app/toasts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useAmount } from '../../../app/useAmount';
import { AmountField } from '../../../ui/AmountField';
import { FormActions } from '../../../ui/FormActions';
import { FormDialog } from '../../../ui/FormDialog';
import { Modal } from '../../../ui/Modal';
import { SelectField } from '../../../ui/SelectField';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';
import { checkBody, money, useBillingTargets } from '../billingShared';

export type InvoiceDialog =
  | { kind: 'charge' | 'status' | 'due' | 'comment' | 'method' }
  | { kind: 'refund'; payment: BillingTransaction }
  | { kind: 'delete'; onDeleted: () => void }
  | null;

/** The dialog of one invoice action; each checks its input with the dest's own schema and closes on success. */
export function InvoiceActionDialog({ businessId, inv, dialog, onClose }: { businessId: number; inv: InvoiceDetail; dialog: NonNullable<InvoiceDialog>; onClose: () => void }) {
  switch (dialog.kind) {
    case 'charge':
      return <ChargeDialog businessId={businessId} inv={inv} onClose={onClose} />;
    case 'refund':
      return <RefundDialog businessId={businessId} inv={inv} payment={dialog.payment} onClose={onClose} />;
    case 'status':
      return <StatusDialog businessId={businessId} inv={inv} onClose={onClose} />;
    case 'due':
      return <DueDialog businessId={businessId} inv={inv} onClose={onClose} />;
    case 'comment':
      return <CommentDialog businessId={businessId} inv={inv} onClose={onClose} />;
    case 'method':
      return <MethodDialog businessId={businessId} inv={inv} onClose={onClose} />;
    case 'delete':
      return <DeleteDialog businessId={businessId} inv={inv} onDeleted={dialog.onDeleted} onClose={onClose} />;
  }
}

const done = (message: string, onClose: () => void) => ({
  onSuccess: () => {
    toasts.success(message);
    onClose();
  },
});

function ChargeDialog({ businessId, inv, onClose }: { businessId: number; inv: InvoiceDetail; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const charge = useBillingMutation(billingDests.onetimebilling.chargeInvoice, targets.business);
  // One key per dialog: a double click or a resend charges once.
  const [key] = useState(() => `inv-${inv.id}-${crypto.randomUUID()}`);
  const owed = Math.max(0, inv.total - inv.paid + inv.refunded);
  return (
    <Modal
      open
      onClose={charge.isPending ? undefined : onClose}
      title={`Pay invoice #${inv.id}?`}
      description={chargeDescription(money(owed, inv.currency), inv.charge_method)}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          charge.mutate({ body: { invoice_id: inv.id, idempotency_key: key } }, done(MESSAGES.successfullyUpdated, onClose));
        }}
        className="space-y-4"
      >
        <FormActions error={charge.error?.message} submitLabel={`Pay ${money(owed, inv.currency)}`} pending={charge.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function RefundDialog({ businessId, inv, payment, onClose }: { businessId: number; inv: InvoiceDetail; payment: BillingTransaction; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const refund = useBillingMutation(billingDests.invoice.refund, targets.business);
  const amount = useAmount(CURRENCY_SYMBOL[inv.currency]);
  const [reason, setReason] = useState('');
  const left = refundableCents(payment);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = amount.take();
    if (cents === null) return;
    const problem = refundProblem(payment, cents);
    if (problem) return amount.setError(problem);
    refund.mutate(
      { body: { invoice_id: inv.id, foreign_payment_id: payment.foreign_payment_id ?? '', amount: cents, ...(reason.trim() ? { reason: reason.trim() } : {}) } },
      done(MESSAGES.successfullyUpdated, onClose),
    );
  };
  return (
    <FormDialog holdWhilePending onClose={onClose} title="Refund a payment" description={`Up to ${money(left, payment.currency)} of this ${money(payment.amount, payment.currency)} payment is left to refund.`} onSubmit={submit} error={refund.error?.message} submitLabel="Refund" submitVariant="danger" pending={refund.isPending}>
      <AmountField label="Amount to refund" {...amount.field} />
      <TextField label="Reason (optional)" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} />
    </FormDialog>
  );
}

function StatusDialog({ businessId, inv, onClose }: { businessId: number; inv: InvoiceDetail; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const change = useBillingMutation(billingDests.invoice.changeInvoiceStatus, targets.business);
  const [status, setStatus] = useState<InvoiceStatus | ''>(inv.next_statuses[0] ?? '');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBody(billingDests.invoice.changeInvoiceStatus.body, { invoice_id: inv.id, status, reason });
    if (!checked.ok) return setProblems(checked.problems);
    change.mutate({ body: checked.data }, done(MESSAGES.successfullyUpdated, onClose));
  };
  return (
    <FormDialog onClose={onClose} title={`Change the status of invoice #${inv.id}`} description={`It is ${INVOICE_STATUS_LABEL[inv.status]}. Only the changes the billing rules allow are offered; each is recorded with your name and reason.`} onSubmit={submit} error={change.error?.message} submitLabel="Change status" pending={change.isPending}>
      <SelectField label="New status" value={status} onChange={(e) => setStatus(e.target.value as InvoiceStatus)} options={inv.next_statuses.map((s) => ({ value: s, label: INVOICE_STATUS_LABEL[s] }))} error={problems.status} />
      <TextAreaField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} error={problems.reason} />
    </FormDialog>
  );
}

function DueDialog({ businessId, inv, onClose }: { businessId: number; inv: InvoiceDetail; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const change = useBillingMutation(billingDests.invoice.changeDueDate, targets.business);
  const [due, setDue] = useState(inv.dueDate ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBody(billingDests.invoice.changeDueDate.body, { invoice_id: inv.id, dueDate: due });
    if (!checked.ok) return setProblems(checked.problems);
    change.mutate({ body: checked.data }, done(MESSAGES.successfullyUpdated, onClose));
  };
  return (
    <FormDialog onClose={onClose} title={`Due date of invoice #${inv.id}`} description="An unpaid invoice is past due more than 24 hours after it." onSubmit={submit} error={change.error?.message} submitLabel="Save due date" pending={change.isPending}>
      <TextField label="Due date" type="date" value={due} onChange={(e) => setDue(e.target.value)} error={problems.dueDate} />
    </FormDialog>
  );
}

function CommentDialog({ businessId, inv, onClose }: { businessId: number; inv: InvoiceDetail; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const change = useBillingMutation(billingDests.invoice.updateComment, targets.business);
  const [comment, setComment] = useState(inv.comment ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBody(billingDests.invoice.updateComment.body, { invoice_id: inv.id, comment });
    if (!checked.ok) return setProblems(checked.problems);
    change.mutate({ body: checked.data }, done(MESSAGES.successfullyUpdated, onClose));
  };
  return (
    <FormDialog onClose={onClose} title={`Comment on invoice #${inv.id}`} onSubmit={submit} error={change.error?.message} submitLabel="Save comment" pending={change.isPending}>
      <TextAreaField label="Comment" value={comment} onChange={(e) => setComment(e.target.value)} maxLength={1000} error={problems.comment} />
    </FormDialog>
  );
}

function MethodDialog({ businessId, inv, onClose }: { businessId: number; inv: InvoiceDetail; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const methods = useBillingQuery(billingDests.payment.all, targets.user, {});
  const change = useBillingMutation(billingDests.invoice.changePaymentMethod, targets.business);
  const [chosen, setChosen] = useState(String(inv.payment_method_id ?? ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    change.mutate({ body: { invoice_id: inv.id, payment_method_id: Number(chosen) } }, done(MESSAGES.successfullyUpdated, onClose));
  };
  const options = [{ value: '', label: methods.data?.length === 0 ? 'No payment method yet' : 'Choose a payment method' }, ...(methods.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${paymentMethodLabel(m)})` }))];
  return (
    <FormDialog onClose={onClose} title={`Payment method of invoice #${inv.id}`} onSubmit={submit} error={change.error?.message ?? (methods.isError ? methods.error.message : null)} submitLabel="Use this method" pending={change.isPending}>
      <SelectField label="Payment method" value={chosen} onChange={(e) => setChosen(e.target.value)} options={options} />
    </FormDialog>
  );
}

function DeleteDialog({ businessId, inv, onDeleted, onClose }: { businessId: number; inv: InvoiceDetail; onDeleted: () => void; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const remove = useBillingMutation(billingDests.invoice.softDelete, targets.business);
  return (
    <ConfirmDialog
      title={`Delete invoice #${inv.id}?`}
      description={'It leaves the lists and is never past due; its payments and history are kept.'}
      confirmLabel="Delete invoice"
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(
          { body: { invoice_id: inv.id } },
          {
            onSuccess: () => {
              toasts.success(MESSAGES.successfullyDeleted);
              onClose();
              onDeleted();
            },
            onError: (error) => toasts.error(error.message),
          },
        )
      }
    />
  );
}
