import { ApiError, MESSAGES } from '@salondesk/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import { Logo } from '../../../ui/Logo';
import { TextField } from '../../../ui/TextField';

/** The SDK chunk: fetched as soon as the form shows, awaited on submit. */
const loadSdk = () => import('../../../app/sdk');

/** `/login`: password sign-in (spec 000 §2, §7). Shows without the SDK, which it loads alongside. */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void loadSdk();
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const { signIn } = await loadSdk();
      const destination = await signIn(
        { username: String(form.get('username') ?? ''), password: String(form.get('password') ?? '') },
        params.get('next'),
      );
      toasts.success(MESSAGES.loggedIn);
      await navigate(destination, { replace: true });
    } catch (cause) {
      setError(ApiError.from(cause).message);
      setPending(false);
      passwordRef.current?.select();
    }
  }

  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-slate-950 lg:flex lg:flex-col lg:justify-between lg:p-12">
        <div aria-hidden="true" className="absolute -top-48 -left-40 size-[38rem] rounded-full bg-brand-600/45 blur-3xl" />
        <div aria-hidden="true" className="absolute -right-40 -bottom-56 size-[32rem] rounded-full bg-fuchsia-600/30 blur-3xl" />
        <div className="relative flex items-center gap-2 text-white">
          <Logo withWord={false} />
          <span className="text-lg font-semibold tracking-tight">Salondesk</span>
        </div>
        <div className="relative max-w-md">
          <p className="text-3xl leading-tight font-semibold tracking-tight text-white">Every location, every chair, one desk.</p>
          <p className="mt-4 text-base text-slate-300">
            Schedules, staff, billing and reports for salons, spas and barbershops, across time zones and currencies.
          </p>
          <ul className="mt-8 grid grid-cols-3 gap-3 text-sm">
            {['Scheduling', 'Billing', 'Reports'].map((item) => (
              <li key={item} className="rounded-xl bg-white/5 px-3 py-2.5 text-center font-medium text-slate-200 ring-1 ring-white/10">
                {item}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-slate-400">© Salondesk</p>
      </aside>

      <main className="flex items-center justify-center px-4 py-12 sm:px-8">
        <div className="w-full max-w-sm">
          <div className="lg:hidden">
            <Logo />
          </div>
          <h1 className="mt-8 text-2xl font-semibold tracking-tight text-slate-900 lg:mt-0">Sign in to Salondesk</h1>
          <p className="mt-2 text-sm text-slate-600">Welcome back. Use the username or email your business gave you.</p>

          {error ? (
            <div role="alert" className="mt-6 flex gap-2 rounded-lg bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800 ring-1 ring-red-200 ring-inset">
              <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path strokeLinecap="round" d="M10 6v5m0 3v.01M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Z" />
              </svg>
              {error}
            </div>
          ) : null}

          <form className="mt-6 flex flex-col gap-5" onSubmit={(e) => void onSubmit(e)} aria-label="Sign in">
            <TextField label="Username or email" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} required autoFocus />
            <TextField ref={passwordRef} label="Password" name="password" type="password" autoComplete="current-password" required />
            <Button type="submit" size="lg" block loading={pending}>
              Sign in
            </Button>
          </form>
        </div>
      </main>
    </div>
  );
}
