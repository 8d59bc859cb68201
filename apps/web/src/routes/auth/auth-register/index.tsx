import { ApiError, businessPath, INVITABLE_ROLE_LABEL, type InvitationPreview, invitationsClient, MESSAGES } from '@salondesk/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FullPageSpinner } from '../../../app/FullPageSpinner';
import { getSdk } from '../../../app/sdk';
import { toasts } from '../../../app/toasts';
import { AuthFrame } from '../../../ui/AuthFrame';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';

/** A new password must be at least this long (as on the reset page). */
const MIN_LENGTH = 8;

type Step = { kind: 'checking' } | { kind: 'refused'; message: string } | { kind: 'ready'; invitation: InvitationPreview };

const invitations = () => invitationsClient(getSdk().client.transport);

const signInLink = (
  <Link to="/login" className="font-medium text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600">
    Go to sign in
  </Link>
);

/**
 * `/register-user/{businessId}/{token}`: the page an invitation email's link opens (spec 000 §2: a
 * public path, `register-user`, so no session is restored or required). It reads the invitation
 * first: a link already used, expired or withdrawn says so and offers nothing to fill. Otherwise
 * the invitee sets their name and a password (hashed in the browser before it is sent, like every
 * password), and is signed in on the business's home, seeing only what their acl gives.
 */
export function Component() {
  const { businessId: rawBusinessId = '', token = '' } = useParams();
  const businessId = Number(rawBusinessId);
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    if (!Number.isSafeInteger(businessId) || businessId <= 0) {
      setStep({ kind: 'refused', message: MESSAGES.invitationNotFound });
      return;
    }
    invitations()
      .open(businessId, token)
      .then(
        (invitation) => live && setStep({ kind: 'ready', invitation }),
        (cause: unknown) => live && setStep({ kind: 'refused', message: ApiError.from(cause).message }),
      );
    return () => {
      live = false;
    };
  }, [businessId, token]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fullname = String(form.get('fullname') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirm') ?? '')) {
      setMismatch('The two passwords are not the same.');
      return;
    }
    setMismatch(null);
    setPending(true);
    setError(null);
    try {
      const session = await invitations().register({ businessId, token, fullname, password });
      getSdk().sessionStore.adopt(session);
      toasts.success(MESSAGES.accountCreated);
      await navigate(businessPath(session.businesses[0]?.id ?? businessId, 'home'), { replace: true });
    } catch (cause) {
      const failure = ApiError.from(cause);
      // The link stopped working while the form was open (used in another tab, expired): say so, as on arrival.
      if (failure.status === 410 || failure.status === 404) setStep({ kind: 'refused', message: failure.message });
      else setError(failure.message);
      setPending(false);
    }
  }

  if (step.kind === 'checking') return <FullPageSpinner label="Checking your invitation" />;
  if (step.kind === 'refused') {
    return (
      <AuthFrame title="This invitation link does not work" footer={signInLink}>
        <p role="alert" className="mt-6 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {step.message}
        </p>
      </AuthFrame>
    );
  }

  const { invitation } = step;
  return (
    <AuthFrame
      title={`Join ${invitation.business}`}
      description={`You are invited as ${INVITABLE_ROLE_LABEL[invitation.role]}. Choose your name and a password to create your account.`}
      error={error}
      footer={signInLink}
    >
      <form className="mt-6 flex flex-col gap-5" onSubmit={(e) => void onSubmit(e)} aria-label="Create your account">
        <TextField label="Email" name="email" type="email" value={invitation.email} readOnly hint="You will sign in with this email." />
        <TextField label="Full name" name="fullname" autoComplete="name" maxLength={120} required autoFocus />
        <TextField label="Password" name="password" type="password" autoComplete="new-password" minLength={MIN_LENGTH} hint={`At least ${MIN_LENGTH} characters.`} required />
        <TextField label="Confirm password" name="confirm" type="password" autoComplete="new-password" minLength={MIN_LENGTH} error={mismatch} required />
        <Button type="submit" size="lg" block loading={pending}>
          Create account
        </Button>
      </form>
    </AuthFrame>
  );
}
