import { type ReactNode, useId, useRef } from 'react';
import { Button } from './Button';
import { cx } from './cx';
import { focusLater, useKeyedList } from './useKeyedList';

/** One field of each record: a text, a choice, or an on/off box. */
export type RecordField<T> =
  | { key: keyof T & string; label: string; kind: 'text'; placeholder?: string; wide?: boolean; monospace?: boolean }
  | { key: keyof T & string; label: string; kind: 'select'; options: readonly { value: string; label: string }[] }
  | { key: keyof T & string; label: string; kind: 'checkbox' };

export interface RecordListEditorProps<T extends Record<string, string | boolean>> {
  /** What the list is ("Parameters"). */
  label: string;
  items: readonly T[];
  onChange: (items: T[]) => void;
  fields: readonly RecordField<T>[];
  /** A new record, for Add. */
  newItem: () => T;
  /** What one record is called: "Parameter 2"; its fields are named "Parameter 2, Label". */
  itemLabel: (position: number) => string;
  /** What Add says ("Add a parameter"). */
  addLabel: string;
  /** Per record, a message per field key (or null for a record that fits). */
  problems?: readonly (Partial<Record<string, string>> | null)[];
  /** A message about the whole list. */
  error?: string | null;
  hint?: ReactNode;
  maxItems?: number;
  disabled?: boolean;
}

const control = 'h-9 w-full rounded-lg border bg-white px-2.5 text-sm text-slate-900 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600 disabled:bg-slate-50';

/**
 * Edits a list of records (a report's parameters, its columns) row by row: each record's fields
 * side by side (stacked on a phone), each named after its record, with its own message; Move up /
 * Move down / Remove per record and Add at the end, which focuses the new record's first field;
 * every change is announced.
 */
export function RecordListEditor<T extends Record<string, string | boolean>>({
  label,
  items,
  onChange,
  fields,
  newItem,
  itemLabel,
  addLabel,
  problems = [],
  error,
  hint,
  maxItems,
  disabled = false,
}: RecordListEditorProps<T>) {
  const id = useId();
  const list = useKeyedList(items, onChange);
  const { keys: rowKeys, said } = list;
  const firstFields = useRef(new Map<number, HTMLElement>());
  const addButton = useRef<HTMLButtonElement>(null);

  const add = () => {
    const key = list.add(newItem(), `${itemLabel(items.length + 1)} added.`);
    focusLater(() => firstFields.current.get(key));
  };
  const remove = (index: number) => {
    const focusKey = list.remove(index, `${itemLabel(index + 1)} removed.`);
    focusLater(() => (focusKey === undefined ? addButton.current : firstFields.current.get(focusKey)));
  };
  const move = (index: number, by: -1 | 1) => {
    const key = list.move(index, by, `${itemLabel(index + 1)} moved ${by < 0 ? 'up' : 'down'} to position ${index + by + 1}.`);
    if (key !== undefined) focusLater(() => firstFields.current.get(key));
  };
  const set = (index: number, key: string, value: string | boolean) => onChange(items.map((item, i) => (i === index ? { ...item, [key]: value } : item)));

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={[hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined}>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {items.length === 0 ? <p className="text-sm text-slate-500">None yet.</p> : null}
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => {
          const key = rowKeys[index] as number;
          const name = itemLabel(index + 1);
          const rowProblems = problems[index] ?? null;
          return (
            <li key={key} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
              <fieldset>
                <legend className="sr-only">{name}</legend>
                <div className="flex flex-wrap items-end gap-2">
                  {fields.map((field, fieldIndex) => {
                    const problem = rowProblems?.[field.key];
                    const fieldId = `${id}-${key}-${field.key}`;
                    const common = {
                      id: fieldId,
                      'aria-invalid': problem ? (true as const) : undefined,
                      'aria-describedby': problem ? `${fieldId}-problem` : undefined,
                      disabled,
                      ref: (el: HTMLInputElement | HTMLSelectElement | null) => {
                        if (fieldIndex !== 0) return;
                        if (el) firstFields.current.set(key, el);
                        else firstFields.current.delete(key);
                      },
                    };
                    const aria = `${name}, ${field.label}`;
                    return (
                      <div key={field.key} className={cx('flex min-w-0 flex-col gap-1', field.kind === 'checkbox' ? 'basis-auto' : field.kind === 'text' && field.wide ? 'grow basis-full sm:basis-64' : 'grow basis-32')}>
                        {field.kind === 'checkbox' ? (
                          <label className="flex h-9 items-center gap-2 text-sm text-slate-800">
                            <input {...common} type="checkbox" className="size-4 rounded border-slate-300" checked={item[field.key] === true} onChange={(e) => set(index, field.key, e.target.checked)} aria-label={aria} />
                            {field.label}
                          </label>
                        ) : (
                          <>
                            <label htmlFor={fieldId} className="text-xs font-medium text-slate-600">
                              {field.label}
                            </label>
                            {field.kind === 'select' ? (
                              <select {...common} aria-label={aria} value={String(item[field.key])} onChange={(e) => set(index, field.key, e.target.value)} className={cx(control, problem ? 'border-red-500' : 'border-slate-300')}>
                                {field.options.map((option) => (
                                  <option key={option.value} value={option.value}>
                                    {option.label}
                                  </option>
                                ))}
                              </select>
                            ) : (
                              <input
                                {...common}
                                aria-label={aria}
                                value={String(item[field.key])}
                                placeholder={field.placeholder}
                                onChange={(e) => set(index, field.key, e.target.value)}
                                className={cx(control, field.monospace && 'font-mono', problem ? 'border-red-500' : 'border-slate-300')}
                              />
                            )}
                          </>
                        )}
                        {problem ? (
                          <p id={`${fieldId}-problem`} className="text-xs font-medium text-red-700">
                            {problem}
                          </p>
                        ) : null}
                      </div>
                    );
                  })}
                  {!disabled ? (
                    <span className="flex shrink-0 gap-1">
                      <Button size="sm" variant="ghost" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                        <span aria-hidden="true">↑</span>
                      </Button>
                      <Button size="sm" variant="ghost" aria-label={`Move ${name} down`} disabled={index === items.length - 1} onClick={() => move(index, 1)}>
                        <span aria-hidden="true">↓</span>
                      </Button>
                      <Button size="sm" variant="ghost" aria-label={`Remove ${name}`} onClick={() => remove(index)}>
                        Remove
                      </Button>
                    </span>
                  ) : null}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {!disabled ? (
        <div>
          <Button ref={addButton} size="sm" variant="secondary" onClick={add} disabled={maxItems !== undefined && items.length >= maxItems}>
            {addLabel}
          </Button>
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {said}
      </p>
    </fieldset>
  );
}
