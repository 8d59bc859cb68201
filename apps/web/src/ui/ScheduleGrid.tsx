import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { cx } from './cx';
import { compactRange, dragMinutes, type EntryPlace, type GridSpan, hhmm, keyAction, minutesAt, moveBy, resizeBy } from './scheduleGridMath';

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
}

export interface GridRow {
  id: number;
  name: string;
  /** The staff member's `schedulerColor`. */
  color: string | null;
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
  onCreate?: (place: { rowId: number; columnKey: string; start?: number; end?: number }) => void;
  onChange?: (id: number, place: EntryPlace) => void;
  onOpen?: (id: number) => void;
  onDelete?: (id: number) => void;
  /** Extra content after a staff member's name (a colour button). */
  rowAction?: (row: GridRow) => ReactNode;
  /** Told which columns are on screen (most of their width visible in the scroller), on mount, scroll and resize. */
  onVisibleColumnsChange?: (keys: readonly string[]) => void;
}

const FALLBACK_COLOR = '#94A3B8';
const NEW_ID = -1;

interface Drag {
  id: number;
  mode: 'move' | 'start' | 'end' | 'create';
  x: number;
  y: number;
  width: number;
  from: EntryPlace;
  moved: boolean;
}

/**
 * The scheduler's grid: one row per staff member, one column per day (or day of the week), each
 * entry a bar placed by its time within store hours. Entries are moved and resized by pointer
 * (snapping to `span.snap`) and by keyboard (see `keyAction`); an empty cell is clicked, dragged
 * across or its "Add" button pressed to create one.
 */
