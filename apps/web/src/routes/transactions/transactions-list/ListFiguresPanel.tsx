import { type DashboardMetric, emptyAggregate, FIGURES, figureValue, LISTED_TICKETS, type ListFigures, rangeLabel } from '@salondesk/core';
import type { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { FigureLabel } from '../../../ui/FigureLabel';

/** The range's figures, by the same definitions as every other screen (the list's search and filters do not change them). */
const LIST_FIGURES: DashboardMetric[] = ['tickets', 'sales', 'refunds', 'net', 'tips'];


/** The figures of the range's tickets: listed, tickets, sales, refunds, net and tips, each with its meaning. */
export function ListFiguresPanel({ figures, range, display }: { figures: ListFigures; range: { start: string; end: string }; display: ReturnType<typeof useBusinessDisplay> }) {
  const totals = { ...emptyAggregate(), ...figures };
  return (
    <section aria-label={`Figures of ${rangeLabel(range)}`} className="mt-4 rounded-2xl bg-white px-4 py-3 ring-1 ring-slate-200">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <div>
          <dt className="text-xs text-slate-500">
            <FigureLabel label={LISTED_TICKETS.label} meaning={LISTED_TICKETS.meaning} />
          </dt>
          <dd className="font-semibold tabular-nums text-slate-900">{figures.listed.toLocaleString('en-US')}</dd>
        </div>
        {LIST_FIGURES.map((f) => (
          <div key={f}>
            <dt className="text-xs text-slate-500">
              <FigureLabel label={FIGURES[f].label} meaning={FIGURES[f].meaning} />
            </dt>
            <dd className="font-semibold tabular-nums text-slate-900">{display.metric(figureValue(f, totals), FIGURES[f].format)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-500">Refunds here are those made on these days, on their tickets or earlier ones; a ticket’s Refunded badge shows refunds made on it at any time.</p>
    </section>
  );
}
