import { CLIENT_FIGURES, CLIENT_NOTES_MAX, type ClientProfile, MESSAGES, updateClientBody, userCan } from '@salondesk/core';
import {
  useClientPersonalData,
  useClientProfile,
  useClientTags,
  useClientVisits,
  useCustomerWaiverSignatures,
  useEraseClient,
  useLoyalty,
  useSession,
  useSetClientTags,
  useUpdateClient,
} from '@salondesk/react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadError } from '../../../app/LoadError';
import { saveFile } from '../../../app/saveFile';
import { TicketLink } from '../../../app/TicketLink';
import { toasts } from '../../../app/toasts';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { usePhoneFormat } from '../../../app/usePhoneFormat';
import { Button } from '../../../ui/Button';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { FigureLabel } from '../../../ui/FigureLabel';
import { Modal } from '../../../ui/Modal';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { StatusBadge } from '../../../ui/StatusBadge';
import { TagChips } from '../../../ui/TagChips';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';
import { MergeDialog } from './MergeDialog';

type Visit = NonNullable<ReturnType<typeof useClientVisits>['data']>['rows'][number];

/**
 * `/{businessId}/clients/{clientId}`: one client — contact (edited in place), figures from their
 * tickets, tags, notes, visit history with each ticket's lines, loyalty, cards and memberships,
 * waivers signed (the version each signed), and the data actions: merge duplicates, export the
 * personal data, erase it (after typing confirmation).
 */
export function Component() {
  const params = useParams();
  const businessId = Number(params.businessId);
  const clientId = Number(params.clientId);
  const profile = useClientProfile(businessId, clientId);

  if (profile.isError) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <LoadError error={profile.error} fallback={MESSAGES.failedToFetchClients} onRetry={() => void profile.refetch()} />
      </div>
    );
  }
  if (!profile.data) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6" aria-busy="true">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="mt-6 h-40 w-full" />
      </div>
    );
  }
  return <Profile businessId={businessId} client={profile.data} />;
}

