import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';

export interface CodeFormProps {
  label: string;
  /** Names the form for assistive technology. */
  name: string;
  submitLabel: string;
  /** Resolves when signed in; rejects after the screen has shown why. */
  onSubmit: (pin: string) => Promise<void>;
  /** Actions under the button (send a new code, go back). */
  children?: ReactNode;
}

/** One 6-digit code field: numeric keypad, one-time-code autofill. */
export function CodeForm({ label, name, submitLabel, onSubmit, children }: CodeFormProps) {
  const [pending, setPending] = useState(false);
  const [pin, setPin] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      await onSubmit(pin.trim());
    } catch {
      setPending(false);
      setPin('');
    }
  }

  return (
    <form className="mt-6 flex flex-col gap-5" onSubmit={(e) => void submit(e)} aria-label={name}>
      <TextField
        label={label}
        name="pin"
        value={pin}
        onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
        required
        autoFocus
        className="[&_input]:tracking-[0.4em] [&_input]:tabular-nums"
      />
      <Button type="submit" size="lg" block loading={pending} disabled={pin.length !== 6}>
        {submitLabel}
      </Button>
      {children}
    </form>
  );
}
