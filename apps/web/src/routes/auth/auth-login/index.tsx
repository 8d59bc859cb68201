import { ApiError, MESSAGES } from '@salondesk/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toasts } from '../../../app/toasts';
import { AuthFrame } from '../../../ui/AuthFrame';
import { CodeForm } from './CodeForm';
import { isDemoPage, loadSdk } from './loadSdk';
import { PasswordForm } from './PasswordForm';
import { PhoneForm } from './PhoneForm';

type Step =
  | { kind: 'password' }
  | { kind: 'adminCode'; uid: number; key: string; admin: string }
  | { kind: 'phone'; sent: { cc: string; phone: string } | null };

const linkClass = 'font-medium text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600 text-left';

/**
 * `/login`: sign in with a password (a platform admin then enters the code emailed to them) or
 * with a code sent by SMS (spec 000 §2, §7). Shows without the SDK, which it loads alongside.
 */
export function Component() {
  // The SDK (the client, its schemas, the session store) is fetched on the first interaction,
  // not on show: /login paints with less JavaScript, and typing a username takes longer than
  // the download. Focus is not a trigger (the username field is focused on show).
  return (
    <div className="contents" onPointerDownCapture={warmSdk} onKeyDownCapture={warmSdk} onInputCapture={warmSdk}>
      <LoginScreen />
    </div>
  );
}

const warmSdk = () => void loadSdk();

function LoginScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [error, setError] = useState<string | null>(null);
  const [demo] = useState(isDemoPage);

  /** Runs a step; shows its failure and rethrows so the form stops its spinner. */
  async function attempt<T>(action: () => Promise<T>): Promise<T> {
    setError(null);
    try {
      return await action();
    } catch (cause) {
      setError(ApiError.from(cause).message);
      throw cause;
    }
  }

  async function arrive(destination: string) {
    toasts.success(MESSAGES.loggedIn);
    await navigate(destination, { replace: true });
  }

  const go = (to: Step) => {
    setError(null);
    setStep(to);
  };

  const outboxLink = demo ? (
    <a href="/dev/outbox" target="_blank" rel="noopener" className={linkClass}>
      Developer outbox (demo): read codes and reset links
    </a>
  ) : null;

  if (step.kind === 'adminCode') {
    return (
      <AuthFrame
        title="Enter your sign-in code"
        description={MESSAGES.adminCodeSent}
        error={error}
        footer={
          <>
            <button type="button" className={linkClass} onClick={() => go({ kind: 'password' })}>
              Back to sign in
            </button>
            {outboxLink}
          </>
        }
      >
        <CodeForm
          label="6-digit code"
          name="Sign-in code"
          submitLabel="Verify and sign in"
          onSubmit={(pin) =>
            attempt(async () => {
              const { signInWithAdminCode } = await loadSdk();
              await arrive(await signInWithAdminCode({ uid: step.uid, admin: step.admin, key: step.key, pin }, next));
            })
          }
        />
      </AuthFrame>
    );
  }

  if (step.kind === 'phone') {
    const sent = step.sent;
    return (
      <AuthFrame
        title="Sign in to Salondesk"
        description={sent ? `${MESSAGES.codeSent} (${sent.cc} ${sent.phone})` : 'We text a 6-digit code to the phone number of your account.'}
        error={error}
        footer={
          <>
            <button type="button" className={linkClass} onClick={() => go({ kind: 'password' })}>
              Sign in with a password
            </button>
            {outboxLink}
          </>
        }
      >
        {sent ? (
          <CodeForm
            label="6-digit code"
            name="Phone code"
            submitLabel="Sign in"
            onSubmit={(pin) =>
              attempt(async () => {
                const { signInWithPhoneCode } = await loadSdk();
                await arrive(await signInWithPhoneCode({ ...sent, pin }, next));
              })
            }
          >
            <button type="button" className={`${linkClass} text-sm`} onClick={() => go({ kind: 'phone', sent: null })}>
              Use another number or send a new code
            </button>
          </CodeForm>
        ) : (
          <PhoneForm
            onSubmit={(input) =>
              attempt(async () => {
                const { requestPhoneCode } = await loadSdk();
                await requestPhoneCode(input);
                go({ kind: 'phone', sent: input });
              })
            }
          />
        )}
      </AuthFrame>
    );
  }

  return (
    <AuthFrame
      title="Sign in to Salondesk"
      description="Welcome back. Use the username or email your business gave you."
      error={error}
      footer={
        <>
          <button type="button" className={linkClass} onClick={() => go({ kind: 'phone', sent: null })}>
            Sign in with a phone code
          </button>
          {outboxLink}
        </>
      }
    >
      <PasswordForm
        onSubmit={(credentials) =>
          attempt(async () => {
            const { signIn } = await loadSdk();
            const result = await signIn(credentials, next);
            if ('challenge' in result) {
              go({ kind: 'adminCode', uid: result.challenge.uid, key: result.challenge.key, admin: credentials.username });
              return;
            }
            await arrive(result.destination);
          })
        }
      />
    </AuthFrame>
  );
}
