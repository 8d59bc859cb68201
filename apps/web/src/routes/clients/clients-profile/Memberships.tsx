import type { ClientProfile } from '@salondesk/core';
import { StatusBadge } from '../../../ui/StatusBadge';

/** The client's memberships: plan, location, status and end. */
export function Memberships({ memberships }: { memberships: ClientProfile['memberships'] }) {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="memberships-heading">
      <h2 id="memberships-heading" className="text-base font-semibold text-slate-900">
        Memberships
      </h2>
      {memberships.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No memberships.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {memberships.map((m) => (
            <li key={m.id} className="flex justify-between gap-3 py-2">
              <span>
                {m.plan} <span className="text-slate-500">({m.location})</span>
              </span>
              <span>
                <StatusBadge label={m.status.replace('_', ' ')} tone={m.status === 'active' ? 'success' : m.status === 'past_due' ? 'danger' : 'neutral'} /> until {m.expires_on}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
