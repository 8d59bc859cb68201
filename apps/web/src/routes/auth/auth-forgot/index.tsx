import { ApiError, MESSAGES } from '@salondesk/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AuthFrame } from '../../../ui/AuthFrame';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';

const linkClass = 'font-medium text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600';

/** `/login/forgot`: asks for a reset link by email. The answer is the same for any address. */
export function Component() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setPending(true);
    setError(null);
    try {
      const { getSdk } = await import('../../../app/sdk');
      await getSdk().client.auth.forgotPassword({ email });
      setSentTo(email);
    } catch (cause) {
      setError(ApiError.from(cause).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthFrame
      title="Forgot your password?"
      description={sentTo ? undefined : 'Enter the email of your account and we will send you a link to choose a new password.'}
      error={error}
      footer={
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      }
    >
      {sentTo ? (
        <div role="status" className="mt-6 rounded-lg bg-emerald-50 px-3 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset">
          <p className="font-medium">{MESSAGES.resetLinkSent}</p>
          <p className="mt-1 text-emerald-800">Sent to {sentTo}. The link works once, for one hour.</p>
        </div>
      ) : (
        <form className="mt-6 flex flex-col gap-5" onSubmit={(e) => void onSubmit(e)} aria-label="Ask for a reset link">
          <TextField label="Email" name="email" type="email" autoComplete="email" required autoFocus />
          <Button type="submit" size="lg" block loading={pending}>
            Send reset link
          </Button>
        </form>
      )}
    </AuthFrame>
  );
}
