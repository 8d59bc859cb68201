import { FINANCE_CATEGORIES, FINANCE_CATEGORY_LABEL, FINANCE_REASON_MAX, type FinanceCategory, type FinanceEntry, financeReason, isDebitCategory, MESSAGES } from '@salondesk/core';
import { useAddFinance, useClockStaff, useUpdateFinance } from '@salondesk/react';
import { type FormEvent, useState } from 'react';
import { toasts } from '../../../app/toasts';
import { useAmount } from '../../../app/useAmount';
import { AmountField } from '../../../ui/AmountField';
import { FormActions } from '../../../ui/FormActions';
import { Modal } from '../../../ui/Modal';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';

/** What the dialog does: add a finance to a shift, or change one. */
export type FinanceEditing = { kind: 'add'; shiftId: number; category?: FinanceCategory } | { kind: 'edit'; entry: FinanceEntry };

export interface FinanceDialogProps {
  businessId: number;
  editing: FinanceEditing | null;
  symbol: string;
  onClose: () => void;
}

/** Adds a finance to an open shift (paid in, paid out, tip out, cash drop) or changes one: the amount, whom, and why (required). */
export function FinanceDialog({ businessId, editing, symbol, onClose }: FinanceDialogProps) {
  const title = editing?.kind === 'edit' ? `Change the ${FINANCE_CATEGORY_LABEL[editing.entry.category].toLowerCase()}` : 'Add a finance';
  return (
    <Modal open={editing !== null} onClose={onClose} title={title}>
      {editing ? <FinanceForm key={editing.kind === 'edit' ? `e${editing.entry.id}` : `a${editing.shiftId}`} businessId={businessId} editing={editing} symbol={symbol} onClose={onClose} /> : null}
    </Modal>
  );
}

function FinanceForm({ businessId, editing, symbol, onClose }: { businessId: number; editing: FinanceEditing; symbol: string; onClose: () => void }) {
  const entry = editing.kind === 'edit' ? editing.entry : null;
  const add = useAddFinance(businessId);
  const update = useUpdateFinance(businessId);
  const staff = useClockStaff(businessId);
  const [category, setCategory] = useState<FinanceCategory>(entry?.category ?? (editing.kind === 'add' ? (editing.category ?? 'PAIDOUT') : 'PAIDOUT'));
  const amount = useAmount(symbol, entry?.amount);
  const [employee, setEmployee] = useState(entry?.employee_id ? String(entry.employee_id) : '');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const reasonCheck = financeReason.safeParse(reason);
  const reasonProblem = reasonCheck.success ? null : (reasonCheck.error.issues[0]?.message ?? 'Say why the cash moves');
  const pending = add.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const cents = amount.take();
    if (cents === null || reasonProblem) return;
    if (cents === 0) return amount.setError(MESSAGES.invalidAmount);
    setServerError(null);
    const employee_id = employee === '' ? null : Number(employee);
    const handlers = {
      onSuccess: () => {
        toasts.success(entry ? MESSAGES.updatedSuccessfully : MESSAGES.addedSuccessfully);
        onClose();
      },
      onError: (error: Error) => {
        setServerError(error.message);
        toasts.error(error.message);
      },
    };
    if (entry) update.mutate({ financeId: entry.id, category, amount: cents, employee_id, description: reason }, handlers);
    else if (editing.kind === 'add') add.mutate({ shift_id: editing.shiftId, category, amount: cents, employee_id, description: reason }, handlers);
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {entry ? (
        <p className="text-sm text-slate-600">
          Now: {FINANCE_CATEGORY_LABEL[entry.category]}, “{entry.description}”. The change and its reason are kept in the drawer log.
        </p>
      ) : null}
      <SelectField
        label="Category"
        value={category}
        onChange={(e) => setCategory(e.target.value as FinanceCategory)}
        options={FINANCE_CATEGORIES.map((c) => ({ value: c, label: `${FINANCE_CATEGORY_LABEL[c]} (${isDebitCategory(c) ? 'cash out' : 'cash in'})` }))}
      />
      <AmountField label="Amount" {...amount.field} autoFocus />
      <SelectField
        label={category === 'TIPOUT' ? 'Paid to' : 'Staff member (optional)'}
        value={employee}
        onChange={(e) => setEmployee(e.target.value)}
        options={[{ value: '', label: 'Nobody' }, ...(staff.data?.staff ?? []).map((m) => ({ value: String(m.id), label: m.name }))]}
      />
      <TextField label={entry ? 'Why it changes' : 'Reason'} value={reason} maxLength={FINANCE_REASON_MAX} onChange={(e) => setReason(e.target.value)} error={tried ? reasonProblem : null} required />
      <FormActions error={serverError} submitLabel={entry ? 'Save the change' : 'Add'} pending={pending} onCancel={onClose} />
    </form>
  );
}
