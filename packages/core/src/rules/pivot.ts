import { type PivotAggregate, type PivotConfiguration, PIVOT_GROUP_FIELDS_MAX, PIVOT_VALUES_MAX, type ReportColumn, type ReportColumnFormat } from '../models/reports';
import { pivotAggregateRefused, pivotFieldTwice, pivotTooManyColumns, pivotUnknownField } from '../messages';
import { COLUMN_KIND, type ColumnKind, type ExportColumn, MAX_EXPORT_COLUMNS } from './export';

/**
 * Pivot reports (issue 11; spec 000 §3 Pivot report): which fields a configuration reads, the
 * `GROUPING SETS` that give its cells, row subtotals and grand totals, and how the flat result the
 * engine returns (one entry per row key × column key) is laid out as a grid with grouped column
 * headers, on screen and in an export. PostgreSQL computes every figure over all the rows of the
 * source; these rules only order and place them, so a page never changes a total.
 */

/** A row or column key of an entry: the values of the grouped fields, in order. */
export type PivotKeyValue = string | number | boolean | null;
/** An aggregated value: a number, or (`min`/`max` of a text or day field) a text; null when nothing was aggregated. */
export type PivotCellValue = number | string | null;

/**
 * One line of the engine's result. `row` holds the values of the first `row.length` row fields:
 * all of them for a cell, a prefix for a row subtotal, none for the grand total. `column` likewise
 * for the column fields (none: the total over every column). A null inside a key is a null value
 * of the source, never a total: totals are told by the key's length (PostgreSQL's `GROUPING()`).
 */
export interface PivotEntry {
  row: PivotKeyValue[];
  column: PivotKeyValue[];
  /** One per value of the configuration, in order. */
  values: PivotCellValue[];
}

/** A grouped field as the result names it: the source's column key, label and format. */
export interface PivotFieldInfo {
  key: string;
  label: string;
  format: ReportColumnFormat;
}

/** A value of the result: the field, the aggregate, its label (`Sum of Total`) and how it is shown. */
export interface PivotValueInfo {
  field: string;
  aggregate: PivotAggregate;
  label: string;
  format: ReportColumnFormat;
}

/** One page of a pivot: its fields, the column keys of the whole pivot, and the entries of the page's rows. */
export interface PivotPage {
  rowFields: PivotFieldInfo[];
  columnFields: PivotFieldInfo[];
  values: PivotValueInfo[];
  /**
   * Every column key of the whole pivot (not only this page's), in order: each combination of the
   * column fields' values, then `[]` (the total over every column) when grand totals are on. With
   * no column fields, the one key `[]`.
   */
  columnKeys: PivotKeyValue[][];
  /** The page's entries in row order (each row's subtotals after its group), then column order. */
  entries: PivotEntry[];
  /** Rows of the whole pivot (cells, subtotals and the grand total each count one). */
  rowCount: number;
  /** The page (from 1) and its size in rows. */
  page: number;
  pageSize: number;
}

// ── Fields and grouping sets ──────────────────────────────────────────────────────────────

export const PIVOT_AGGREGATE_LABEL: Record<PivotAggregate, string> = { sum: 'Sum', count: 'Count', avg: 'Average', min: 'Minimum', max: 'Maximum' };

/** Formats that hold numbers: what `sum` and `avg` take. */
export const NUMERIC_FORMATS: readonly ReportColumnFormat[] = ['number', 'money', 'percent'];
/** Formats whose values are ordered: what `min` and `max` take. */
export const ORDERED_FORMATS: readonly ReportColumnFormat[] = ['number', 'money', 'percent', 'day', 'instant', 'text'];

/** Which aggregates a field of a format can take: every field can be counted. */
export function aggregatesFor(format: ReportColumnFormat): PivotAggregate[] {
  const numeric = NUMERIC_FORMATS.includes(format);
  const ordered = ORDERED_FORMATS.includes(format);
  return (['sum', 'count', 'avg', 'min', 'max'] as const).filter((a) => a === 'count' || ((a === 'sum' || a === 'avg') && numeric) || ((a === 'min' || a === 'max') && ordered));
}

/** The fields the rows and the columns are grouped by, rows first. */
export const pivotGroupFields = (config: Pick<PivotConfiguration, 'rows' | 'columns'>): string[] => [...config.rows, ...config.columns];

