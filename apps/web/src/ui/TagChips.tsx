import { cx } from './cx';

export interface TagChip {
  id: number;
  name: string;
  /** `#rrggbb`: the chip's dot. */
  color: string;
}

/**
 * A client's tags as small chips, each with its colour as a dot (the name is always written, so
 * colour is never the only cue). With `onRemove`, each chip has a remove button named after it.
 */
export function TagChips({ tags, onRemove, className }: { tags: readonly TagChip[]; onRemove?: (tag: TagChip) => void; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={cx('flex flex-wrap gap-1', className)} aria-label="Tags">
      {tags.map((t) => (
        <li key={t.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200">
          <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: t.color }} />
          {t.name}
          {onRemove ? (
            <button
              type="button"
              onClick={() => onRemove(t)}
              aria-label={`Remove the tag ${t.name}`}
              className="-mr-1 rounded-full px-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              ×
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
