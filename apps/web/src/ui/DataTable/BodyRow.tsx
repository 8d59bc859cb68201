import type { Row, RowData } from '@tanstack/react-table';
import { memo, type ReactNode } from 'react';
import { cx } from '../cx';
import { DetailButton } from './DetailButton';
import { GridCell } from './GridCell';
import type { ById, Features, TableColumn } from './tableFeatures';

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
export const BodyRow = memo(
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