/** Every field a configuration reads (group fields, then value fields), each once. */
export const pivotFields = (config: Pick<PivotConfiguration, 'rows' | 'columns' | 'values'>): string[] => [
  ...new Set([...pivotGroupFields(config), ...config.values.map((v) => v.field)]),
];

/**
 * The row levels of a pivot, deepest first: every row field (the cells), then with subtotals each
 * shorter prefix of the row fields, then with grand totals none of them. Without row fields, the
 * one level 0 (the whole source).
 */
export function pivotRowLevels(config: Pick<PivotConfiguration, 'rows' | 'subtotals' | 'grandTotals'>): number[] {
  const n = config.rows.length;
  const levels = [n];
  if (config.subtotals) for (let k = n - 1; k >= 1; k--) levels.push(k);
  if (config.grandTotals && n > 0) levels.push(0);
  return levels;
}

/** The column levels: every column field, then with grand totals none (the total over every column). */
export function pivotColumnLevels(config: Pick<PivotConfiguration, 'columns' | 'grandTotals'>): number[] {
  const m = config.columns.length;
  return config.grandTotals && m > 0 ? [m, 0] : [m];
}

/**
 * The `GROUPING SETS` of a pivot: each row level with each column level, as lists of fields.
 * `{ rows: [staff, service], columns: [month] }` with subtotals and grand totals gives
 * `(staff, service, month) (staff, service) (staff, month) (staff) (month) ()`.
 */
export function pivotGroupingSets(config: Pick<PivotConfiguration, 'rows' | 'columns' | 'subtotals' | 'grandTotals'>): string[][] {
  const sets: string[][] = [];
  for (const r of pivotRowLevels(config)) for (const c of pivotColumnLevels(config)) sets.push([...config.rows.slice(0, r), ...config.columns.slice(0, c)]);
  return sets;
}

/** What a configuration asks of its source that the source does not offer. */
export interface PivotProblem {
  /** Where in the configuration: `['rows', 1]`, `['values', 0, 'aggregate']`. */
  path: (string | number)[];
  message: string;
}

/**
 * Why a configuration cannot run over a source with these columns: a field it does not offer, a
 * field grouped twice, or an aggregate its format cannot take (`sum` of a text). Empty when it can.
 */
export function pivotProblems(config: Pick<PivotConfiguration, 'rows' | 'columns' | 'values'>, columns: readonly ReportColumn[]): PivotProblem[] {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const problems: PivotProblem[] = [];
  const grouped = new Set<string>();
  for (const [part, fields] of [['rows', config.rows], ['columns', config.columns]] as const) {
    fields.forEach((field, i) => {
      const column = byKey.get(field);
      if (!column) problems.push({ path: [part, i], message: pivotUnknownField(field) });
      else if (grouped.has(field)) problems.push({ path: [part, i], message: pivotFieldTwice(column.label) });
      grouped.add(field);
    });
  }
  config.values.forEach((value, i) => {
    const column = byKey.get(value.field);
    if (!column) problems.push({ path: ['values', i, 'field'], message: pivotUnknownField(value.field) });
    else if (!aggregatesFor(column.format).includes(value.aggregate))
      problems.push({ path: ['values', i, 'aggregate'], message: pivotAggregateRefused(PIVOT_AGGREGATE_LABEL[value.aggregate], column.label) });
  });
  return problems;
}

/** The format of an aggregated value: a count is a number; the rest keep their field's format. */
export const aggregateFormat = (aggregate: PivotAggregate, format: ReportColumnFormat): ReportColumnFormat => (aggregate === 'count' ? 'number' : format);

/** A value's label: `Sum of Total`. */
export const pivotValueLabel = (aggregate: PivotAggregate, fieldLabel: string): string => `${PIVOT_AGGREGATE_LABEL[aggregate]} of ${fieldLabel}`;

/** The fields and values of a result, described from the source's columns (the configuration already checked). */
export function describePivot(config: Pick<PivotConfiguration, 'rows' | 'columns' | 'values'>, columns: readonly ReportColumn[]) {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const field = (key: string): PivotFieldInfo => {
    const c = byKey.get(key);
    if (!c) throw new Error(pivotUnknownField(key));
    return { key: c.key, label: c.label, format: c.format };
  };
  return {
    rowFields: config.rows.map(field),
    columnFields: config.columns.map(field),
    values: config.values.map((v): PivotValueInfo => {
      const f = field(v.field);
      return { field: v.field, aggregate: v.aggregate, label: pivotValueLabel(v.aggregate, f.label), format: aggregateFormat(v.aggregate, f.format) };
    }),
  };
}

