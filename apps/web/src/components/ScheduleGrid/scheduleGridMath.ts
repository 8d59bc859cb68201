/**
 * Geometry of the schedule grid: where a time sits in a cell and what a pointer or a key does to
 * an entry. Pure, so the grid's behaviour is tested without a browser.
 */
export interface GridSpan {
  /** Store opening and closing, minutes since midnight. */
  open: number;
  close: number;
  /** Snap step in minutes (15). */
  snap: number;
}

export interface EntryPlace {
  rowId: number;
  columnKey: string;
  start: number;
  end: number;
}

export const snapTo = (minutes: number, snap: number): number => Math.round(minutes / snap) * snap;

/** A pointer's x inside a cell (0…width px) → minutes since midnight, snapped and within store hours. */
export function minutesAt(x: number, width: number, span: GridSpan): number {
  const raw = span.open + (Math.min(Math.max(x, 0), width) / Math.max(width, 1)) * (span.close - span.open);
  return Math.min(Math.max(snapTo(raw, span.snap), span.open), span.close);
}

/** A horizontal drag of `dx` px over a cell `width` px wide → a whole number of snap steps in minutes. */
export const dragMinutes = (dx: number, width: number, span: GridSpan): number => snapTo((dx / Math.max(width, 1)) * (span.close - span.open), span.snap);

/** Moves an entry by `delta` minutes, keeping its length and staying within store hours. */
export function moveBy(place: EntryPlace, delta: number, span: GridSpan): EntryPlace {
  const length = place.end - place.start;
  const start = Math.min(Math.max(place.start + delta, span.open), span.close - length);
  return { ...place, start, end: start + length };
}

/** Moves one edge by `delta` minutes; an entry never gets shorter than one snap step. */
export function resizeBy(place: EntryPlace, edge: 'start' | 'end', delta: number, span: GridSpan): EntryPlace {
  if (edge === 'start') return { ...place, start: Math.min(Math.max(place.start + delta, span.open), place.end - span.snap) };
  return { ...place, end: Math.max(Math.min(place.end + delta, span.close), place.start + span.snap) };
}

export type GridKeyAction =
  | { type: 'move'; delta: number }
  | { type: 'resize'; edge: 'start' | 'end'; delta: number }
  | { type: 'row'; delta: 1 | -1 }
  | { type: 'column'; delta: 1 | -1 }
  | { type: 'open' }
  | { type: 'delete' };

/**
 * The keyboard of a focused entry: ←/→ move it by one snap step, Shift+←/→ move its end, Alt+←/→
 * its start, ↑/↓ move it to the staff member above/below, PageUp/PageDown (or Ctrl+←/→) to the
 * previous/next day, Enter opens it, Delete removes it.
 */
export function keyAction(event: { key: string; shiftKey: boolean; altKey: boolean; ctrlKey: boolean; metaKey: boolean }, snap: number): GridKeyAction | null {
  const dir = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
  if (dir !== 0) {
    if (event.ctrlKey || event.metaKey) return { type: 'column', delta: dir as 1 | -1 };
    if (event.shiftKey) return { type: 'resize', edge: 'end', delta: dir * snap };
    if (event.altKey) return { type: 'resize', edge: 'start', delta: dir * snap };
    return { type: 'move', delta: dir * snap };
  }
  if (event.key === 'ArrowUp') return { type: 'row', delta: -1 };
  if (event.key === 'ArrowDown') return { type: 'row', delta: 1 };
  if (event.key === 'PageUp') return { type: 'column', delta: -1 };
  if (event.key === 'PageDown') return { type: 'column', delta: 1 };
  if (event.key === 'Enter' || event.key === ' ') return { type: 'open' };
  if (event.key === 'Delete' || event.key === 'Backspace') return { type: 'delete' };
  return null;
}

export const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
export const toMinutes = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * A shift's times in as few characters as a narrow bar can show: whole hours without `:00` and
 * without a leading zero (540–780 → `9–13`, 570–1020 → `9:30–17`).
 */
export function compactRange(start: number, end: number): string {
  const short = (minutes: number) => {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m === 0 ? String(h) : `${h}:${String(m).padStart(2, '0')}`;
  };
  return `${short(start)}–${short(end)}`;
}

