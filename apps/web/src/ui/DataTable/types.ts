import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { ColumnPriority, DataTableSettings } from './dataTableLayout';

/** One column of a `DataTable`. */
export interface DataColumn<T extends RowData> {
  /** Stable id: settings (order, widths, sorting) are saved under it. */
  id: string;
  /** The heading, also the column's name in the Columns menu and the row detail. */
  header: string;
  /** A figure's one-line meaning (`FIGURES[...].meaning`): the heading becomes a `FigureLabel`. */
  meaning?: string;
  /** What the column sorts by (and shows, without `cell`); without it the column does not sort. */
  value?: (row: T) => string | number | null | undefined;
  /** Whether the heading sorts by `value` (default: when there is a `value`); off for a server-ordered, paged list. */
  sortable?: boolean;
  /** What a cell shows; by default its `value`. */
  cell?: (row: T) => ReactNode;
  /** `end` for figures (right-aligned, tabular digits). */
  align?: 'start' | 'end';
  /**
   * When space is short, columns fold into the row detail by priority: `always` never folds and
   * may not be hidden (the identifying column, always the first, and the amount); then 1, 2, …
   * Default: the column's position (earlier columns fold later).
   */
  priority?: ColumnPriority;
  /** Width in pixels (default 160), and the limits of resizing. */
  size?: number;
  minSize?: number;
  maxSize?: number;
  /** Extra classes of the column's cells (`font-semibold`). */
  className?: string;
}

export interface DataTableProps<T extends RowData> {
  /** The table's name (its `<caption>`), read by screen readers and shown when `showCaption`. */
  caption: string;
  showCaption?: boolean;
  columns: readonly DataColumn<T>[];
  /** The rows; undefined while the first load runs. */
  rows: readonly T[] | undefined;
  /** A row's id (never its label: two staff may share a name). */
  getRowId: (row: T) => string | number;
  /** What a row is called in its detail button's name ("Details for Maya Flores"); default its first column's value. */
  rowLabel?: (row: T) => string;
  /** Loading: skeleton rows before the first rows, a dimmed table while newer ones load. */
  loading?: boolean;
  /** Shown in the body when there are no rows. */
  empty?: ReactNode;
  /** The totals row, by column id; its first cell is `label` ("Total"). */
  totals?: { label?: string; cells: Partial<Record<string, ReactNode>> };
  /** The person's settings (sorting, visible columns, order, widths), saved by the screen. */
  settings?: DataTableSettings;
  onSettingsChange?: (settings: DataTableSettings) => void;
  /** Above the table beside the Columns menu: filters, an export menu. */
  toolbar?: ReactNode;
  /** The rows arrive sorted (by the server): sorting only reports the choice through `onSettingsChange`. */
  manualSorting?: boolean;
  /** The scrolling area's greatest height (CSS); the heading row stays in view inside it. */
  maxHeight?: string;
  /** From this many rows on, only the rows in view are in the page (every row when printing). */
  virtualizeFrom?: number;
  /** A row's expected height in pixels, for the scroll bar of a long list. */
  rowHeight?: number;
  /** In its own card (default), or bare inside a card of the screen's. */
  framed?: boolean;
  /**
   * A row's own detail (a payroll row's services), under the row when its detail button opens it,
   * after the columns folded at this width. With it every row has a detail button.
   */
  detail?: (row: T) => ReactNode;
  className?: string;
}