// ── Laying out fields (the editor) ────────────────────────────────────────────────────────

/** Where a field can be put in a pivot: on the rows, on the columns, or among the values. */
export const PIVOT_ZONES = ['rows', 'columns', 'values'] as const;
export type PivotZone = (typeof PIVOT_ZONES)[number];
export const PIVOT_ZONE_LABEL: Record<PivotZone, string> = { rows: 'Rows', columns: 'Columns', values: 'Values' };

/** The fields of a configuration as the editor moves them. */
export type PivotLayout = Pick<PivotConfiguration, 'rows' | 'columns' | 'values'>;

/** A place in a layout: a zone and a position in it. */
export interface PivotSpot {
  zone: PivotZone;
  index: number;
}

/** The aggregate a field gets when it is put among the values: a sum of a number, else a count. */
export const defaultAggregate = (format: ReportColumnFormat): PivotAggregate => (NUMERIC_FORMATS.includes(format) ? 'sum' : 'count');

const withoutSpot = (layout: PivotLayout, spot: PivotSpot): PivotLayout => ({
  rows: spot.zone === 'rows' ? layout.rows.filter((_, i) => i !== spot.index) : [...layout.rows],
  columns: spot.zone === 'columns' ? layout.columns.filter((_, i) => i !== spot.index) : [...layout.columns],
  values: spot.zone === 'values' ? layout.values.filter((_, i) => i !== spot.index) : [...layout.values],
});

/**
 * Puts `field` at `to` (at `to.index`, or at the end when past it), taking it from `from` when it
 * comes from the layout (a drag from one zone to another, or within one). A field groups the rows
 * or the columns once: put on either, it leaves wherever else it was grouped. Put among the
 * values it keeps its aggregate when it came from the values, else takes `aggregate`. Nothing
 * changes when the move would pass `PIVOT_GROUP_FIELDS_MAX` or `PIVOT_VALUES_MAX`.
 */
export function placePivotField(layout: PivotLayout, field: string, to: PivotSpot, from: PivotSpot | null, aggregate: PivotAggregate): PivotLayout {
  const moved = from && from.zone === 'values' ? layout.values[from.index] : undefined;
  let index = to.index;
  // Taken from before its new place in the same zone: the places after it move up by one.
  if (from && from.zone === to.zone && from.index < to.index) index -= 1;
  let next = from ? withoutSpot(layout, from) : { rows: [...layout.rows], columns: [...layout.columns], values: [...layout.values] };
  if (to.zone === 'values') {
    if (!from || from.zone !== 'values') if (next.values.length >= PIVOT_VALUES_MAX) return layout;
    const values = [...next.values];
    values.splice(Math.max(0, Math.min(index, values.length)), 0, moved ?? { field, aggregate });
    return { ...next, values };
  }
  next = { ...next, rows: next.rows.filter((f) => f !== field), columns: next.columns.filter((f) => f !== field) };
  if (next.rows.length + next.columns.length >= PIVOT_GROUP_FIELDS_MAX) return layout;
  const list = [...next[to.zone]];
  list.splice(Math.max(0, Math.min(index, list.length)), 0, field);
  return { ...next, [to.zone]: list };
}

/** Takes the field at a spot out of the layout. */
export const removePivotField = (layout: PivotLayout, spot: PivotSpot): PivotLayout => withoutSpot(layout, spot);

/** Moves the field at a spot `delta` places within its zone (kept inside the zone). */
export function shiftPivotField(layout: PivotLayout, spot: PivotSpot, delta: number): PivotLayout {
  const list: unknown[] = [...layout[spot.zone]];
  const target = Math.max(0, Math.min(list.length - 1, spot.index + delta));
  if (target === spot.index || spot.index < 0 || spot.index >= list.length) return layout;
  const [item] = list.splice(spot.index, 1);
  list.splice(target, 0, item);
  return { ...layout, [spot.zone]: list } as PivotLayout;
}

// ── Paging ────────────────────────────────────────────────────────────────────────────────

