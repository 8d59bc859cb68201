import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import {
  columnOrderingFeature,
  columnPinningFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createSortedRowModel,
  functionalUpdate,
  rowExpandingFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type Column,
  type ColumnDef,
  type ExpandedState,
  type Header,
  type ReactTable,
  type Row,
  type RowData,
  type SortFn,
  type Updater,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { cx } from './cx';
import { cleanSettings, DETAIL_TOGGLE_WIDTH, fittedWidths, foldedColumns, moveColumn, nextCell, type CellPosition, type ColumnPriority, type DataTableSettings } from './dataTableLayout';
import { FigureLabel } from './FigureLabel';
import { Skeleton } from './Skeleton';

export type { ColumnPriority, DataTableSettings } from './dataTableLayout';

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

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnResizingFeature,
  columnPinningFeature,
  rowExpandingFeature,
});
type Features = typeof features;
type TableColumn<T extends RowData> = Column<Features, T, unknown>;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
/** Numbers by value, text as a person reads it ("Item 2" before "Item 10", accents and case aside). */
const compareValues: SortFn<Features, RowData> = (a, b, id) => {
  const x = a.getValue(id) as string | number;
  const y = b.getValue(id) as string | number;
  return typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
};

const DEFAULT_SIZE = 160;
const EMPTY: readonly never[] = [];
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Whether the page is being printed (`beforeprint`, or print media): then every row is in the page. */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('print').matches);
  useEffect(() => {
    // flushSync: the rows must be in the page before the browser lays the print out.
    const start = () => flushSync(() => setPrinting(true));
    const stop = () => setPrinting(false);
    window.addEventListener('beforeprint', start);
    window.addEventListener('afterprint', stop);
    const media = typeof window.matchMedia === 'function' ? window.matchMedia('print') : null;
    const change = (event: MediaQueryListEvent) => (event.matches ? start() : stop());
    media?.addEventListener?.('change', change);
    return () => {
      window.removeEventListener('beforeprint', start);
      window.removeEventListener('afterprint', stop);
      media?.removeEventListener?.('change', change);
    };
  }, []);
  return printing;
}

