import { ApiError, MESSAGES } from '@salondesk/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toasts } from '../../../app/toasts';
import { AuthFrame } from '../../../ui/AuthFrame';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';

/** A new password must be at least this long. */
const MIN_LENGTH = 8;

/**
 * `/login/reset/{token}`: the page a reset link opens (its path holds the bypass word `login`, so
 * no business check applies). The new password is hashed in the browser before it is sent.
 */
export function Component() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirm') ?? '')) {
      setMismatch('The two passwords are not the same.');
      return;
    }
    setMismatch(null);
    setPending(true);
    setError(null);
    try {
      const { getSdk } = await import('../../../app/sdk');
      await getSdk().client.auth.resetPassword({ token, email, password });
      toasts.success(MESSAGES.passwordChanged);
      await navigate('/login', { replace: true });
    } catch (cause) {
      setError(ApiError.from(cause).message);
      setPending(false);
    }
  }

  return (
    <AuthFrame
      title="Choose a new password"
      description="Enter the email of your account and your new password."
      error={error}
      footer={
        <Link to="/login/forgot" className="font-medium text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600">
          Ask for a new link
        </Link>
      }
    >
      <form className="mt-6 flex flex-col gap-5" onSubmit={(e) => void onSubmit(e)} aria-label="Reset password">
        <TextField label="Email" name="email" type="email" autoComplete="email" required autoFocus />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={MIN_LENGTH}
          hint={`At least ${MIN_LENGTH} characters.`}
          required
        />
        <TextField label="Confirm password" name="confirm" type="password" autoComplete="new-password" minLength={MIN_LENGTH} error={mismatch} required />
        <Button type="submit" size="lg" block loading={pending}>
          Change password
        </Button>
      </form>
    </AuthFrame>
  );
}
