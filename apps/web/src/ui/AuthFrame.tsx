import type { ReactNode } from 'react';
import { Logo } from './Logo';

export interface AuthFrameProps {
  title: string;
  description?: ReactNode;
  /** An error to announce above the form (`role="alert"`). */
  error?: string | null;
  /** Under the form: links to the other ways in. */
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of the signed-out screens (sign in, forgot and reset password): brand panel, title, form. */
export function AuthFrame({ title, description, error, footer, children }: AuthFrameProps) {
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
          <h1 className="mt-8 text-2xl font-semibold tracking-tight text-slate-900 lg:mt-0">{title}</h1>
          {description ? <div className="mt-2 text-sm text-slate-600">{description}</div> : null}
          {error ? (
            <div role="alert" className="mt-6 flex gap-2 rounded-lg bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800 ring-1 ring-red-200 ring-inset">
              <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path strokeLinecap="round" d="M10 6v5m0 3v.01M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Z" />
              </svg>
              {error}
            </div>
          ) : null}
          {children}
          {footer ? <div className="mt-8 flex flex-col gap-2 border-t border-slate-200 pt-6 text-sm">{footer}</div> : null}
        </div>
      </main>
    </div>
  );
}
