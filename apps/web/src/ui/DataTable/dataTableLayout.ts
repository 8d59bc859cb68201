/**
 * The arithmetic behind `DataTable`, kept pure so it is tested without a browser: which columns
 * fold into the row detail at a given width, how saved settings are cleaned before use, and
 * where the arrow keys move.
 */

/** How much a column matters when space is short: `always` never folds; otherwise 1 folds last. */
export type ColumnPriority = 'always' | number;

/** The settings a person changes on a table and finds again next time (saved per user and table). */
export interface DataTableSettings {
  /** The sorted columns, first the main one. */
  sorting?: { id: string; desc: boolean }[];
  /** Columns a person hid (`false`); a column not named is shown. */
  columnVisibility?: Record<string, boolean>;
  /** Column ids in the order a person put them. */
  columnOrder?: string[];
  /** Widths a person gave, in pixels. */
  columnSizing?: Record<string, number>;
}

/** The width of the column of row-detail buttons, in pixels. */
export const DETAIL_TOGGLE_WIDTH = 44;

export interface FoldInput {
  id: string;
  /** The column's width, in pixels. */
  size: number;
  priority: ColumnPriority;
}

/**
 * The columns that fold into the row detail when the table has `width` pixels: none when every
 * column fits (or the width is not known yet); otherwise the `always` columns stay and the others
 * are kept by priority (1 first, then their order on screen) while they fit beside the detail
 * buttons. A column of lower priority never shows while one of higher priority is folded.
 */
export function foldedColumns(columns: readonly FoldInput[], width: number): Set<string> {
  const folded = new Set<string>();
  if (!(width > 0)) return folded;
  const total = columns.reduce((sum, c) => sum + c.size, 0);
  if (total <= width) return folded;
  let budget = width - DETAIL_TOGGLE_WIDTH - columns.filter((c) => c.priority === 'always').reduce((sum, c) => sum + c.size, 0);
  const ranked = columns
    .map((c, index) => ({ ...c, index }))
    .filter((c) => c.priority !== 'always')
    .sort((a, b) => (a.priority as number) - (b.priority as number) || a.index - b.index);
  let full = false;
  for (const c of ranked) {
    if (!full && c.size <= budget) {
      budget -= c.size;
      continue;
    }
    full = true;
    folded.add(c.id);
  }
  return folded;
}

/**
 * The widths the shown columns get in `width` pixels (less the detail buttons when some fold):
 * their own while they fit; otherwise each gives up part of what it has above its `minSize`, in
 * proportion, so the columns that never fold still fit a phone. Never below `minSize`.
 */
export function fittedWidths(columns: readonly { id: string; size: number; minSize: number }[], width: number): Record<string, number> {
  const total = columns.reduce((sum, c) => sum + c.size, 0);
  const slack = columns.reduce((sum, c) => sum + Math.max(0, c.size - c.minSize), 0);
  const over = total - width;
  const share = width > 0 && over > 0 && slack > 0 ? Math.min(1, over / slack) : 0;
  return Object.fromEntries(columns.map((c) => [c.id, Math.floor(c.size - Math.max(0, c.size - c.minSize) * share)]));
}

export interface SettingsColumn {
  id: string;
  sortable: boolean;
  /** May be hidden by a person (columns of priority `always` may not). */
  hideable: boolean;
  minSize: number;
  maxSize: number;
}

/**
 * Saved settings made safe for today's columns: unknown or duplicated ids dropped, a column that
 * may not be hidden shown, widths within the column's limits, sorting only on sortable columns.
 * Settings come from another device or an older version of the screen, so nothing is assumed.
 */
export function cleanSettings(settings: DataTableSettings | null | undefined, columns: readonly SettingsColumn[]): Required<DataTableSettings> {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const seen = new Set<string>();
  const sorting = (Array.isArray(settings?.sorting) ? settings.sorting : []).filter((s) => {
    const ok = typeof s?.id === 'string' && typeof s.desc === 'boolean' && byId.get(s.id)?.sortable === true && !seen.has(s.id);
    if (ok) seen.add(s.id);
    return ok;
  });
  const columnVisibility: Record<string, boolean> = {};
  for (const [id, visible] of Object.entries(settings?.columnVisibility ?? {})) {
    const column = byId.get(id);
    if (column && typeof visible === 'boolean') columnVisibility[id] = visible || !column.hideable;
  }
  const ordered = new Set<string>();
  for (const id of Array.isArray(settings?.columnOrder) ? settings.columnOrder : []) if (typeof id === 'string' && byId.has(id)) ordered.add(id);
  const columnSizing: Record<string, number> = {};
  for (const [id, size] of Object.entries(settings?.columnSizing ?? {})) {
    const column = byId.get(id);
    if (column && typeof size === 'number' && Number.isFinite(size)) columnSizing[id] = Math.round(Math.min(column.maxSize, Math.max(column.minSize, size)));
  }
  return { sorting: sorting.map((s) => ({ id: s.id, desc: s.desc })), columnVisibility, columnOrder: [...ordered], columnSizing };
}

/** A column id moved one place earlier (`-1`) or later (`1`) in `order`, the full list of ids. */
export function moveColumn(order: readonly string[], id: string, by: -1 | 1): string[] {
  const next = [...order];
  const from = next.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= next.length) return next;
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** A place in the table for the keyboard: `row` -1 is the heading row; `rows` is the body rows plus, with totals, the totals row. */
export interface CellPosition {
  row: number;
  col: number;
}

/** How many rows PageUp and PageDown move. */
export const PAGE_ROWS = 10;

/**
 * Where a key moves the focus from `at` in a table of `rows` rows (heading row not counted) and
 * `cols` columns, or null when the key does not move it: arrows one cell, Home/End the row's
 * first and last cell (with Ctrl, the table's), PageUp/PageDown ten rows.
 */
export function nextCell(at: CellPosition, key: string, ctrl: boolean, rows: number, cols: number): CellPosition | null {
  const clampRow = (r: number) => Math.max(-1, Math.min(rows - 1, r));
  const clampCol = (c: number) => Math.max(0, Math.min(cols - 1, c));
  let next: CellPosition;
  switch (key) {
    case 'ArrowUp':
      next = { row: clampRow(at.row - 1), col: at.col };
      break;
    case 'ArrowDown':
      next = { row: clampRow(at.row + 1), col: at.col };
      break;
    case 'ArrowLeft':
      next = { row: at.row, col: clampCol(at.col - 1) };
      break;
    case 'ArrowRight':
      next = { row: at.row, col: clampCol(at.col + 1) };
      break;
    case 'Home':
      next = ctrl ? { row: -1, col: 0 } : { row: at.row, col: 0 };
      break;
    case 'End':
      next = ctrl ? { row: rows - 1, col: cols - 1 } : { row: at.row, col: cols - 1 };
      break;
    case 'PageUp':
      next = { row: clampRow(at.row - PAGE_ROWS), col: at.col };
      break;
    case 'PageDown':
      next = { row: clampRow(at.row + PAGE_ROWS), col: at.col };
      break;
    default:
      return null;
  }
  return next;
}
