import { cx } from './cx';

/** One image as the grid shows it. */
export interface MediaGridItem {
  id: number;
  name: string;
  /** The square thumbnail's address. */
  thumbUrl: string | undefined;
  tags: readonly string[];
  /** Where it is used, named (`Staff photo: Ava B.`); empty when nowhere. */
  usedIn: readonly string[];
}

export interface MediaGridProps {
  items: readonly MediaGridItem[];
  /** What choosing an image does: open its details, or pick it (a picker). */
  onChoose: (id: number) => void;
  /** The image currently chosen (a picker's current value): marked pressed. */
  selectedId?: number | null;
  /** The accessible name of the grid. */
  label: string;
  /** The verb on each image's button: "Open" (default) or "Choose". */
  verb?: string;
}

/**
 * The media library's grid: a square thumbnail per image with its name, tags and where it is
 * used; each image is one button (Tab between them, Enter or Space to choose), named with its verb
 * and name, so a screen reader hears "Open Ava at the salon, used in Staff photo: Ava B.".
 */
export function MediaGrid({ items, onChoose, selectedId, label, verb = 'Open' }: MediaGridProps) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
      {items.map((item) => {
        const selected = selectedId === item.id;
        const used = item.usedIn.length > 0 ? `, used in ${item.usedIn.join(', ')}` : '';
        return (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onChoose(item.id)}
              aria-pressed={selectedId === undefined ? undefined : selected}
              aria-label={`${verb} ${item.name}${used}`}
              className={cx(
                'group flex w-full flex-col overflow-hidden rounded-xl bg-white text-left ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                selected ? 'ring-2 ring-brand-600' : 'ring-slate-200 hover:ring-slate-300',
              )}
            >
              <span className="relative block aspect-square w-full bg-slate-100">
                {item.thumbUrl ? <img src={item.thumbUrl} alt="" loading="lazy" className="size-full object-cover" /> : null}
                {item.usedIn.length > 0 ? (
                  <span className="absolute top-2 left-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-medium text-slate-700 shadow-sm">In use · {item.usedIn.length}</span>
                ) : null}
              </span>
              <span className="block px-3 py-2">
                <span className="block truncate text-sm font-medium text-slate-900">{item.name}</span>
                <span className="mt-0.5 block truncate text-xs text-slate-500">{item.tags.length > 0 ? item.tags.join(' · ') : 'No tags'}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
