import { cx } from './cx';

export interface CloseButtonProps {
  /** What it closes, as its name: "Close Schedule activity". */
  label: string;
  onClick: () => void;
  /** `md` (32 px) for a drawer's header, `sm` (28 px) for a popover's. */
  size?: 'sm' | 'md';
}

/** The × button that closes a drawer or a popover. */
export function CloseButton({ label, onClick, size = 'md' }: CloseButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cx(
        'flex shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600',
        size === 'md' ? 'size-8' : 'size-7',
      )}
    >
      <svg viewBox="0 0 20 20" className={size === 'md' ? 'size-5' : 'size-4'} fill="currentColor" aria-hidden="true">
        <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
      </svg>
    </button>
  );
}
