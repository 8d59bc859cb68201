import { cx } from '../cx';

/** The button that opens and closes a row's detail, named after the row. */
export function DetailButton({ controls, expanded, label, onToggle }: { controls: string; expanded: boolean; label: string; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      aria-label={`Details for ${label}`}
      onClick={onToggle}
      className="inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <svg viewBox="0 0 12 12" aria-hidden="true" className={cx('size-3 transition-transform', expanded && 'rotate-90')}>
        <path d="M4 2.5 8 6l-4 3.5z" fill="currentColor" />
      </svg>
    </button>
  );
}
