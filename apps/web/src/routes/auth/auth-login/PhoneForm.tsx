import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';

export interface PhoneFormProps {
  initial?: { cc: string; phone: string };
  /** Resolves once the code was asked for; rejects after the screen has shown why. */
  onSubmit: (input: { cc: string; phone: string }) => Promise<void>;
}

/** Country code and phone number, to receive a sign-in code by SMS. */
export function PhoneForm({ initial, onSubmit }: PhoneFormProps) {
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    try {
      await onSubmit({ cc: String(form.get('cc') ?? ''), phone: String(form.get('phone') ?? '') });
    } catch {
      setPending(false);
    }
  }

  return (
    <form className="mt-6 flex flex-col gap-5" onSubmit={(e) => void submit(e)} aria-label="Sign in with a phone code">
      <div className="grid grid-cols-[6rem_minmax(0,1fr)] gap-3">
        <TextField label="Country code" name="cc" defaultValue={initial?.cc ?? '+1'} autoComplete="tel-country-code" inputMode="tel" required />
        <TextField label="Phone number" name="phone" defaultValue={initial?.phone} type="tel" autoComplete="tel-national" required autoFocus />
      </div>
      <Button type="submit" size="lg" block loading={pending}>
        Send code
      </Button>
    </form>
  );
}
