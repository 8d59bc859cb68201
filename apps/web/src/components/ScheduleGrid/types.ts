import type { ReactNode } from 'react';
import type { EntryPlace, GridSpan } from './scheduleGridMath';

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
