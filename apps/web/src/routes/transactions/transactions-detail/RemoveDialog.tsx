import { MESSAGES, type Transaction } from '@salondesk/core';
import { useRemoveTransaction } from '@salondesk/react';
import { useState } from 'react';
import { toasts } from '../../../app/toasts';
import { FormDialog } from '../../../ui/FormDialog';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';

/** "Delete ticket #…?": with a reason and a note, both required; the ticket can be sent back to the queue later. */
export function RemoveDialog({ open, onClose, t, businessId }: { open: boolean; onClose: () => void; t: Transaction; businessId: number }) {
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
  const submit = () => {
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
    <FormDialog
      open={open}
      onClose={close}
      role="alertdialog"
      title={`Delete ticket #${t.id}?`}
      description={t.checkout ? 'The sale will no longer count in the reports. It can be sent back to the queue later.' : 'It can be sent back to the queue later.'}
      onSubmit={submit}
      submitLabel="Delete ticket"
      submitVariant="danger"
      pending={remove.isPending}
    >
      <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} maxLength={200} />
      <TextAreaField label="Note" value={note} onChange={(e) => setNote(e.target.value)} error={errors.note} maxLength={1000} />
    </FormDialog>
  );
}
