import { type KeyboardEvent, type MouseEvent, useEffect, useMemo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { cx } from '../../ui/cx';
import './ScheduleGrid.css';
import { ColumnHeaderRow } from './ColumnHeaderRow';
import { DragLabel } from './DragLabel';
import { cellOf, EDGE, NEW_ID } from './gridCells';
import { type ColumnView, GridRowView } from './GridRowView';
import { closedShade, type EntryPlace, type GridSpan, keyAction, moveBy, resizeBy } from './scheduleGridMath';
import type { GridColumn, GridEntry, GridRow, ScheduleGridProps } from './types';
import { useGridDrag } from './useGridDrag';
import { useVisibleColumns } from './useVisibleColumns';
import { HEADER_HEIGHT, initialHeight, observeOffsetLater, observeRectLater, ROW_HEIGHT, scrollUnlessNew } from './virtualScroll';

/**
 * The scheduler's grid: one row per staff member, one column per day (or day of the week), each
 * entry a bar placed by its time within store hours. Drag across an empty part of a row to create
 * a shift (the times show while dragging; Escape cancels), click it to add one by a dialog; drag a
 * bar to move it, its edges to resize it; by keyboard, each cell's add button adds and a focused
 * bar moves (see `keyAction`).
 * Every pointer and key is handled once at the grid, not per cell; rows re-render only when their
 * own entries, summary or the drag touching them change.
 */
export function ScheduleGrid(props: ScheduleGridProps) {
  const { columns, rows, entries, span, editable, fit = false, rowSummaries } = props;
  const focusId = useRef<number | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const handlers = useRef(props);
  handlers.current = props;

  // Each row's entries by day. A row whose entries read the same as before keeps its map, so after
  // an edit (and the refetch that follows, which makes every entry anew) only the rows it touched re-render.
  const previousRows = useRef(new Map<number, { signature: string; cells: Map<string, GridEntry[]> }>());
  const byRow = useMemo(() => {
    const map = new Map<number, Map<string, GridEntry[]>>();
    for (const e of entries) {
      let cols = map.get(e.rowId);
      if (!cols) map.set(e.rowId, (cols = new Map()));
      const list = cols.get(e.columnKey);
      if (list) list.push(e);
      else cols.set(e.columnKey, [e]);
    }
    const kept = new Map<number, { signature: string; cells: Map<string, GridEntry[]> }>();
    for (const [rowId, cells] of map) {
      let signature = '';
      for (const list of cells.values()) for (const e of list) signature += `${e.id}:${e.columnKey}:${e.start}:${e.end}:${e.tone}:${e.badge ?? ''}:${e.badgeLabel ?? ''}|`;
      const before = previousRows.current.get(rowId);
      const same = before !== undefined && before.signature === signature;
      kept.set(rowId, same ? before : { signature, cells });
      if (same) map.set(rowId, before.cells);
    }
    previousRows.current = kept;
    return map;
  }, [entries]);
  const entryById = useMemo(() => new Map(entries.map((e) => [e.id, e])), [entries]);
  /** The span a shift may take in a column: its store hours (within the grid's span), else the grid's span. */
  const limits = useMemo(() => {
    const map = new Map<string, GridSpan>();
    for (const c of columns) if (c.hours) map.set(c.key, { ...span, open: Math.max(span.open, c.hours.open), close: Math.min(span.close, c.hours.close) });
    return (key: string): GridSpan => map.get(key) ?? span;
  }, [columns, span]);
  // Cells draw only these of a column: a figure in its header changing re-renders no row.
  const cellKey = columns.map((c) => `${c.key}|${c.label}|${c.sublabel ?? ''}|${c.holiday ?? ''}|${c.today ? 1 : 0}|${c.hours?.open ?? ''}-${c.hours?.close ?? ''}`).join('/');
  const views = useMemo<ColumnView[]>(
    () =>
      columns.map((column) => {
        const shade = closedShade(column.hours, span);
        return {
          column,
          name: `${column.label}${column.sublabel ? ` ${column.sublabel}` : ''}`,
          tint: column.holiday ? ('holiday' as const) : column.today ? ('today' as const) : undefined,
          style: shade ? { backgroundImage: shade } : undefined,
        };
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cellKey, span],
  );

  useVisibleColumns(root, columns, handlers);

  // Only the rows in and near the scroller's view are in the DOM (a row is a grid of its days).
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => root.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 2,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    getItemKey: (index) => (rows[index] as GridRow).id,
    initialRect: { width: 1200, height: initialHeight() },
    observeElementRect: observeRectLater,
    observeElementOffset: observeOffsetLater,
    scrollToFn: scrollUnlessNew,
  });

  const { preview, drag, suppressClick, onPointerDown } = useGridDrag({ root, span, limits, entryById, editable, handlers, focusId });

  // Keyboard moves re-mount an entry in another cell (maybe in a row not drawn yet, scrolled to once): give it its focus back.
  const scrolledFor = useRef<number | null>(null);
  useEffect(() => {
    const id = focusId.current;
    if (id === null || !root.current) return;
    const el = root.current.querySelector<HTMLElement>(`[data-entry-id="${id}"]`);
    if (el) {
      // Until the change is saved the bar may be drawn anew; never take focus from outside the grid.
      const active = document.activeElement;
      if (active !== el && (active === document.body || active === null || root.current.contains(active))) el.focus();
      return;
    }
    const index = rows.findIndex((r) => r.id === entryById.get(id)?.rowId);
    if (index < 0 || scrolledFor.current === id) {
      focusId.current = null;
      return;
    }
    scrolledFor.current = id;
    virtualizer.scrollToIndex(index);
  });


  /** A click (or Enter on a button) that was no drag: a bar opens, a cell or its add button asks for a new shift. */
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    const target = event.target as HTMLElement;
    const bar = target.closest<HTMLElement>('[data-entry-id]');
    if (bar) {
      const id = Number(bar.dataset.entryId);
      if (entryById.get(id)?.tone !== 'ghost') handlers.current.onOpen?.(id, bar);
      return;
    }
    // The empty part of a cell, or its add button.
    const found = cellOf(target, root.current);
    if (found && editable) handlers.current.onCreate?.({ rowId: found.rowId, columnKey: found.columnKey });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const bar = (event.target as HTMLElement).closest<HTMLElement>('[data-entry-id]');
    if (!bar) return;
    const id = Number(bar.dataset.entryId);
    const entry = entryById.get(id);
    const h = handlers.current;
    if (!entry) return;
    const action = keyAction(event, span.snap);
    if (!action) return;
    if (action.type === 'open') {
      event.preventDefault();
      h.onOpen?.(id, bar);
      return;
    }
    if (!editable) return;
    event.preventDefault();
    if (action.type === 'delete') {
      h.onDelete?.(id);
      return;
    }
    const place: EntryPlace = { rowId: entry.rowId, columnKey: entry.columnKey, start: entry.start, end: entry.end };
    let next = place;
    if (action.type === 'move') next = moveBy(place, action.delta, limits(place.columnKey));
    else if (action.type === 'resize') next = resizeBy(place, action.edge, action.delta, limits(place.columnKey));
    else if (action.type === 'row') {
      const i = rows.findIndex((r) => r.id === entry.rowId) + action.delta;
      if (i < 0 || i >= rows.length) return;
      next = { ...place, rowId: (rows[i] as GridRow).id };
    } else {
      const i = columns.findIndex((c) => c.key === entry.columnKey) + action.delta;
      if (i < 0 || i >= columns.length) return;
      const key = (columns[i] as GridColumn).key;
      next = moveBy({ ...place, columnKey: key }, 0, limits(key));
    }
    if (next.start === place.start && next.end === place.end && next.rowId === place.rowId && next.columnKey === place.columnKey) return;
    focusId.current = id;
    scrolledFor.current = null;
    const refused = h.placeError?.(next, id) ?? null;
    if (refused) h.onRefuse?.(refused);
    else h.onChange?.(id, next);
  };

  // Fitting, the days share the width down to 4.5rem each (a week needs 41.5rem: a laptop shows it
  // whole, a phone scrolls it); otherwise each day keeps 7.5rem and the grid scrolls sideways.
  const gridTemplate = fit ? `minmax(10rem, 12rem) repeat(${columns.length}, minmax(4.5rem, 1fr))` : `minmax(9rem, 11rem) repeat(${columns.length}, minmax(7.5rem, 1fr))`;
  const helpId = 'schedule-grid-help';
  /** The row the preview was dragged from (its bar leaves it) and the row it is over now. */
  const previewFrom = preview && preview.id !== NEW_ID ? entryById.get(preview.id)?.rowId : undefined;
  const shown = virtualizer.getVirtualItems();

  return (
    <div
      ref={root}
      className={cx('relative max-h-[calc(100dvh-13rem)] min-h-64 rounded-xl bg-white ring-1 ring-slate-200', 'overflow-auto', editable && 'sg-editable')}
      data-testid="schedule-grid-scroller"
      onPointerDown={onPointerDown}
      onClick={onClick}
      onKeyDown={onKeyDown}
      onPointerMove={(event) => {
        // Over a bar's edge the pointer says it resizes (one listener for the grid, only while no drag runs).
        if (!editable || drag.current || event.pointerType !== 'mouse') return;
        const bar = (event.target as HTMLElement).closest<HTMLElement>('[data-entry-id]');
        if (!bar) return;
        const box = bar.getBoundingClientRect();
        bar.style.cursor = event.clientX - box.left < EDGE || box.right - event.clientX < EDGE ? 'ew-resize' : '';
      }}
      onFocus={(event) => {
        // Focus moved on by the user: a bar moved earlier no longer calls it back.
        if (focusId.current !== null && (event.target as HTMLElement).dataset.entryId !== String(focusId.current)) focusId.current = null;
      }}
    >
      <p id={helpId} className="sr-only">
        Arrow keys move a shift by {span.snap} minutes; Shift with arrows changes its end, Alt with arrows its start; up and down arrows move it to another staff member; Page Up and Page Down to
        another day; Enter opens it; Delete removes it.
      </p>
      <div
        role="table"
        aria-label={props.label}
        aria-rowcount={rows.length + 1}
        className={fit ? 'w-full' : 'min-w-max'}
        style={fit ? { minWidth: `calc(10rem + ${columns.length} * 4.5rem)` } : undefined}
      >
        <ColumnHeaderRow columns={columns} gridTemplate={gridTemplate} />
        <div role="rowgroup" style={{ paddingTop: (shown[0]?.start ?? HEADER_HEIGHT) - HEADER_HEIGHT, paddingBottom: virtualizer.getTotalSize() - (shown.at(-1)?.end ?? 0) }}>
          {shown.map(({ index }) => {
            const row = rows[index] as GridRow;
            return (
              <GridRowView
                key={row.id}
                index={index + 2}
                row={row}
                summary={rowSummaries?.get(row.id)?.text}
                summaryLabel={rowSummaries?.get(row.id)?.label}
                views={views}
                cells={byRow.get(row.id)}
                preview={preview && (preview.rowId === row.id || previewFrom === row.id) ? preview : null}
                gridTemplate={gridTemplate}
                span={span}
                editable={editable}
                helpId={helpId}
                rowAction={props.rowAction}
              />
            );
          })}
        </div>
      </div>
      {preview ? <DragLabel preview={preview} /> : null}
    </div>
  );
}

