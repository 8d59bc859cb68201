import type { KeyboardEvent } from 'react';
import { cx } from './cx';
import type { ToastTone } from './toastStore';

export interface ToastProps {
  tone: ToastTone;
  message: string;
  onDismiss?: () => void;
  onPause?: () => void;
  onResume?: () => void;
}

const ICON: Record<ToastTone, string> = {
  success: 'M5 12.5l4.5 4.5L19 7.5',
  error: 'M12 7.5v5.5m0 3.5v.01',
  info: 'M12 11v5.5m0-9v.01',
};

/**
 * One notification. Errors are `role="alert"` (read at once), others `role="status"` (read when
 * the reader is idle). Escape dismisses it when it has focus.
 */
export function Toast({ tone, message, onDismiss, onPause, onResume }: ToastProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onDismiss) {
      event.stopPropagation();
      onDismiss();
    }
  };
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      onKeyDown={onKeyDown}
      onMouseEnter={onPause}
      onMouseLeave={onResume}
      onFocus={onPause}
      onBlur={onResume}
      className="pointer-events-auto flex w-full items-start gap-3 rounded-xl bg-white p-4 shadow-lg ring-1 ring-slate-900/10"
    >
      <span
        aria-hidden="true"
        className={cx(
          'flex size-6 shrink-0 items-center justify-center rounded-full',
          tone === 'success' && 'bg-emerald-100 text-emerald-700',
          tone === 'error' && 'bg-red-100 text-red-700',
          tone === 'info' && 'bg-brand-100 text-brand-700',
        )}
      >
        <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d={ICON[tone]} />
        </svg>
      </span>
      <p className="flex-1 pt-0.5 text-sm font-medium text-slate-900">{message}</p>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss notification"
          className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M5 5l10 10M15 5 5 15" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
