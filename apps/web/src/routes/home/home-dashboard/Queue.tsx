import type { DashboardHome } from '@salondesk/core';
import { Link } from 'react-router-dom';

/** Today's queue: in queue, in service, completed and deleted tickets, with a link to them. */
export function Queue({ home, businessId, linkToTickets }: { home: DashboardHome; businessId: number; linkToTickets: boolean }) {
  const items = [
    { label: 'In queue', value: home.queue.inQueue },
    { label: 'In Service', value: home.queue.inService },
    { label: 'Completed', value: home.queue.completed },
    { label: 'Deleted', value: home.queue.deleted },
  ];
  return (
    <section aria-labelledby="queue-title" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="queue-title" className="text-base font-semibold text-slate-900">
        Today's queue
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        {items.map((i) => (
          <div key={i.label} className="rounded-xl bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">{i.label}</dt>
            <dd className="text-xl font-semibold tabular-nums text-slate-900">{i.value}</dd>
          </div>
        ))}
      </dl>
      {linkToTickets ? (
        <Link to={`/${businessId}/transactions?day=${home.today.day}`} className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">
          See today's tickets
        </Link>
      ) : null}
    </section>
  );
}
