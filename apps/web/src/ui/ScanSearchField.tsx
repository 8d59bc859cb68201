import { normalizeScan } from '@salondesk/core';
import { useId, type KeyboardEvent } from 'react';

export interface ScanSearchFieldProps {
  label: string;
  value: string;
  /** Every keystroke (a person typing, or a scanner typing its code). */
  onChange: (value: string) => void;
  /**
   * Enter: a scanner ends its code with Enter (so does a person who wants the exact match). Called
   * with what was typed, trimmed of the scanner's control characters (core's `normalizeScan`).
   */
  onScan?: (code: string) => void;
  placeholder?: string;
  hint?: string;
  className?: string;
}

/**
 * A product search box that takes a barcode scanner's input: a scanner is a keyboard that types
 * the code and Enter, so typing filters as usual and Enter hands the code to `onScan` (an exact
 * barcode opens its product). It knows nothing of products: the screen decides what a scan finds.
 */
export function ScanSearchField({ label, value, onChange, onScan, placeholder, hint, className }: ScanSearchFieldProps) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      const code = normalizeScan(event.currentTarget.value);
      if (code !== '') onScan?.(code);
    } else if (event.key === 'Escape' && value !== '') {
      event.preventDefault();
      onChange('');
    }
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">{label}</label>
      <input
        id={id}
        type="search"
        inputMode="search"
        autoComplete="off"
        spellCheck={false}
        value={value}
        placeholder={placeholder}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        className="mt-1 block w-full rounded-lg border-0 px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 focus:ring-inset"
      />
      {hint ? <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}