export const PIVOT_PAGE_SIZE = 100;
export const PIVOT_PAGE_SIZE_MAX = 1_000;
/** The most column keys a pivot shows: beyond, a field belongs on the rows. */
export const PIVOT_COLUMN_KEYS_MAX = 200;
export const tooManyPivotColumns = (): string => pivotTooManyColumns(PIVOT_COLUMN_KEYS_MAX);

/** The pages of a pivot of `rowCount` rows. */
export const pivotPageCount = (rowCount: number, pageSize: number): number => Math.max(1, Math.ceil(rowCount / pageSize));

// ── The grid ──────────────────────────────────────────────────────────────────────────────

export const PIVOT_ROW_KIND = { CELLS: 'cells', SUBTOTAL: 'subtotal', TOTAL: 'total' } as const;
export type PivotRowKind = (typeof PIVOT_ROW_KIND)[keyof typeof PIVOT_ROW_KIND];

/** A header cell: its text, how many grid columns it spans, and how many header rows (`rowSpan`). */
export interface PivotHeaderCell {
  label: string;
  span: number;
  rowSpan: number;
  /** The total over every column (its header is styled apart). */
  total: boolean;
}

/** A column of values of the grid: which column key and which value it shows. */
export interface PivotGridColumn {
  key: PivotKeyValue[];
  value: number;
  /** The total over every column. */
  total: boolean;
  format: ReportColumnFormat;
  /** Its whole heading on one line (exports): `Alice / Sum of Total`. */
  label: string;
}

export interface PivotGridRow {
  /** Stable across pages: the row key and its level. */
  id: string;
  kind: PivotRowKind;
  /** The row key (a prefix for a subtotal; none for the grand total). */
  key: PivotKeyValue[];
  /**
   * One heading per row field: the key's values, then for a subtotal `Total` in the next field's
   * place (`Alice`, `Total`), for the grand total `Grand total` in the first; blank after.
   */
  headings: string[];
  /** One per grid column. */
  values: PivotCellValue[];
}

export interface PivotGrid {
  /** The corner above the row headings: one label per row field (at least one column: `Total` with none). */
  corner: string[];
  /** Header rows over the value columns, top first: one per column field, then the values' labels when there are several (or no column field). */
  headerRows: PivotHeaderCell[][];
  columns: PivotGridColumn[];
  rows: PivotGridRow[];
}

/** How a key's value is written in a heading; a null value is `(blank)`. */
export type PivotValueFormatter = (value: PivotKeyValue, format: ReportColumnFormat) => string;
export const BLANK_LABEL = '(blank)';
export const TOTAL_LABEL = 'Total';
export const GRAND_TOTAL_LABEL = 'Grand total';
const plainLabel: PivotValueFormatter = (value) => (value === null || value === '' ? BLANK_LABEL : String(value));

const keyId = (key: readonly PivotKeyValue[]) => JSON.stringify(key);

/**
 * Lays a page out as a grid: value columns for each column key × value, grouped column headers
 * (a column field's value spans the keys below it), one grid row per row key in the engine's
 * order (cells, each group's subtotal after it, the grand total last), a cell with no entry blank.
 */
