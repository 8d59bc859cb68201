import { amountRequired, centsToInput, checkRefund, dayInZone, dayLabel, MESSAGES, refundable, type Transaction } from '@salondesk/core';
import { useRefundTransaction } from '@salondesk/react';
import { useState } from 'react';
import { toasts } from '../../../app/toasts';
import { useAmount } from '../../../app/useAmount';
import type { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { AmountField } from '../../../ui/AmountField';
import { FormDialog } from '../../../ui/FormDialog';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';

const newKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).replace(/[^A-Za-z0-9_-]/g, '');

/**
 * "Refund ticket #…": an amount up to what is left to refund (core's `checkRefund` decides), a
 * reason and a note; booked on the business day it is made. One idempotency key per refund meant.
 */
export function RefundDialog({ open, onClose, t, businessId, display }: { open: boolean; onClose: () => void; t: Transaction; businessId: number; display: ReturnType<typeof useBusinessDisplay> }) {
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
  const submit = () => {
    const cents = amount.take();
    const check = cents === null ? null : checkRefund(cents, k.paid, k.refunded);
    if (check && !check.ok) amount.setError(check.reason === 'not-positive' ? amountRequired(display.symbol) : `At most ${display.money(check.remaining)}`);
    const next: typeof errors = {};
    if (!reason.trim()) next.reason = 'Give a reason';
    setErrors(next);
    if (Object.keys(next).length > 0 || cents === null || !check?.ok) return;
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
    <FormDialog
      open={open}
      onClose={close}
      title={`Refund ticket #${t.id}`}
      description={
        <>
          Paid {display.money(k.paid)}; up to {display.money(left)} can still be refunded. The refund counts on the day it is made, today ({dayLabel(today)} in{' '}
          {display.timezone}){today === t.day ? '' : `, not on the ticket’s day (${dayLabel(t.day)})`}.
        </>
      }
      onSubmit={submit}
      submitLabel="Refund"
      submitVariant="danger"
      pending={refund.isPending}
    >
      <AmountField label="Amount" {...amount.field} placeholder={centsToInput(left)} hint={`Up to ${display.money(left)}`} />
      <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} maxLength={200} />
      <TextAreaField label="Note (optional)" value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} />
    </FormDialog>
  );
}
