import { dayLabel, isApiError, MESSAGES, timesheetDayUpdate, type TimesheetEntry, timesheetReason, type TimesheetStaff } from '@salondesk/core';
import { useUpdateTimesheetDay } from '@salondesk/react';
import { type FormEvent, useMemo, useState } from 'react';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { SelectField } from '../../../ui/SelectField';
import { StatusBadge } from '../../../ui/StatusBadge';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';
import { changesLabel, clockoutHint, dayChanges, dayUpdateOf, type DraftRow, draftsOf, rowProblems, slotTimes } from './timesheetView';

export interface EditDayDialogProps {
  businessId: number;
  /** The day being edited; null: the dialog is closed. */
  day: string | null;
  /** The day's slots as the screen read them. */
  slots: readonly TimesheetEntry[];
  staff: readonly TimesheetStaff[];
  timezone: string;
  onClose: () => void;
}

/**
 * A day's timesheet in one form (`ts/updateall/{date}`): correct any slot's times, remove slots,
 * add slots, and say why; saved all at once or not at all. Each slot shows the times first
 * recorded when a correction changed them. Leaving with changes asks first.
 */
export function EditDayDialog({ businessId, day, slots, staff, timezone, onClose }: EditDayDialogProps) {
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [dirty, setDirty] = useState(false);
  const close = () => {
    setConfirmLeave(false);
    setDirty(false);
    onClose();
  };
  const requestClose = () => (dirty ? setConfirmLeave(true) : close());
  return (
    <>
      <Modal
        open={day !== null && !confirmLeave}
        onClose={requestClose}
        size="wide"
        title={day ? `Timesheet of ${dayLabel(day)}` : 'Timesheet'}
        description={`Every slot of the day is saved at once, with your reason. Times are in ${timezone}; a clock-out before its clock-in is on the next day.`}
      >
        {day ? <DayForm businessId={businessId} day={day} slots={slots} staff={staff} timezone={timezone} onDirty={setDirty} onCancel={requestClose} onSaved={close} /> : null}
      </Modal>
      <Modal
        open={confirmLeave}
        role="alertdialog"
        title="Discard the changes to this day?"
        description="Nothing of this day was saved. Keep editing to save it with a reason."
        actions={
          <>
            <Button onClick={() => setConfirmLeave(false)}>Keep editing</Button>
            <Button variant="danger" onClick={close}>
              Discard changes
            </Button>
          </>
        }
      />
    </>
  );
}

let nextKey = 1;

