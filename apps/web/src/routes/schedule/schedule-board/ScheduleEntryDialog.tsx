import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';

export interface EntryFormValue {
  rowId: number;
  /** The column: a day `YYYY-MM-DD`, or a day of the week `0`…`6` in template mode. */
  when: string;
  start: string;
  end: string;
  /** Template entries: a week rotation. */
  rotate: boolean;
  every: number;
  /** Any day of the rotation's first week. */
  anchor: string;
  /** Weeks left out: days of those weeks, comma-separated. */
  except: string;
}

export interface ScheduleEntryDialogProps {
  open: boolean;
  title: string;
  value: EntryFormValue;
  staff: readonly { id: number; name: string }[];
  whenLabel: string;
  whenOptions: readonly { value: string; label: string }[];
  showRotation: boolean;
  saving?: boolean;
  deleting?: boolean;
  error?: string | null;
  onSave: (value: EntryFormValue) => void;
  onDelete?: () => void;
  onClose: () => void;
}

const selectClass = 'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600';

/** Creates or edits one schedule entry: who, when, from–to and (template entries) a week rotation. */
export function ScheduleEntryDialog(props: ScheduleEntryDialogProps) {
  return (
    <Modal open={props.open} onClose={props.onClose} title={props.title}>
      {props.open ? <EntryForm key={`${props.value.rowId}-${props.value.when}-${props.value.start}`} {...props} /> : null}
    </Modal>
  );
}

function EntryForm({ value, staff, whenLabel, whenOptions, showRotation, saving, deleting, error, onSave, onDelete, onClose }: ScheduleEntryDialogProps) {
  const [form, setForm] = useState(value);
  const [confirming, setConfirming] = useState(false);
  const id = useId();
  const set = <K extends keyof EntryFormValue>(key: K, v: EntryFormValue[K]) => setForm((f) => ({ ...f, [key]: v }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(form);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-staff`} className="text-sm font-medium text-slate-800">
            Staff member
          </label>
          <select id={`${id}-staff`} className={selectClass} value={form.rowId} onChange={(e) => set('rowId', Number(e.target.value))}>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-when`} className="text-sm font-medium text-slate-800">
            {whenLabel}
          </label>
          <select id={`${id}-when`} className={selectClass} value={form.when} onChange={(e) => set('when', e.target.value)}>
            {whenOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <TextField label="Start" type="time" step={900} value={form.start} onChange={(e) => set('start', e.target.value)} required />
        <TextField label="End" type="time" step={900} value={form.end} onChange={(e) => set('end', e.target.value)} required />
      </div>
      {showRotation ? (
        <fieldset className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">Week rotation</legend>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="size-4 accent-brand-600" checked={form.rotate} onChange={(e) => set('rotate', e.target.checked)} />
            Only some weeks (A/B, A/B/C … rotation)
          </label>
          {form.rotate ? (
            <div className="mt-3 grid grid-cols-2 gap-3">
              <TextField label="Every how many weeks" type="number" min={1} max={52} value={String(form.every)} onChange={(e) => set('every', Number(e.target.value))} />
              <TextField label="Starting the week of" type="date" value={form.anchor} onChange={(e) => set('anchor', e.target.value)} />
              <TextField
                className="col-span-2"
                label="Except the weeks of"
                hint="Days of the weeks to skip, as YYYY-MM-DD, separated by commas."
                value={form.except}
                onChange={(e) => set('except', e.target.value)}
              />
            </div>
          ) : null}
        </fieldset>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {confirming ? (
        <div role="alertdialog" aria-label="Remove this shift?" className="flex flex-col gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          <p>Remove this shift? This cannot be undone from here.</p>
          <div className="flex gap-2">
            <Button variant="danger" size="sm" loading={deleting} onClick={onDelete}>
              Yes, remove
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
        {onDelete && !confirming ? (
          <Button variant="ghost" className="text-red-700 sm:mr-auto" onClick={() => setConfirming(true)}>
            Remove
          </Button>
        ) : (
          <span className="sm:mr-auto" />
        )}
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}
