import {
  closeApproval,
  closingBalanceOf,
  countTotal,
  dayBalance,
  denominationsOf,
  expectedCash,
  MESSAGES,
  type Shift,
  SHIFT_NOTES_MAX,
  shiftCloseNeedsManager,
  shiftCloseNeedsNote,
} from '@salondesk/core';
import { useClockStaff, useCloseShift, useDrawerSettings } from '@salondesk/react';
import { type FormEvent, useState } from 'react';
import { toasts } from '../../../app/toasts';
import { useAmount } from '../../../app/useAmount';
import { AmountField } from '../../../ui/AmountField';
import { Button } from '../../../ui/Button';
import { DenominationCounter } from '../DenominationCounter';
import { DrawerBalance } from '../DrawerBalance';
import { FormActions } from '../../../ui/FormActions';
import { Modal } from '../../../ui/Modal';
import { TextAreaField } from '../../../ui/TextAreaField';
import { balanceLines, balanceOutcome, counterDenominations, countLines, SHIFT_STATE_TONE } from '../shiftView';

export interface CloseDrawerDialogProps {
  businessId: number;
  /** The open shift to close; null: the dialog is closed. */
  shift: Shift | null;
  /** May this user close past the location's difference threshold (`setting.editsetting`)? */
  isManager: boolean;
  money: (cents: number) => string;
  symbol: string;
  onClose: () => void;
}

/**
 * Closes a drawer: the cash counted by denomination, the cash drop to the safe (0 removes one set
 * earlier, spec 001 §5), notes, and cashiers added or removed. While counting, the expected amount
 * and the difference follow the count — unless the location closes blind, when nothing of what the
 * drawer should hold shows until the count is saved. The saved close's result (Balanced, Over or
 * Short, with the difference) shows before the dialog is left.
 */
export function CloseDrawerDialog({ businessId, shift, isManager, money, symbol, onClose }: CloseDrawerDialogProps) {
  const [closed, setClosed] = useState<Shift | null>(null);
  const done = () => {
    setClosed(null);
    onClose();
  };
  return (
    <Modal open={shift !== null} onClose={done} title={closed ? 'Drawer closed' : 'Close the drawer'} size="wide">
      {closed ? (
        <div className="space-y-4">
          <DrawerBalance title="How the drawer came out" lines={balanceLines(closed.figures)} expected={closed.figures.expected} counted={closed.figures.counted} outcome={balanceOutcome(closed.figures)} money={money} />
          <div className="flex justify-end">
            <Button onClick={done}>Done</Button>
          </div>
        </div>
      ) : shift ? (
        <CloseDrawerForm key={shift.id} businessId={businessId} shift={shift} isManager={isManager} money={money} symbol={symbol} onCancel={done} onClosed={setClosed} />
      ) : null}
    </Modal>
  );
}

