import { cx } from '../../ui/cx';
import { hhmm, lengthLabel } from './scheduleGridMath';
import type { Preview } from './useGridDrag';

/** The times of the shift being dragged (and why it cannot go there), beside the pointer. */
export function DragLabel({ preview }: { preview: Preview }) {
  return (
    <div
      data-testid="drag-label"
      className={cx(
        'pointer-events-none fixed z-50 -translate-x-1/2 rounded px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-white shadow-md tabular-nums',
        preview.error ? 'bg-red-700' : 'bg-slate-900',
      )}
      style={{ left: preview.x, top: Math.max(4, preview.y - 40) }}
    >
      {hhmm(preview.start)}–{hhmm(preview.end)} · {lengthLabel(preview.end - preview.start)}
      {preview.error ? ` · ${preview.error}` : ''}
    </div>
  );
}
