import { businessPath, formatInstantIn, isAdmin, isUnrestricted, MESSAGES, PERMISSION_KEYS, PERMISSION_LABEL, ROLE_LABEL, type Role, type UserLookup, userCan } from '@salondesk/core';
import { useSession, useUserLookup } from '@salondesk/react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadError } from '../../../app/LoadError';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useBusinessId } from '../../../app/useBusinessId';
import { useDebounced } from '../../../app/useDebounced';
import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';

const roleLabel = (role: string) => ROLE_LABEL[role as Role] ?? role;

/** What a user may do, as the permission labels their acl (role defaults included) grants. */
const accessOf = (found: UserLookup): string =>
  isAdmin(found.user) || isUnrestricted(found.user.acl)
    ? 'Full access'
    : PERMISSION_KEYS.filter((key) => userCan(found.user, key)).map((key) => PERMISSION_LABEL[key]).join(', ') || 'Home only (no permissions)';

/**
 * `/{businessId}/admin/getuser` (route word `getuser`, spec 000 §2: no business check): the
 * platform admin's look-up of a user across businesses, by id or part of a name, username or
 * email; each answer says what they may do and which businesses they may open (each a link). The
 * search stays in the address (`?q=`), so a look-up can be shared.
 */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const { timezone } = useBusinessDisplay(businessId);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const term = useDebounced(q.trim(), 300);
  const lookup = useUserLookup(term);
  const searchable = /^\d+$/.test(term) || term.length >= 2;

  if (user === undefined || !isAdmin(user)) return <EmptyState tone="error" headingLevel={1} title={MESSAGES.adminOnly} />;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <PageHeader title="Find a user" description="Any user of the platform, by id or by part of their name, username or email: what they may do and where." />
      <form role="search" className="mt-6" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label="Name, username, email or id"
          type="search"
          value={q}
          onChange={(e) => setParams(e.target.value ? { q: e.target.value } : {}, { replace: true })}
          hint={q.trim() !== '' && !/^\d+$/.test(q.trim()) && q.trim().length < 2 ? MESSAGES.userSearchTooShort : undefined}
          autoFocus
        />
      </form>
      <div className="mt-6" aria-live="polite">
        {!searchable ? null : lookup.isError ? (
          <LoadError error={lookup.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void lookup.refetch()} />
        ) : !lookup.data ? (
          <div aria-busy="true"><p role="status" className="sr-only">Searching</p><Skeleton className="h-24 w-full" /></div>
        ) : lookup.data.length === 0 ? (
          <EmptyState title="No user matches" description={`Nobody’s name, username or email contains “${term}”.`} />
        ) : (
          <ul aria-label="Users found" className="space-y-3">
            {lookup.data.map((found) => (
              <li key={found.user.id} aria-label={found.user.fullname} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-base font-semibold text-slate-900">{found.user.fullname}</h2>
                  <span className="text-sm text-slate-600">
                    {roleLabel(found.user.role)} · #{found.user.id}
                    {found.disabled ? <span className="ml-2 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">Disabled</span> : null}
                  </span>
                </div>
                <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
                  <dt className="text-slate-500">Username</dt>
                  <dd className="text-slate-900">{found.user.username}</dd>
                  <dt className="text-slate-500">Email</dt>
                  <dd className="text-slate-900">{found.user.email}</dd>
                  <dt className="text-slate-500">Last seen</dt>
                  <dd className="text-slate-900">{found.last_seen_at ? formatInstantIn(found.last_seen_at, timezone) : 'No open session'}</dd>
                  <dt className="text-slate-500">May do</dt>
                  <dd className="text-slate-900">{accessOf(found)}</dd>
                  <dt className="text-slate-500">Businesses</dt>
                  <dd className="text-slate-900">
                    {found.allBusinesses ? (
                      'Every business (platform admin)'
                    ) : found.businesses.length === 0 ? (
                      'None'
                    ) : (
                      <ul className="flex flex-wrap gap-x-3 gap-y-1">
                        {found.businesses.map((b) => (
                          <li key={b.id}>
                            <Link to={businessPath(b.id, 'home')} className="font-medium text-brand-700 underline hover:text-brand-800">
                              {b.name}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    )}
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