export function ScheduleGrid(props: ScheduleGridProps) {
  const { columns, rows, entries, span, editable } = props;
  const [preview, setPreview] = useState<(EntryPlace & { id: number }) | null>(null);
  const drag = useRef<Drag | null>(null);
  const focusId = useRef<number | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const handlers = useRef(props);
  handlers.current = props;

  const byRow = useMemo(() => {
    const map = new Map<number, Map<string, GridEntry[]>>();
    for (const e of entries) {
      let cols = map.get(e.rowId);
      if (!cols) map.set(e.rowId, (cols = new Map()));
      const list = cols.get(e.columnKey);
      if (list) list.push(e);
      else cols.set(e.columnKey, [e]);
    }
    return map;
  }, [entries]);
  const entryById = useMemo(() => new Map(entries.map((e) => [e.id, e])), [entries]);
  /** The span a shift may take in a column: its store hours (within the grid's span), else the grid's span. */
  const limits = useMemo(() => {
    const map = new Map<string, GridSpan>();
    for (const c of columns) if (c.hours) map.set(c.key, { ...span, open: Math.max(span.open, c.hours.open), close: Math.min(span.close, c.hours.close) });
    return (key: string): GridSpan => map.get(key) ?? span;
  }, [columns, span]);

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
    measure();
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

  // Keyboard moves re-mount an entry in another cell: give it its focus back.
  useEffect(() => {
    const id = focusId.current;
    if (id === null || !root.current) return;
    const el = root.current.querySelector<HTMLElement>(`[data-entry-id="${id}"]`);
    if (el && document.activeElement !== el) el.focus();
  });

  const cellAt = (x: number, y: number): { rowId: number; columnKey: string } | null => {
    const el = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-cell]');
    if (!el || !root.current?.contains(el)) return null;
    return { rowId: Number(el.dataset.row), columnKey: el.dataset.column as string };
  };

  const onPointerMove = useCallback(
    (event: PointerEvent) => {
      const d = drag.current;
      if (!d) return;
      const dx = event.clientX - d.x;
      if (!d.moved && Math.abs(dx) < 4 && Math.abs(event.clientY - d.y) < 4) return;
      d.moved = true;
      const delta = dragMinutes(dx, d.width, span);
      let next: EntryPlace;
      if (d.mode === 'move') {
        const cell = cellAt(event.clientX, event.clientY);
        next = moveBy({ ...d.from, ...(cell ?? {}) }, delta, limits(cell?.columnKey ?? d.from.columnKey));
      } else if (d.mode === 'create') {
        const end = Math.min(Math.max(d.from.start + Math.max(delta, span.snap), d.from.start + span.snap), limits(d.from.columnKey).close);
        next = { ...d.from, end };
      } else {
        next = resizeBy(d.from, d.mode, delta, limits(d.from.columnKey));
      }
      setPreview({ id: d.id, ...next });
    },
    [span, limits],
  );

  const onPointerUp = useCallback(() => {
    const d = drag.current;
    drag.current = null;
    window.removeEventListener('pointermove', onPointerMove);
    window.removeEventListener('pointerup', onPointerUp);
    setPreview((current) => {
      if (!d) return null;
      const h = handlers.current;
      // Callbacks run after this state update, outside React's updater.
      queueMicrotask(() => {
        if (d.mode === 'create') {
          if (d.moved && current) h.onCreate?.({ rowId: d.from.rowId, columnKey: d.from.columnKey, start: current.start, end: current.end });
          else h.onCreate?.({ rowId: d.from.rowId, columnKey: d.from.columnKey });
        } else if (!d.moved) h.onOpen?.(d.id);
        else if (current && (current.start !== d.from.start || current.end !== d.from.end || current.rowId !== d.from.rowId || current.columnKey !== d.from.columnKey)) {
          h.onChange?.(d.id, { rowId: current.rowId, columnKey: current.columnKey, start: current.start, end: current.end });
        }
      });
      return d.mode === 'create' || !d.moved ? null : current;
    });
  }, [onPointerMove]);

  // A saved change arrives as new entries: drop the preview then.
  useEffect(() => setPreview((p) => (p && p.id !== NEW_ID && !drag.current ? null : p)), [entries]);

  const beginDrag = useCallback(
    (event: ReactPointerEvent, id: number, mode: Drag['mode'], from: EntryPlace, width: number) => {
      if (!editable || event.button !== 0) return;
      event.preventDefault();
      event.stopPropagation();
      drag.current = { id, mode, x: event.clientX, y: event.clientY, width, from, moved: false };
      if (mode === 'create') setPreview({ id: NEW_ID, ...from, end: Math.min(from.start + span.snap * 4, limits(from.columnKey).close) });
      window.addEventListener('pointermove', onPointerMove);
      window.addEventListener('pointerup', onPointerUp);
    },
    [editable, onPointerMove, onPointerUp, span, limits],
  );

  const onEntryKey = useCallback(
    (event: KeyboardEvent, id: number) => {
      const entry = entryById.get(id);
      const h = handlers.current;
      if (!entry) return;
      const action = keyAction(event, span.snap);
      if (!action) return;
      if (action.type === 'open') {
        event.preventDefault();
        h.onOpen?.(id);
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
      h.onChange?.(id, next);
    },
    [columns, editable, entryById, rows, span, limits],
  );

  const gridTemplate = `minmax(9rem, 11rem) repeat(${columns.length}, minmax(7.5rem, 1fr))`;
  const helpId = 'schedule-grid-help';

  return (
    <div ref={root} className="relative max-h-[calc(100dvh-13rem)] min-h-64 overflow-auto rounded-xl bg-white ring-1 ring-slate-200" data-testid="schedule-grid-scroller">
      <p id={helpId} className="sr-only">
        Arrow keys move a shift by {span.snap} minutes; Shift with arrows changes its end, Alt with arrows its start; up and down arrows move it to another staff member; Page Up and Page Down to
        another day; Enter opens it; Delete removes it.
      </p>
      <div role="table" aria-label={props.label} className="min-w-max">
        <div role="row" className="sticky top-0 z-20 grid border-b border-slate-200 bg-white" style={{ gridTemplateColumns: gridTemplate }}>
          <div role="columnheader" data-staff-header="" className="sticky left-0 z-10 bg-white px-3 py-2 text-xs font-semibold text-slate-600">
            Staff
          </div>
          {columns.map((c) => (
            <div
              role="columnheader"
              key={c.key}
              data-column-header={c.key}
              className={cx('border-l border-slate-100 px-2 py-1.5 text-xs', c.holiday ? 'bg-amber-50' : c.today ? 'bg-brand-50' : 'bg-white')}
            >
              <div className={cx('font-semibold', c.today ? 'text-brand-800' : 'text-slate-800')}>{c.label}</div>
              {c.sublabel ? <div className="text-slate-600">{c.sublabel}</div> : null}
              {c.hoursLabel ? (
                <div className="text-slate-600 tabular-nums" title={c.hoursTitle}>
                  {c.hoursLabel}
                  {c.hoursTitle ? <span className="sr-only">, {c.hoursTitle}</span> : null}
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
        {rows.map((row) => (
          <GridRowView
            key={row.id}
            row={row}
            columns={columns}
            cells={byRow.get(row.id)}
            preview={preview && (preview.rowId === row.id || byRow.get(row.id)?.get(entryById.get(preview.id)?.columnKey ?? '')?.some((e) => e.id === preview.id)) ? preview : null}
            gridTemplate={gridTemplate}
            span={span}
            editable={editable}
            helpId={helpId}
            beginDrag={beginDrag}
            onEntryKey={onEntryKey}
            onCreate={props.onCreate}
            rowAction={props.rowAction}
          />
        ))}
      </div>
    </div>
  );
}

interface RowViewProps {
  row: GridRow;
  columns: readonly GridColumn[];
  cells: Map<string, GridEntry[]> | undefined;
  preview: (EntryPlace & { id: number }) | null;
  gridTemplate: string;
  span: GridSpan;
  editable: boolean;
  helpId: string;
  beginDrag: (event: ReactPointerEvent, id: number, mode: Drag['mode'], from: EntryPlace, width: number) => void;
  onEntryKey: (event: KeyboardEvent, id: number) => void;
  onCreate: ScheduleGridProps['onCreate'];
  rowAction: ScheduleGridProps['rowAction'];
}

const pct = (minutes: number, span: GridSpan) => `${((minutes - span.open) / (span.close - span.open)) * 100}%`;

/** One staff member's row; re-renders only when its entries or the preview touching it change. */
const GridRowView = memo(function GridRowView({ row, columns, cells, preview, gridTemplate, span, editable, helpId, beginDrag, onEntryKey, onCreate, rowAction }: RowViewProps) {
  const color = row.color ?? FALLBACK_COLOR;
  return (
    <div role="row" className="grid border-b border-slate-100" style={{ gridTemplateColumns: gridTemplate }}>
      <div role="rowheader" className="sticky left-0 z-10 flex items-center gap-2 bg-white px-3 py-2">
        <span aria-hidden="true" className="size-3 shrink-0 rounded-full ring-1 ring-slate-900/10" style={{ backgroundColor: color }} />
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-800" title={row.name}>
          {row.name}
        </span>
        {rowAction?.(row)}
      </div>
      {columns.map((column) => {
        let list = cells?.get(column.key) ?? [];
        if (preview) {
          list = list.filter((e) => e.id !== preview.id);
          if (preview.rowId === row.id && preview.columnKey === column.key) {
            const original = cells ? [...cells.values()].flat().find((e) => e.id === preview.id) : undefined;
            list = [...list, { ...(original ?? { tone: 'draft' as GridTone }), id: preview.id, rowId: row.id, columnKey: column.key, start: preview.start, end: preview.end }];
          }
        }
        return (
          <div
            role="cell"
            key={column.key}
            data-cell=""
            data-row={row.id}
            data-column={column.key}
            className={cx('group relative h-12 border-l border-slate-100', column.holiday ? 'bg-amber-50/70' : column.today ? 'bg-brand-50/40' : '', editable && 'cursor-copy')}
            onPointerDown={(event) => {
              if (event.target !== event.currentTarget) return;
              const rect = event.currentTarget.getBoundingClientRect();
              const open = column.hours ? Math.max(span.open, column.hours.open) : span.open;
              const close = column.hours ? Math.min(span.close, column.hours.close) : span.close;
              const start = Math.max(Math.min(minutesAt(event.clientX - rect.left, rect.width, span), close - span.snap), open);
              beginDrag(event, NEW_ID, 'create', { rowId: row.id, columnKey: column.key, start, end: start + span.snap }, rect.width);
            }}
          >
            {column.hours && column.hours.open > span.open ? (
              <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 bg-slate-100/80" style={{ width: pct(column.hours.open, span) }} />
            ) : null}
            {column.hours && column.hours.close < span.close ? (
              <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 bg-slate-100/80" style={{ left: pct(column.hours.close, span) }} />
            ) : null}
            {list.map((e) => (
              <EntryBar key={e.id} entry={e} rowName={row.name} column={column} color={color} span={span} editable={editable} helpId={helpId} beginDrag={beginDrag} onEntryKey={onEntryKey} />
            ))}
            {editable ? (
              <button
                type="button"
                aria-label={`Add shift for ${row.name} on ${column.label}${column.sublabel ? ` ${column.sublabel}` : ''}`}
                className="absolute top-0.5 right-0.5 z-[7] flex size-5 items-center justify-center rounded bg-white/90 text-xs font-bold text-brand-700 opacity-0 ring-1 ring-brand-200 group-hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                onClick={() => onCreate?.({ rowId: row.id, columnKey: column.key })}
              >
                +
              </button>
            ) : null}
          </div>
        );
      })}
    </div>
  );
});

interface EntryBarProps {
  entry: GridEntry;
  rowName: string;
  column: GridColumn;
  color: string;
  span: GridSpan;
  editable: boolean;
  helpId: string;
  beginDrag: RowViewProps['beginDrag'];
  onEntryKey: RowViewProps['onEntryKey'];
}

const TONE_LABEL: Record<GridTone, string> = { published: 'published', draft: 'draft', ghost: 'published, replaced by drafts when they are published', template: 'template' };

function EntryBar({ entry, rowName, column, color, span, editable, helpId, beginDrag, onEntryKey }: EntryBarProps) {
  const time = `${hhmm(entry.start)}–${hhmm(entry.end)}`;
  const style = { left: pct(entry.start, span), width: `calc(${pct(entry.end, span)} - ${pct(entry.start, span)})` };
  if (entry.tone === 'ghost') {
    return <div aria-hidden="true" title={`Published ${time}`} className="absolute top-3 bottom-3 rounded opacity-40" style={{ ...style, backgroundColor: color }} />;
  }
  const place: EntryPlace = { rowId: entry.rowId, columnKey: entry.columnKey, start: entry.start, end: entry.end };
  const draft = entry.tone === 'draft';
  const handle = (mode: 'start' | 'end') =>
    editable ? (
      <span
        aria-hidden="true"
        className={cx('absolute top-0 bottom-0 w-2 cursor-ew-resize', mode === 'start' ? 'left-0' : 'right-0')}
        onPointerDown={(event) => beginDrag(event, entry.id, mode, place, (event.currentTarget.closest('[data-cell]') as HTMLElement).getBoundingClientRect().width)}
      />
    ) : null;
  return (
    <button
      type="button"
      data-entry-id={entry.id}
      aria-label={`${rowName}, ${column.label}${column.sublabel ? ` ${column.sublabel}` : ''}, ${hhmm(entry.start)} to ${hhmm(entry.end)}, ${TONE_LABEL[entry.tone]}${entry.badgeLabel ? `, ${entry.badgeLabel}` : ''}`}
      aria-describedby={editable ? helpId : undefined}
      title={`${time}${entry.badgeLabel ? ` · ${entry.badgeLabel}` : ''}`}
      className={cx(
        // A size container: the label below picks the full or the compact times by the bar's own width.
        '@container absolute top-1.5 bottom-1.5 z-[6] flex min-w-3 touch-none items-center overflow-hidden rounded-md text-left text-[11px] leading-none font-semibold text-slate-900 shadow-sm',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-slate-900',
        draft ? 'border-2 border-dashed bg-white' : 'ring-1 ring-slate-900/15',
        editable ? 'cursor-grab active:cursor-grabbing' : 'cursor-pointer',
      )}
      style={{ ...style, ...(draft ? { borderColor: color } : { backgroundColor: color }) }}
      onPointerDown={(event) => beginDrag(event, entry.id, 'move', place, (event.currentTarget.closest('[data-cell]') as HTMLElement).getBoundingClientRect().width)}
      onKeyDown={(event) => onEntryKey(event, entry.id)}
    >
      {handle('start')}
      {/* The full times where they fit, else the compact ones (`9–13`); the button's name always says them in full. */}
      <span data-label="full" className={cx('hidden truncate px-1', entry.badge ? '@min-[6.5rem]:inline' : '@min-[5rem]:inline')}>
        {time}
      </span>
      <span data-label="compact" className={cx('truncate px-0.5 text-[10px] tracking-tight', entry.badge ? '@min-[6.5rem]:hidden' : '@min-[5rem]:hidden')}>
        {compactRange(entry.start, entry.end)}
      </span>
      {entry.badge ? <span className="mr-0.5 shrink-0 rounded bg-white/80 px-0.5 text-[10px] text-slate-900">{entry.badge}</span> : null}
      {handle('end')}
    </button>
  );
}
