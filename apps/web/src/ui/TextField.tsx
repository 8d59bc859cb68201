import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './cx';
import { Field } from './Field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field; read with it by screen readers. */
  hint?: ReactNode;
  /** Marks the field invalid and is read with it. */
  error?: string | null;
  /** Content at the right of the label (a "Forgot password?" link, for example). */
  labelAction?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with an optional hint and error. */
export function TextField({ label, hint, error, labelAction, className, type = 'text', ref, ...rest }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} labelAction={labelAction} className={className}>
      {(control) => (
        <input
          ref={ref}
          {...control}
          type={type}
          className={cx(
            'h-10 w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-xs transition-colors placeholder:text-slate-400',
            'focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600',
            'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
            error ? 'border-red-500' : 'border-slate-300 hover:border-slate-400',
          )}
          {...rest}
        />
      )}
    </Field>
  );
}
