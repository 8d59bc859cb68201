import { functionalUpdate, useTable, type ColumnDef, type ExpandedState, type Header, type ReactTable, type Row, type RowData, type SortFn, type Updater } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cx } from '../cx';
import { Skeleton } from '../Skeleton';
import { BodyRow } from './BodyRow';
import { ColumnsMenu } from './ColumnsMenu';
import { cleanSettings, DETAIL_TOGGLE_WIDTH, fittedWidths, foldedColumns, nextCell, type CellPosition, type DataTableSettings } from './dataTableLayout';
import { DetailRow } from './DetailRow';
import { HeadingRow } from './HeadingRow';
import { compareValues, features, type Features, type TableColumn } from './tableFeatures';
import { TotalsRow } from './TotalsRow';
import type { DataTableProps } from './types';
import { usePrinting } from './usePrinting';
import { useWidth } from './useWidth';

const DEFAULT_SIZE = 160;
const EMPTY: readonly never[] = [];
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

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
          <HeadingRow columns={shown} headers={headers} byId={byId} hasDetail={hasDetail} rowIndex={virtual ? 1 : undefined} pinnedLeft={pinnedLeft} />
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
