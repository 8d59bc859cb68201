import type { PivotCellValue, PivotGrid, PivotGridRow, ReportColumnFormat } from '@salondesk/core';
import { cx } from '../../../ui/cx';
import { Skeleton } from '../../../ui/Skeleton';

export interface PivotTableProps {
  /** The grid (core's `pivotGrid`): grouped column headers, rows in order with their kind. */
  grid: PivotGrid;
  /** How a value of a format is written (money with the currency symbol); a blank cell is empty. */
  formatValue: (value: PivotCellValue, format: ReportColumnFormat) => string;
  /** The table's name (its `<caption>`, read by screen readers). */
  caption: string;
  /** Newer rows are loading: the table dims. */
  loading?: boolean;
  /** Shown in the body when there are no rows. */
  empty?: string;
  className?: string;
}

const ROW_STYLE: Record<PivotGridRow['kind'], string> = {
  cells: 'bg-white',
  subtotal: 'bg-slate-50 font-semibold text-slate-900',
  total: 'bg-brand-50 font-semibold text-slate-900 border-t-2 border-slate-300',
};

/**
 * A pivot as a cross-table: the row fields' headings on the left (a value repeated from the row
 * above is left blank on screen, still read by screen readers), a header row per column field whose values span
 * the columns below them, and each value on the right. Subtotal rows and the grand-total row and
 * column are styled apart. The table scrolls inside its frame (focusable, for the keyboard) with
 * the headings kept in view; printing shows it whole.
 */
export function PivotTable({ grid, formatValue, caption, loading, empty = 'No rows to show.', className }: PivotTableProps) {
  const headerRows = grid.headerRows.length;
  return (
    <section
      aria-label={caption}
      // biome-ignore lint: a scrolling region must be reachable by the keyboard
      tabIndex={0}
      className={cx(
        'relative max-h-[70vh] overflow-auto rounded-xl border border-slate-200 bg-white shadow-xs focus-visible:outline-2 focus-visible:outline-brand-600 print:max-h-none print:overflow-visible print:border-0 print:shadow-none',
        loading && 'opacity-60 transition-opacity',
        className,
      )}
      aria-busy={loading || undefined}
    >
      <table className="min-w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-20 bg-slate-100 print:static">
          {grid.headerRows.map((cells, level) => (
            <tr key={`h${level}`}>
              {level === 0
                ? grid.corner.map((label, i) => (
                    <th
                      key={`corner${i}`}
                      scope="col"
                      rowSpan={headerRows}
                      className={cx(
                        'border-b border-r border-slate-200 bg-slate-100 px-3 py-2 text-left align-bottom font-semibold text-slate-700',
                        i === 0 && 'sticky left-0 z-10 print:static',
                      )}
                    >
                      {label || <span className="sr-only">Rows</span>}
                    </th>
                  ))
                : null}
              {cells.map((cell, i) => (
                <th
                  key={`${level}-${i}`}
                  scope={cell.span > 1 ? 'colgroup' : 'col'}
                  colSpan={cell.span}
                  rowSpan={cell.rowSpan}
                  className={cx(
                    'whitespace-nowrap border-b border-r border-slate-200 px-3 py-2 font-semibold',
                    level === headerRows - 1 || cell.rowSpan > 1 ? 'text-right' : 'text-center',
                    cell.total ? 'bg-brand-50 text-slate-900' : 'text-slate-700',
                  )}
                >
                  {cell.label}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {grid.rows.length === 0 && !loading ? (
            <tr>
              <td colSpan={grid.corner.length + grid.columns.length} className="px-3 py-8 text-center text-slate-500">
                {empty}
              </td>
            </tr>
          ) : null}
          {grid.rows.length === 0 && loading
            ? [0, 1, 2].map((i) => (
                <tr key={`skeleton${i}`}>
                  <td colSpan={grid.corner.length + Math.max(1, grid.columns.length)} className="px-3 py-2">
                    <Skeleton className="h-4 w-full" />
                  </td>
                </tr>
              ))
            : null}
          {grid.rows.map((row, r) => {
            const above = grid.rows[r - 1];
            return (
              <tr key={row.id} data-kind={row.kind} className={ROW_STYLE[row.kind]}>
                {row.headings.map((heading, i) => {
                  // A cell row repeating the value of the row above (same group) shows it to screen readers only: the group reads at a glance.
                  const repeated = row.kind === 'cells' && above?.kind === 'cells' && i < row.headings.length - 1 && row.key.slice(0, i + 1).every((v, k) => above.key[k] === v);
                  return (
                    <th
                      key={`r${i}`}
                      scope="row"
                      className={cx(
                        'whitespace-nowrap border-b border-r border-slate-100 px-3 py-1.5 text-left',
                        row.kind === 'cells' ? 'font-normal' : 'font-semibold',
                        i === 0 && 'sticky left-0 z-10 print:static',
                        i === 0 && (row.kind === 'cells' ? 'bg-white' : row.kind === 'subtotal' ? 'bg-slate-50' : 'bg-brand-50'),
                      )}
                    >
                      {repeated ? <span className="sr-only">{heading}</span> : heading}
                    </th>
                  );
                })}
                {row.values.map((value, i) => {
                  const column = grid.columns[i];
                  return (
                    <td
                      key={`c${i}`}
                      className={cx('whitespace-nowrap border-b border-r border-slate-100 px-3 py-1.5 text-right tabular-nums', column?.total && row.kind === 'cells' && 'bg-slate-50 font-semibold')}
                    >
                      {value === null ? '' : formatValue(value, column?.format ?? 'number')}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
