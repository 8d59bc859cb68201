import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx } from './cx';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  error?: string | null;
}

/** A labelled native select (keyboard and screen-reader friendly everywhere). */
export function SelectField({ label, options, hint, error, className, ...rest }: SelectFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
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
    </div>
  );
}
