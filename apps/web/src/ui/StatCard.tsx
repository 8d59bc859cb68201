import type { ReactNode } from 'react';
import { cx } from './cx';
import { FigureLabel } from './FigureLabel';

export interface StatComparison {
  label: string;
  value: string;
  /** Percent change against the main value's period; null when there is nothing to compare. */
  change?: number | null;
}

export interface StatCardProps {
  title: string;
  /** What the figure counts, offered on the title (hover and keyboard focus). */
  meaning?: string;
  /** The figure's own name, shown under a title that differs from it ("Tax collected" shows "Tax"). */
  figure?: string;
  value: string;
  /** What the main value covers: "Today", "Month to date". */
  caption?: string;
  comparisons?: readonly StatComparison[];
  /** A remove button is shown when given; its accessible name is "Remove {title}". */
  onRemove?: () => void;
  removing?: boolean;
  /** A hide button is shown when given; its accessible name is "Hide {title} for me". */
  onHide?: () => void;
  hiding?: boolean;
  footer?: ReactNode;
}

const changeText = (change: number) => `${change > 0 ? '+' : ''}${change.toFixed(1)}%`;

/** One figure with its comparisons (today against yesterday and last month's end). */
export function StatCard({ title, meaning, figure, value, caption, comparisons = [], onRemove, removing = false, onHide, hiding = false, footer }: StatCardProps) {
  return (
    <section aria-label={title} className="relative flex flex-col rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-sm font-medium text-slate-600">{meaning ? <FigureLabel label={title} meaning={meaning} /> : title}</h3>
          {figure && figure !== title ? <p className="text-xs text-slate-500">{figure}</p> : null}
        </div>
        <div className="flex shrink-0 items-center">
        {onHide ? (
          <button
            type="button"
            onClick={onHide}
            disabled={hiding}
            aria-label={`Hide ${title} for me`}
            title="Hide for me"
            className="-mt-1 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
          >
            <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
              <path d="M3 3l14 14M8.2 8.3a2.5 2.5 0 0 0 3.5 3.5M6 5.6C3.9 6.8 2.5 10 2.5 10s2.7 5 7.5 5c1.4 0 2.6-.4 3.6-1M10 5c4.8 0 7.5 5 7.5 5s-.6 1.2-1.8 2.5" />
            </svg>
          </button>
        ) : null}
        {onRemove ? (
          <button
            type="button"
            onClick={onRemove}
            disabled={removing}
            aria-label={`Remove ${title}`}
            title="Remove for everyone"
            className="-mt-1 -mr-1 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
          >
            <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
              <path d="M5 5l10 10M15 5 5 15" />
            </svg>
          </button>
        ) : null}
        </div>
      </div>
      <p className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{value}</p>
      {caption ? <p className="text-xs text-slate-500">{caption}</p> : null}
      {comparisons.length > 0 ? (
        <dl className="mt-3 space-y-1 border-t border-slate-100 pt-2 text-xs">
          {comparisons.map((c) => (
            <div key={c.label} className="flex items-baseline justify-between gap-2">
              <dt className="text-slate-500">{c.label}</dt>
              <dd className="flex items-baseline gap-1.5 tabular-nums text-slate-700">
                {c.value}
                {c.change !== undefined && c.change !== null ? (
                  <span className={cx('font-medium', c.change > 0 ? 'text-emerald-700' : c.change < 0 ? 'text-red-700' : 'text-slate-500')}>{changeText(c.change)}</span>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {footer}
    </section>
  );
}
