import {
  endpoints,
  MEMBERSHIP_PRESETS,
  MEMBERSHIP_STATUS_LABEL,
  MEMBERSHIP_STATUSES,
  MESSAGES,
  type Membership,
  type MembershipSearchInput,
  type MembershipStatus,
} from '@salondesk/core';
import { useClubMemberships, useMembershipSearch, useSession } from '@salondesk/react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import { patchSearchParams } from '../../../app/patchSearchParams';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { Button, buttonClasses } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectField } from '../../../ui/SelectField';
import { StatusBadge } from '../../../ui/StatusBadge';
import { TextField } from '../../../ui/TextField';
import { membershipBadge } from '../prepaidBadges';
import { MembershipDetail } from './MembershipDetail';
import { useBusinessId } from '../../../app/useBusinessId';

const exportEndpoint = endpoints.prepaidExports.memberships;
const TYPING_PAUSE_MS = 250;
/** The most memberships the screen lists at once (the export has them all). */
const LIST_LIMIT = 2000;

/** The filters as the URL keeps them (`?status=paused&expiring_within=30`). */
function filtersOf(params: URLSearchParams): MembershipSearchInput {
  const n = (key: string) => {
    const raw = params.get(key);
    return raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
  };
  const day = (key: string) => {
    const raw = params.get(key);
    return raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined;
  };
  const status = params.get('status');
  return {
    q: params.get('q') || undefined,
    status: MEMBERSHIP_STATUSES.includes(status as MembershipStatus) ? (status as MembershipStatus) : undefined,
    plan: n('plan'),
    location: n('location'),
    expiring_within: n('expiring_within'),
    did_not_renew: params.get('did_not_renew') === 'true',
    next_bill_from: day('next_bill_from'),
    next_bill_to: day('next_bill_to'),
  };
}

/**
 * `/{businessId}/prepaid/memberships`: club memberships of the network's locations the user may see,
 * filtered by member, status, plan, location, term end (the "Expiring in 30 days" preset) or next
 * bill date, or those that did not renew; exported as shown. A membership opens with its history
 * below the list (`?membership=`), where a manager pauses, resumes or cancels it.
 */
