import { cx } from '../../ui/cx';
import type { GridColumn } from './types';

/** The sticky heading row: Staff, then each day with its hours, its figure and its holiday. */
export function ColumnHeaderRow({ columns, gridTemplate }: { columns: readonly GridColumn[]; gridTemplate: string }) {
  return (
    <div role="row" aria-rowindex={1} className="sticky top-0 z-20 grid border-b border-slate-200 bg-white" style={{ gridTemplateColumns: gridTemplate }}>
      <div role="columnheader" data-staff-header="" className="sticky left-0 z-10 bg-white px-3 py-2 text-xs font-semibold text-slate-600">
        Staff
      </div>
      {columns.map((c) => (
        <div
          role="columnheader"
          key={c.key}
          data-column-header={c.key}
          className={cx('min-w-0 border-l border-slate-100 px-2 py-1.5 text-xs', c.holiday ? 'bg-amber-50' : c.today ? 'bg-brand-50' : 'bg-white')}
        >
          <div className="truncate">
            <span className={cx('font-semibold', c.today ? 'text-brand-800' : 'text-slate-800')}>{c.label}</span>
            {c.sublabel ? <span className="text-slate-600"> {c.sublabel}</span> : null}
          </div>
          {c.hoursLabel ? (
            <div className="truncate text-slate-600 tabular-nums" title={c.hoursTitle}>
              {c.hoursLabel}
              {c.hoursTitle ? <span className="sr-only">, {c.hoursTitle}</span> : null}
            </div>
          ) : null}
          {c.summary ? (
            <div className="truncate font-medium text-slate-700 tabular-nums" data-testid="column-summary">
              <span aria-hidden="true">{c.summary}</span>
              <span className="sr-only">{c.summaryLabel ?? c.summary}</span>
            </div>
          ) : null}
          {c.holiday ? (
            <div className="truncate font-medium text-amber-900" title={c.holiday}>
              Holiday: {c.holiday}
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
}
