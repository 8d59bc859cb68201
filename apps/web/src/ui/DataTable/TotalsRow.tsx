import type { RowData } from '@tanstack/react-table';
import { useState } from 'react';
import { cx } from '../cx';
import { DetailButton } from './DetailButton';
import { GridCell } from './GridCell';
import type { ById, TableColumn } from './tableFeatures';
import type { DataTableProps } from './types';

/** The totals row, in the table's foot (sticky at the bottom): its label, then each shown column's total; folded totals open like a row's detail. */
export function TotalsRow<T extends RowData>({
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
