import { cx } from './cx';

export interface TableHeadProps {
  /** The column headings, in order. */
  columns: readonly string[];
  /** The first column holding figures: it and those after it are right-aligned. */
  figuresFrom?: number;
  /** Without the shaded background (for a table under a caption in a card). */
  plain?: boolean;
}

/** A table's heading row: one `th scope="col"` a column, figures right-aligned. */
export function TableHead({ columns, figuresFrom = columns.length, plain = false }: TableHeadProps) {
  return (
    <thead className={cx(!plain && 'bg-slate-50', 'text-xs text-slate-600')}>
      <tr>
        {columns.map((label, i) => (
          <th key={label} scope="col" className={i < figuresFrom ? 'px-4 py-2' : 'px-4 py-2 text-right'}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
