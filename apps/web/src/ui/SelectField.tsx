import type { ReactNode, SelectHTMLAttributes } from 'react';
import { cx } from './cx';
import { Field } from './Field';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  error?: string | null;
}

/** A labelled native select (keyboard and screen-reader friendly everywhere). */
export function SelectField({ label, options, hint, error, className, ...rest }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select
          {...control}
          className={cx(
            'h-10 w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600',
            error ? 'border-red-500' : 'border-slate-300 hover:border-slate-400',
          )}
          {...rest}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
