import { type PointerEvent as ReactPointerEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { cellOf, EDGE, NEW_ID, SLOP } from './gridCells';
import { dragCreate, dragMinutes, type EntryPlace, type GridSpan, minutesAt, moveBy, resizeBy } from './scheduleGridMath';
import type { GridEntry, ScheduleGridProps } from './types';

export interface Drag {
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

export interface Preview extends EntryPlace {
  id: number;
  error: string | null;
  /** Where the pointer is (viewport px): the times show beside it. */
  x: number;
  y: number;
}


export interface GridDragInput {
  root: RefObject<HTMLDivElement | null>;
  span: GridSpan;
  /** The span a shift may take in a column (its store hours). */
  limits: (columnKey: string) => GridSpan;
  entryById: ReadonlyMap<number, GridEntry>;
  editable: boolean;
  /** The grid's latest props (its callbacks), read when a drag ends. */
  handlers: RefObject<ScheduleGridProps>;
  /** The entry whose focus a keyboard move gives back; a press forgets it. */
  focusId: RefObject<number | null>;
}

/**
 * The grid's drags, handled once for the whole grid: a press on a bar moves it (its edges resize
 * it), a press on an empty part of a cell draws a new shift. The pointer is followed on the window
 * and applied once a frame (`preview`, with why it cannot go there); Escape cancels; the release
 * reports the change (`onCreate`, `onChange`, or `onRefuse`) and the click that follows a drag is
 * swallowed (`suppressClick`).
 */
export function useGridDrag({ root, span, limits, entryById, editable, handlers, focusId }: GridDragInput) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const previewRef = useRef<Preview | null>(null);
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);

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

  return { preview, drag, suppressClick, onPointerDown };
}
