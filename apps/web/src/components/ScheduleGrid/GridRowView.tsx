import { type CSSProperties, memo } from 'react';
import { cx } from '../../ui/cx';
import { FALLBACK_COLOR, NEW_ID } from './gridCells';
import { compactRange, type GridSpan, hhmm, spanPercent } from './scheduleGridMath';
import type { GridColumn, GridEntry, GridRow, GridTone, ScheduleGridProps } from './types';
import type { Preview } from './useGridDrag';

/** A column as every cell of it draws it, computed once per render of the grid, not per cell. */
export interface ColumnView {
  column: GridColumn;
  tint: 'holiday' | 'today' | undefined;
  style: CSSProperties | undefined;
  /** `Mon Jun 2`, for names. */
  name: string;
}


export interface RowViewProps {
  /** The row's place in the table, the header being 1 (`aria-rowindex`: most rows are not in the DOM). */
  index: number;
  row: GridRow;
  /** What the header says under the name, and how it is read out (strings, so equal figures re-render nothing). */
  summary: string | undefined;
  summaryLabel: string | undefined;
  views: readonly ColumnView[];
  cells: Map<string, GridEntry[]> | undefined;
  preview: Preview | null;
  gridTemplate: string;
  span: GridSpan;
  editable: boolean;
  helpId: string;
  rowAction: ScheduleGridProps['rowAction'];
}

const pct = spanPercent;

/** One staff member's row; re-renders only when its entries, its summary or a drag touching it change. */
export const GridRowView = memo(function GridRowView({ index, row, summary, summaryLabel, views, cells, preview, gridTemplate, span, editable, helpId, rowAction }: RowViewProps) {
  const color = row.color ?? FALLBACK_COLOR;
  return (
    <div role="row" aria-rowindex={index} data-row={row.id} className="sg-row" style={{ gridTemplateColumns: gridTemplate }}>
      <div role="rowheader" className="sticky left-0 z-10 flex min-w-0 items-center gap-2 bg-white px-3">
        <span aria-hidden="true" className="size-3 shrink-0 rounded-full ring-1 ring-slate-900/10" style={{ backgroundColor: color }} />
        <span className="min-w-0 flex-1 leading-tight">
          <span className="block truncate text-sm font-medium text-slate-800" title={row.name}>
            {row.name}
          </span>
          {summary ? (
            <span className="block truncate text-xs text-slate-600 tabular-nums" data-testid="row-summary">
              <span aria-hidden="true">{summary}</span>
              <span className="sr-only">, {summaryLabel ?? summary}</span>
            </span>
          ) : null}
        </span>
        {rowAction?.(row)}
      </div>
      {views.map((view) => {
        const key = view.column.key;
        let list = cells?.get(key);
        if (preview) {
          list = list?.filter((e) => e.id !== preview.id);
          if (preview.rowId === row.id && preview.columnKey === key) {
            const original = preview.id === NEW_ID ? undefined : [...(cells?.values() ?? [])].flat().find((e) => e.id === preview.id);
            list = [...(list ?? []), { ...(original ?? { tone: 'draft' as GridTone }), id: preview.id, rowId: row.id, columnKey: key, start: preview.start, end: preview.end }];
          }
        }
        return (
          <div role="cell" key={key} data-column={key} data-tint={view.tint} className="sg-cell" style={view.style}>
            {editable ? (
              <button type="button" data-add="" aria-label={`Add shift for ${row.name} on ${view.name}`} className="sg-add">
                +
              </button>
            ) : null}
            {list?.map((e) =>
              preview && e.id === preview.id && preview.rowId === row.id ? (
                <DragBar key={e.id} entry={e} color={color} span={span} error={preview.error !== null} />
              ) : (
                entryBar(e, `${row.name}, ${view.name}`, color, span, editable, helpId)
              ),
            )}
          </div>
        );
      })}
    </div>
  );
});

const TONE_LABEL: Record<GridTone, string> = { published: 'published', draft: 'draft', ghost: 'published, replaced by drafts when they are published', template: 'template' };


/** A shift's bar (a plain function, not a component: hundreds of them, no state of their own). */
function entryBar(entry: GridEntry, name: string, color: string, span: GridSpan, editable: boolean, helpId: string) {
  const time = `${hhmm(entry.start)}–${hhmm(entry.end)}`;
  const left = pct(entry.start, span);
  const style = { left, width: `calc(${pct(entry.end, span)} - ${left})` };
  if (entry.tone === 'ghost') {
    return <div key={entry.id} aria-hidden="true" title={`Published ${time}`} className="sg-ghost" style={{ ...style, backgroundColor: color }} />;
  }
  const draft = entry.tone === 'draft';
  return (
    <button
      key={entry.id}
      type="button"
      data-entry-id={entry.id}
      data-draft={draft ? '' : undefined}
      data-badge={entry.badge ? '' : undefined}
      data-full={time}
      aria-label={`${name}, ${hhmm(entry.start)} to ${hhmm(entry.end)}, ${TONE_LABEL[entry.tone]}${entry.badgeLabel ? `, ${entry.badgeLabel}` : ''}`}
      aria-describedby={editable ? helpId : undefined}
      title={`${time}${entry.badgeLabel ? ` · ${entry.badgeLabel}` : ''}`}
      className="sg-bar"
      style={{ ...style, ...(draft ? { borderColor: color } : { backgroundColor: color }) }}
    >
      {/* The compact times (`9–13`); where the bar is wide enough its CSS shows `data-full` instead. Its name says them in full. */}
      {compactRange(entry.start, entry.end)}
      {entry.badge ? <span className="sg-badge">{entry.badge}</span> : null}
    </button>
  );
}

/** The bar being dragged: dashed in the staff member's colour, red where it cannot go. */
function DragBar({ entry, color, span, error }: { entry: GridEntry; color: string; span: GridSpan; error: boolean }) {
  const left = pct(entry.start, span);
  return (
    <div
      aria-hidden="true"
      data-drag-preview=""
      className={cx('pointer-events-none absolute top-1.5 bottom-1.5 z-[8] rounded-md border-2 shadow-md', error ? 'border-red-600 bg-red-50/90' : 'border-dashed bg-white/90')}
      style={{ left, width: `calc(${pct(entry.end, span)} - ${left})`, ...(error ? {} : { borderColor: color }) }}
    />
  );
}