/**
 * The shift a drag across a cell makes: from the time where it started (`anchor`) to the time
 * under the pointer now, whichever way it goes, at least one snap step, within `span` (the day's
 * store hours).
 */
export function dragCreate(anchor: number, current: number, span: GridSpan): { start: number; end: number } {
  const a = Math.min(Math.max(anchor, span.open), span.close - span.snap);
  const c = Math.min(Math.max(current, span.open), span.close);
  if (c >= a + span.snap) return { start: a, end: c };
  if (c <= a - span.snap) return { start: c, end: a };
  return { start: a, end: a + span.snap };
}

/** A length in minutes as the drag label says it: `4 h`, `4 h 30 min`, `45 min`. */
export function lengthLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/**
 * The shading of the time outside a day's store hours, as one CSS background for the cell (no
 * extra elements per cell): slate before opening and after closing, clear between.
 */
export function closedShade(hours: { open: number; close: number } | null | undefined, span: GridSpan): string | undefined {
  if (!hours || (hours.open <= span.open && hours.close >= span.close)) return undefined;
  const at = (minutes: number) => `${(((Math.min(Math.max(minutes, span.open), span.close) - span.open) / (span.close - span.open)) * 100).toFixed(3)}%`;
  const shade = 'rgb(241 245 249 / 0.8)';
  return `linear-gradient(to right, ${shade} ${at(hours.open)}, transparent ${at(hours.open)}, transparent ${at(hours.close)}, ${shade} ${at(hours.close)})`;
}

/** Where a time (minutes since midnight) sits along a span, as a CSS percentage of its length. */
export const spanPercent = (minutes: number, span: Pick<GridSpan, 'open' | 'close'>): string => `${((minutes - span.open) / Math.max(span.close - span.open, 1)) * 100}%`;

/** The whole hours inside a span, each labelled on a time axis: 540–780 → 540, 600, 660, 720, 780. */
export function hourMarks(span: Pick<GridSpan, 'open' | 'close'>): number[] {
  const marks: number[] = [];
  for (let m = Math.ceil(span.open / 60) * 60; m <= span.close; m += 60) marks.push(m);
  return marks;
}

/**
 * A span of whole hours that shows every time in `times` (minutes since midnight) and at least
 * `base` (the day's store hours), within the day: what a time axis covers.
 */
export function coveringSpan(times: readonly number[], base: { open: number; close: number }, snap: number): GridSpan {
  const open = Math.max(0, Math.floor(Math.min(base.open, ...times) / 60) * 60);
  const close = Math.min(1440, Math.ceil(Math.max(base.close, ...times) / 60) * 60);
  return { open, close: close > open ? close : Math.min(1440, open + 60), snap };
}

/**
 * Side-by-side places for things that overlap in time (two bookings of one person at once): each
 * gets a lane, and every item of a group that overlaps shares its number of lanes, so they split
 * the width. Items that only touch (one ends when the next starts) do not overlap.
 */
export function overlapLanes<T extends { id: number; start: number; end: number }>(items: readonly T[]): Map<number, { lane: number; lanes: number }> {
  const sorted = [...items].sort((a, b) => a.start - b.start || a.end - b.end || a.id - b.id);
  const out = new Map<number, { lane: number; lanes: number }>();
  let group: { id: number; lane: number }[] = [];
  let groupEnd = -Infinity;
  const ends: number[] = [];
  const close = () => {
    const lanes = Math.max(1, ...group.map((g) => g.lane + 1));
    for (const g of group) out.set(g.id, { lane: g.lane, lanes });
    group = [];
    ends.length = 0;
  };
  for (const item of sorted) {
    const end = Math.max(item.end, item.start + 1);
    if (item.start >= groupEnd) close();
    let lane = ends.findIndex((e) => e <= item.start);
    if (lane === -1) lane = ends.length;
    ends[lane] = end;
    group.push({ id: item.id, lane });
    groupEnd = group.length === 1 ? end : Math.max(groupEnd, end);
  }
  close();
  return out;
}
