import { cx } from './cx';

export interface NotificationListItem {
  id: number;
  title: string;
  body: string;
  /** ISO instant. */
  createdAt: string;
  read: boolean;
  /** A short tag shown beside the time ("Security", "Message"). */
  tag?: string;
  /** The tag in red: it needs attention (a security event). */
  alert?: boolean;
}

export interface NotificationListProps {
  items: readonly NotificationListItem[];
  /** Offers "Mark read" on each unread item. */
  onMarkRead?: (id: number) => void;
  /** Smaller type and padding, for the header's popover. */
  compact?: boolean;
  /** How times are written; default: the reader's locale, date and time. */
  formatTime?: (iso: string) => string;
}

const defaultFormat = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Notifications, newest first: unread ones marked with a dot (and said so to screen readers). */
export function NotificationList({ items, onMarkRead, compact = false, formatTime = defaultFormat }: NotificationListProps) {
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item.id} className={cx('flex gap-3', compact ? 'px-3 py-2.5' : 'px-4 py-3', !item.read && 'bg-brand-50/50')}>
          <span aria-hidden="true" className={cx('mt-1.5 size-2 shrink-0 rounded-full', item.read ? 'bg-transparent' : 'bg-brand-600')} />
          <div className="min-w-0 flex-1">
            <p className={cx('font-medium text-slate-900', compact ? 'text-sm' : 'text-sm sm:text-base')}>
              {item.read ? null : <span className="sr-only">Unread: </span>}
              {item.title}
            </p>
            {item.body ? <p className={cx('mt-0.5 break-words whitespace-pre-line text-slate-700', compact ? 'line-clamp-3 text-xs' : 'text-sm')}>{item.body}</p> : null}
            <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
              <time dateTime={item.createdAt}>{formatTime(item.createdAt)}</time>
              {item.tag ? (
                <span className={cx('rounded px-1.5 py-0.5 font-medium', item.alert ? 'bg-red-50 text-red-700' : 'bg-slate-100 text-slate-600')}>{item.tag}</span>
              ) : null}
            </p>
          </div>
          {onMarkRead && !item.read ? <MarkReadButton title={item.title} onClick={() => onMarkRead(item.id)} className="shrink-0 self-center" /> : null}
        </li>
      ))}
    </ul>
  );
}

/** "Mark read" for one notification, named after it for screen readers. */
export function MarkReadButton({ title, onClick, className }: { title: string; onClick: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cx('h-8 rounded-lg px-2 text-xs font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600', className)}
    >
      Mark read<span className="sr-only">: {title}</span>
    </button>
  );
}
