import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cx } from './cx';
import { NotificationList, type NotificationListItem } from './NotificationList';
import { Spinner } from './Spinner';

export interface NotificationBellProps {
  /** Unread notifications; shown as a badge (99+ above 99). */
  unread: number;
  /** The newest notifications; undefined while loading. */
  items: readonly NotificationListItem[] | undefined;
  /** Why the list could not be loaded, if it could not. */
  error?: string | null;
  onRetry?: () => void;
  onMarkAllRead: () => void;
  markingRead?: boolean;
  /** The connection's state in words ("Live", "Connecting…"), shown in the panel. */
  connection?: string;
  /** The panel's footer: a link to the full list. */
  footer?: ReactNode;
}

export const bellLabel = (unread: number): string => (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`);

/** The header's notifications button: an unread badge, and a popover with the newest ones and "Mark all read". */
export function NotificationBell({ unread, items, error, onRetry, onMarkAllRead, markingRead = false, connection, footer }: NotificationBellProps) {
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={bellLabel(unread)}
        className={cx(
          'relative flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-open:bg-slate-100',
        )}
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path strokeLinecap="round" strokeLinejoin="round" d="M14.5 18a2.5 2.5 0 0 1-5 0M18 10.5c0 2.8.9 4.6 1.7 5.6.3.4 0 .9-.5.9H4.8c-.5 0-.8-.5-.5-.9.8-1 1.7-2.8 1.7-5.6a6 6 0 0 1 12 0Z" />
        </svg>
        {unread > 0 ? (
          <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.65rem] leading-none font-semibold text-white ring-2 ring-white">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </PopoverButton>
      {/* Not anchored (portalled): a portalled panel brings aria-hidden focus guards that axe flags. Full width on a phone. */}
      <PopoverPanel
        transition
        aria-label="Notification list"
        className="fixed inset-x-2 top-16 z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] flex-col sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96 rounded-xl bg-white text-sm shadow-lg ring-1 ring-slate-900/10 transition duration-100 ease-out focus:outline-none data-closed:scale-95 data-closed:opacity-0"
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-3 py-2">
          <div>
            <h2 className="font-semibold text-slate-900">Notifications</h2>
            {connection ? <p className="text-xs text-slate-500">{connection}</p> : null}
          </div>
          <button
            type="button"
            onClick={onMarkAllRead}
            disabled={unread === 0 || markingRead}
            className="h-8 rounded-lg px-2 text-xs font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:text-slate-500 disabled:hover:bg-transparent"
          >
            Mark all read
          </button>
        </div>
        {/* Scrolls when there are many: focusable, so the keyboard can scroll it too (axe: scrollable-region-focusable). */}
        <div tabIndex={0} role="region" aria-label="Notification messages" className="min-h-0 flex-1 overflow-y-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600">
          {error ? (
            <div role="alert" className="space-y-2 px-3 py-6 text-center">
              <p className="text-red-700">{error}</p>
              {onRetry ? (
                <button type="button" onClick={onRetry} className="rounded-lg px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600">
                  Try again
                </button>
              ) : null}
            </div>
          ) : items === undefined ? (
            <div className="flex items-center justify-center gap-2 px-3 py-6 text-slate-500" role="status">
              <Spinner size="sm" />
              Loading notifications
            </div>
          ) : items.length === 0 ? (
            <p className="px-3 py-6 text-center text-slate-500">No notifications yet.</p>
          ) : (
            <NotificationList items={items} compact />
          )}
        </div>
        {footer ? <div className="border-t border-slate-100 px-3 py-2">{footer}</div> : null}
      </PopoverPanel>
    </Popover>
  );
}
