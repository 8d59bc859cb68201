import { CLIENT_FIGURES, CLIENT_PAGE_SIZE, type ClientRow, type ClientSort, endpoints, MESSAGES } from '@salondesk/core';
import { useClientList, useClientTags, useSegments, useTableSettings } from '@salondesk/react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import { patchSearchParams } from '../../../app/patchSearchParams';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { usePhoneFormat } from '../../../app/usePhoneFormat';
import { Button } from '../../../ui/Button';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectField } from '../../../ui/SelectField';
import { TagChips } from '../../../ui/TagChips';
import { TextField } from '../../../ui/TextField';
import { TagManager } from '../TagManager';
import { useBusinessId } from '../../../app/useBusinessId';

const exportEndpoint = endpoints.clientExports.clients;
const TABLE = 'clients';
const TYPING_PAUSE_MS = 250;
/** The table's columns the server sorts by, and its order for each. */
const SORTS: Record<string, ClientSort> = { name: 'name', last_visit: 'last_visit', visits: 'visits', spend: 'spend', created: 'created' };

/** The filters as the URL keeps them (`?q=ana&visits_min=3&tags=4,7`). */
function filtersOf(params: URLSearchParams) {
  const n = (key: string) => {
    const raw = params.get(key);
    return raw !== null && /^\d{1,12}$/.test(raw) ? Number(raw) : undefined;
  };
  const day = (key: string) => {
    const raw = params.get(key);
    return raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined;
  };
  const tags = params.get('tags');
  return {
    q: params.get('q') ?? '',
    last_visit_from: day('last_visit_from'),
    last_visit_to: day('last_visit_to'),
    never_visited: params.get('never_visited') === 'true' ? 'true' : undefined,
    visits_min: n('visits_min'),
    visits_max: n('visits_max'),
    spend_min: n('spend_min'),
    spend_max: n('spend_max'),
    tags: tags && /^\d+(,\d+)*$/.test(tags) ? tags : undefined,
    tag_match: params.get('tag_match') === 'all' ? 'all' : undefined,
    segment: n('segment'),
  };
}

/** Whole currency units typed in a filter, in cents for the server (`150` → 15000). */
const unitsToCents = (typed: string): string => (/^\d{1,9}$/.test(typed) ? String(Number(typed) * 100) : '');

/**
 * `/{businessId}/clients`: the location's clients, found by name, phone in any format or email;
 * filtered by last visit, visits, spend, tags or a segment; sorted by the server (the person's
 * sorting is saved with the table); a page at a time; exported as filtered. A name opens the profile.
 */
