import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';

export interface HolidayItem {
  day: string;
  name: string;
}

export interface HolidayEditorProps {
  holidays: readonly HolidayItem[];
  saving?: boolean;
  error?: string | null;
  onSave: (holidays: HolidayItem[]) => void;
  onCancel: () => void;
}

/** Edits a business's holiday list: add a day with a name, remove one, save the whole list. */
export function HolidayEditor({ holidays, saving, error, onSave, onCancel }: HolidayEditorProps) {
  const [list, setList] = useState<HolidayItem[]>(() => [...holidays].sort((a, b) => a.day.localeCompare(b.day)));
  const [day, setDay] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setProblem('Choose a day.');
    if (name.trim() === '') return setProblem('Enter a name.');
    if (list.some((h) => h.day === day)) return setProblem('A day can have only one holiday.');
    setList([...list, { day, name: name.trim() }].sort((a, b) => a.day.localeCompare(b.day)));
    setDay('');
    setName('');
    setProblem(null);
  };
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Holidays" className="max-h-64 divide-y divide-slate-100 overflow-auto rounded-lg ring-1 ring-slate-200">
        {list.length === 0 ? <li className="px-3 py-2 text-sm text-slate-600">No holidays yet.</li> : null}
        {list.map((h) => (
          <li key={h.day} className="flex items-center gap-3 px-3 py-2 text-sm">
            <span className="w-24 shrink-0 font-mono text-slate-700">{h.day}</span>
            <span className="min-w-0 flex-1 truncate text-slate-900">{h.name}</span>
            <Button variant="ghost" size="sm" aria-label={`Remove ${h.name} on ${h.day}`} onClick={() => setList(list.filter((x) => x.day !== h.day))}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-[auto_1fr_auto] items-end gap-2">
        <TextField label="Day" type="date" value={day} onChange={(e) => setDay(e.target.value)} />
        <TextField label="Holiday name" value={name} onChange={(e) => setName(e.target.value)} />
        <Button variant="secondary" onClick={add}>
          Add
        </Button>
      </div>
      {problem || error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem ?? error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button loading={saving} onClick={() => onSave(list)}>
          Save holidays
        </Button>
      </div>
    </div>
  );
}
