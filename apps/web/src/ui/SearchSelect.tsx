import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { Field } from './Field';
import { cx } from './cx';

export interface SearchSelectOption {
  id: number;
  /** What the option is called (and what the input shows once it is chosen). */
  label: string;
  /** A second line that tells options with the same label apart (a phone, an email). */
  detail?: string;
}

export interface SearchSelectProps {
  label: string;
  /** The options matching `query` (the caller searches; this part only shows them). */
  options: readonly SearchSelectOption[];
  value: SearchSelectOption | null;
  onChange: (option: SearchSelectOption | null) => void;
  query: string;
  onQueryChange: (query: string) => void;
  /** The options are being looked up. */
  loading?: boolean;
  /** Shown when a query finds nothing. */
  emptyText?: string;
  placeholder?: string;
  hint?: string;
  error?: string | null;
  className?: string;
}

/**
 * A text field that searches and picks one item (a client, say): type, move with the arrow keys,
 * Enter or a click chooses, Escape closes. Headless UI's Combobox gives the ARIA combobox pattern;
 * the caller does the searching (`onQueryChange`) and hands back the matching `options`.
 */
export function SearchSelect({ label, options, value, onChange, query, onQueryChange, loading = false, emptyText = 'Nothing found', placeholder, hint, error, className }: SearchSelectProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <Combobox value={value} onChange={onChange} by="id" onClose={() => onQueryChange('')} immediate>
          <div className="relative">
            <ComboboxInput
              {...control}
              autoComplete="off"
              placeholder={placeholder}
              displayValue={(o: SearchSelectOption | null) => o?.label ?? ''}
              onChange={(e) => onQueryChange(e.target.value)}
              className={cx(
                'h-10 w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-xs placeholder:text-slate-400',
                'focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600',
                error ? 'border-red-500' : 'border-slate-300 hover:border-slate-400',
              )}
            />
            {query.trim() !== '' ? (
              <ComboboxOptions
                static
                className="absolute z-20 mt-1 max-h-72 w-full min-w-64 overflow-auto rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200"
              >
                {options.map((o) => (
                  <ComboboxOption key={o.id} value={o} className="cursor-pointer px-3 py-2 data-focus:bg-brand-50 data-selected:font-semibold">
                    <span className="block text-slate-900">{o.label}</span>
                    {o.detail ? <span className="block text-xs text-slate-500">{o.detail}</span> : null}
                  </ComboboxOption>
                ))}
                {options.length === 0 ? <li className="px-3 py-2 text-slate-500">{loading ? 'Searching…' : emptyText}</li> : null}
              </ComboboxOptions>
            ) : null}
          </div>
        </Combobox>
      )}
    </Field>
  );
}
