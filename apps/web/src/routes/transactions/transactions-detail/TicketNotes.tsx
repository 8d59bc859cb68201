import type { Transaction } from '@salondesk/core';

const DETAIL_LABEL: Record<string, string> = {
  customername: 'Customer name',
  removedetail: 'Deleted because',
  removenote: 'Deletion note',
  removed_by: 'Deleted by',
  appointmentnotes: 'Notes',
};

/** The ticket's notes (the checkout details), by their names. */
export function TicketNotes({ t }: { t: Transaction }) {
  return (
    <section aria-labelledby="notes-title" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="notes-title" className="text-base font-semibold text-slate-900">
        Notes
      </h2>
      {t.checkoutdetails.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No notes.</p>
      ) : (
        <dl className="mt-2 space-y-1 text-sm">
          {t.checkoutdetails.map((d) => (
            <div key={d.name} className="flex gap-2">
              <dt className="w-36 shrink-0 text-slate-500">{DETAIL_LABEL[d.name] ?? d.name}</dt>
              <dd className="text-slate-800">{d.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
