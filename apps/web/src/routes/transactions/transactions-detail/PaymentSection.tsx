import { tenderLabel, type Transaction } from '@salondesk/core';
import type { useBusinessDisplay } from '../../../app/useBusinessDisplay';

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
      <div className="flex justify-between gap-2 sm:block">
        <dt className="text-slate-500">{label}</dt>
        <dd className={strong ? 'font-semibold tabular-nums text-slate-900' : 'tabular-nums text-slate-800'}>{value}</dd>
      </div>
  );
}

/** What the ticket took: totals, tip, tender split, refunds, coupons, and each card payment. */
export function PaymentSection({ t, display }: { t: Transaction; display: ReturnType<typeof useBusinessDisplay> }) {
  const k = t.checkout;
  return (
    <section aria-labelledby="pay-title" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 lg:col-span-2">
      <h2 id="pay-title" className="text-base font-semibold text-slate-900">
        Payment
      </h2>
      {k ? (
        <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          <Figure label="Subtotal" value={display.money(k.subtotal)} />
          <Figure label="Discount" value={display.money(k.discount)} />
          <Figure label="Tax" value={display.money(k.tax)} />
          <Figure label="Total" value={display.money(k.total)} strong />
          <Figure label="Tip" value={display.money(k.tipamount)} />
          <Figure label="Paid" value={display.money(k.paid)} strong />
          <Figure label="Tender" value={tenderLabel(k) || '—'} />
          <Figure label="Cash / Credit / Gift" value={`${display.money(k.cashamount)} / ${display.money(k.creditamount)} / ${display.money(k.giftamount)}`} />
          <Figure label="Refunded" value={display.money(k.refunded)} />
          {k.coupons.length > 0 ? <Figure label="Coupons" value={k.coupons.join(', ')} /> : null}
          {k.bypass ? <Figure label="Bypass mode" value="Taken offline" /> : null}
        </dl>
      ) : (
        <p className="mt-3 text-sm text-slate-600">Not checked out: nothing was paid on this ticket.</p>
      )}
      {t.payments.length > 0 ? (
        <ul className="mt-3 space-y-1 border-t border-slate-100 pt-3 text-sm text-slate-700">
          {t.payments.map((p) => (
            <li key={p.id}>
              {p.mappedCard ? `${p.mappedCard.brand} •••• ${p.mappedCard.last4}` : 'Card'} · {display.money(p.amount)} · auth <span className="font-mono">{p.auth_code}</span> ·{' '}
              {p.charge_status === 'CAPTURE' ? 'Captured' : 'Voided'} ({p.provider})
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
