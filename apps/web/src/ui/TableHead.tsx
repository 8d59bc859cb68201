import { cx } from './cx';
import { FigureLabel } from './FigureLabel';

/** A column heading: plain text, or a figure with its meaning (offered on hover and focus). */
export type TableColumn = string | { label: string; meaning: string };

export interface TableHeadProps {
  /** The column headings, in order. */
  columns: readonly TableColumn[];
  /** The first column holding figures: it and those after it are right-aligned. */
  figuresFrom?: number;
  /** Without the shaded background (for a table under a caption in a card). */
  plain?: boolean;
}

const labelOf = (column: TableColumn) => (typeof column === 'string' ? column : column.label);

/** A table's heading row: one `th scope="col"` a column, figures right-aligned. */
export function TableHead({ columns, figuresFrom = columns.length, plain = false }: TableHeadProps) {
  return (
    <thead className={cx(!plain && 'bg-slate-50', 'text-xs text-slate-600')}>
      <tr>
        {columns.map((column, i) => (
          <th key={labelOf(column)} scope="col" className={i < figuresFrom ? 'px-4 py-2' : 'px-4 py-2 text-right'}>
            {typeof column === 'string' ? column : <FigureLabel label={column.label} meaning={column.meaning} align={i < figuresFrom ? 'start' : 'end'} />}
          </th>
        ))}
      </tr>
    </thead>
  );
}
