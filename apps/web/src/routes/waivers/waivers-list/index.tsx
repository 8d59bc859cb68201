import { formatInstantIn, MESSAGES, type Waiver, waiverCreate, waiverExports, WAIVER_NAME_MAX, WAIVER_TEMPLATE_MAX } from '@salondesk/core';
import { useCan, useWaiverChanges, useWaivers } from '@salondesk/react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { Modal } from '../../../ui/Modal';
import { PageHeader } from '../../../ui/PageHeader';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';
import { Toggle } from '../../../ui/Toggle';
import { WaiverTabs } from '../WaiverTabs';
import { useBusinessId } from '../../../app/useBusinessId';

/**
 * `/{businessId}/waivers`: the location's waivers with their current version, where each is
 * assigned and how many signed; waivers turned on or off (`waiversEnabled`); a new waiver.
 */
export function Component() {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const waivers = useWaivers(businessId);
  const changes = useWaiverChanges(businessId);
  const mayEdit = useCan('setting.editsetting');
  const [creating, setCreating] = useState(false);
  const columns = useMemo<DataColumn<Waiver>[]>(
    () => [
      { id: 'name', header: 'Waiver', value: (w) => w.name, cell: (w) => <Link className="font-medium text-brand-700 hover:underline" to={`/${businessId}/waivers/${w.id}`}>{w.name}</Link>, priority: 'always', size: 240 },
      { id: 'version', header: 'Version', value: (w) => w.version, align: 'end', priority: 'always', size: 100 },
      { id: 'published', header: 'Published', value: (w) => w.published_at, cell: (w) => formatInstantIn(w.published_at, display.timezone), priority: 2 },
      { id: 'assigned', header: 'Assigned to', value: (w) => w.services.length + w.categories.length, cell: (w) => assignedLabel(w), priority: 3 },
      { id: 'signatures', header: 'Signatures', value: (w) => w.signatures, align: 'end', priority: 1, size: 120 },
    ],
    [businessId, display],
  );

  const toggle = (on: boolean) =>
    changes.settings.mutate(on, { onSuccess: () => toasts.success(MESSAGES.updatedSuccessfully), onError: (error) => toasts.error(error.message) });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={waiverExports.waivers.title} businessId={businessId} />
      <PageHeader
        className="print:hidden"
        eyebrow="Clients"
        title="Waivers"
        description="Each waiver is published in numbered versions that never change: editing the text publishes a new version, and every signature keeps the version the client signed."
        actions={
          <div className="flex flex-wrap items-end gap-2">
            <WaiverTabs businessId={businessId} current="list" />
            {mayEdit ? <Button onClick={() => setCreating(true)}>New waiver</Button> : null}
            <ExportActions endpoint={waiverExports.waivers} params={{ id: businessId }} query={{}} />
          </div>
        }
      />
      {waivers.isError ? (
        <LoadError className="mt-6" error={waivers.error} fallback={MESSAGES.failedToFetchWaivers} onRetry={() => void waivers.refetch()} />
      ) : (
        <>
          <div className="mt-6 max-w-xl print:hidden">
            <Toggle
              label="Waivers on for this location"
              description="Clients can sign on the public page only while this is on; the report then lists who must sign before an appointment."
              checked={waivers.data?.waiversEnabled ?? false}
              disabled={!waivers.data || !mayEdit || changes.settings.isPending}
              onChange={toggle}
            />
          </div>
          <SavedDataTable
            className="mt-6"
            businessId={businessId}
            name="waivers"
            caption="Waivers"
            columns={columns}
            rows={waivers.data?.waivers}
            getRowId={(w) => w.id}
            rowLabel={(w) => w.name}
            empty={<EmptyState title="No waivers yet" description={mayEdit ? 'Add a waiver, then assign it to the services that need it.' : 'Nobody has added a waiver here yet.'} />}
          />
        </>
      )}
      {creating ? <CreateWaiver businessId={businessId} onClose={() => setCreating(false)} /> : null}
    </div>
  );
}

const assignedLabel = (w: Waiver) => {
  const parts = [w.services.length ? `${w.services.length} ${w.services.length === 1 ? 'service' : 'services'}` : '', w.categories.length ? `${w.categories.length} ${w.categories.length === 1 ? 'category' : 'categories'}` : ''].filter(Boolean);
  return parts.length ? parts.join(', ') : 'Not assigned';
};

function CreateWaiver({ businessId, onClose }: { businessId: number; onClose: () => void }) {
  const changes = useWaiverChanges(businessId);
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [template, setTemplate] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const submit = () => {
    const parsed = waiverCreate.safeParse({ name, template });
    if (!parsed.success) {
      setProblems(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    changes.create.mutate(
      { name, template },
      {
        onSuccess: (created) => {
          toasts.success(MESSAGES.addedSuccessfully);
          navigate(`/${businessId}/waivers/${created.id}`);
        },
        onError: (error) => toasts.error(error.message),
      },
    );
  };
  return (
    <Modal
      open
      onClose={onClose}
      title="New waiver"
      description="Its text is published as version 1."
      size="wide"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={changes.create.isPending}>
            Publish version 1
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField label="Name" value={name} maxLength={WAIVER_NAME_MAX} error={problems.name} onChange={(e) => setName(e.target.value)} />
        <TextAreaField label="Waiver text" rows={10} value={template} maxLength={WAIVER_TEMPLATE_MAX} error={problems.template} onChange={(e) => setTemplate(e.target.value)} />
      </form>
    </Modal>
  );
}
