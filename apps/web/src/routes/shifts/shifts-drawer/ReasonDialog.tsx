import { FINANCE_REASON_MAX, financeReason } from '@salondesk/core';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../ui/FormActions';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  description: string;
  /** The button that does it: "Remove the finance", "Reopen the shift". */
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  pending: boolean;
  /** What the server said when it refused. */
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks before a change that needs a reason (removing a finance, reopening a shift): the reason is required and kept in the drawer log. */
export function ReasonDialog({ open, title, description, confirmLabel, tone = 'primary', pending, error, onConfirm, onClose }: ReasonDialogProps) {
  return (
    <Modal open={open} onClose={pending ? undefined : onClose} role="alertdialog" title={title} description={description}>
      {open ? <ReasonForm confirmLabel={confirmLabel} tone={tone} pending={pending} error={error} onConfirm={onConfirm} onClose={onClose} /> : null}
    </Modal>
  );
}

function ReasonForm({ confirmLabel, tone, pending, error, onConfirm, onClose }: Omit<ReasonDialogProps, 'open' | 'title' | 'description'>) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const check = financeReason.safeParse(reason);
  const problem = check.success ? null : (check.error.issues[0]?.message ?? 'Say why');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (check.success) onConfirm(check.data);
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <TextField label="Reason" value={reason} maxLength={FINANCE_REASON_MAX} onChange={(e) => setReason(e.target.value)} error={tried ? problem : null} required autoFocus />
      <FormActions error={error} submitLabel={confirmLabel} submitVariant={tone} pending={pending} onCancel={onClose} />
    </form>
  );
}
