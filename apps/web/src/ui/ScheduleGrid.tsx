import { type CSSProperties, memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { elementScroll, observeElementOffset, observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { cx } from './cx';
import './ScheduleGrid.css';
import { closedShade, compactRange, dragCreate, dragMinutes, type EntryPlace, type GridSpan, hhmm, keyAction, lengthLabel, minutesAt, moveBy, resizeBy, spanPercent } from './scheduleGridMath';

export interface GridColumn {
  key: string;
  label: string;
  sublabel?: string;
  /** A holiday's name: the column is marked and says so. */
  holiday?: string | null;
  today?: boolean;
  /** The store hours of this day (minutes since midnight): time outside them is shaded, and shifts are kept within them. */
  hours?: { open: number; close: number } | null;
  /** What the header says about them (`09:00–19:00`, `Closed · 07:00–22:00`). */
  hoursLabel?: string;
  /** Where they come from, for the tooltip. */
  hoursTitle?: string;
  /** A figure of the day under its hours (`42 h staffed`), and how it is read out. */
  summary?: string;
  summaryLabel?: string;
}

export interface GridRow {
  id: number;
  name: string;
  /** The staff member's `schedulerColor`. */
  color: string | null;
}

/** What a row header says under the name (`32 h`, `32 h · 30 h`) and how it is read out. */
export interface RowSummary {
  text: string;
  label: string;
}

export type GridTone = 'published' | 'draft' | 'ghost' | 'template';

export interface GridEntry {
  id: number;
  rowId: number;
  columnKey: string;
  start: number;
  end: number;
  tone: GridTone;
  /** A short mark shown on the entry (a rotation: `↻3`). */
  badge?: string;
  /** What the badge means, for screen readers and the tooltip. */
  badgeLabel?: string;
}

export interface ScheduleGridProps {
  /** What the grid is, for screen readers ("Schedule, published, Jun 1 to Jun 14"). */
  label: string;
  columns: readonly GridColumn[];
  rows: readonly GridRow[];
  entries: readonly GridEntry[];
  span: GridSpan;
  /** Entries can be created, moved, resized and removed. */
  editable: boolean;
  /** The days share the width (a week that fits the screen) instead of keeping a minimum width each. */
  fit?: boolean;
  /** Per staff member, what the row header says under the name (their scheduled hours). */
  rowSummaries?: ReadonlyMap<number, RowSummary>;
  /**
   * Why a shift cannot go to a place (an overlap), or null: a drag shows it while the pointer is
   * there, and dropping there is refused through `onRefuse` instead of `onCreate` / `onChange`.
   */
  placeError?: (place: EntryPlace, id: number | null) => string | null;
  onRefuse?: (message: string) => void;
  /** An empty cell clicked (or its add button pressed): no times; dragged across: the times dragged. */
  onCreate?: (place: { rowId: number; columnKey: string; start?: number; end?: number }) => void;
  onChange?: (id: number, place: EntryPlace) => void;
  /** An entry clicked or opened by Enter; `anchor` is its bar, to place a popover by. */
  onOpen?: (id: number, anchor: HTMLElement) => void;
  onDelete?: (id: number) => void;
  /** Extra content after a staff member's name (a colour button). */
  rowAction?: (row: GridRow) => ReactNode;
  /** Told which columns are on screen (most of their width visible in the scroller), on mount, scroll and resize. */
  onVisibleColumnsChange?: (keys: readonly string[]) => void;
}

const FALLBACK_COLOR = '#94A3B8';
const NEW_ID = -1;
/** How near a bar's edge (px) a press resizes it rather than moving it. */
const EDGE = 8;
/** How far (px) a pointer moves before a press becomes a drag. */
const SLOP = 4;
/** The cell an element is in (`[data-column]`, its row's `data-row`), within `root`. */
function cellOf(el: Element | null | undefined, root: HTMLElement | null): { el: HTMLElement; rowId: number; columnKey: string } | null {
  const cell = el?.closest<HTMLElement>('[data-column]');
  const row = cell?.parentElement;
  if (!cell || !row || !root?.contains(cell)) return null;
  return { el: cell, rowId: Number(row.dataset.row), columnKey: cell.dataset.column as string };
}

/** A row's height in px (`.sg-cell` 3rem and the row's 1px border). */
const ROW_HEIGHT = 49;
/** About the height of the sticky header row above the rows (day, hours, figure): rows under it are not in view. */
const HEADER_HEIGHT = 64;
/** The scroller's most height, `100dvh - 13rem` (its class below), before it is measured. */
const initialHeight = () => (typeof window === 'undefined' ? 720 : Math.max(256, window.innerHeight - 13 * 16));

/**
 * TanStack Virtual reads the scroller (its size, its scroll offset) and scrolls it to its offset
 * as soon as it is mounted: each forces a layout of the whole grid in the middle of the first
 * render, and a size unlike `initialRect` renders the rows again before anything is drawn. The
 * observers start a frame late instead (until then: `initialRect`, offset 0), and the first
 * scroll of a new scroller to 0, where it already is, is skipped.
 */
function afterFirstFrame<T>(observe: (instance: Virtualizer<HTMLDivElement, Element>, cb: T) => void | (() => void)) {
  return (instance: Virtualizer<HTMLDivElement, Element>, cb: T) => {
    let cleanup: void | (() => void);
    const frame = requestAnimationFrame(() => (cleanup = observe(instance, cb)));
    return () => {
      cancelAnimationFrame(frame);
      cleanup?.();
    };
  };
}
const observeRectLater = afterFirstFrame(observeElementRect<HTMLDivElement>);
const observeOffsetLater = afterFirstFrame(observeElementOffset<HTMLDivElement>);
const scrolled = new WeakSet<Element>();
const scrollUnlessNew: typeof elementScroll<HTMLDivElement> = (offset, options, instance) => {
  const el = instance.scrollElement;
  if (el && !scrolled.has(el)) {
    scrolled.add(el);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
};

interface Drag {
  id: number;
  mode: 'move' | 'start' | 'end' | 'create';
  x: number;
  y: number;
  /** The cell's left edge and width when the drag began. */
  left: number;
  width: number;
  /** Where a created shift was started (minutes). */
  anchor: number;
  from: EntryPlace;
  moved: boolean;
  /** Escape was pressed: nothing is made, and the release that follows clicks nothing. */
  cancelled: boolean;
}

interface Preview extends EntryPlace {
  id: number;
  error: string | null;
  /** Where the pointer is (viewport px): the times show beside it. */
  x: number;
  y: number;
}

/** A column as every cell of it draws it, computed once per render of the grid, not per cell. */
interface ColumnView {
  column: GridColumn;
  tint: 'holiday' | 'today' | undefined;
  style: CSSProperties | undefined;
  /** `Mon Jun 2`, for names. */
  name: string;
}

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
  const [preview, setPreview] = useState<Preview | null>(null);
  const previewRef = useRef<Preview | null>(null);
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
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

  // Which columns are on screen: a column most of whose width shows between the sticky staff column and the right edge.
  const visibleKeys = useRef('');
  useEffect(() => {
    const scroller = root.current;
    if (!scroller) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const box = scroller.getBoundingClientRect();
      const staffEdge = scroller.querySelector<HTMLElement>('[data-staff-header]')?.getBoundingClientRect().right ?? box.left;
      const keys: string[] = [];
      for (const el of scroller.querySelectorAll<HTMLElement>('[data-column-header]')) {
        const r = el.getBoundingClientRect();
        const shown = Math.min(r.right, box.right) - Math.max(r.left, staffEdge);
        if (r.width > 0 && shown >= r.width / 2) keys.push(el.dataset.columnHeader as string);
      }
      const joined = keys.join('|');
      if (joined !== visibleKeys.current) {
        visibleKeys.current = joined;
        handlers.current.onVisibleColumnsChange?.(keys);
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    // Measured after the first frame is drawn, never forcing a layout in the middle of one.
    schedule();
    scroller.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    observer?.observe(scroller);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      scroller.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
    };
  }, [columns]);

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

  const show = useCallback((next: Preview | null) => {
    previewRef.current = next;
    setPreview(next);
  }, []);

  /** The pointer's latest position, applied once per frame. */
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const frame = useRef(0);

  const applyMove = useCallback(() => {
    frame.current = 0;
    const d = drag.current;
    const at = pointer.current;
    if (!d || !at || d.cancelled) return;
    const dx = at.x - d.x;
    if (!d.moved && Math.abs(dx) < SLOP && Math.abs(at.y - d.y) < SLOP) return;
    d.moved = true;
    let next: EntryPlace;
    if (d.mode === 'create') {
      const times = dragCreate(d.anchor, minutesAt(at.x - d.left, d.width, span), limits(d.from.columnKey));
      next = { ...d.from, ...times };
    } else if (d.mode === 'move') {
      const found = cellOf(document.elementFromPoint(at.x, at.y), root.current);
      const cell = found ? { rowId: found.rowId, columnKey: found.columnKey } : null;
      next = moveBy({ ...d.from, ...(cell ?? {}) }, dragMinutes(dx, d.width, span), limits(cell?.columnKey ?? d.from.columnKey));
    } else {
      next = resizeBy(d.from, d.mode, dragMinutes(dx, d.width, span), limits(d.from.columnKey));
    }
    const current = previewRef.current;
    if (current && current.rowId === next.rowId && current.columnKey === next.columnKey && current.start === next.start && current.end === next.end) {
      if (current.x !== at.x || current.y !== at.y) show({ ...current, x: at.x, y: at.y });
      return;
    }
    show({ id: d.id, ...next, x: at.x, y: at.y, error: handlers.current.placeError?.(next, d.id === NEW_ID ? null : d.id) ?? null });
  }, [span, limits, show]);

  const onWindowMove = useCallback(
    (event: PointerEvent) => {
      pointer.current = { x: event.clientX, y: event.clientY };
      if (!frame.current) frame.current = requestAnimationFrame(applyMove);
    },
    [applyMove],
  );

  const finish = useRef<(commit: boolean) => void>(() => undefined);
  /** The window listeners of the drag under way, removed exactly as added. */
  const listening = useRef<(() => void) | null>(null);
  const listen = () => {
    const up = (event: PointerEvent) => {
      pointer.current = { x: event.clientX, y: event.clientY };
      finish.current(true);
    };
    const cancel = () => finish.current(false);
    const key = (event: globalThis.KeyboardEvent) => {
      const d = drag.current;
      if (event.key !== 'Escape' || !d) return;
      event.preventDefault();
      event.stopPropagation();
      // The drag ends here; the button is still down, and its release must not click what is under it.
      d.cancelled = true;
      window.removeEventListener('pointermove', onWindowMove);
      if (frame.current) cancelAnimationFrame(frame.current);
      frame.current = 0;
      show(null);
    };
    window.addEventListener('pointermove', onWindowMove);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', key, true);
    listening.current = () => {
      window.removeEventListener('pointermove', onWindowMove);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', key, true);
    };
  };

  finish.current = (commit: boolean) => {
    listening.current?.();
    listening.current = null;
    if (frame.current) cancelAnimationFrame(frame.current);
    // The last position counts even when no frame came since it.
    if (commit) applyMove();
    frame.current = 0;
    const d = drag.current;
    drag.current = null;
    const p = previewRef.current;
    show(null);
    if (!d || (!d.moved && !d.cancelled)) return;
    if (d.cancelled) commit = false;
    // The click that follows a drag is not a click on what lies under it.
    suppressClick.current = true;
    setTimeout(() => (suppressClick.current = false), 0);
    if (!commit || !p) return;
    const h = handlers.current;
    if (p.error) {
      h.onRefuse?.(p.error);
      return;
    }
    const place: EntryPlace = { rowId: p.rowId, columnKey: p.columnKey, start: p.start, end: p.end };
    if (d.mode === 'create') h.onCreate?.({ ...place });
    else if (place.start !== d.from.start || place.end !== d.from.end || place.rowId !== d.from.rowId || place.columnKey !== d.from.columnKey) h.onChange?.(d.id, place);
  };

  useEffect(() => () => finish.current(false), []);

  /** One press handler for the whole grid: a bar moves or resizes; an empty part of a cell starts a new shift. */
  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    focusId.current = null;
    if (!editable || event.button !== 0 || drag.current) return;
    const target = event.target as HTMLElement;
    const bar = target.closest<HTMLElement>('[data-entry-id]');
    const found = cellOf(target, root.current);
    if (!found) return;
    const cell = found.el.getBoundingClientRect();
    let next: Drag;
    if (bar) {
      const entry = entryById.get(Number(bar.dataset.entryId));
      if (!entry || entry.tone === 'ghost') return;
      const box = bar.getBoundingClientRect();
      const mode = event.clientX - box.left < EDGE ? 'start' : box.right - event.clientX < EDGE ? 'end' : 'move';
      next = { id: entry.id, mode, x: event.clientX, y: event.clientY, left: cell.left, width: cell.width, anchor: entry.start, moved: false, cancelled: false, from: { rowId: entry.rowId, columnKey: entry.columnKey, start: entry.start, end: entry.end } };
    } else {
      const { columnKey } = found;
      const limit = limits(columnKey);
      const anchor = Math.min(Math.max(minutesAt(event.clientX - cell.left, cell.width, span), limit.open), limit.close - span.snap);
      next = { id: NEW_ID, mode: 'create', x: event.clientX, y: event.clientY, left: cell.left, width: cell.width, anchor, moved: false, cancelled: false, from: { rowId: found.rowId, columnKey, start: anchor, end: anchor + span.snap } };
    }
    // No text selection or focus change by the press; a click still follows when nothing was dragged.
    if (event.pointerType === 'mouse') event.preventDefault();
    drag.current = next;
    pointer.current = null;
    listen();
  };

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
        <div role="row" aria-rowindex={1} className="sticky top-0 z-20 grid border-b border-slate-200 bg-white" style={{ gridTemplateColumns: gridTemplate }}>
          <div role="columnheader" data-staff-header="" className="sticky left-0 z-10 bg-white px-3 py-2 text-xs font-semibold text-slate-600">
            Staff
          </div>
          {columns.map((c) => (
            <div
              role="columnheader"
              key={c.key}
              data-column-header={c.key}
              className={cx('min-w-0 border-l border-slate-100 px-2 py-1.5 text-xs', c.holiday ? 'bg-amber-50' : c.today ? 'bg-brand-50' : 'bg-white')}
            >
              <div className="truncate">
                <span className={cx('font-semibold', c.today ? 'text-brand-800' : 'text-slate-800')}>{c.label}</span>
                {c.sublabel ? <span className="text-slate-600"> {c.sublabel}</span> : null}
              </div>
              {c.hoursLabel ? (
                <div className="truncate text-slate-600 tabular-nums" title={c.hoursTitle}>
                  {c.hoursLabel}
                  {c.hoursTitle ? <span className="sr-only">, {c.hoursTitle}</span> : null}
                </div>
              ) : null}
              {c.summary ? (
                <div className="truncate font-medium text-slate-700 tabular-nums" data-testid="column-summary">
                  <span aria-hidden="true">{c.summary}</span>
                  <span className="sr-only">{c.summaryLabel ?? c.summary}</span>
                </div>
              ) : null}
              {c.holiday ? (
                <div className="truncate font-medium text-amber-900" title={c.holiday}>
                  Holiday: {c.holiday}
                </div>
              ) : null}
            </div>
          ))}
        </div>
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

/** The times of the shift being dragged (and why it cannot go there), beside the pointer. */
function DragLabel({ preview }: { preview: Preview }) {
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

interface RowViewProps {
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
const GridRowView = memo(function GridRowView({ index, row, summary, summaryLabel, views, cells, preview, gridTemplate, span, editable, helpId, rowAction }: RowViewProps) {
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
