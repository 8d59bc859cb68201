import { countTotal, type CurrentShift, denominationsOf, MESSAGES, type Shift } from '@salondesk/core';
import { useClockStaff, useOpenShift } from '@salondesk/react';
import { type FormEvent, useState } from 'react';
import { toasts } from '../../../app/toasts';
import { DenominationCounter } from '../DenominationCounter';
import { FormActions } from '../../../ui/FormActions';
import { Modal } from '../../../ui/Modal';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { counterDenominations, countLines } from '../shiftView';

export interface OpenDrawerDialogProps {
  businessId: number;
  open: boolean;
  /** What the location's drawer is now: its currency and what a new drawer would open with. */
  current: CurrentShift | undefined;
  money: (cents: number) => string;
  onClose: () => void;
  onOpened: (shift: Shift) => void;
}

/**
 * Opens today's drawer: who is the cashier, and the opening count by denomination. Left uncounted,
 * the drawer opens with what the last shift left in it (else the location's default float).
 */
export function OpenDrawerDialog({ businessId, open, current, money, onClose, onOpened }: OpenDrawerDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title="Open the drawer" size="wide">
      {open && current ? <OpenDrawerForm businessId={businessId} current={current} money={money} onClose={onClose} onOpened={onOpened} /> : null}
    </Modal>
  );
}

function OpenDrawerForm({ businessId, current, money, onClose, onOpened }: Omit<OpenDrawerDialogProps, 'open' | 'current'> & { current: CurrentShift }) {
  const staff = useClockStaff(businessId);
  const openShift = useOpenShift(businessId);
  const denominations = denominationsOf(current.currency);
  const [cashier, setCashier] = useState('');
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [notes, setNotes] = useState('');
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const lines = countLines(denominations, counts);
  const sum = countTotal(current.currency, lines);
  const total = sum.ok ? sum.total : 0;
  const counted = lines.length > 0;
  const cashierProblem = cashier === '' ? 'Choose the cashier' : null;
  const countProblem = sum.ok ? null : (sum.problems[0]?.message ?? MESSAGES.invalidAmount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (cashierProblem || countProblem) return;
    setServerError(null);
    openShift.mutate(
      { cashier: Number(cashier), ...(counted ? { denominations: lines } : {}), ...(notes.trim() ? { notes: notes.trim() } : {}) },
      {
        onSuccess: (shift) => {
          toasts.success(MESSAGES.shiftOpenedSuccessfully);
          onOpened(shift);
        },
        onError: (error) => {
          setServerError(error.message);
          toasts.error(error.message);
        },
      },
    );
  };

  const suggested = current.suggested_starting_balance;
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <SelectField
        label="Cashier"
        value={cashier}
        onChange={(e) => setCashier(e.target.value)}
        error={tried ? cashierProblem : null}
        options={[{ value: '', label: staff.isPending ? 'Loading staff…' : 'Choose…' }, ...(staff.data?.staff ?? []).map((m) => ({ value: String(m.id), label: m.name }))]}
      />
      <DenominationCounter label="Opening count" denominations={counterDenominations(denominations)} counts={counts} onChange={setCounts} total={total} money={money} />
      <p className="text-sm text-slate-600" role="note">
        {counted
          ? `The drawer opens with ${money(total)}${total === suggested ? ', what it should hold.' : `; ${current.lastbalance !== null ? 'the last shift left' : 'the default float is'} ${money(suggested)}.`}`
          : `Left uncounted, the drawer opens with ${money(suggested)}: ${current.lastbalance !== null ? 'what the last shift left in it' : 'the location’s default float'}.`}
      </p>
      {countProblem && tried ? (
        <p role="alert" className="text-sm text-red-700">
          {countProblem}
        </p>
      ) : null}
      <TextField label="Notes (optional)" value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} />
      <FormActions error={serverError} submitLabel={`Open with ${money(counted ? total : suggested)}`} pending={openShift.isPending} onCancel={onClose} />
    </form>
  );
}
