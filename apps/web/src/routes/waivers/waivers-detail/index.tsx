import { formatInstantIn, MESSAGES, type Waiver, WAIVER_NAME_MAX, WAIVER_TEMPLATE_MAX, waiverTemplate } from '@salondesk/core';
import { useCan, useCatalogue, useSession, useWaiverChanges, useWaivers, useWaiverVersions } from '@salondesk/react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ButtonLink } from '../../../app/ButtonLink';
import { LoadError } from '../../../app/LoadError';
import { toasts } from '../../../app/toasts';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useUnsavedChangesGuard } from '../../../app/useUnsavedChanges';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Modal } from '../../../ui/Modal';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';
import { ClientPicker } from '../../../app/ClientPicker';
import type { SearchSelectOption } from '../../../ui/SearchSelect';

/**
 * `/{businessId}/waivers/{waiverId}`: one waiver — its current text (editing publishes a new
 * version; published versions never change), the version history, the services and categories
 * that need it, a signing link for a client, rename, copy to other locations, delete.
 */
export function Component() {
  const params = useParams();
  const businessId = Number(params.businessId);
  const waiverId = Number(params.waiverId);
  const waivers = useWaivers(businessId);
  const waiver = waivers.data?.waivers.find((w) => w.id === waiverId);
  if (waivers.isError) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <LoadError error={waivers.error} fallback={MESSAGES.failedToFetchWaivers} onRetry={() => void waivers.refetch()} />
      </div>
    );
  }
  if (!waivers.data) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6" aria-busy="true">
        <p role="status" className="sr-only">
          Loading the waiver
        </p>
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (!waiver) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <EmptyState headingLevel={1} title="No such waiver" description={MESSAGES.waiverNotFound} actions={<ButtonLink to={`/${businessId}/waivers`}>All waivers</ButtonLink>} />
      </div>
    );
  }
  return <WaiverDetail key={waiver.id} businessId={businessId} waiver={waiver} />;
}

function WaiverDetail({ businessId, waiver }: { businessId: number; waiver: Waiver }) {
  const mayEdit = useCan('setting.editsetting');
  const changes = useWaiverChanges(businessId);
  const navigate = useNavigate();
  const [text, setText] = useState(waiver.template);
  const [base, setBase] = useState(waiver.version_id);
  const [confirm, setConfirm] = useState<'publish' | 'delete' | 'rename' | 'copy' | null>(null);
  const dirty = text !== waiver.template || base !== waiver.version_id;
  const guard = useUnsavedChangesGuard(text !== waiver.template);
  const problem = text === '' ? null : (waiverTemplate.safeParse(text).error?.issues[0]?.message ?? null);

  const publish = () =>
    changes.publish.mutate(
      { waiverId: waiver.id, template: text, baseVersionId: base },
      {
        onSuccess: (saved) => {
          setBase(saved.version_id);
          setText(saved.template);
          setConfirm(null);
          toasts.success(`${MESSAGES.waiverPublished}: version ${saved.version}`);
        },
        onError: (error) => {
          setConfirm(null);
          toasts.error(error.message);
        },
      },
    );

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      {guard}
      <PageHeader
        eyebrow="Waivers"
        title={waiver.name}
        description={`Version ${waiver.version}, published ${formatInstantIn(waiver.published_at, 'UTC')} · ${waiver.signatures} ${waiver.signatures === 1 ? 'signature' : 'signatures'}`}
        actions={
          <div className="flex flex-wrap gap-2">
            <ButtonLink variant="secondary" to={`/${businessId}/waivers`}>
              All waivers
            </ButtonLink>
            <ButtonLink variant="secondary" to={`/${businessId}/waivers/signatures?waiver=${waiver.id}`}>
              Signatures
            </ButtonLink>
            {mayEdit ? (
              <>
                <Button variant="secondary" onClick={() => setConfirm('rename')}>
                  Rename
                </Button>
                <Button variant="secondary" onClick={() => setConfirm('copy')}>
                  Copy to locations
                </Button>
                <Button variant="danger" onClick={() => setConfirm('delete')}>
                  Delete
                </Button>
              </>
            ) : null}
          </div>
        }
      />

      <section aria-labelledby="waiver-text" className="mt-8">
        <h2 id="waiver-text" className="text-lg font-semibold text-slate-900">
          Text of version {waiver.version}
        </h2>
        {mayEdit ? (
          <form
            className="mt-3 space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (!problem && dirty) setConfirm('publish');
            }}
          >
            <TextAreaField label="Waiver text" hint="Publishing makes the next version; the versions clients signed never change." rows={12} value={text} maxLength={WAIVER_TEMPLATE_MAX} error={problem} onChange={(e) => setText(e.target.value)} />
            <div className="flex gap-2">
              <Button type="submit" disabled={!dirty || problem !== null || text.trim() === ''}>
                Publish version {waiver.version + 1}
              </Button>
              <Button type="button" variant="ghost" disabled={!dirty} onClick={() => setText(waiver.template)}>
                Discard changes
              </Button>
            </div>
          </form>
        ) : (
          <p className="mt-3 whitespace-pre-wrap rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-800">{waiver.template}</p>
        )}
      </section>

      <Assignment businessId={businessId} waiver={waiver} mayEdit={mayEdit} />
      <SigningLink businessId={businessId} waiver={waiver} />
      <Versions businessId={businessId} waiverId={waiver.id} />

      <Modal
        open={confirm === 'publish'}
        onClose={() => setConfirm(null)}
        title={`Publish version ${waiver.version + 1}?`}
        description="Clients who sign from now on sign the new text. Signatures of earlier versions keep the text they signed."
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button onClick={publish} loading={changes.publish.isPending}>
              Publish
            </Button>
          </>
        }
      />
      <Modal
        open={confirm === 'delete'}
        role="alertdialog"
        onClose={() => setConfirm(null)}
        title={`Delete ${waiver.name}?`}
        description="It leaves the lists and its services and categories no longer need it. Its versions and the signatures already given are kept."
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={changes.remove.isPending}
              onClick={() =>
                changes.remove.mutate(waiver.id, {
                  onSuccess: () => {
                    toasts.success(MESSAGES.deletedSuccessfully);
                    navigate(`/${businessId}/waivers`);
                  },
                  onError: (error) => toasts.error(error.message),
                })
              }
            >
              Delete waiver
            </Button>
          </>
        }
      />
      {confirm === 'rename' ? <Rename businessId={businessId} waiver={waiver} onClose={() => setConfirm(null)} /> : null}
      {confirm === 'copy' ? <Copy businessId={businessId} waiver={waiver} onClose={() => setConfirm(null)} /> : null}
    </div>
  );
}

