import { type ReactNode, useState } from 'react';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';

export interface ScheduleSettingsValue {
  /** 0 = Sunday … 6 = Saturday. */
  weekStartsOn: number;
  storeHours: { start: string; end: string };
}

export interface ScheduleSettingsFormProps {
  value: ScheduleSettingsValue;
  /** Says how these store hours relate to the business's Business Hours. */
  storeHoursHint?: ReactNode;
  /** Said when the store hours close before they open (the catalogue's `scheduleStoreHours`). */
  backwardsHoursMessage: string;
  saving?: boolean;
  error?: string | null;
  onSave: (value: ScheduleSettingsValue) => void;
  onCancel: () => void;
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((label, dow) => ({ value: String(dow), label }));

/** The scheduler's own settings: the first day of the week, and the store hours of days without Business Hours. */
export function ScheduleSettingsForm({ value, storeHoursHint, backwardsHoursMessage, saving, error, onSave, onCancel }: ScheduleSettingsFormProps) {
  const [weekStartsOn, setWeekStartsOn] = useState(value.weekStartsOn);
  const [start, setStart] = useState(value.storeHours.start);
  const [end, setEnd] = useState(value.storeHours.end);
  const backwards = start !== '' && end !== '' && start >= end;
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!backwards) onSave({ weekStartsOn, storeHours: { start, end } });
      }}
    >
      <SelectField label="Week starts on" options={DAYS} value={String(weekStartsOn)} onChange={(e) => setWeekStartsOn(Number(e.target.value))} hint="The weekly view and the template both start on this day." />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">Store hours</legend>
        {storeHoursHint ? <p className="text-sm text-slate-600">{storeHoursHint}</p> : null}
        <div className="grid grid-cols-2 gap-2">
          <TextField label="Opens" type="time" required value={start} onChange={(e) => setStart(e.target.value)} />
          <TextField label="Closes" type="time" required value={end} onChange={(e) => setEnd(e.target.value)} error={backwards ? backwardsHoursMessage : null} />
        </div>
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} disabled={backwards}>
          Save settings
        </Button>
      </div>
    </form>
  );
}
