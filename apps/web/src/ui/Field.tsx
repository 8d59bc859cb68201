import { useId, type ReactNode } from 'react';
import { cx } from './cx';

/** What a control needs to be named by its label and described by the hint and error. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  /** Shown under the control; read with it by screen readers. */
  hint?: ReactNode;
  /** Marks the control invalid and is read with it. */
  error?: string | null;
  /** Also announce the error as an alert when it appears. */
  alertError?: boolean;
  /** Content at the right of the label (a "Forgot password?" link, for example). */
  labelAction?: ReactNode;
  className?: string;
  /** The control, given its id and the aria attributes that tie it to the label, hint and error. */
  children: (control: FieldControl) => ReactNode;
}

/** The label, hint and error around one form control (TextField, TextAreaField, SelectField). */
export function Field({ label, hint, error, alertError = false, labelAction, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {labelAction}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role={alertError ? 'alert' : undefined} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
