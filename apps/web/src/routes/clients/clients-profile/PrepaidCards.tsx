import type { ClientProfile } from '@salondesk/core';

/** The client's gift cards and prepaid cards, with their balances. */
export function PrepaidCards({ cards, money }: { cards: ClientProfile['cards']; money: (cents: number) => string }) {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="cards-heading">
      <h2 id="cards-heading" className="text-base font-semibold text-slate-900">
        Gift cards and prepaid
      </h2>
      {cards.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No cards.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {cards.map((c) => (
            <li key={c.id} className="flex justify-between gap-3 py-2">
              <span>
                {c.kind === 'giftcard' ? 'Gift card' : 'Prepaid'} •••• {c.last4} <span className="text-slate-500">({c.location})</span>
              </span>
              <span className="font-medium tabular-nums">{money(c.balance)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
