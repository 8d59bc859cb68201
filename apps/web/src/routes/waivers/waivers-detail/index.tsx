import { formatInstantIn, MESSAGES, type Waiver, WAIVER_TEMPLATE_MAX, waiverTemplate } from '@salondesk/core';
import { useCan, useWaiverChanges, useWaivers } from '@salondesk/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../../app/ButtonLink';
import { LoadError } from '../../../app/LoadError';
import { toasts } from '../../../app/toasts';
import { useBusinessId } from '../../../app/useBusinessId';
import { useUnsavedChangesGuard } from '../../../app/useUnsavedChanges';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Modal } from '../../../ui/Modal';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { TextAreaField } from '../../../ui/TextAreaField';
import { CopyDialog } from './CopyDialog';
import { DeleteWaiverDialog } from './DeleteWaiverDialog';
import { RenameDialog } from './RenameDialog';
import { SigningLink } from './SigningLink';
import { VersionHistory } from './VersionHistory';
import { WaiverAssignment } from './WaiverAssignment';

/**
 * `/{businessId}/waivers/{waiverId}`: one waiver — its current text (editing publishes a new
 * version; published versions never change), the version history, the services and categories
 * that need it, a signing link for a client, rename, copy to other locations, delete.
 */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
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

      <WaiverAssignment businessId={businessId} waiver={waiver} mayEdit={mayEdit} />
      <SigningLink businessId={businessId} waiver={waiver} />
      <VersionHistory businessId={businessId} waiverId={waiver.id} />

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
      <DeleteWaiverDialog open={confirm === 'delete'} businessId={businessId} waiver={waiver} onClose={() => setConfirm(null)} />
      {confirm === 'rename' ? <RenameDialog businessId={businessId} waiver={waiver} onClose={() => setConfirm(null)} /> : null}
      {confirm === 'copy' ? <CopyDialog businessId={businessId} waiver={waiver} onClose={() => setConfirm(null)} /> : null}
    </div>
  );
}
