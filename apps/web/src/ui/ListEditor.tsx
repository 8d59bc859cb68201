import { type ReactNode, useId, useRef } from 'react';
import { Button } from './Button';
import { cx } from './cx';
import { focusLater, useKeyedList } from './useKeyedList';

export interface ListEditorProps {
  /** What the list is: its group's name ("Tip suggestions"). */
  label: string;
  /** The items as typed (the screen keeps them). */
  items: readonly string[];
  onChange: (items: string[]) => void;
  /** A message per item that does not fit (null for one that does), in the order of `items`. */
  problems?: readonly (string | null)[];
  /** A message about the whole list. */
  error?: string | null;
  hint?: ReactNode;
  /** What one item is called: "Tip suggestions, item 2" by default. */
  itemLabel?: (position: number) => string;
  /** Shown after each item's field (`%`). */
  suffix?: string;
  inputMode?: 'decimal' | 'text';
  /** The most items the list may hold: Add is disabled at it. */
  maxItems?: number;
  disabled?: boolean;
}

/**
 * Edits a list item by item instead of as raw JSON: a field per item (with its own message),
 * Move up / Move down and Remove per item, and Add at the end (focused, ready to type). Every
 * button is named after its item; what changed is announced, and focus stays on the moved item
 * or goes to the next one after a removal.
 */
export function ListEditor({ label, items, onChange, problems = [], error, hint, itemLabel, suffix, inputMode = 'text', maxItems, disabled = false }: ListEditorProps) {
  const id = useId();
  const nameOf = itemLabel ?? ((position: number) => `${label}, item ${position}`);
  // Stable keys for rows whose texts may repeat or change: kept beside the items.
  const list = useKeyedList(items, onChange);
  const { keys: rowKeys, said } = list;
  const fields = useRef(new Map<number, HTMLInputElement>());
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const addButton = useRef<HTMLButtonElement>(null);

  const add = () => {
    const key = list.add('', `Item ${items.length + 1} added.`);
    focusLater(() => fields.current.get(key));
  };
  const remove = (index: number) => {
    const focusKey = list.remove(index, `Item ${index + 1} removed.`);
    focusLater(() => (focusKey === undefined ? addButton.current : fields.current.get(focusKey)));
  };
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const key = list.move(index, by, `Item ${index + 1} moved ${by < 0 ? 'up' : 'down'} to position ${to + 1}.`);
    if (key === undefined) return;
    // The same button follows its item, unless the item reached the end it was moving to.
    const edge = (by < 0 && to === 0) || (by > 0 && to === items.length - 1);
    focusLater(() => buttons.current.get(`${key}:${edge ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down'}`) ?? fields.current.get(key));
  };

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={[hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined}>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      {items.length === 0 ? <p className="text-sm text-slate-500">No items yet.</p> : null}
      <ol className="flex flex-col gap-2">
        {items.map((item, index) => {
          const key = rowKeys[index] as number;
          const problem = problems[index] ?? null;
          const name = nameOf(index + 1);
          return (
            <li key={key} className="flex flex-col gap-1">
              <div className="flex items-center gap-2">
                <span aria-hidden="true" className="w-5 text-right text-xs tabular-nums text-slate-500">
                  {index + 1}.
                </span>
                <div className={cx('flex h-9 min-w-0 flex-1 items-center rounded-lg border bg-white text-sm focus-within:outline-2 focus-within:-outline-offset-1 focus-within:outline-brand-600', problem ? 'border-red-500' : 'border-slate-300')}>
                  <input
                    ref={(el) => {
                      if (el) fields.current.set(key, el);
                      else fields.current.delete(key);
                    }}
                    aria-label={name}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${id}-${key}-problem` : undefined}
                    inputMode={inputMode}
                    value={item}
                    disabled={disabled}
                    onChange={(e) => onChange(items.map((v, i) => (i === index ? e.target.value : v)))}
                    className="h-full min-w-0 flex-1 rounded-lg bg-transparent px-3 text-slate-900 focus:outline-none disabled:cursor-not-allowed disabled:text-slate-500"
                  />
                  {suffix ? (
                    <span aria-hidden="true" className="pr-3 text-slate-500">
                      {suffix}
                    </span>
                  ) : null}
                </div>
                {!disabled ? (
                  <span className="flex shrink-0 gap-1">
                    {(['up', 'down'] as const).map((way) => (
                      <Button
                        key={way}
                        ref={(el: HTMLButtonElement | null) => {
                          if (el) buttons.current.set(`${key}:${way}`, el);
                          else buttons.current.delete(`${key}:${way}`);
                        }}
                        size="sm"
                        variant="ghost"
                        aria-label={`Move ${name} ${way}`}
                        disabled={way === 'up' ? index === 0 : index === items.length - 1}
                        onClick={() => move(index, way === 'up' ? -1 : 1)}
                      >
                        <span aria-hidden="true">{way === 'up' ? '↑' : '↓'}</span>
                      </Button>
                    ))}
                    <Button size="sm" variant="ghost" aria-label={`Remove ${name}`} onClick={() => remove(index)}>
                      Remove
                    </Button>
                  </span>
                ) : null}
              </div>
              {problem ? (
                <p id={`${id}-${key}-problem`} className="pl-7 text-xs font-medium text-red-700">
                  {problem}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {!disabled ? (
        <div>
          <Button ref={addButton} size="sm" variant="secondary" onClick={add} disabled={maxItems !== undefined && items.length >= maxItems}>
            Add an item
          </Button>
        </div>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
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