function CloseDrawerForm({ businessId, shift, isManager, money, symbol, onCancel, onClosed }: Omit<CloseDrawerDialogProps, 'shift' | 'onClose'> & { shift: Shift; onCancel: () => void; onClosed: (shift: Shift) => void }) {
  const close = useCloseShift(businessId);
  const settings = useDrawerSettings(businessId);
  const staff = useClockStaff(businessId);
  const denominations = denominationsOf(shift.currency);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const drop = useAmount(symbol, shift.figures.cash_drop);
  const [notes, setNotes] = useState('');
  const onShift = shift.staff.filter((s) => s.role !== 'removed at closing').map((s) => s.id);
  const [cashiers, setCashiers] = useState<Set<number>>(() => new Set(onShift));
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const lines = countLines(denominations, counts);
  const sum = countTotal(shift.currency, lines);
  const counted = sum.ok ? sum.total : 0;
  const dropReading = drop.field.read(drop.text);
  const dropCents = drop.text.trim() === '' ? 0 : dropReading.ok ? dropReading.cents : null;
  const blind = shift.figures.hidden;
  // What the drawer should hold with the cash drop as typed (the drop set earlier replaced by it), and how the count compares.
  const f = shift.figures;
  const expected = blind || f.expected === null || f.cash_sales === null || dropCents === null ? null : expectedCash(f.starting_balance, f.cash_sales, f.finances + f.cash_drop - dropCents);
  const closing = dropCents === null ? null : closingBalanceOf(counted, dropCents);
  const result = expected !== null && closing !== null && lines.length > 0 ? dayBalance(closing, expected) : null;
  const threshold = settings.data?.differenceThreshold ?? null;
  const approval = result ? closeApproval(result.difference, threshold, isManager, notes.trim() !== '') : 'ok';

  const countProblem = lines.length === 0 ? MESSAGES.shiftCountRequired : sum.ok ? null : (sum.problems[0]?.message ?? MESSAGES.invalidAmount);
  const dropProblem = dropCents === null ? (dropReading.ok ? null : dropReading.message) : dropCents > counted && lines.length > 0 ? MESSAGES.shiftCashDropTooLarge : null;
  const approvalProblem = threshold === null ? null : approval === 'manager' ? shiftCloseNeedsManager(money(threshold)) : approval === 'note' ? shiftCloseNeedsNote(money(threshold)) : null;

  const toggleCashier = (id: number, on: boolean) => {
    const next = new Set(cashiers);
    if (on) next.add(id);
    else next.delete(id);
    setCashiers(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (countProblem || dropProblem || dropCents === null || approvalProblem) return;
    setServerError(null);
    close.mutate(
      {
        shiftId: shift.id,
        closingdenominations: lines,
        cashdrop: dropCents,
        ...(notes.trim() ? { notes: notes.trim() } : {}),
        cashiers_added: [...cashiers].filter((id) => !onShift.includes(id)),
        cashiers_removed: onShift.filter((id) => !cashiers.has(id)),
      },
      {
        onSuccess: (saved) => {
          toasts.success(MESSAGES.shiftUpdated);
          onClosed(saved);
        },
        onError: (error) => {
          setServerError(error.message);
          toasts.error(error.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_16rem]">
        <DenominationCounter label="Cash in the drawer" denominations={counterDenominations(denominations)} counts={counts} onChange={setCounts} total={counted} money={money} autoFocus />
        <div className="space-y-4">
          <AmountField label="Cash drop" {...drop.field} optional error={tried ? dropProblem : drop.field.error} hint="Taken to the safe now; 0 removes a cash drop set earlier." />
          {blind ? (
            <DrawerBalance title="Drawer" lines={[]} expected={null} money={money} hiddenNote="This location closes blind: the expected amount and the difference show once the count is saved." />
          ) : (
            <DrawerBalance
              title="Drawer"
              lines={balanceLines({ ...f, cash_drop: dropCents ?? f.cash_drop })}
              expected={expected ?? f.expected}
              counted={lines.length > 0 && closing !== null ? closing : null}
              outcome={result ? { label: result.balance, tone: SHIFT_STATE_TONE[result.balance], difference: result.difference } : null}
              money={money}
            />
          )}
        </div>
      </div>
      <TextAreaField label="Notes" value={notes} maxLength={SHIFT_NOTES_MAX} onChange={(e) => setNotes(e.target.value)} error={tried ? approvalProblem : null} hint={threshold !== null ? `A difference of more than ${money(threshold)} needs a manager and a note.` : undefined} />
      <details className="rounded-lg ring-1 ring-slate-200">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">Cashiers on this shift ({cashiers.size})</summary>
        <fieldset className="grid gap-1 px-3 pb-3 sm:grid-cols-2">
          <legend className="sr-only">Cashiers at closing</legend>
          {(staff.data?.staff ?? []).map((m) => (
            <label key={m.id} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" className="size-4" checked={cashiers.has(m.id)} onChange={(e) => toggleCashier(m.id, e.target.checked)} />
              {m.name}
            </label>
          ))}
        </fieldset>
      </details>
      {tried && countProblem ? (
        <p role="alert" className="text-sm text-red-700">
          {countProblem}
        </p>
      ) : null}
      <FormActions error={serverError} submitLabel="Close the drawer" pending={close.isPending} onCancel={onCancel} />
    </form>
  );
}
