import { cx } from './cx';

/** A grey placeholder shaped like the content that is loading. Hidden from screen readers. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cx('block animate-pulse rounded-md bg-slate-200/80', className)} />;
}
