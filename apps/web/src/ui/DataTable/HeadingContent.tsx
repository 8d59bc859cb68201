import type { RowData } from '@tanstack/react-table';
import { cx } from '../cx';
import { FigureLabel } from '../FigureLabel';
import type { TableColumn } from './tableFeatures';

/** A heading: a sort button named "Sort by …" (a figure keeps its `FigureLabel` beside it), or the plain name. */
export function HeadingContent<T extends RowData>({ column, header, meaning, align }: { column: TableColumn<T>; header: string; meaning?: string; align: 'start' | 'end' }) {
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
