import { dayLabel, type Transaction } from '@salondesk/core';
import type { useBusinessDisplay } from '../../../app/useBusinessDisplay';

/** The refunds of the ticket: amount, reason and note, who and when (and the day they count on when it is not the ticket's). */
export function RefundList({ t, display }: { t: Transaction; display: ReturnType<typeof useBusinessDisplay> }) {
  const k = t.checkout;
  return (
    <section aria-labelledby="refunds-title" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="refunds-title" className="text-base font-semibold text-slate-900">
        Refunds
      </h2>
      {!k || k.refunds.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No refunds.</p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {k.refunds.map((r) => (
            <li key={r.id}>
              <span className="font-medium tabular-nums">{display.money(r.amount)}</span> · {r.reason}
              {r.note ? ` — ${r.note}` : ''}
              <div className="text-xs text-slate-500">
                {r.refunded_by?.name ?? 'Former user'} · {dayLabel(r.day)}, {display.time(r.created_at)}
                {r.day !== t.day ? ' · counted on that day, not the ticket’s' : ''}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
