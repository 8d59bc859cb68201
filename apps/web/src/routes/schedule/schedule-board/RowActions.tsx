import { ColorPicker } from '../../../ui/ColorPicker';
import type { GridRow } from '../../../components/ScheduleGrid';

/** Beside a staff member's name on the board: their scheduler colour, "Republish … from templates" (when given) and "Clear all shifts for …". */
export function RowActions({
  row,
  onColor,
  onClearAll,
  onRepublish,
}: {
  row: GridRow;
  onColor: (row: GridRow, color: string) => void;
  onClearAll: (row: GridRow) => void;
  onRepublish?: (row: GridRow) => void;
}) {
  return (
    <>
      <ColorPicker label={`Scheduler colour for ${row.name}`} value={row.color} onChange={(color) => onColor(row, color)} />
      {onRepublish ? (
        <button
          type="button"
          aria-label={`Republish ${row.name}’s shifts from templates…`}
          title={`Republish ${row.name}’s shifts from templates…`}
          onClick={() => onRepublish(row)}
          className="flex size-6 items-center justify-center rounded-md text-slate-500 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
            <path
              fillRule="evenodd"
              d="M15.312 11.424a5.5 5.5 0 0 1-9.201 2.466l-.312-.311h2.433a.75.75 0 0 0 0-1.5H3.989a.75.75 0 0 0-.75.75v4.242a.75.75 0 0 0 1.5 0v-2.43l.31.31a7 7 0 0 0 11.712-3.138.75.75 0 0 0-1.449-.39Zm1.23-3.723a.75.75 0 0 0 .219-.53V2.929a.75.75 0 0 0-1.5 0V5.36l-.31-.31A7 7 0 0 0 3.239 8.188a.75.75 0 1 0 1.448.389A5.5 5.5 0 0 1 13.89 6.11l.311.31h-2.432a.75.75 0 0 0 0 1.5h4.243a.75.75 0 0 0 .53-.219Z"
              clipRule="evenodd"
            />
          </svg>
        </button>
      ) : null}
      <button
        type="button"
        aria-label={`Clear all shifts for ${row.name}…`}
        title={`Clear all shifts for ${row.name}…`}
        onClick={() => onClearAll(row)}
        className="flex size-6 items-center justify-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
          <path
            fillRule="evenodd"
            d="M8.75 1A2.75 2.75 0 0 0 6 3.75v.443c-.795.077-1.584.176-2.365.298a.75.75 0 1 0 .23 1.482l.149-.022.841 10.518A2.75 2.75 0 0 0 7.596 19h4.807a2.75 2.75 0 0 0 2.742-2.53l.841-10.52.149.023a.75.75 0 0 0 .23-1.482A41.03 41.03 0 0 0 14 4.193V3.75A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.673.025 2.5.075V3.75c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.325C8.327 4.025 9.16 4 10 4ZM8.58 7.72a.75.75 0 0 0-1.5.06l.3 7.5a.75.75 0 1 0 1.5-.06l-.3-7.5Zm4.34.06a.75.75 0 1 0-1.5-.06l-.3 7.5a.75.75 0 1 0 1.5.06l.3-7.5Z"
            clipRule="evenodd"
          />
        </svg>
      </button>
    </>
  );
}