function DayForm({
  businessId,
  day,
  slots,
  staff,
  timezone,
  onDirty,
  onCancel,
  onSaved,
}: {
  businessId: number;
  day: string;
  slots: readonly TimesheetEntry[];
  staff: readonly TimesheetStaff[];
  timezone: string;
  onDirty: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const save = useUpdateTimesheetDay(businessId);
  const [rows, setRows] = useState<DraftRow[]>(() => draftsOf(slots, timezone));
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [serverProblems, setServerProblems] = useState<Map<string, string>>(new Map());
  const byId = useMemo(() => new Map(slots.map((s) => [s.id, s])), [slots]);
  const changes = dayChanges(rows);
  const changed = changes.added + changes.changed + changes.removed > 0;
  const problems = rowProblems(rows, day, timezone, new Date());
  const reasonCheck = timesheetReason.safeParse(reason);
  const reasonProblem = reasonCheck.success ? null : (reasonCheck.error.issues[0]?.message ?? MESSAGES.failedToUpdateTimesheet);
  const people = staff.filter((m) => m.active);

  const update = (key: string, patch: Partial<DraftRow>) => {
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setServerProblems(new Map());
    onDirty(true);
  };
  const addRow = () => {
    setRows((current) => [...current, { key: `new-${nextKey++}`, employee_id: null, clockin: '', clockout: '', removed: false }]);
    onDirty(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!changed || problems.size > 0 || reasonProblem) return;
    const body = { ...dayUpdateOf(rows, day, timezone), reason: reason.trim() };
    // The request's own schema, as the server will read it.
    const checked = timesheetDayUpdate.safeParse(body);
    if (!checked.success) {
      toasts.error(checked.error.issues[0]?.message ?? MESSAGES.failedToUpdateTimesheet);
      return;
    }
    const sent = rows.filter((r) => !r.removed).map((r) => r.key);
    save.mutateAsync({ day, ...body }).then(
      () => {
        toasts.success(MESSAGES.timesheetUpdated);
        onSaved();
      },
      (error: Error) => {
        const next = new Map<string, string>();
        for (const issue of isApiError(error) ? error.issues : []) {
          const [list, index] = issue.path;
          const key = list === 'slots' && typeof index === 'number' ? sent[index] : undefined;
          if (key) next.set(key, issue.message);
        }
        setServerProblems(next);
        toasts.error(error.message);
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {rows.length === 0 ? <p className="text-sm text-slate-600">No slots on this day yet.</p> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const slot = row.id === undefined ? undefined : byId.get(row.id);
          const name = staff.find((m) => m.id === row.employee_id)?.name ?? slot?.employee_name;
          const rowErrors = tried ? (problems.get(row.key) ?? []) : [];
          const errorOf = (field: string) => rowErrors.find((p) => p.field === field)?.message ?? null;
          const server = serverProblems.get(row.key) ?? null;
          return (
            <li key={row.key}>
              <fieldset className={`rounded-xl p-3 ring-1 ${row.removed ? 'bg-slate-50 ring-slate-200' : server ? 'ring-red-300' : 'ring-slate-200'}`} disabled={save.isPending}>
                <legend className="flex flex-wrap items-center gap-2 px-1 text-sm font-semibold text-slate-900">
                  {name ?? `New slot ${index + 1}`}
                  {slot?.is_modified ? <StatusBadge label="Corrected" tone="info" /> : null}
                  {row.id === undefined ? <StatusBadge label="New" tone="success" /> : null}
                  {row.removed ? <StatusBadge label="Will be removed" tone="danger" /> : null}
                </legend>
                {row.removed ? (
                  <div className="flex items-center justify-between gap-3 text-sm text-slate-600">
                    <span>{slot ? slotTimes(slot, day, timezone) : ''}</span>
                    <Button type="button" variant="secondary" size="sm" onClick={() => update(row.key, { removed: false })}>
                      Keep this slot
                    </Button>
                  </div>
                ) : (
                  <div className="grid items-start gap-3 sm:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
                    {row.id === undefined ? (
                      <SelectField
                        label="Staff"
                        value={row.employee_id === null ? '' : String(row.employee_id)}
                        options={[{ value: '', label: 'Choose…' }, ...people.map((m) => ({ value: String(m.id), label: m.name }))]}
                        error={errorOf('employee_id')}
                        onChange={(e) => update(row.key, { employee_id: e.target.value === '' ? null : Number(e.target.value) })}
                      />
                    ) : (
                      <p className="text-sm text-slate-600 sm:pt-8">{slot ? `Recorded ${slot.source === 'manager' ? 'by a manager' : 'by the clock'}` : ''}</p>
                    )}
                    <TextField label="Clock-in" type="time" value={row.clockin} error={errorOf('clockin_at')} onChange={(e) => update(row.key, { clockin: e.target.value })} />
                    <TextField
                      label="Clock-out"
                      type="time"
                      value={row.clockout}
                      hint={clockoutHint(row, day, timezone)}
                      error={errorOf('clockout_at') ?? server}
                      onChange={(e) => update(row.key, { clockout: e.target.value })}
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      className="sm:mt-7"
                      aria-label={`Remove the slot of ${name ?? `new slot ${index + 1}`}`}
                      onClick={() => (row.id === undefined ? setRows((current) => current.filter((r) => r.key !== row.key)) : update(row.key, { removed: true }))}
                    >
                      Remove
                    </Button>
                  </div>
                )}
                {slot?.is_modified ? (
                  <p className="mt-2 text-xs text-slate-600">First recorded: {slotTimes({ clockin_at: slot.original_clockin, clockout_at: slot.original_clockout }, day, timezone, 'no clock-out')}</p>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button type="button" variant="secondary" onClick={addRow} disabled={save.isPending}>
        Add a slot
      </Button>
      <TextAreaField
        label="Reason"
        required
        rows={2}
        maxLength={500}
        value={reason}
        error={tried ? reasonProblem : null}
        hint="Kept with every change in the timesheet activity."
        onChange={(e) => {
          setReason(e.target.value);
          onDirty(true);
        }}
      />
      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600" aria-live="polite">
          {changesLabel(changes)}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!changed} loading={save.isPending}>
            Save the day
          </Button>
        </div>
      </div>
    </form>
  );
}
