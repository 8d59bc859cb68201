import { cx } from '../../../ui/cx';

export interface AppointmentFlagBadgeProps {
  /** The reason in a few words (`Outside the shift`). */
  label: string;
  /** The reason in a sentence, offered on hover (and read by screen readers where the badge is named). */
  message?: string;
  /** Compact: the icon and a shorter pill, for a small block. */
  compact?: boolean;
  className?: string;
}

/**
 * The mark of a flagged appointment (outside its staff member's shift, on a holiday): a warning
 * icon and the reason in words, never colour alone.
 */
export function AppointmentFlagBadge({ label, message, compact = false, className }: AppointmentFlagBadgeProps) {
  return (
    <span
      title={message ?? label}
      className={cx(
        'inline-flex max-w-full items-center gap-1 rounded-full bg-red-50 font-semibold text-red-800 ring-1 ring-red-600/30 ring-inset',
        compact ? 'px-1.5 py-px text-[0.6875rem]' : 'px-2 py-0.5 text-xs',
        className,
      )}
      data-flag=""
    >
      <WarningIcon className={compact ? 'size-3 shrink-0' : 'size-3.5 shrink-0'} />
      <span className="truncate">{label}</span>
    </span>
  );
}

/** A warning triangle (decorative: the text beside it says what it means). */
export function WarningIcon({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={className}>
      <path
        fillRule="evenodd"
        d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
