import type { ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './cx';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** Buttons or links offered to the reader. */
  actions?: ReactNode;
  /** Offers "Try again" (first among the actions), for a load that failed. */
  onRetry?: () => void;
  /** The retry is under way: its button shows it and cannot be pressed twice. */
  retrying?: boolean;
  tone?: 'neutral' | 'error';
  /** The heading level of the title (2 by default). */
  headingLevel?: 1 | 2 | 3;
  className?: string;
}

/** A centred message for "nothing here", "not allowed" and "could not load". */
export function EmptyState({ title, description, icon, actions, onRetry, retrying, tone = 'neutral', headingLevel = 2, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  const retry = onRetry ? (
    <Button variant="secondary" onClick={onRetry} loading={retrying}>
      Try again
    </Button>
  ) : null;
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={cx('mx-auto flex max-w-md flex-col items-center px-6 py-12 text-center', className)}
    >
      <div
        aria-hidden="true"
        className={cx(
          'mb-4 flex size-12 items-center justify-center rounded-full',
          tone === 'error' ? 'bg-red-50 text-red-600' : 'bg-brand-50 text-brand-600',
        )}
      >
        {icon ?? (
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8">
            {tone === 'error' ? (
              <path strokeLinecap="round" d="M12 8v5m0 3.5v.01M10.3 3.9 2.6 17.2A2 2 0 0 0 4.3 20h15.4a2 2 0 0 0 1.7-2.8L13.7 3.9a2 2 0 0 0-3.4 0Z" />
            ) : (
              <path strokeLinecap="round" strokeLinejoin="round" d="M3 7.5 12 3l9 4.5M4.5 9v9.5h15V9M9.5 18.5v-5h5v5" />
            )}
          </svg>
        )}
      </div>
      <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
      {description ? <div className="mt-1.5 text-sm text-slate-600">{description}</div> : null}
      {retry || actions ? (
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
          {retry}
          {actions}
        </div>
      ) : null}
    </div>
  );
}