function Profile({ businessId, client }: { businessId: number; client: ClientProfile }) {
  const display = useBusinessDisplay(businessId);
  const phone = usePhoneFormat(businessId);
  const user = useSession().session?.user;
  const canSeeTickets = user ? userCan(user, 'reporting.transactionreport') : false;
  const readOnly = client.erased_at !== null || client.merged_into_id !== null;
  const [merging, setMerging] = useState(false);
  const [erasing, setErasing] = useState(false);
  const exportData = useClientPersonalData(businessId, client.id);

  const figures = [
    { key: 'visits', value: client.visits.toLocaleString('en-US') },
    { key: 'spend', value: display.money(client.spend) },
    { key: 'averageSpend', value: display.money(client.average_spend) },
    { key: 'refunds', value: display.money(client.refunds) },
    { key: 'firstVisit', value: client.first_visit ?? 'Never' },
    { key: 'lastVisit', value: client.last_visit ?? 'Never' },
    { key: 'lastStaff', value: client.last_staff ?? '—' },
  ] as const;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <Link to={`/${businessId}/clients`} className="text-sm font-medium text-brand-700 hover:underline">
        ← All clients
      </Link>
      <PageHeader
        className="mt-2"
        eyebrow="Client"
        title={client.name}
        description={`${client.location} · client #${client.id}${client.created_at ? ` · added ${client.created_at.slice(0, 10)}` : ''}`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              loading={exportData.isPending}
              onClick={() =>
                exportData.mutate(undefined, {
                  onSuccess: (data) => saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), `client-${client.id}-personal-data.json`),
                  onError: (e) => toasts.error(e.message || MESSAGES.failedToExportClient),
                })
              }
            >
              Export personal data
            </Button>
            {readOnly ? null : (
              <>
                <Button variant="secondary" onClick={() => setMerging(true)}>
                  Merge duplicates
                </Button>
                <Button variant="danger" onClick={() => setErasing(true)}>
                  Erase personal data
                </Button>
              </>
            )}
          </div>
        }
      />
      {client.merged_into_id !== null ? (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {MESSAGES.clientMergedReadOnly}{' '}
          <Link className="font-medium underline" to={`/${businessId}/clients/${client.merged_into_id}`}>
            Open that client
          </Link>
        </p>
      ) : null}
      {client.erased_at !== null ? (
        <p role="status" className="mt-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          This client’s personal data was erased on {client.erased_at.slice(0, 10)}. Their tickets are kept without it.
        </p>
      ) : null}

      <section aria-label="Figures" className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((f) => (
          <div key={f.key} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <FigureLabel label={CLIENT_FIGURES[f.key].label} meaning={CLIENT_FIGURES[f.key].meaning} className="text-sm text-slate-600" />
            <p className="mt-1 text-lg font-semibold text-slate-900" data-figure={f.key}>
              {f.value}
            </p>
          </div>
        ))}
        <Loyalty businessId={businessId} clientId={client.id} enabled={canSeeTickets} points={client.loyalty_points} />
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ContactCard businessId={businessId} client={client} readOnly={readOnly} phone={phone} />
        <div className="flex flex-col gap-6">
          <TagsCard businessId={businessId} client={client} readOnly={readOnly} />
          <NotesCard businessId={businessId} client={client} readOnly={readOnly} />
        </div>
      </div>

      <Visits businessId={businessId} clientId={client.id} money={display.money} canSeeTickets={canSeeTickets} />

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="cards-heading">
          <h2 id="cards-heading" className="text-base font-semibold text-slate-900">
            Gift cards and prepaid
          </h2>
          {client.cards.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No cards.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 text-sm">
              {client.cards.map((c) => (
                <li key={c.id} className="flex justify-between gap-3 py-2">
                  <span>
                    {c.kind === 'giftcard' ? 'Gift card' : 'Prepaid'} •••• {c.last4} <span className="text-slate-500">({c.location})</span>
                  </span>
                  <span className="font-medium tabular-nums">{display.money(c.balance)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="memberships-heading">
          <h2 id="memberships-heading" className="text-base font-semibold text-slate-900">
            Memberships
          </h2>
          {client.memberships.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No memberships.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 text-sm">
              {client.memberships.map((m) => (
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
      </div>

      <Waivers businessId={businessId} clientId={client.id} />

      {merging ? <MergeDialog businessId={businessId} client={client} onClose={() => setMerging(false)} /> : null}
      {erasing ? <EraseDialog businessId={businessId} client={client} onClose={() => setErasing(false)} /> : null}
    </div>
  );
}

function Loyalty({ businessId, clientId, enabled, points }: { businessId: number; clientId: number; enabled: boolean; points: number }) {
  const loyalty = useLoyalty(businessId, enabled ? clientId : null);
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <p className="text-sm text-slate-600">Loyalty</p>
      <p className="mt-1 text-lg font-semibold text-slate-900" data-figure="loyalty">
        {(loyalty.data?.points ?? points).toLocaleString('en-US')} points
      </p>
      {loyalty.data ? (
        <p className="text-xs text-slate-600">
          {loyalty.data.rewards > 0 ? `${loyalty.data.rewards} reward${loyalty.data.rewards === 1 ? '' : 's'} earned · ` : ''}
          {loyalty.data.percent}% to the next
        </p>
      ) : null}
    </div>
  );
}

function ContactCard({ businessId, client, readOnly, phone }: { businessId: number; client: ClientProfile; readOnly: boolean; phone: (p: string) => string }) {
  const update = useUpdateClient(businessId, client.id);
  const initial = { firstname: client.firstname ?? '', lastname: client.lastname ?? '', phone: client.phone, email: client.email ?? '', birthday: client.birthday ?? '' };
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved client changes
  useEffect(() => setForm(initial), [client]);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const save = () => {
    const body = {
      firstname: form.firstname.trim() || null,
      lastname: form.lastname.trim() || null,
      phone: form.phone,
      email: form.email.trim() || null,
      birthday: form.birthday || null,
    };
    const checked = updateClientBody.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    update.mutate(body, { onSuccess: () => toasts.success(MESSAGES.updatedSuccessfully), onError: (e) => toasts.error(e.message || MESSAGES.failedToUpdateBang) });
  };
  if (readOnly) {
    return (
      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="contact-heading">
        <h2 id="contact-heading" className="text-base font-semibold text-slate-900">
          Contact
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Phone</dt>
          <dd>{client.phone ? phone(client.phone) : '—'}</dd>
          <dt className="text-slate-600">Email</dt>
          <dd>{client.email ?? '—'}</dd>
          <dt className="text-slate-600">Birthday</dt>
          <dd>{client.birthday ?? '—'}</dd>
        </dl>
      </section>
    );
  }
  return (
    <form
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-labelledby="contact-heading"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <h2 id="contact-heading" className="text-base font-semibold text-slate-900">
        Contact
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField label="First name" value={form.firstname} maxLength={100} error={errors.firstname} onChange={(e) => setForm({ ...form, firstname: e.target.value })} />
        <TextField label="Last name" value={form.lastname} maxLength={100} error={errors.lastname} onChange={(e) => setForm({ ...form, lastname: e.target.value })} />
        <TextField label="Phone" type="tel" value={form.phone} maxLength={40} error={errors.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} />
        <TextField label="Email" type="email" value={form.email} maxLength={254} error={errors.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        <TextField label="Birthday" type="date" value={form.birthday} error={errors.birthday} onChange={(e) => setForm({ ...form, birthday: e.target.value })} />
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="ghost" disabled={!dirty || update.isPending} onClick={() => setForm(initial)}>
          Undo changes
        </Button>
        <Button type="submit" disabled={!dirty} loading={update.isPending}>
          Save contact
        </Button>
      </div>
    </form>
  );
}

function TagsCard({ businessId, client, readOnly }: { businessId: number; client: ClientProfile; readOnly: boolean }) {
  const tags = useClientTags(businessId);
  const setTags = useSetClientTags(businessId, client.id);
  const ids = client.tags.map((t) => t.id);
  const available = (tags.data ?? []).filter((t) => !ids.includes(t.id));
  const apply = (next: number[]) => setTags.mutate(next, { onError: (e) => toasts.error(e.message || MESSAGES.failedToUpdateBang) });
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="tags-heading">
      <h2 id="tags-heading" className="text-base font-semibold text-slate-900">
        Tags
      </h2>
      {client.tags.length === 0 ? <p className="mt-2 text-sm text-slate-600">No tags.</p> : null}
      <TagChips className="mt-2" tags={client.tags} onRemove={readOnly ? undefined : (t) => apply(ids.filter((id) => id !== t.id))} />
      {readOnly ? null : (
        <SelectField
          className="mt-3"
          label="Add a tag"
          value=""
          disabled={setTags.isPending || available.length === 0}
          onChange={(e) => e.target.value && apply([...ids, Number(e.target.value)])}
          options={[{ value: '', label: available.length === 0 ? 'No other tags (manage them in the client list)' : 'Choose a tag' }, ...available.map((t) => ({ value: String(t.id), label: t.name }))]}
        />
      )}
    </section>
  );
}

function NotesCard({ businessId, client, readOnly }: { businessId: number; client: ClientProfile; readOnly: boolean }) {
  const update = useUpdateClient(businessId, client.id);
  const [notes, setNotes] = useState(client.notes);
  useEffect(() => setNotes(client.notes), [client.notes]);
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="notes-heading">
      <h2 id="notes-heading" className="text-base font-semibold text-slate-900">
        Notes
      </h2>
      <TextAreaField
        className="mt-2"
        label="Notes about the client"
        value={notes}
        rows={4}
        maxLength={CLIENT_NOTES_MAX}
        disabled={readOnly}
        hint={`${notes.length.toLocaleString('en-US')} of ${CLIENT_NOTES_MAX.toLocaleString('en-US')} characters`}
        onChange={(e) => setNotes(e.target.value)}
      />
      {readOnly ? null : (
        <div className="mt-3 flex justify-end">
          <Button
            disabled={notes === client.notes}
            loading={update.isPending}
            onClick={() => update.mutate({ notes }, { onSuccess: () => toasts.success(MESSAGES.updatedSuccessfully), onError: (e) => toasts.error(e.message || MESSAGES.failedToUpdateBang) })}
          >
            Save notes
          </Button>
        </div>
      )}
    </section>
  );
}

function Visits({ businessId, clientId, money, canSeeTickets }: { businessId: number; clientId: number; money: (cents: number) => string; canSeeTickets: boolean }) {
  const [page, setPage] = useState(1);
  const visits = useClientVisits(businessId, clientId, page);
  const pages = Math.max(1, Math.ceil((visits.data?.total ?? 0) / (visits.data?.page_size ?? 20)));
  const columns: DataColumn<Visit>[] = [
    { id: 'ticket', header: 'Ticket', value: (v) => v.ticket_id, cell: (v) => (canSeeTickets ? <TicketLink businessId={businessId} id={v.ticket_id} /> : `#${v.ticket_id}`), priority: 'always', size: 90 },
    { id: 'day', header: 'Day', value: (v) => v.day, priority: 'always', size: 110 },
    { id: 'items', header: 'Services and products', value: (v) => v.items.map((i) => i.name).join(', '), cell: (v) => v.items.map((i) => (i.quantity > 1 ? `${i.name} ×${i.quantity}` : i.name)).join(', ') || (v.completed ? '—' : v.status), priority: 1, size: 280 },
    { id: 'staff', header: 'Staff', value: (v) => v.staff ?? '', priority: 2, size: 140 },
    { id: 'total', header: 'Total', value: (v) => v.total, cell: (v) => (v.completed ? money(v.total) : '—'), align: 'end', priority: 'always', size: 110 },
    { id: 'tips', header: 'Tips', value: (v) => v.tips, cell: (v) => money(v.tips), align: 'end', priority: 3, size: 90 },
    { id: 'refunded', header: 'Refunded', value: (v) => v.refunded, cell: (v) => (v.refunded ? money(v.refunded) : '—'), align: 'end', priority: 4, size: 100 },
  ];
  return (
    <section className="mt-6" aria-label="Visit history">
      {visits.isError && !visits.data ? (
        <LoadError error={visits.error} fallback={MESSAGES.failedToFetchClients} onRetry={() => void visits.refetch()} />
      ) : (
        <DataTable
          caption={`Visit history (${visits.data ? `${visits.data.total.toLocaleString('en-US')} ticket${visits.data.total === 1 ? '' : 's'}` : '…'})`}
          showCaption
          columns={columns}
          rows={visits.data?.rows}
          loading={visits.isFetching}
          getRowId={(v) => v.ticket_id}
          rowLabel={(v) => `ticket #${v.ticket_id}`}
          empty="No tickets yet."
        />
      )}
      {pages > 1 ? (
        <nav className="mt-2 flex items-center justify-end gap-2 text-sm text-slate-600" aria-label="Visit pages">
          <span>
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

function Waivers({ businessId, clientId }: { businessId: number; clientId: number }) {
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

function EraseDialog({ businessId, client, onClose }: { businessId: number; client: ClientProfile; onClose: () => void }) {
  const erase = useEraseClient(businessId, client.id);
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim() === String(client.id);
  return (
    <Modal
      open
      role="alertdialog"
      onClose={onClose}
      title={`Erase ${client.name}’s personal data?`}
      description="Their name, phone, email, birthday, notes and tags are removed for good, and so are the names on their tickets, cards, memberships and appointments and the addresses and words of the campaign messages they were sent. The tickets and their money stay, anonymised; waivers they signed stay as signed (the business’s record of consent). This cannot be undone."
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Keep the data
          </Button>
          <Button
            variant="danger"
            disabled={!confirmed}
            loading={erase.isPending}
            onClick={() =>
              erase.mutate(undefined, {
                onSuccess: () => {
                  toasts.success(MESSAGES.clientErased);
                  onClose();
                  navigate(`/${businessId}/clients/${client.id}`, { replace: true });
                },
                onError: (e) => toasts.error(e.message || MESSAGES.failedToEraseClient),
              })
            }
          >
            Erase personal data
          </Button>
        </>
      }
    >
      <TextField label={`Type the client number, ${client.id}, to confirm`} inputMode="numeric" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
    </Modal>
  );
}
