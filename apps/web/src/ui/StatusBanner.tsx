import type { ReactNode } from 'react';
import { cx } from './cx';

export interface StatusBannerProps {
  /** The short statement ("You are offline."). */
  title: string;
  /** What it means for the reader. */
  children?: ReactNode;
  tone?: 'warning' | 'neutral';
  className?: string;
}

/**
 * A full-width line under the header for a state of the whole app (offline, for one). A polite
 * status region: announced when it appears, without taking the focus.
 */
export function StatusBanner({ title, children, tone = 'warning', className }: StatusBannerProps) {
  return (
    <div
      role="status"
      className={cx(
        'flex flex-wrap items-center justify-center gap-x-2 gap-y-0.5 px-4 py-2 text-center text-sm',
        tone === 'warning' ? 'bg-amber-50 text-amber-900 ring-1 ring-amber-200' : 'bg-slate-100 text-slate-800 ring-1 ring-slate-200',
        className,
      )}
    >
      <span className="font-semibold">{title}</span>
      {children ? <span>{children}</span> : null}
    </div>
  );
}