export function pivotGrid(page: Pick<PivotPage, 'rowFields' | 'columnFields' | 'values' | 'columnKeys' | 'entries'>, format: PivotValueFormatter = plainLabel): PivotGrid {
  const n = page.rowFields.length;
  const m = page.columnFields.length;
  const v = page.values.length;
  const label = (value: PivotKeyValue, level: number, fields: readonly PivotFieldInfo[]) => {
    const field = fields[level];
    return value === null || value === '' ? BLANK_LABEL : format(value, field ? field.format : 'text');
  };

  const columns: PivotGridColumn[] = [];
  const columnIndex = new Map<string, number>();
  for (const key of page.columnKeys) {
    columnIndex.set(keyId(key), columns.length);
    const total = m > 0 && key.length === 0;
    const heading = total ? GRAND_TOTAL_LABEL : key.map((value, i) => label(value, i, page.columnFields)).join(' / ');
    page.values.forEach((value, i) => {
      columns.push({ key, value: i, total, format: value.format, label: m > 0 ? `${heading} / ${value.label}` : value.label });
    });
  }

  // Grouped headers: at level i, consecutive keys sharing their first i + 1 values make one cell.
  const headerRows: PivotHeaderCell[][] = [];
  const valuesRow = v > 1 || m === 0;
  for (let level = 0; level < m; level++) {
    const cells: PivotHeaderCell[] = [];
    let previous: string | null = null;
    for (const key of page.columnKeys) {
      if (key.length === 0) {
        if (level === 0) cells.push({ label: GRAND_TOTAL_LABEL, span: v, rowSpan: m - level, total: true });
        previous = null;
        continue;
      }
      const prefix = keyId(key.slice(0, level + 1));
      const last = cells[cells.length - 1];
      if (prefix === previous && last) last.span += v;
      else cells.push({ label: label(key[level] ?? null, level, page.columnFields), span: v, rowSpan: 1, total: false });
      previous = prefix;
    }
    headerRows.push(cells);
  }
  if (valuesRow) headerRows.push(page.columnKeys.flatMap((key) => page.values.map((value) => ({ label: value.label, span: 1, rowSpan: 1, total: m > 0 && key.length === 0 }))));

  const rows: PivotGridRow[] = [];
  const rowIndex = new Map<string, PivotGridRow>();
  for (const entry of page.entries) {
    const id = keyId(entry.row);
    let row = rowIndex.get(id);
    if (!row) {
      const level = entry.row.length;
      const kind: PivotRowKind = level === n ? (n === 0 ? PIVOT_ROW_KIND.TOTAL : PIVOT_ROW_KIND.CELLS) : level === 0 ? PIVOT_ROW_KIND.TOTAL : PIVOT_ROW_KIND.SUBTOTAL;
      const headings = Array.from({ length: Math.max(1, n) }, (_, i) => {
        if (i < level) return label(entry.row[i] ?? null, i, page.rowFields);
        if (i === level) return kind === PIVOT_ROW_KIND.TOTAL ? (n === 0 ? TOTAL_LABEL : GRAND_TOTAL_LABEL) : TOTAL_LABEL;
        return '';
      });
      row = { id, kind, key: entry.row, headings, values: Array.from({ length: columns.length }, () => null) };
      rowIndex.set(id, row);
      rows.push(row);
    }
    const at = columnIndex.get(keyId(entry.column));
    if (at === undefined) continue;
    entry.values.forEach((value, i) => {
      (row as PivotGridRow).values[at + i] = value;
    });
  }

  const corner = n === 0 ? [''] : page.rowFields.map((f) => f.label);
  return { corner, headerRows, columns, rows };
}

// ── Showing values ────────────────────────────────────────────────────────────────────────


// ── Export ────────────────────────────────────────────────────────────────────────────────

/** The kind an export writes a value of a format as. */
export function exportKindOf(format: ReportColumnFormat, aggregate?: PivotAggregate): ColumnKind {
  if (aggregate === 'count') return COLUMN_KIND.COUNT;
  switch (format) {
    case 'money':
      return COLUMN_KIND.MONEY;
    case 'percent':
      return COLUMN_KIND.PERCENT;
    case 'number':
      return COLUMN_KIND.DECIMAL;
    case 'day':
      return COLUMN_KIND.DAY;
    case 'instant':
      return COLUMN_KIND.DATETIME;
    default:
      return COLUMN_KIND.TEXT;
  }
}

/** The flat columns of a pivot's export: the row headings, then one per grid column (`Jan / Sum of Total`). */
export function pivotExportColumns(grid: PivotGrid, values: readonly PivotValueInfo[]): ExportColumn[] {
  return [
    ...grid.corner.map((label, i) => ({ key: `r${i}`, label: label || TOTAL_LABEL, kind: COLUMN_KIND.TEXT })),
    ...grid.columns.map((c, i) => ({ key: `c${i}`, label: c.label, kind: exportKindOf(c.format, values[c.value]?.aggregate) })),
  ];
}

/** Whether a pivot's export fits `a` to `az`: the row headings plus its value columns. */
export const pivotExportWidth = (grid: PivotGrid): number => grid.corner.length + grid.columns.length;
export const pivotExportFits = (grid: PivotGrid): boolean => pivotExportWidth(grid) <= MAX_EXPORT_COLUMNS;

/** The rows of a pivot's export, keyed as `pivotExportColumns` names them. */
export function pivotExportRows(grid: PivotGrid): Record<string, string | number | null>[] {
  return grid.rows.map((row) => {
    const out: Record<string, string | number | null> = {};
    row.headings.forEach((h, i) => {
      out[`r${i}`] = h;
    });
    row.values.forEach((value, i) => {
      out[`c${i}`] = value;
    });
    return out;
  });
}
