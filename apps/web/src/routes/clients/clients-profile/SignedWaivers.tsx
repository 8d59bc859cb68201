import { MESSAGES } from '@salondesk/core';
import { useCustomerWaiverSignatures } from '@salondesk/react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../app/LoadError';

/** The waivers the client signed, each with the version signed (and the current one when newer). */
export function SignedWaivers({ businessId, clientId }: { businessId: number; clientId: number }) {
  const signatures = useCustomerWaiverSignatures(businessId, clientId);
  const list = signatures.data?.signatures ?? [];
  return (
    <section className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="waivers-heading">
      <h2 id="waivers-heading" className="text-base font-semibold text-slate-900">
        Waivers signed
      </h2>
      {signatures.isError ? (
        <LoadError className="mt-2" error={signatures.error} fallback={MESSAGES.failedToFetchWaivers} onRetry={() => void signatures.refetch()} />
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{signatures.isLoading ? 'Loading…' : 'No waivers signed.'}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {list.map((s) => (
            <li key={s.id} className="flex flex-wrap justify-between gap-2 py-2">
              <Link className="font-medium text-brand-700 hover:underline" to={`/${businessId}/waivers/signatures/${s.id}`}>
                {s.waiver_name}, version {s.version}
              </Link>
              <span className="text-slate-600">
                signed {s.signed_at.slice(0, 10)} as “{s.signed_name}”{s.version < s.current_version ? ` · version ${s.current_version} is current` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
