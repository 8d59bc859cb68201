import { bookingLinkQuery, MESSAGES, problemsByField, SHORT_LINK_KIND_LABEL, type ShortLink, shortenQuery, userCan } from '@salondesk/core';
import { useCatalogue, useEpayMutations, useSession, useShortLinks, useStaffList } from '@salondesk/react';
import { type FormEvent, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';
import { useBusinessId } from '../../../app/useBusinessId';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—');

const columns: DataColumn<ShortLink>[] = [
  {
    id: 'url',
    header: 'Short link',
    value: (l) => l.code,
    cell: (l) => (
      <a className="font-mono text-indigo-700 hover:underline" href={l.url} target="_blank" rel="noreferrer">
        {l.url.replace(/^https?:\/\//, '')}
      </a>
    ),
    size: 240,
  },
  { id: 'visits', header: 'Visits', value: (l) => l.visits, align: 'end', size: 90, priority: 'always' },
  { id: 'target', header: 'Leads to', value: (l) => l.target, cell: (l) => <span className="break-all">{l.target}</span>, size: 320, priority: 1 },
  { id: 'kind', header: 'Kind', value: (l) => SHORT_LINK_KIND_LABEL[l.kind], size: 120, priority: 3 },
  { id: 'service', header: 'Service', value: (l) => l.service?.name ?? '', cell: (l) => l.service?.name ?? '—', size: 160, priority: 4 },
  { id: 'staff', header: 'Staff', value: (l) => l.staff?.display_name ?? '', cell: (l) => l.staff?.display_name ?? '—', size: 140, priority: 5 },
  { id: 'source', header: 'Source', value: (l) => l.source ?? '', cell: (l) => l.source ?? '—', size: 110, priority: 6 },
  { id: 'created', header: 'Created', value: (l) => l.created_at, cell: (l) => when(l.created_at), size: 170, priority: 2 },
  { id: 'last', header: 'Last visit', value: (l) => l.last_visited_at ?? '', cell: (l) => when(l.last_visited_at), size: 170, priority: 7 },
];

/** `/{businessId}/settings/short-links`: the location's short links with their visits; shorten an address, make a booking link. */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const mayEdit = user !== undefined && userCan(user, 'setting.editsetting');
  const links = useShortLinks(businessId);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow="Settings"
        title="Short links"
        description="Short addresses to share; each visit is counted. They lead to this location's booking page or to its allowed domains."
        actions={
          <Link to={`/${businessId}/settings/epay`} className="rounded-lg px-3 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50">
            Epay and domains
          </Link>
        }
      />
      {mayEdit ? (
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <ShortenForm businessId={businessId} />
          <BookingLinkForm businessId={businessId} />
        </div>
      ) : null}
      <div className="mt-6">
        {links.isError ? (
          <LoadError error={links.error} fallback={MESSAGES.failedToFetchShortLinks} onRetry={() => void links.refetch()} />
        ) : !links.data ? (
          <div aria-busy="true">
            <p role="status" className="sr-only">
              Loading the short links
            </p>
            <Skeleton className="h-40 w-full" />
          </div>
        ) : links.data.links.length === 0 ? (
          <EmptyState title="No short links yet" description="Shorten an address on your allowed domains, or make a booking link for a service and staff member." />
        ) : (
          <SavedDataTable businessId={businessId} name="short-links" title="Short links" caption="Short links" columns={columns} rows={links.data.links} getRowId={(l) => l.id} rowLabel={(l) => l.code} />
        )}
      </div>
    </div>
  );
}

function ShortenForm({ businessId }: { businessId: number }) {
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { shorten } = useEpayMutations(businessId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = shortenQuery.safeParse({ url });
    if (!checked.success) return setProblem(problemsByField(checked.error.issues).url ?? MESSAGES.invalidRequest);
    setProblem(null);
    shorten.mutate(checked.data.url, {
      onSuccess: (link) => {
        setUrl('');
        toasts.success(`Short link ready: ${link.url}`);
      },
      // The server names what is wrong with the address (not http(s), not on the allowed domains).
      onError: (error) => setProblem(error.message),
    });
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby="shorten-title" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="shorten-title" className="text-base font-semibold text-slate-900">
        Shorten an address
      </h2>
      <div className="mt-4">
        <TextField label="Address" type="url" placeholder="https://luxe.example/offers" value={url} error={problem} onChange={(e) => setUrl(e.target.value)} hint="On one of the allowed domains." />
      </div>
      <div className="mt-4 flex justify-end">
        <Button type="submit" loading={shorten.isPending} disabled={url.trim() === ''}>
          Shorten
        </Button>
      </div>
    </form>
  );
}

function BookingLinkForm({ businessId }: { businessId: number }) {
  const catalogue = useCatalogue(businessId, 'current');
  const staff = useStaffList(businessId);
  const [form, setForm] = useState({ tid: '', rid: '', gzsrc: '' });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { bookingLink } = useEpayMutations(businessId);
  const services = useMemo(() => (catalogue.data ?? []).flatMap((c) => c.services.filter((s) => s.deleted_at === null).map((s) => ({ value: String(s.id), label: `${s.name} (${c.name})` }))), [catalogue.data]);
  const members = useMemo(() => (staff.data ?? []).filter((m) => m.status === 'ACTIVE').map((m) => ({ value: String(m.id), label: m.display_name })), [staff.data]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = { tid: Number(form.tid), rid: Number(form.rid), ...(form.gzsrc.trim() ? { gzsrc: form.gzsrc.trim() } : {}) };
    const checked = bookingLinkQuery.safeParse(query);
    if (!checked.success) return setProblems(problemsByField(checked.error.issues));
    setProblems({});
    bookingLink.mutate(checked.data, {
      onSuccess: (link) => toasts.success(`Booking link ready: ${link.url}`),
      onError: (error) => toasts.error(error.message),
    });
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby="booking-link-title" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="booking-link-title" className="text-base font-semibold text-slate-900">
        Booking link
      </h2>
      <div className="mt-4 space-y-3">
        <SelectField label="Service" options={[{ value: '', label: 'Choose a service' }, ...services]} value={form.tid} error={problems.tid ? 'Choose a service' : null} onChange={(e) => setForm((f) => ({ ...f, tid: e.target.value }))} />
        <SelectField label="Staff member" options={[{ value: '', label: 'Choose a staff member' }, ...members]} value={form.rid} error={problems.rid ? 'Choose a staff member' : null} onChange={(e) => setForm((f) => ({ ...f, rid: e.target.value }))} />
        <TextField label="Source (optional)" placeholder="instagram" value={form.gzsrc} error={problems.gzsrc ?? null} onChange={(e) => setForm((f) => ({ ...f, gzsrc: e.target.value }))} hint="Where the link is shared, kept with each booking." />
      </div>
      <div className="mt-4 flex justify-end">
        <Button type="submit" loading={bookingLink.isPending}>
          Make booking link
        </Button>
      </div>
    </form>
  );
}