export function Component() {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const phone = usePhoneFormat(businessId);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(filters.q);
  useEffect(() => setTyped(filters.q), [filters.q]);
  useEffect(() => {
    if (typed === filters.q) return;
    const timer = setTimeout(() => setParams(patchSearchParams(params, { q: typed.trim(), page: '' }), { replace: true }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, filters.q, params, setParams]);
  const set = (patch: Record<string, string>) => setParams(patchSearchParams(params, { page: '', ...patch }), { replace: true });

  const table = useTableSettings(businessId, TABLE, { title: 'Clients' });
  const sorted = table.settings.sorting?.[0];
  const order = sorted && SORTS[sorted.id] ? { sort: SORTS[sorted.id] as ClientSort, dir: sorted.desc ? 'desc' : 'asc' } : { sort: 'name' as ClientSort, dir: 'asc' };
  const query = { ...filters, ...order, page, page_size: CLIENT_PAGE_SIZE };
  const list = useClientList(businessId, query, !table.isLoading);
  const tags = useClientTags(businessId);
  const segments = useSegments(businessId);
  const [managingTags, setManagingTags] = useState(false);
  const chosenTags = new Set((filters.tags ?? '').split(',').filter(Boolean).map(Number));
  const { page: _p, page_size: _s, ...exportQuery } = query;

  const columns = useMemo<DataColumn<ClientRow>[]>(
    () => [
      {
        id: 'name',
        header: 'Client',
        value: (c) => c.name,
        priority: 'always',
        size: 200,
        cell: (c) => (
          <Link to={`/${businessId}/clients/${c.id}`} className="max-w-full truncate font-medium text-brand-700 hover:underline">
            {c.name}
          </Link>
        ),
      },
      { id: 'phone', header: 'Phone', value: (c) => c.phone, cell: (c) => (c.phone ? phone(c.phone) : '—'), sortable: false, priority: 2, size: 150 },
      { id: 'email', header: 'Email', value: (c) => c.email ?? '', sortable: false, priority: 6, size: 220 },
      { id: 'tags', header: 'Tags', value: (c) => c.tags.map((t) => t.name).join(', '), cell: (c) => <TagChips tags={c.tags} />, sortable: false, priority: 5, size: 200 },
      { id: 'last_visit', header: CLIENT_FIGURES.lastVisit.label, meaning: CLIENT_FIGURES.lastVisit.meaning, value: (c) => c.last_visit ?? '', cell: (c) => c.last_visit ?? 'Never', priority: 1, size: 120 },
      { id: 'visits', header: CLIENT_FIGURES.visits.label, meaning: CLIENT_FIGURES.visits.meaning, value: (c) => c.visits, align: 'end', priority: 3, size: 90 },
      { id: 'spend', header: CLIENT_FIGURES.spend.label, meaning: CLIENT_FIGURES.spend.meaning, value: (c) => c.spend, cell: (c) => display.money(c.spend), align: 'end', priority: 'always', size: 120 },
      { id: 'last_staff', header: CLIENT_FIGURES.lastStaff.label, meaning: CLIENT_FIGURES.lastStaff.meaning, value: (c) => c.last_staff ?? '', sortable: false, priority: 7, size: 150 },
      { id: 'created', header: 'Added', value: (c) => c.created_at, cell: (c) => c.created_at.slice(0, 10), priority: 8, size: 110 },
    ],
    [businessId, display, phone],
  );
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CLIENT_PAGE_SIZE));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={exportEndpoint.title} businessId={businessId} />
      <PageHeader
        className="print:hidden"
        eyebrow="Customers"
        title="Clients"
        description="Every client of this location with their visits and spend. Search by name, phone (in any format) or email; open a client for their history."
        actions={
          <Button variant="secondary" onClick={() => setManagingTags(true)}>
            Manage tags
          </Button>
        }
      />
      <div className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 print:hidden">
        <TextField label="Search" type="search" value={typed} maxLength={100} placeholder="Name, phone or email" onChange={(e) => setTyped(e.target.value)} />
        <TextField label="Last visit from" type="date" value={filters.last_visit_from ?? ''} onChange={(e) => set({ last_visit_from: e.target.value })} />
        <TextField label="Last visit to" type="date" value={filters.last_visit_to ?? ''} onChange={(e) => set({ last_visit_to: e.target.value })} />
        <SelectField
          label="Segment"
          value={filters.segment === undefined ? '' : String(filters.segment)}
          onChange={(e) => set({ segment: e.target.value })}
          options={[{ value: '', label: 'Every client' }, ...(segments.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))]}
        />
        <TextField label="Visits at least" inputMode="numeric" value={filters.visits_min === undefined ? '' : String(filters.visits_min)} onChange={(e) => set({ visits_min: e.target.value.replace(/\D/g, '').slice(0, 6) })} />
        <TextField label="Visits at most" inputMode="numeric" value={filters.visits_max === undefined ? '' : String(filters.visits_max)} onChange={(e) => set({ visits_max: e.target.value.replace(/\D/g, '').slice(0, 6) })} />
        <TextField
          label={`Spend at least (${display.symbol})`}
          inputMode="numeric"
          value={filters.spend_min === undefined ? '' : String(filters.spend_min / 100)}
          onChange={(e) => set({ spend_min: unitsToCents(e.target.value.replace(/\D/g, '')) })}
        />
        <TextField
          label={`Spend at most (${display.symbol})`}
          inputMode="numeric"
          value={filters.spend_max === undefined ? '' : String(filters.spend_max / 100)}
          onChange={(e) => set({ spend_max: unitsToCents(e.target.value.replace(/\D/g, '')) })}
        />
      </div>
      {(tags.data ?? []).length > 0 ? (
        <fieldset className="mt-4 print:hidden">
          <legend className="text-sm font-medium text-slate-700">Tags</legend>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            {(tags.data ?? []).map((t) => {
              const on = chosenTags.has(t.id);
              return (
                <Button
                  key={t.id}
                  size="sm"
                  variant={on ? 'primary' : 'secondary'}
                  aria-pressed={on}
                  onClick={() => {
                    const next = new Set(chosenTags);
                    if (on) next.delete(t.id);
                    else next.add(t.id);
                    set({ tags: [...next].join(',') });
                  }}
                >
                  {t.name} ({t.clients})
                </Button>
              );
            })}
            <SelectField
              label="Match"
              value={filters.tag_match ?? 'any'}
              onChange={(e) => set({ tag_match: e.target.value === 'all' ? 'all' : '' })}
              options={[
                { value: 'any', label: 'Any of these tags' },
                { value: 'all', label: 'All of these tags' },
              ]}
            />
          </div>
        </fieldset>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div className="flex items-center gap-2">
          <Button variant={filters.never_visited ? 'primary' : 'secondary'} size="sm" aria-pressed={Boolean(filters.never_visited)} onClick={() => set({ never_visited: filters.never_visited ? '' : 'true' })}>
            Never visited
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
            Clear filters
          </Button>
        </div>
        <ExportActions endpoint={exportEndpoint} params={{ id: businessId }} query={Object.fromEntries(Object.entries(exportQuery).filter(([, v]) => v !== undefined && v !== '')) as never} />
      </div>

      {list.isError && !list.data ? (
        <LoadError className="mt-8" error={list.error} fallback={MESSAGES.failedToFetchClients} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <DataTable
            className="mt-4"
            caption={`Clients (${list.data ? total.toLocaleString('en-US') : '…'})`}
            showCaption
            columns={columns}
            rows={table.isLoading ? undefined : list.data?.rows}
            loading={list.isFetching}
            manualSorting
            settings={table.settings}
            onSettingsChange={table.onSettingsChange}
            getRowId={(c) => c.id}
            rowLabel={(c) => c.name}
            empty={filters.q || Object.values(filters).some((v) => v !== undefined && v !== '') ? 'No client matches. Change the search or the filters.' : 'No clients yet. Clients appear here after their first ticket.'}
          />
          {list.data && total > CLIENT_PAGE_SIZE ? (
            <nav className="mt-3 flex items-center justify-between gap-3 text-sm text-slate-600 print:hidden" aria-label="Pages">
              <span aria-live="polite">
                Page {page} of {pages.toLocaleString('en-US')}
              </span>
              <span className="flex gap-2">
                <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setParams(patchSearchParams(params, { page: page - 1 > 1 ? String(page - 1) : '' }), { replace: true })}>
                  Previous
                </Button>
                <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setParams(patchSearchParams(params, { page: String(page + 1) }), { replace: true })}>
                  Next
                </Button>
              </span>
            </nav>
          ) : null}
        </>
      )}
      {managingTags ? <TagManager businessId={businessId} onClose={() => setManagingTags(false)} /> : null}
    </div>
  );
}