export function Component() {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const session = useSession().session;
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const [typed, setTyped] = useState(filters.q ?? '');
  useEffect(() => setTyped(filters.q ?? ''), [filters.q]);
  useEffect(() => {
    if (typed === (filters.q ?? '')) return;
    const timer = setTimeout(() => setParams(patchSearchParams(params, { q: typed.trim() }), { replace: true }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, filters.q, params, setParams]);
  const set = (patch: Record<string, string>) => setParams(patchSearchParams(params, patch), { replace: true });
  const plans = useClubMemberships(businessId);
  const search = useMembershipSearch(businessId, { ...filters, limit: LIST_LIMIT });
  const networkId = display.business.data?.network_id ?? null;
  const locations = (session?.businesses ?? []).filter((b) => b.id === businessId || (networkId !== null && b.network_id === networkId));
  const openId = Number(params.get('membership')) || null;
  const { did_not_renew: _flag, ...exportFilters } = filters;
  const exportQuery = { ...Object.fromEntries(Object.entries(exportFilters).filter(([, v]) => v !== undefined)), ...(filters.did_not_renew ? { did_not_renew: 'true' } : {}) };

  const columns = useMemo<DataColumn<Membership>[]>(
    () => [
      {
        id: 'member',
        header: 'Member',
        value: (m) => m.member.name,
        priority: 'always',
        size: 190,
        cell: (m) => (
          <button
            type="button"
            onClick={() => set({ membership: String(m.id) })}
            aria-label={`Open the history of ${m.member.name}’s membership ${m.id}`}
            className="max-w-full truncate font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {m.member.name}
          </button>
        ),
      },
      { id: 'plan', header: 'Plan', value: (m) => m.plan, priority: 2, size: 160 },
      { id: 'status', header: 'Status', value: (m) => m.status, cell: (m) => <StatusBadge {...membershipBadge(m.status)} />, priority: 1, size: 110 },
      { id: 'expires_on', header: 'Term ends', value: (m) => m.expires_on, priority: 'always', size: 120 },
      { id: 'next_bill_on', header: 'Next bill', value: (m) => m.next_bill_on ?? '', cell: (m) => m.next_bill_on ?? '—', priority: 3, size: 120 },
      { id: 'price', header: 'Price', value: (m) => m.price, cell: (m) => display.money(m.price), align: 'end', priority: 4, size: 110 },
      { id: 'location', header: 'Location', value: (m) => m.location, priority: 5, size: 160 },
      { id: 'phone', header: 'Phone', value: (m) => m.member.phone ?? '', priority: 6, size: 140 },
      { id: 'email', header: 'Email', value: (m) => m.member.email ?? '', priority: 7, size: 220 },
      { id: 'started_on', header: 'Started', value: (m) => m.started_on, priority: 8, size: 120 },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [display.money, params],
  );
  const presetActive = (key: keyof typeof MEMBERSHIP_PRESETS) =>
    key === 'expiring30' ? filters.expiring_within === 30 : filters.did_not_renew === true;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={exportEndpoint.title} businessId={businessId} />
      <PageHeader
        className="print:hidden"
        eyebrow="Prepaid"
        title="Memberships"
        description="Club memberships of your locations. A membership’s status is its latest event: open one to see its history."
        actions={
          <Link to={`/${businessId}/prepaid`} className={buttonClasses({ variant: 'secondary' })}>
            Gift cards
          </Link>
        }
      />
      <div className="mt-6 flex flex-wrap gap-2 print:hidden" role="group" aria-label="Presets">
        <Button variant={presetActive('expiring30') ? 'primary' : 'secondary'} size="sm" aria-pressed={presetActive('expiring30')} onClick={() => set({ expiring_within: presetActive('expiring30') ? '' : '30', did_not_renew: '', status: '' })}>
          {MEMBERSHIP_PRESETS.expiring30.label}
        </Button>
        <Button variant={presetActive('didNotRenew') ? 'primary' : 'secondary'} size="sm" aria-pressed={presetActive('didNotRenew')} onClick={() => set({ did_not_renew: presetActive('didNotRenew') ? '' : 'true', expiring_within: '', status: '' })}>
          {MEMBERSHIP_PRESETS.didNotRenew.label}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
          Clear filters
        </Button>
      </div>
      <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 print:hidden">
        <TextField label="Member" type="search" value={typed} placeholder="Name, phone or email" onChange={(e) => setTyped(e.target.value)} />
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          onChange={(e) => set({ status: e.target.value })}
          options={[{ value: '', label: 'Any status' }, ...MEMBERSHIP_STATUSES.map((s) => ({ value: s, label: MEMBERSHIP_STATUS_LABEL[s] }))]}
        />
        <SelectField
          label="Plan"
          value={filters.plan === undefined ? '' : String(filters.plan)}
          onChange={(e) => set({ plan: e.target.value })}
          options={[{ value: '', label: 'Any plan' }, ...(plans.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${p.members})` }))]}
        />
        <SelectField
          label="Location"
          value={filters.location === undefined ? '' : String(filters.location)}
          onChange={(e) => set({ location: e.target.value })}
          options={[{ value: '', label: 'Every location' }, ...locations.map((b) => ({ value: String(b.id), label: b.name }))]}
        />
        <TextField
          label="Term ends within (days)"
          inputMode="numeric"
          value={filters.expiring_within === undefined ? '' : String(filters.expiring_within)}
          onChange={(e) => set({ expiring_within: e.target.value.replace(/\D/g, '').slice(0, 3) })}
        />
        <TextField label="Next bill from" type="date" value={filters.next_bill_from ?? ''} onChange={(e) => set({ next_bill_from: e.target.value })} />
        <TextField label="Next bill to" type="date" value={filters.next_bill_to ?? ''} onChange={(e) => set({ next_bill_to: e.target.value })} />
        <div className="flex items-end justify-end">
          <ExportActions endpoint={exportEndpoint} params={{ id: businessId }} query={exportQuery as never} />
        </div>
      </div>

      {search.isError && !search.data ? (
        <LoadError className="mt-8" error={search.error} fallback={MESSAGES.failedToFetchMembershipItems} onRetry={() => void search.refetch()} />
      ) : (
        <>
          <SavedDataTable
            className="mt-6"
            businessId={businessId}
            name="memberships"
            title="Memberships"
            caption={`Memberships (${search.data ? search.data.memberships.length.toLocaleString('en-US') : '…'})`}
            showCaption
            columns={columns}
            rows={search.data?.memberships}
            loading={search.isFetching}
            getRowId={(m) => m.id}
            rowLabel={(m) => `${m.member.name}’s membership`}
            empty="No membership matches these filters."
            virtualizeFrom={200}
            maxHeight="70vh"
          />
          {search.data?.more ? <p className="mt-2 text-sm text-slate-600">Only the first {LIST_LIMIT.toLocaleString('en-US')} are listed; the export has them all.</p> : null}
        </>
      )}

      {openId ? <MembershipDetail businessId={businessId} membershipId={openId} money={display.money} timezone={display.timezone} onClose={() => set({ membership: '' })} /> : null}
    </div>
  );
}
