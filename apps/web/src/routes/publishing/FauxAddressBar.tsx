import { cx } from '../../ui/cx';

export interface FauxAddressBarProps {
  /** The address shown, as the browser would show it (the page in the frame below). */
  url: string | null;
  /** Offers "Open in a new tab" beside the address (off while the page is not there yet). */
  openable?: boolean;
  className?: string;
}

const secure = (url: string) => url.startsWith('https://');

/**
 * A browser's address bar drawn above a framed page (the Preview Website modal): the window's
 * three dots, a padlock for `https`, the address itself (selectable and readable by screen readers
 * as "Address"), and optionally a link that opens it in a real tab. It is a picture of a bar, not
 * a field: nothing in it can be typed.
 */
export function FauxAddressBar({ url, openable = false, className }: FauxAddressBarProps) {
  return (
    <div className={cx('flex items-center gap-3 rounded-t-xl border border-b-0 border-slate-200 bg-slate-100 px-3 py-2', className)}>
      <span aria-hidden="true" className="flex shrink-0 gap-1.5">
        <span className="size-3 rounded-full bg-red-400" />
        <span className="size-3 rounded-full bg-amber-400" />
        <span className="size-3 rounded-full bg-emerald-400" />
      </span>
      <p className="flex min-w-0 flex-1 items-center gap-2 rounded-full bg-white px-3 py-1 text-sm text-slate-700 ring-1 ring-slate-200">
        <span className="sr-only">Address: </span>
        {url && secure(url) ? (
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 shrink-0 fill-slate-500">
            <path d="M8 1a3.5 3.5 0 0 0-3.5 3.5V6H4a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V7a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 5H6V4.5a2 2 0 1 1 4 0V6Z" />
          </svg>
        ) : null}
        <span className="min-w-0 truncate font-mono" title={url ?? undefined}>
          {url ?? 'about:blank'}
        </span>
      </p>
      {openable && url ? (
        <a href={url} target="_blank" rel="noreferrer" className="shrink-0 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600">
          Open in a new tab
        </a>
      ) : null}
    </div>
  );
}
