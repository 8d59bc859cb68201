import type { ReactNode } from 'react';
import { cx } from '../../ui/cx';
import { StatusBadge } from '../../ui/StatusBadge';

/** One cell: the charges of one checkout day a payout paid. */
export interface PayoutGridCell {
  day: string;
  count: number;
  /** In minor units. */
  amount: number;
}

/** One payout as a row of the grid. */
export interface PayoutGridRow {
  id: number;
  /** What the payout is called (its provider id), also in each cell's name. */
  label: string;
  /** Its day, under the label ("Arrives Mar 6"). */
  detail?: string;
  reconciled: boolean;
  /** What the provider paid, in minor units. */
  amount: number;
  cells: readonly PayoutGridCell[];
}

export interface PayoutGridProps {
  caption: string;
  /** The checkout days, ascending: the columns. */
  days: readonly string[];
  rows: readonly PayoutGridRow[];
  money: (minor: number) => string;
  /** A column heading ("Mar 2") and the day in full for names ("Monday, March 2, 2026"). */
  formatDay: (day: string) => string;
  formatDayLong: (day: string) => string;
  /** The row heading's content (a link to the payout); default its label. */
  rowHeader?: (row: PayoutGridRow) => ReactNode;
  /** A cell chosen: show that day's charges of that payout. */
  onOpenCell: (row: PayoutGridRow, day: string) => void;
  /** Shown when there is no payout. */
  empty?: ReactNode;
  className?: string;
}

/**
 * Payouts (rows) × the checkout days of the charges they paid (columns): each cell the sum of one
 * day's charges in one payout, a button that opens them. A payout that is not reconciled is
 * marked in words ("Not reconciled") and tinted. Scrolls sideways in a focusable frame with the
 * payout column and the heading row kept in view; printed whole.
 */
export function PayoutGrid({ caption, days, rows, money, formatDay, formatDayLong, rowHeader, onOpenCell, empty = 'No payout in these days.', className }: PayoutGridProps) {
  if (rows.length === 0) return <p className={cx('rounded-2xl bg-white p-6 text-center text-sm text-slate-600 ring-1 ring-slate-200', className)}>{empty}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
    <div role="region" aria-label={caption} tabIndex={0} className={cx('max-h-[32rem] overflow-auto rounded-2xl bg-white ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 print:max-h-none print:overflow-visible', className)}>
      <table className="min-w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="sticky top-0 left-0 z-20 border-b border-slate-200 bg-slate-50 px-3 py-2 text-left font-semibold text-slate-700">
              Payout
            </th>
            <th scope="col" className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50 px-3 py-2 text-right font-semibold text-slate-700">
              Paid
            </th>
            {days.map((day) => (
              <th key={day} scope="col" className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50 px-3 py-2 text-right font-medium whitespace-nowrap text-slate-600">
                <abbr title={formatDayLong(day)} className="no-underline">
                  {formatDay(day)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const byDay = new Map(row.cells.map((cell) => [cell.day, cell]));
            return (
              <tr key={row.id} className={row.reconciled ? undefined : 'bg-red-50/60'}>
                <th scope="row" className={cx('sticky left-0 z-10 border-b border-slate-100 px-3 py-2 text-left font-normal whitespace-nowrap', row.reconciled ? 'bg-white' : 'bg-red-50')}>
                  <span className="font-medium text-slate-900">{rowHeader ? rowHeader(row) : row.label}</span>
                  {row.detail ? <span className="block text-xs text-slate-600">{row.detail}</span> : null}
                  {row.reconciled ? null : <StatusBadge className="mt-1" label="Not reconciled" tone="danger" />}
                </th>
                <td className="border-b border-slate-100 px-3 py-2 text-right font-medium text-slate-900 tabular-nums">{money(row.amount)}</td>
                {days.map((day) => {
                  const cell = byDay.get(day);
                  return (
                    <td key={day} className="border-b border-slate-100 px-1 py-1 text-right tabular-nums">
                      {cell ? (
                        <button
                          type="button"
                          className="rounded-md px-2 py-1 text-brand-700 hover:bg-brand-50 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                          aria-label={`${cell.count} ${cell.count === 1 ? 'charge' : 'charges'} of ${formatDayLong(day)} in payout ${row.label}: ${money(cell.amount)}`}
                          onClick={() => onOpenCell(row, day)}
                        >
                          {money(cell.amount)}
                        </button>
                      ) : (
                        <span className="sr-only">None</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
