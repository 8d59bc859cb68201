import type { Header, RowData } from '@tanstack/react-table';
import { cx } from '../cx';
import { HeadingContent } from './HeadingContent';
import type { ById, Features, TableColumn } from './tableFeatures';

/** The sticky heading row: the detail column's (named for screen readers), then each shown column's heading with its sort button and resize handle. */
export function HeadingRow<T extends RowData>({
  columns,
  headers,
  byId,
  hasDetail,
  rowIndex,
  pinnedLeft,
}: {
  columns: TableColumn<T>[];
  headers: ReadonlyMap<string, Header<Features, T, unknown>>;
  byId: ById<T>;
  hasDetail: boolean;
  rowIndex?: number;
  pinnedLeft: (column: TableColumn<T>) => number | undefined;
}) {
  const alignOf = (column: TableColumn<T>) => byId.get(column.id)?.align ?? 'start';
  return (
    <thead className="text-xs text-slate-600">
      <tr aria-rowindex={rowIndex}>
        {hasDetail ? (
          <th scope="col" data-dt-row={-1} data-dt-col={0} tabIndex={-1} className="sticky top-0 left-0 z-30 border-b border-slate-200 bg-slate-50 px-2 py-2 outline-brand-600 focus-visible:outline-2 focus-visible:-outline-offset-2">
            <span className="sr-only">Details</span>
          </th>
        ) : null}
        {columns.map((column, i) => {
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
  );
}
