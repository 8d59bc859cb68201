import { type InputHTMLAttributes, type ReactNode, type Ref, useState } from 'react';
import { cx } from './cx';
import { Field } from './Field';

/** What reading the typed text gave: cents, or what the field wants instead. */
export type AmountFieldReading = { ok: true; cents: number } | { ok: false; message: string };

export interface AmountFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'type' | 'inputMode'> {
  label: string;
  /** The text as typed (the screen keeps it). */
  value: string;
  onChange: (text: string) => void;
  /** The business's currency symbol, shown in the field; typing it is fine too. */
  symbol: string;
  /** Reads the text (core's `parseAmount` with the business's symbol). */
  read: (text: string) => AmountFieldReading;
  /** How a read amount is written back when the field is left: 12.5 → `12.50`. */
  normalise?: (cents: number) => string;
  /** A problem found by the screen or the server (over the refundable amount, …), shown first. */
  error?: string | null;
  /** Empty is a valid answer (an optional amount). */
  optional?: boolean;
  hint?: ReactNode;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A field for an amount of money: the currency symbol shown in it, any common way of writing an
 * amount accepted (`$180`, `180`, `180.5`, `1,250.50`). When the person leaves the field after a
 * change, the text is read: an amount is written back plainly (`180.50`); anything else shows
 * what the field wants, and from then on the message follows the typing until the field is left
 * with an amount.
 */
export function AmountField({ label, value, onChange, symbol, read, normalise, error, optional = false, hint, className, onBlur, ref, ...rest }: AmountFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  // Once a problem was shown, the message follows the typing until the field is left right.
  const [live, setLive] = useState(false);
  const check = (text: string): string | null => {
    if (optional && text.trim() === '') return null;
    const reading = read(text);
    return reading.ok ? null : reading.message;
  };
  const shown = error ?? problem;
  return (
    <Field label={label} hint={hint} error={shown} className={className}>
      {(control) => (
        <div
          className={cx(
            'flex h-10 w-full items-center rounded-lg border bg-white text-sm shadow-xs transition-colors',
            'focus-within:outline-2 focus-within:-outline-offset-1 focus-within:outline-brand-600',
            rest.disabled && 'cursor-not-allowed bg-slate-50',
            shown ? 'border-red-500' : 'border-slate-300 hover:border-slate-400',
          )}
        >
          <span aria-hidden="true" className="select-none pl-3 text-slate-500">
            {symbol}
          </span>
          <input
            ref={ref}
            {...control}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            value={value}
            onChange={(event) => {
              onChange(event.target.value);
              setChanged(true);
              if (live) setProblem(check(event.target.value));
            }}
            onBlur={(event) => {
              onBlur?.(event);
              if (!changed) return;
              setChanged(false);
              const message = check(value);
              setProblem(message);
              setLive(message !== null);
              const reading = message === null && value.trim() !== '' ? read(value) : null;
              if (reading?.ok && normalise) {
                const plain = normalise(reading.cents);
                if (plain !== value) onChange(plain);
              }
            }}
            className="h-full min-w-0 flex-1 rounded-r-lg bg-transparent px-2 text-slate-900 tabular-nums placeholder:text-slate-400 focus:outline-none disabled:cursor-not-allowed disabled:text-slate-500"
            {...rest}
          />
        </div>
      )}
    </Field>
  );
}
