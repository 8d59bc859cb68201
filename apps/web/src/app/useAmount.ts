import { centsToInput, parseAmount } from '@salondesk/core';
import { useState } from 'react';
import type { AmountFieldProps } from '../ui/AmountField';

/**
 * One amount typed in a form, read with core's `parseAmount` in the business's currency:
 * `field` goes to an `AmountField`, `take()` reads it on submit — the cents, or null after
 * showing what the field wants — and `setError` shows the screen's own problem with it.
 */
export function useAmount(symbol: string, initialCents?: number) {
  const initial = initialCents === undefined ? '' : centsToInput(initialCents);
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const read = (value: string) => parseAmount(value, symbol);
  const field: Pick<AmountFieldProps, 'value' | 'onChange' | 'symbol' | 'read' | 'normalise' | 'error'> = {
    value: text,
    onChange: (value) => {
      setText(value);
      setError(null);
    },
    symbol,
    read,
    normalise: centsToInput,
    error,
  };
  return {
    field,
    text,
    /** Puts the field back as it started (or at `cents`). */
    reset: (cents?: number) => {
      setText(cents === undefined ? initial : centsToInput(cents));
      setError(null);
    },
    take: (): number | null => {
      const reading = read(text);
      setError(reading.ok ? null : reading.message);
      return reading.ok ? reading.cents : null;
    },
    setError,
  };
}
