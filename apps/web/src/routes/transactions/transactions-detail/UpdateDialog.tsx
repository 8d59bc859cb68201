import { MESSAGES, type Transaction } from '@salondesk/core';
import { useStaffList, useUpdateTransaction } from '@salondesk/react';
import { useState } from 'react';
import { toasts } from '../../../app/toasts';
import { useAmount } from '../../../app/useAmount';
import type { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { AmountField } from '../../../ui/AmountField';
import { FormDialog } from '../../../ui/FormDialog';
import { SelectField } from '../../../ui/SelectField';
import { TextAreaField } from '../../../ui/TextAreaField';

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

/** "Update ticket #…": the staff member credited, the notes and the tender split (which must add up to what was paid); only what changed is sent. */
export function UpdateDialog({ open, onClose, t, businessId, display }: { open: boolean; onClose: () => void; t: Transaction; businessId: number; display: ReturnType<typeof useBusinessDisplay> }) {
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
  const submit = () => {
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
    <FormDialog open={open} onClose={onClose} title={`Update ticket #${t.id}`} onSubmit={submit} submitLabel="Save" pending={update.isPending} error={error}>
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
    </FormDialog>
  );
}
