import { CLIENT_FIGURES, type ClientProfile, MESSAGES, userCan } from '@salondesk/core';
import { useClientPersonalData, useClientProfile, useSession } from '@salondesk/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LoadError } from '../../../app/LoadError';
import { saveFile } from '../../../app/saveFile';
import { toasts } from '../../../app/toasts';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useBusinessId } from '../../../app/useBusinessId';
import { usePhoneFormat } from '../../../app/usePhoneFormat';
import { Button } from '../../../ui/Button';
import { FigureLabel } from '../../../ui/FigureLabel';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { ContactCard } from './ContactCard';
import { EraseDialog } from './EraseDialog';
import { Loyalty } from './Loyalty';
import { Memberships } from './Memberships';
import { MergeDialog } from './MergeDialog';
import { NotesCard } from './NotesCard';
import { PrepaidCards } from './PrepaidCards';
import { SignedWaivers } from './SignedWaivers';
import { TagsCard } from './TagsCard';
import { Visits } from './Visits';

/**
 * `/{businessId}/clients/{clientId}`: one client — contact (edited in place), figures from their
 * tickets, tags, notes, visit history with each ticket's lines, loyalty, cards and memberships,
 * waivers signed (the version each signed), and the data actions: merge duplicates, export the
 * personal data, erase it (after typing confirmation).
 */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
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
        <PrepaidCards cards={client.cards} money={display.money} />
        <Memberships memberships={client.memberships} />
      </div>

      <SignedWaivers businessId={businessId} clientId={client.id} />

      {merging ? <MergeDialog businessId={businessId} client={client} onClose={() => setMerging(false)} /> : null}
      {erasing ? <EraseDialog businessId={businessId} client={client} onClose={() => setErasing(false)} /> : null}
    </div>
  );
}
