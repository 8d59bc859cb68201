import { type FormEvent, useEffect, useId, useRef } from 'react';
import { Button } from './Button';
import { cx } from './cx';

export interface PinPadProps {
  /** What the PIN is for, read with the field: "PIN for Ava Bennett". */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Sends the PIN (the submit button, or Enter in the field). */
  onSubmit: () => void;
  /** The submit button's label: "Clock in". */
  submitLabel: string;
  /** The most digits a PIN has. Default 8. */
  maxLength?: number;
  /** The fewest digits before it can be sent. Default 4. */
  minLength?: number;
  /** Shown under the field and read with it (a wrong PIN). */
  error?: string | null;
  /** While sending. */
  busy?: boolean;
  disabled?: boolean;
  /** Put the focus in the field when it appears (a screen that is only this pad). */
  autoFocus?: boolean;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/**
 * A PIN entry for a shared screen: a masked numeric field (type on a keyboard, or use the keypad's
 * large buttons on a touch screen), Backspace and Clear, and the submit button. Only digits get
 * in; Enter sends once the PIN is long enough.
 */
export function PinPad({ label, value, onChange, onSubmit, submitLabel, maxLength = 8, minLength = 4, error, busy = false, disabled = false, autoFocus = false }: PinPadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  // After a refusal, back to the field for another try.
  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);
  const set = (next: string) => onChange(next.replace(/\D/g, '').slice(0, maxLength));
  const press = (digit: string) => {
    set(value + digit);
    input.current?.focus();
  };
  const ready = value.length >= minLength && !busy && !disabled;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onSubmit();
  };
  const key = 'flex h-14 items-center justify-center rounded-xl bg-white text-xl font-semibold text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 active:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50';
  return (
    <form onSubmit={submit} className="mx-auto w-full max-w-xs" aria-busy={busy || undefined}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        pattern="[0-9]*"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => set(e.target.value)}
        className={cx(
          'mt-1.5 h-14 w-full rounded-xl border bg-white px-4 text-center font-mono text-2xl tracking-[0.5em] text-slate-900 shadow-xs',
          'focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600',
          error ? 'border-red-500' : 'border-slate-300',
        )}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-4 grid grid-cols-3 gap-2" role="group" aria-label="Keypad">
        {KEYS.map((digit) => (
          <button key={digit} type="button" className={key} disabled={disabled || busy} onClick={() => press(digit)}>
            {digit}
          </button>
        ))}
        <button type="button" className={cx(key, 'text-sm')} disabled={disabled || busy || value === ''} onClick={() => set('')}>
          Clear
        </button>
        <button type="button" className={key} disabled={disabled || busy} onClick={() => press('0')}>
          0
        </button>
        <button type="button" className={cx(key, 'text-sm')} aria-label="Delete the last digit" disabled={disabled || busy || value === ''} onClick={() => set(value.slice(0, -1))}>
          ⌫
        </button>
      </div>
      <Button type="submit" block size="lg" className="mt-4" disabled={!ready} loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
