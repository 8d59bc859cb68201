import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { cx } from '../cx';
import type { ById, TableColumn } from './tableFeatures';

/** The folded columns of one row, as name and value, then the row's own detail. */
export function DetailRow<T extends RowData>({
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
