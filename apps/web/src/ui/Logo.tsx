import { cx } from './cx';

/** The Salondesk mark and word. */
export function Logo({ className, withWord = true }: { className?: string; withWord?: boolean }) {
  return (
    <span className={cx('inline-flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-brand-500 to-fuchsia-500 text-white shadow-sm"
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M7 16.5c1.2 1.3 2.9 2 5 2 3 0 5-1.5 5-3.8 0-5-9.6-2.6-9.6-7.4 0-2 1.8-3.3 4.4-3.3 1.8 0 3.2.6 4.2 1.6" />
        </svg>
      </span>
      {withWord ? <span className="text-base font-semibold tracking-tight text-slate-900">Salondesk</span> : null}
    </span>
  );
}
