import { cx } from './cx';

export interface SpinnerProps {
  /** Read by screen readers; omit when the surrounding element already says what is loading. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const SIZE = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

/** An indeterminate progress indicator. */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className={cx('inline-flex items-center', className)}>
      <svg className={cx('animate-spin text-current', SIZE[size])} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
