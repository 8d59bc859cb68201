import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';

export interface PasswordFormProps {
  /** Resolves when signed in (or the admin code step opened); rejects with the message to show. */
  onSubmit: (credentials: { username: string; password: string }) => Promise<void>;
}

/** Username (or email) and password. */
export function PasswordForm({ onSubmit }: PasswordFormProps) {
  const [pending, setPending] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    try {
      await onSubmit({ username: String(form.get('username') ?? ''), password: String(form.get('password') ?? '') });
    } catch {
      setPending(false);
      passwordRef.current?.select();
    }
  }

  return (
    <form className="mt-6 flex flex-col gap-5" onSubmit={(e) => void submit(e)} aria-label="Sign in">
      <TextField label="Username or email" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} required autoFocus />
      <TextField
        ref={passwordRef}
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        labelAction={
          <Link to="/login/forgot" className="text-sm font-medium text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600">
            Forgot password?
          </Link>
        }
      />
      <Button type="submit" size="lg" block loading={pending}>
        Sign in
      </Button>
    </form>
  );
}
