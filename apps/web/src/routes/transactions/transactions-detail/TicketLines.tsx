import { LINE_KIND_LABEL, type Transaction } from '@salondesk/core';
import type { useBusinessDisplay } from '../../../app/useBusinessDisplay';

/** The ticket's services and products sold (or, before checkout, the services requested). */
export function TicketLines({ t, display }: { t: Transaction; display: ReturnType<typeof useBusinessDisplay> }) {
  const k = t.checkout;
  return (
    <section aria-labelledby="lines-title" className="mt-4 overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
      <h2 id="lines-title" className="px-4 pt-4 text-base font-semibold text-slate-900">
        Services and products
      </h2>
      {k && k.saleslogs.length > 0 ? (
        <table className="mt-2 w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th className="px-4 py-2">Item</th>
              <th className="px-4 py-2">Staff</th>
              <th className="px-4 py-2 text-right">Qty</th>
              <th className="px-4 py-2 text-right">Price</th>
              <th className="px-4 py-2 text-right">Discount</th>
              <th className="px-4 py-2 text-right">Tax</th>
              <th className="px-4 py-2 text-right">Line total</th>
            </tr>
          </thead>
          <tbody>
            {k.saleslogs.map((l) => (
              <tr key={l.id} className="border-t border-slate-100">
                <td className="px-4 py-2">
                  {l.service ?? l.product}
                  <span className="ml-2 text-xs text-slate-500">{LINE_KIND_LABEL[l.kind]}</span>
                </td>
                <td className="px-4 py-2">{l.employees.map((e) => e.name).join(', ') || '—'}</td>
                <td className="px-4 py-2 text-right tabular-nums">{l.quantity}</td>
                <td className="px-4 py-2 text-right tabular-nums">{display.money(l.price)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{display.money(l.discount)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{display.money(l.tax)}</td>
                <td className="px-4 py-2 text-right font-medium tabular-nums">{display.money(l.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ul className="px-4 pt-2 pb-4 text-sm text-slate-700">
          {t.services.map((s) => (
            <li key={s.id}>{s.name} (requested)</li>
          ))}
        </ul>
      )}
    </section>
  );
}
