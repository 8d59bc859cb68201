import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { cx } from './cx';
import { Field } from './Field';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** Shown under the field; read with it by screen readers. */
  hint?: ReactNode;
  /** Marks the field invalid and is read with it (as an alert when it appears). */
  error?: string | null;
  /** A monospaced field, for code such as JSON. */
  code?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text field with an optional hint and error. */
export function TextAreaField({ label, hint, error, code = false, className, rows = 3, ref, ...rest }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} alertError className={className}>
      {(control) => (
        <textarea
          ref={ref}
          {...control}
          rows={rows}
          spellCheck={code ? false : undefined}
          className={cx(
            'w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs transition-colors placeholder:text-slate-400',
            'focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600',
            'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
            code && 'font-mono text-[13px] leading-5',
            error ? 'border-red-500' : 'border-slate-300 hover:border-slate-400',
          )}
          {...rest}
        />
      )}
    </Field>
  );
}