function Rename({ businessId, waiver, onClose }: { businessId: number; waiver: Waiver; onClose: () => void }) {
  const changes = useWaiverChanges(businessId);
  const [name, setName] = useState(waiver.name);
  const submit = () =>
    changes.rename.mutate(
      { waiverId: waiver.id, name },
      {
        onSuccess: () => {
          toasts.success(MESSAGES.updatedSuccessfully);
          onClose();
        },
        onError: (error) => toasts.error(error.message),
      },
    );
  return (
    <Modal
      open
      onClose={onClose}
      title="Rename waiver"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={changes.rename.isPending} disabled={name.trim() === ''}>
            Save
          </Button>
        </>
      }
    >
      <TextField label="Name" value={name} maxLength={WAIVER_NAME_MAX} onChange={(e) => setName(e.target.value)} />
    </Modal>
  );
}

function Copy({ businessId, waiver, onClose }: { businessId: number; waiver: Waiver; onClose: () => void }) {
  const changes = useWaiverChanges(businessId);
  const session = useSession();
  const here = session.session?.businesses.find((b) => b.id === businessId);
  const targets = (session.session?.businesses ?? []).filter((b) => here && b.network_id !== null && b.network_id === here.network_id);
  const [chosen, setChosen] = useState<number[]>([]);
  const submit = () =>
    changes.copy.mutate(
      { waiverId: waiver.id, businessIds: chosen },
      {
        onSuccess: (answer) => {
          toasts.success(`${MESSAGES.waiverCopied} (${answer.copies.length})`);
          onClose();
        },
        onError: (error) => toasts.error(error.message),
      },
    );
  return (
    <Modal
      open
      onClose={onClose}
      title={`Copy ${waiver.name}`}
      description="The current text becomes version 1 of a new waiver in each location chosen (here: a copy named “Copy of …”). Assign it to that location's services there."
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={changes.copy.isPending} disabled={chosen.length === 0}>
            Copy
          </Button>
        </>
      }
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Locations</legend>
        {targets.map((b) => (
          <label key={b.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={chosen.includes(b.id)} onChange={(e) => setChosen(e.target.checked ? [...chosen, b.id] : chosen.filter((id) => id !== b.id))} />
            {b.name}
            {b.id === businessId ? ' (this location)' : ''}
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}

function Assignment({ businessId, waiver, mayEdit }: { businessId: number; waiver: Waiver; mayEdit: boolean }) {
  const catalogue = useCatalogue(businessId, 'current');
  const waivers = useWaivers(businessId);
  const changes = useWaiverChanges(businessId);
  const categories = (catalogue.data ?? []).filter((c) => c.services.length > 0);
  const all = waivers.data?.waivers ?? [];
  // An update names every waiver the service or category needs: this one added or removed, the others kept.
  const withThis = (current: number[], on: boolean) => (on ? [...new Set([...current, waiver.id])] : current.filter((w) => w !== waiver.id));
  const ofService = (id: number) => all.filter((w) => w.services.includes(id)).map((w) => w.id);
  const ofCategory = (id: number) => all.filter((w) => w.categories.includes(id)).map((w) => w.id);
  const saved = () => toasts.success(MESSAGES.updatedSuccessfully);
  const failed = (error: Error) => toasts.error(error.message);
  const busy = !mayEdit || changes.assignCategory.isPending || changes.assignService.isPending;
  return (
    <section aria-labelledby="waiver-assignment" className="mt-10">
      <h2 id="waiver-assignment" className="text-lg font-semibold text-slate-900">
        Who must sign
      </h2>
      <p className="mt-1 text-sm text-slate-600">Clients booked for a chosen service, or any service of a chosen category, must sign the current version before their appointment.</p>
      {catalogue.isError ? (
        <LoadError className="mt-3" error={catalogue.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void catalogue.refetch()} />
      ) : !catalogue.data ? (
        <Skeleton className="mt-3 h-40 w-full" />
      ) : (
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {categories.map((category) => (
            <fieldset key={category.id} className="rounded-md border border-slate-200 bg-white p-3">
              <legend className="px-1 text-sm font-semibold text-slate-900">{category.name}</legend>
              <label className="flex items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  disabled={busy}
                  checked={waiver.categories.includes(category.id)}
                  onChange={(e) => changes.assignCategory.mutate({ categoryId: category.id, waiverIds: withThis(ofCategory(category.id), e.target.checked) }, { onSuccess: saved, onError: failed })}
                />
                Every service of {category.name}
              </label>
              <ul className="mt-2 space-y-1 pl-5">
                {category.services.map((service) => (
                  <li key={service.id}>
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        disabled={busy}
                        checked={waiver.services.includes(service.id)}
                        onChange={(e) => changes.assignService.mutate({ serviceId: service.id, waiverIds: withThis(ofService(service.id), e.target.checked) }, { onSuccess: saved, onError: failed })}
                      />
                      {service.name}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
        </div>
      )}
    </section>
  );
}

function SigningLink({ businessId, waiver }: { businessId: number; waiver: Waiver }) {
  const changes = useWaiverChanges(businessId);
  const waivers = useWaivers(businessId);
  const [client, setClient] = useState<SearchSelectOption | null>(null);
  const link = changes.link.data;
  const url = link ? `${window.location.origin}${link.path}` : '';
  return (
    <section aria-labelledby="waiver-link" className="mt-10">
      <h2 id="waiver-link" className="text-lg font-semibold text-slate-900">
        Signing link
      </h2>
      <p className="mt-1 text-sm text-slate-600">A link for one client to read and sign version {waiver.version} on their own device. The report lists the clients who must sign.</p>
      {waivers.data && !waivers.data.waiversEnabled ? <p className="mt-2 text-sm text-amber-700">{MESSAGES.waiversDisabled}</p> : null}
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (client) changes.link.mutate({ waiverId: waiver.id, customerId: client.id }, { onError: (error) => toasts.error(error.message) });
        }}
      >
        <ClientPicker businessId={businessId} value={client} onChange={setClient} className="w-72" />
        <Button type="submit" variant="secondary" disabled={client === null} loading={changes.link.isPending}>
          Make signing link
        </Button>
      </form>
      {link ? (
        <p className="mt-3 text-sm">
          <a className="break-all font-medium text-brand-700 hover:underline" href={url} target="_blank" rel="noreferrer">
            {url}
          </a>{' '}
          <span className="text-slate-600">(valid until {formatInstantIn(link.expires_at, 'UTC')})</span>
        </p>
      ) : null}
    </section>
  );
}

function Versions({ businessId, waiverId }: { businessId: number; waiverId: number }) {
  const versions = useWaiverVersions(businessId, waiverId);
  const display = useBusinessDisplay(businessId);
  return (
    <section aria-labelledby="waiver-versions" className="mt-10">
      <h2 id="waiver-versions" className="text-lg font-semibold text-slate-900">
        Version history
      </h2>
      {versions.isError ? (
        <LoadError className="mt-3" error={versions.error} fallback={MESSAGES.failedToFetchWaivers} onRetry={() => void versions.refetch()} />
      ) : !versions.data ? (
        <Skeleton className="mt-3 h-32 w-full" />
      ) : (
        <ol className="mt-3 space-y-3">
          {versions.data.versions.map((v) => (
            <li key={v.id} className="rounded-md border border-slate-200 bg-white p-4">
              <details>
                <summary className="cursor-pointer text-sm">
                  <span className="font-semibold">Version {v.version}</span> · published {formatInstantIn(v.published_at, display.timezone)}
                  {v.published_by ? ` by ${v.published_by}` : ''} · {v.signatures} {v.signatures === 1 ? 'signature' : 'signatures'}
                </summary>
                <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800">{v.template}</p>
                <p className="mt-2 break-all font-mono text-xs text-slate-500">SHA-256 {v.sha256}</p>
              </details>
            </li>
          ))}
        </ol>
      )}
      <p className="mt-3 text-sm">
        <Link className="text-brand-700 hover:underline" to={`/${businessId}/waivers/report`}>
          Who must sign
        </Link>
      </p>
    </section>
  );
}