/** The inner width of an element, followed as it changes (0 until known). */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The one data table (TanStack Table and TanStack Virtual): sorting by click or keyboard
 * (`aria-sort`, a "Sort by …" button per sortable heading), a Columns menu (show, hide, order,
 * width; widths also by dragging a heading's edge), the first column pinned and the heading row
 * sticky, arrow-key moves between cells, a totals row, loading and empty states. Columns of lower
 * priority fold into a row detail (a button per row) when the table is narrower than its columns;
 * the first column and those of priority `always` never fold. Long lists keep only the rows in
 * view in the page, but printing puts every row in it. Settings go in and out through props.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const {
    caption,
    showCaption = false,
    columns,
    rows,
    getRowId,
    rowLabel,
    loading = false,
    empty = 'Nothing to show.',
    totals,
    settings,
    onSettingsChange,
    toolbar,
    manualSorting = false,
    maxHeight = '70vh',
    virtualizeFrom = 100,
    rowHeight = 41,
    framed = true,
    detail,
    className,
  } = props;
  const uid = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const width = useWidth(scrollRef);
  const printing = usePrinting();

  // Columns: the first one identifies the row, so it is always shown and pinned.
  const byId = useMemo(() => new Map(columns.map((c, i) => [c.id, { ...c, priority: i === 0 ? ('always' as const) : (c.priority ?? i) }])), [columns]);
  const defs = useMemo<ColumnDef<Features, T, unknown>[]>(
    () =>
      columns.map((c, i) => ({
        id: c.id,
        header: c.header,
        accessorFn: (row: T) => c.value?.(row) ?? undefined,
        enableSorting: c.value !== undefined && c.sortable !== false,
        sortFn: compareValues as unknown as SortFn<Features, T>,
        sortUndefined: 'last' as const,
        enableHiding: i > 0 && c.priority !== 'always',
        size: c.size ?? DEFAULT_SIZE,
        minSize: c.minSize ?? Math.min(80, c.size ?? DEFAULT_SIZE),
        maxSize: c.maxSize ?? Math.max(640, c.size ?? DEFAULT_SIZE),
      })),
    [columns],
  );
  const settingsColumns = useMemo(
    () =>
      defs.map((d) => ({ id: d.id as string, sortable: d.enableSorting === true, hideable: d.enableHiding === true, minSize: d.minSize as number, maxSize: d.maxSize as number })),
    [defs],
  );

  // Settings: the screen's when it gives them, else the table's own.
  const [own, setOwn] = useState<DataTableSettings>({});
  const current = useMemo(() => cleanSettings(settings ?? own, settingsColumns), [settings, own, settingsColumns]);
  const currentRef = useRef(current);
  currentRef.current = current;
  const change = useCallback(
    (patch: DataTableSettings) => {
      const next = { ...currentRef.current, ...patch };
      currentRef.current = next;
      if (settings === undefined) setOwn(next);
      onSettingsChange?.(next);
    },
    [settings, onSettingsChange],
  );
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const pinning = useMemo(() => ({ start: columns[0] ? [columns[0].id] : [], end: [] as string[] }), [columns]);

  const table = useTable({
    features,
    columns: defs,
    data: (rows ?? EMPTY) as T[],
    getRowId: (row: T) => String(getRowId(row)),
    state: {
      sorting: current.sorting,
      columnVisibility: current.columnVisibility,
      columnOrder: current.columnOrder,
      columnSizing: current.columnSizing,
      columnPinning: pinning,
      expanded,
    },
    onSortingChange: (u) => change({ sorting: functionalUpdate(u, currentRef.current.sorting) }),
    onColumnVisibilityChange: (u) => change({ columnVisibility: functionalUpdate(u, currentRef.current.columnVisibility) }),
    onColumnOrderChange: (u) => change({ columnOrder: functionalUpdate(u, currentRef.current.columnOrder) }),
    onColumnSizingChange: (u) => change({ columnSizing: functionalUpdate(u, currentRef.current.columnSizing) }),
    onExpandedChange: (u: Updater<ExpandedState>) => setExpanded((e) => functionalUpdate(u, e)),
    getRowCanExpand: () => true,
    autoResetExpanded: false,
    manualSorting,
    enableSortingRemoval: true,
    columnResizeMode: 'onChange',
  });

  // Which columns show, and which fold into the row detail at this width (none when printing).
  // Pinned first, then in the person's order.
  const visible = [...table.getStartVisibleLeafColumns(), ...table.getCenterVisibleLeafColumns()] as TableColumn<T>[];
  const folded = printing ? new Set<string>() : foldedColumns(visible.map((c) => ({ id: c.id, size: c.getSize(), priority: byId.get(c.id)?.priority ?? 1 })), width);
  const shown = visible.filter((c) => !folded.has(c.id));
  const hidden = visible.filter((c) => folded.has(c.id));
  const hasDetail = hidden.length > 0 || detail !== undefined;
  const headers = new Map((table.getFlatHeaders() as Header<Features, T, unknown>[]).map((h) => [h.column.id, h]));
  const colCount = shown.length + (hasDetail ? 1 : 0);
  // What still does not fit gives up width above each column's minimum (none when printing).
  const widths = fittedWidths(
    shown.map((c) => ({ id: c.id, size: c.getSize(), minSize: c.columnDef.minSize ?? 0 })),
    printing ? 0 : width - (hasDetail ? DETAIL_TOGGLE_WIDTH : 0),
  );
  const widthOf = (c: TableColumn<T>) => widths[c.id] ?? c.getSize();
  const tableWidth = shown.reduce((sum, c) => sum + widthOf(c), 0) + (hasDetail ? DETAIL_TOGGLE_WIDTH : 0);

  const sortedRows = table.getRowModel().rows as Row<Features, T>[];
  const items = useMemo(() => {
    const list: { row: Row<Features, T>; index: number; detail: boolean }[] = [];
    sortedRows.forEach((row, index) => {
      list.push({ row, index, detail: false });
      if (hasDetail && expanded !== true && expanded[row.id]) list.push({ row, index, detail: true });
    });
    return list;
  }, [sortedRows, hasDetail, expanded]);

  const virtual = !printing && sortedRows.length >= virtualizeFrom;
  // Stable between renders: the virtualizer recomputes every row's measurement (10,000 rows on a
  // long list) whenever `estimateSize` or `getItemKey` is a new function, so only a change of the
  // rows or of the row height may make new ones.
  // A row's height as drawn: the first row in view is measured once per layout of the columns, and
  // every row not yet measured is expected to be that tall. A measured row that matches what was
  // expected changes nothing, so scrolling through 10,000 rows never recomputes their positions
  // (each row measured at other than its expected height would, from that row to the end).
  const layoutKey = `${shown.map((c) => c.id).join()}|${hasDetail}`;
  const [drawnHeight, setDrawnHeight] = useState<{ layout: string; height: number } | null>(null);
  const expectedHeight = drawnHeight?.layout === layoutKey ? drawnHeight.height : rowHeight;
  const estimateSize = useCallback(() => expectedHeight, [expectedHeight]);
  const getItemKey = useCallback((i: number) => (items[i] ? `${items[i].row.id}${items[i].detail ? ':detail' : ''}` : i), [items]);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: 5,
    getItemKey,
    // The rows of a new scroll position are rendered in React's next task rather than inside the
    // scroll event (flushSync): a long scroll never makes one long task of event, render and layout
    // (bench: 61–114 ms per pass with it, none over 50 ms in most passes without).
    useFlushSync: false,
    // A row is measured by the ResizeObserver, right after layout; from the row's ref (during
    // React's commit) its known or expected height is given instead of reading the layout, which
    // would force one in the middle of every scroll.
    measureElement: (element, entry, instance) => {
      if (entry) return Math.round(entry.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height);
      const index = instance.indexFromElement(element);
      return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
    },
    initialRect: { width: 800, height: 600 },
    enabled: virtual,
  });
  useLayoutEffect(() => {
    if (!virtual || drawnHeight?.layout === layoutKey) return;
    const first = scrollRef.current?.querySelector<HTMLElement>('tbody tr[data-row]');
    const height = Math.round(first?.getBoundingClientRect().height ?? 0);
    if (height > 0) setDrawnHeight({ layout: layoutKey, height });
  });
  const windowItems = virtual ? virtualizer.getVirtualItems() : null;
  const rendered = windowItems ? windowItems.map((v) => ({ ...(items[v.index] as (typeof items)[number]), at: v.index })) : items.map((item, at) => ({ ...item, at }));
  const padTop = windowItems && windowItems.length > 0 ? (windowItems[0]?.start ?? 0) : 0;
  const padBottom = windowItems && windowItems.length > 0 ? virtualizer.getTotalSize() - (windowItems[windowItems.length - 1]?.end ?? 0) : 0;

  const labelOf = (row: T): string => {
    if (rowLabel) return rowLabel(row);
    const first = columns[0];
    const value = first?.value?.(row);
    return value === undefined || value === null ? String(getRowId(row)) : String(value);
  };

  // Arrow keys move between cells (the heading row is row -1, the totals row the last).
  const bodyRows = sortedRows.length + (totals && sortedRows.length > 0 ? 1 : 0);
  const pendingFocus = useRef<CellPosition | null>(null);
  const focusCell = useCallback((at: CellPosition): boolean => {
    const cell = tableRef.current?.querySelector<HTMLElement>(`[data-dt-row="${at.row}"][data-dt-col="${at.col}"]`);
    if (!cell) return false;
    (cell.querySelector<HTMLElement>(FOCUSABLE) ?? cell).focus();
    return true;
  }, []);
  useEffect(() => {
    if (pendingFocus.current && focusCell(pendingFocus.current)) pendingFocus.current = null;
  });
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select')) return;
    const cell = target.closest<HTMLElement>('[data-dt-row]');
    if (!cell) return;
    const at = { row: Number(cell.dataset.dtRow), col: Number(cell.dataset.dtCol) };
    const next = nextCell(at, event.key, event.ctrlKey || event.metaKey, bodyRows, colCount);
    if (!next) return;
    event.preventDefault();
    if (next.row === at.row && next.col === at.col) return;
    if (!focusCell(next)) {
      pendingFocus.current = next;
      const itemIndex = items.findIndex((item) => !item.detail && item.index === next.row);
      if (itemIndex >= 0) virtualizer.scrollToIndex(itemIndex, { align: 'auto' });
    }
  };

  const pinnedLeft = (column: TableColumn<T>) => (column.getIsPinned() === 'start' ? (hasDetail ? DETAIL_TOGGLE_WIDTH : 0) + column.getStart('start') : undefined);
  const alignOf = (column: TableColumn<T>) => byId.get(column.id)?.align ?? 'start';
  const noRows = !loading && sortedRows.length === 0 && rows !== undefined;
  const firstLoad = rows === undefined || (loading && sortedRows.length === 0);

  return (
    <div className={cx('overflow-hidden bg-white print:overflow-visible print:rounded-none print:ring-0', framed && 'rounded-2xl ring-1 ring-slate-200', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 print:hidden">
        {showCaption ? (
          <p aria-hidden="true" className="px-1 text-base font-semibold text-slate-900">
            {caption}
          </p>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap items-center gap-2">
          {toolbar}
          <ColumnsMenu<T> table={table as unknown as ReactTable<Features, T>} columns={[...table.getStartLeafColumns(), ...table.getCenterLeafColumns()] as TableColumn<T>[]} caption={caption} onReset={() => change({ columnVisibility: {}, columnOrder: [], columnSizing: {} })} />
        </div>
      </div>
      <div
        ref={scrollRef}
        data-testid="data-table-scroll"
        className="overflow-auto border-t border-slate-100 print:max-h-none! print:overflow-visible"
        style={{ maxHeight }}
      >
        <table
          ref={tableRef}
          onKeyDown={onKeyDown}
          aria-rowcount={virtual ? sortedRows.length + 1 + (totals ? 1 : 0) : undefined}
          aria-busy={loading || undefined}
          className={cx('w-full table-fixed border-separate border-spacing-0 text-left text-sm', loading && !firstLoad && 'opacity-60 transition-opacity')}
          style={{ minWidth: tableWidth }}
        >
          <caption className={showCaption ? 'sr-only print:not-sr-only print:text-left print:font-semibold' : 'sr-only'}>{caption}</caption>
          <colgroup>
            {hasDetail ? <col style={{ width: DETAIL_TOGGLE_WIDTH }} /> : null}
            {shown.map((c) => (
              <col key={c.id} style={{ width: widthOf(c) }} />
            ))}
          </colgroup>
          <thead className="text-xs text-slate-600">
            <tr aria-rowindex={virtual ? 1 : undefined}>
              {hasDetail ? (
                <th scope="col" data-dt-row={-1} data-dt-col={0} tabIndex={-1} className="sticky top-0 left-0 z-30 border-b border-slate-200 bg-slate-50 px-2 py-2 outline-brand-600 focus-visible:outline-2 focus-visible:-outline-offset-2">
                  <span className="sr-only">Details</span>
                </th>
              ) : null}
              {shown.map((column, i) => {
                const header = headers.get(column.id);
                const def = byId.get(column.id);
                const left = pinnedLeft(column);
                const sorted = column.getIsSorted();
                return (
                  <th
                    key={column.id}
                    scope="col"
                    data-dt-row={-1}
                    data-dt-col={i + (hasDetail ? 1 : 0)}
                    tabIndex={-1}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className={cx(
                      'group sticky top-0 border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold outline-brand-600 focus-visible:outline-2 focus-visible:-outline-offset-2',
                      left !== undefined ? 'z-30' : 'z-20',
                      alignOf(column) === 'end' && 'text-right',
                    )}
                    style={{ left }}
                  >
                    <HeadingContent column={column} header={def?.header ?? column.id} meaning={def?.meaning} align={alignOf(column)} />
                    {header && column.getCanResize() ? (
                      <span
                        aria-hidden="true"
                        onMouseDown={header.getResizeHandler()}
                        onTouchStart={header.getResizeHandler()}
                        onDoubleClick={() => column.resetSize()}
                        className={cx(
                          'absolute inset-y-0 right-0 w-1.5 cursor-col-resize touch-none select-none hover:bg-brand-300 print:hidden',
                          column.getIsResizing() && 'bg-brand-500',
                        )}
                      />
                    ) : null}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {firstLoad ? (
              [0, 1, 2, 3, 4].map((i) => (
                <tr key={`loading-${i}`}>
                  <td colSpan={colCount} className="border-b border-slate-100 px-3 py-2.5">
                    {i === 0 ? (
                      <span role="status" className="sr-only">
                        Loading {caption}
                      </span>
                    ) : null}
                    <Skeleton className="h-5 w-full" />
                  </td>
                </tr>
              ))
            ) : noRows ? (
              <tr>
                <td colSpan={colCount} className="px-4 py-6 text-center text-slate-600">
                  {empty}
                </td>
              </tr>
            ) : (
              <>
                {padTop > 0 ? (
                  <tr aria-hidden="true">
                    <td colSpan={colCount} style={{ height: padTop, padding: 0, border: 0 }} />
                  </tr>
                ) : null}
                {rendered.map((item) =>
                  item.detail ? (
                    <DetailRow
                      key={`${item.row.id}:detail`}
                      id={`${uid}-detail-${item.row.id}`}
                      row={item.row.original}
                      columns={hidden}
                      byId={byId}
                      detail={detail}
                      colSpan={colCount}
                      measure={virtual ? virtualizer.measureElement : undefined}
                      at={item.at}
                    />
                  ) : (
                    <BodyRow
                      key={item.row.id}
                      row={item.row}
                      index={item.index}
                      at={item.at}
                      columns={shown}
                      layout={`${shown.map((c) => `${c.id}:${pinnedLeft(c) ?? ''}`).join()}|${hasDetail}`}
                      byId={byId}
                      detailId={hasDetail ? `${uid}-detail-${item.row.id}` : undefined}
                      expanded={hasDetail && expanded !== true && expanded[item.row.id] === true}
                      label={labelOf(item.row.original)}
                      pinnedLeft={pinnedLeft}
                      rowIndex={virtual ? item.index + 2 : undefined}
                      measure={virtual ? virtualizer.measureElement : undefined}
                    />
                  ),
                )}
                {padBottom > 0 ? (
                  <tr aria-hidden="true">
                    <td colSpan={colCount} style={{ height: padBottom, padding: 0, border: 0 }} />
                  </tr>
                ) : null}
              </>
            )}
          </tbody>
          {totals && sortedRows.length > 0 ? (
            <TotalsRow
              totals={totals}
              columns={shown}
              hidden={hidden}
              byId={byId}
              row={sortedRows.length}
              colCount={colCount}
              hasDetail={hasDetail}
              id={`${uid}-detail-totals`}
              pinnedLeft={pinnedLeft}
              rowIndex={virtual ? sortedRows.length + 2 : undefined}
            />
          ) : null}
        </table>
      </div>
    </div>
  );
}

type ById<T extends RowData> = Map<string, DataColumn<T> & { priority: ColumnPriority }>;

/**
 * One cell of a body or totals row: the first is the row's header (`th scope="row"`); each says
 * where it is for the arrow keys and may take the focus; a pinned one stays at `left`.
 */
function GridCell({ first, row, col, left, className, children }: { first: boolean; row: number; col: number; left?: number; className: string; children: ReactNode }) {
  const Cell = first ? 'th' : 'td';
  return (
    <Cell scope={first ? 'row' : undefined} data-dt-row={row} data-dt-col={col} tabIndex={-1} className={className} style={{ left }}>
      {children}
    </Cell>
  );
}

/** A heading: a sort button named "Sort by …" (a figure keeps its `FigureLabel` beside it), or the plain name. */
function HeadingContent<T extends RowData>({ column, header, meaning, align }: { column: TableColumn<T>; header: string; meaning?: string; align: 'start' | 'end' }) {
  const sorted = column.getIsSorted();
  const arrow = (
    <svg viewBox="0 0 12 12" aria-hidden="true" className={cx('size-3 shrink-0', sorted ? 'text-brand-700' : 'text-slate-400 group-hover:text-slate-600')}>
      {sorted === 'asc' ? <path d="M6 3 10 8H2z" fill="currentColor" /> : sorted === 'desc' ? <path d="M6 9 2 4h8z" fill="currentColor" /> : <path d="M6 1.5 9 5H3zM6 10.5 3 7h6z" fill="currentColor" />}
    </svg>
  );
  const toggle = column.getToggleSortingHandler();
  const buttonClass = 'inline-flex items-center gap-1 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 print:hidden';
  if (!column.getCanSort()) {
    return meaning ? <FigureLabel label={header} meaning={meaning} align={align} /> : <span>{header}</span>;
  }
  if (meaning) {
    return (
      <span className={cx('inline-flex max-w-full items-center gap-1', align === 'end' && 'flex-row-reverse')}>
        <button type="button" onClick={toggle} aria-label={`Sort by ${header}`} className={cx(buttonClass, 'p-0.5')}>
          {arrow}
        </button>
        <FigureLabel label={header} meaning={meaning} align={align} className="min-w-0" />
      </span>
    );
  }
  return (
    <button type="button" onClick={toggle} aria-label={`Sort by ${header}`} className={cx(buttonClass, 'max-w-full text-left', align === 'end' && 'flex-row-reverse text-right')}>
      <span className="truncate">{header}</span>
      {arrow}
    </button>
  );
}

interface BodyRowProps<T extends RowData> {
  row: Row<Features, T>;
  index: number;
  at: number;
  columns: TableColumn<T>[];
  /** Changes when the columns or their places change (the memo's key to re-render). */
  layout: string;
  byId: ById<T>;
  detailId?: string;
  expanded: boolean;
  label: string;
  pinnedLeft: (column: TableColumn<T>) => number | undefined;
  rowIndex?: number;
  measure?: (element: Element | null) => void;
}

/** One row; re-rendered only when its row, columns or state change (not on every scroll). */
const BodyRow = memo(
  function BodyRow<T extends RowData>({ row, index, at, columns, byId, detailId, expanded, label, pinnedLeft, rowIndex, measure }: BodyRowProps<T>) {
    const offset = detailId ? 1 : 0;
    return (
      <tr ref={measure} data-index={at} data-row="" aria-rowindex={rowIndex} className="group/row hover:bg-slate-50">
        {detailId ? (
          <td data-dt-row={index} data-dt-col={0} tabIndex={-1} className="sticky left-0 z-10 border-b border-slate-100 bg-white px-1 py-1 text-center outline-brand-600 group-hover/row:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2">
            <DetailButton controls={detailId} expanded={expanded} label={label} onToggle={() => row.toggleExpanded()} />
          </td>
        ) : null}
        {columns.map((column, i) => {
          const def = byId.get(column.id);
          const left = pinnedLeft(column);
          const content = def?.cell ? def.cell(row.original) : (def?.value?.(row.original) ?? '');
          return (
            <GridCell
              key={column.id}
              first={i === 0}
              row={index}
              col={i + offset}
              left={left}
              className={cx(
                'border-b border-slate-100 px-3 py-2 align-top outline-brand-600 focus-visible:outline-2 focus-visible:-outline-offset-2',
                i === 0 ? 'font-medium text-slate-900' : 'text-slate-700',
                left !== undefined && 'sticky z-10 bg-white group-hover/row:bg-slate-50',
                def?.align === 'end' && 'text-right tabular-nums',
                'break-words',
                def?.className,
              )}
            >
              {content}
            </GridCell>
          );
        })}
      </tr>
    );
  },
  (a, b) => a.row === b.row && a.index === b.index && a.at === b.at && a.layout === b.layout && a.byId === b.byId && a.expanded === b.expanded && a.label === b.label && a.detailId === b.detailId && a.rowIndex === b.rowIndex && a.measure === b.measure,
) as <T extends RowData>(props: BodyRowProps<T>) => ReactNode;

function DetailButton({ controls, expanded, label, onToggle }: { controls: string; expanded: boolean; label: string; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      aria-label={`Details for ${label}`}
      onClick={onToggle}
      className="inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <svg viewBox="0 0 12 12" aria-hidden="true" className={cx('size-3 transition-transform', expanded && 'rotate-90')}>
        <path d="M4 2.5 8 6l-4 3.5z" fill="currentColor" />
      </svg>
    </button>
  );
}

/** The folded columns of one row, as name and value, then the row's own detail. */
function DetailRow<T extends RowData>({
  id,
  row,
  columns,
  byId,
  detail,
  colSpan,
  measure,
  at,
}: {
  id: string;
  row: T;
  columns: TableColumn<T>[];
  byId: ById<T>;
  detail?: (row: T) => ReactNode;
  colSpan: number;
  measure?: (element: Element | null) => void;
  at: number;
}) {
  return (
    <tr ref={measure} data-index={at} className="bg-slate-50/60">
      <td id={id} colSpan={colSpan} className="border-b border-slate-100 px-3 py-2">
        {columns.length > 0 ? (
          <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm sm:pl-10">
            {columns.map((column) => {
              const def = byId.get(column.id);
              return (
                <div key={column.id} className="contents">
                  <dt className="text-slate-500">{def?.header ?? column.id}</dt>
                  <dd className={cx('min-w-0 break-words text-slate-800', def?.align === 'end' && 'tabular-nums')}>{def?.cell ? def.cell(row) : (def?.value?.(row) ?? '')}</dd>
                </div>
              );
            })}
          </dl>
        ) : null}
        {detail ? <div className={cx('sm:pl-10', columns.length > 0 && 'mt-3')}>{detail(row)}</div> : null}
      </td>
    </tr>
  );
}

function TotalsRow<T extends RowData>({
  totals,
  columns,
  hidden,
  byId,
  row,
  colCount,
  hasDetail,
  id,
  pinnedLeft,
  rowIndex,
}: {
  totals: NonNullable<DataTableProps<T>['totals']>;
  columns: TableColumn<T>[];
  hidden: TableColumn<T>[];
  byId: ById<T>;
  row: number;
  colCount: number;
  hasDetail: boolean;
  id: string;
  pinnedLeft: (column: TableColumn<T>) => number | undefined;
  rowIndex?: number;
}) {
  const [open, setOpen] = useState(false);
  const label = totals.label ?? 'Total';
  const foldedTotals = hidden.filter((c) => totals.cells[c.id] !== undefined);
  const offset = hasDetail ? 1 : 0;
  const cellClass = 'sticky bottom-0 border-t border-slate-200 bg-slate-50 px-3 py-2 outline-brand-600 focus-visible:outline-2 focus-visible:-outline-offset-2 print:static';
  return (
    <tfoot className="font-semibold text-slate-900">
      <tr aria-rowindex={rowIndex}>
        {hasDetail ? (
          <td data-dt-row={row} data-dt-col={0} tabIndex={-1} className={cx(cellClass, 'left-0 z-30 px-1 py-1 text-center')}>
            {foldedTotals.length > 0 ? <DetailButton controls={id} expanded={open} label={label} onToggle={() => setOpen(!open)} /> : null}
          </td>
        ) : null}
        {columns.map((column, i) => {
          const left = pinnedLeft(column);
          return (
            <GridCell
              key={column.id}
              first={i === 0}
              row={row}
              col={i + offset}
              left={left}
              className={cx(cellClass, left !== undefined ? 'z-30' : 'z-20', byId.get(column.id)?.align === 'end' && 'text-right tabular-nums')}
            >
              {i === 0 ? label : totals.cells[column.id]}
            </GridCell>
          );
        })}
      </tr>
      {open && foldedTotals.length > 0 ? (
        <tr>
          <td id={id} colSpan={colCount} className="bg-slate-50 px-3 py-2">
            <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm sm:pl-10">
              {foldedTotals.map((column) => (
                <div key={column.id} className="contents">
                  <dt className="font-normal text-slate-500">{byId.get(column.id)?.header ?? column.id}</dt>
                  <dd className="tabular-nums">{totals.cells[column.id]}</dd>
                </div>
              ))}
            </dl>
          </td>
        </tr>
      ) : null}
    </tfoot>
  );
}

/** The Columns menu: show or hide each column, move it, set its width; reset them all. */
function ColumnsMenu<T extends RowData>({
  table,
  columns,
  caption,
  onReset,
}: {
  table: ReactTable<Features, T>;
  columns: TableColumn<T>[];
  caption: string;
  onReset: () => void;
}) {
  const ordered = columns.filter((c) => c.getIsPinned() !== 'start');
  const order = ordered.map((c) => c.id);
  const move = (id: string, by: -1 | 1) => {
    const pinned = columns.filter((c) => c.getIsPinned() === 'start').map((c) => c.id);
    table.setColumnOrder([...pinned, ...moveColumn(order, id, by)]);
  };
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={`Columns of ${caption}`}
        className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-open:bg-slate-100"
      >
        <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.5">
          <rect x="2" y="2.5" width="12" height="11" rx="1.5" />
          <path d="M6 2.5v11M10 2.5v11" />
        </svg>
        Columns
      </PopoverButton>
      <PopoverPanel
        role="group"
        aria-label={`Columns of ${caption}`}
        className="absolute right-0 z-50 mt-2 max-h-[min(28rem,70dvh)] w-[min(22rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-white p-3 text-sm shadow-lg ring-1 ring-slate-900/10 focus:outline-none"
      >
        <ul className="space-y-2">
          {columns.map((column) => {
            const header = typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id;
            const place = order.indexOf(column.id);
            const pinned = column.getIsPinned() === 'start';
            return (
              <li key={column.id} className="rounded-lg px-1 py-1">
                <div className="flex items-center gap-2">
                  <label className="flex min-w-0 flex-1 items-center gap-2">
                    <input
                      type="checkbox"
                      checked={column.getIsVisible()}
                      disabled={!column.getCanHide()}
                      onChange={(e) => column.toggleVisibility(e.target.checked)}
                      className="size-4 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                    />
                    <span className="truncate text-slate-800">{header}</span>
                    {!column.getCanHide() ? <span className="text-xs text-slate-500">always shown</span> : null}
                  </label>
                  {pinned ? null : (
                    <>
                      <MoveButton label={`Move ${header} up`} disabled={place <= 0} onClick={() => move(column.id, -1)} direction="up" />
                      <MoveButton label={`Move ${header} down`} disabled={place >= order.length - 1} onClick={() => move(column.id, 1)} direction="down" />
                    </>
                  )}
                </div>
                <label className="mt-1 flex items-center gap-2 pl-6 text-xs text-slate-500">
                  <span className="w-10 shrink-0">Width</span>
                  <input
                    type="range"
                    aria-label={`Width of ${header}`}
                    min={column.columnDef.minSize}
                    max={column.columnDef.maxSize}
                    step={8}
                    value={column.getSize()}
                    onChange={(e) => table.setColumnSizing((sizes) => ({ ...sizes, [column.id]: Number(e.target.value) }))}
                    className="min-w-0 flex-1 accent-brand-600"
                  />
                  <span className="w-12 text-right tabular-nums">{column.getSize()} px</span>
                </label>
              </li>
            );
          })}
        </ul>
        <div className="mt-3 flex justify-end border-t border-slate-100 pt-3">
          <button type="button" onClick={onReset} className="h-8 rounded-lg px-3 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600">
            Reset columns
          </button>
        </div>
      </PopoverPanel>
    </Popover>
  );
}

function MoveButton({ label, disabled, onClick, direction }: { label: string; disabled: boolean; onClick: () => void; direction: 'up' | 'down' }) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-7 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:text-slate-300 disabled:hover:bg-transparent"
    >
      <svg viewBox="0 0 12 12" aria-hidden="true" className="size-3">
        <path d={direction === 'up' ? 'M6 2.5 10 8H2z' : 'M6 9.5 2 4h8z'} fill="currentColor" />
      </svg>
    </button>
  );
}
