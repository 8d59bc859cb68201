import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';

export interface TemplateItem {
  id: string;
  name: string;
  start: string | null;
  end: string | null;
}

export interface TemplateListEditorProps {
  multiple: boolean;
  templates: readonly TemplateItem[];
  saving?: boolean;
  error?: string | null;
  onSave: (value: { multiple: boolean; templates: TemplateItem[] }) => void;
  onCancel: () => void;
}

const slug = (name: string, taken: Set<string>): string => {
  const base = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 30) || 'template';
  let id = base === 'master' ? 'master-2' : base;
  for (let i = 2; taken.has(id); i++) id = `${base}-${i}`;
  return id;
};

/** Turns multiple templates on or off and edits the named templates (name, first and last day). */
export function TemplateListEditor({ multiple, templates, saving, error, onSave, onCancel }: TemplateListEditorProps) {
  const [on, setOn] = useState(multiple);
  const [list, setList] = useState<TemplateItem[]>([...templates]);
  const [name, setName] = useState('');
  const update = (id: string, patch: Partial<TemplateItem>) => setList(list.map((t) => (t.id === id ? { ...t, ...patch } : t)));
  return (
    <div className="flex flex-col gap-4">
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="size-4 accent-brand-600" checked={on} onChange={(e) => setOn(e.target.checked)} />
        Use several templates (each for its own dates); the master covers the rest
      </label>
      {on ? (
        <>
          <ul aria-label="Named templates" className="flex flex-col gap-3">
            {list.map((t) => (
              <li key={t.id} className="grid grid-cols-2 gap-2 rounded-lg p-3 ring-1 ring-slate-200">
                <TextField className="col-span-2" label="Template name" value={t.name} onChange={(e) => update(t.id, { name: e.target.value })} />
                <TextField label="From" type="date" value={t.start ?? ''} onChange={(e) => update(t.id, { start: e.target.value || null })} />
                <TextField label="Until" type="date" value={t.end ?? ''} onChange={(e) => update(t.id, { end: e.target.value || null })} />
                <Button variant="ghost" size="sm" className="col-span-2 justify-self-end text-red-700" onClick={() => setList(list.filter((x) => x.id !== t.id))}>
                  Remove {t.name}
                </Button>
              </li>
            ))}
          </ul>
          <div className="flex items-end gap-2">
            <TextField className="flex-1" label="New template name" value={name} onChange={(e) => setName(e.target.value)} />
            <Button
              variant="secondary"
              disabled={name.trim() === ''}
              onClick={() => {
                setList([...list, { id: slug(name, new Set(list.map((t) => t.id))), name: name.trim(), start: null, end: null }]);
                setName('');
              }}
            >
              Add template
            </Button>
          </div>
        </>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button loading={saving} onClick={() => onSave({ multiple: on, templates: list })}>
          Save templates
        </Button>
      </div>
    </div>
  );
}
