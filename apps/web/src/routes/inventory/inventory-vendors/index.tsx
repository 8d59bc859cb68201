import { endpoints, MESSAGES, newVendor, problemsByField, userCan, type Vendor } from '@salondesk/core';
import { useInventoryMutation, useSession, useVendors } from '@salondesk/react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { Modal } from '../../../ui/Modal';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';
import { useBusinessId } from '../../../app/useBusinessId';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FormActions } from '../../../ui/FormActions';

type Row = Vendor & { onEdit?: () => void; onRetire?: () => void };
type Dialog = { kind: 'edit'; vendor?: Vendor } | { kind: 'retire'; vendor: Vendor };

const vendorColumns: DataColumn<Row>[] = [
  { id: 'name', header: 'Vendor', value: (v) => v.name, size: 240 },
  { id: 'products', header: 'Products', value: (v) => v.products, align: 'end', size: 100, priority: 'always' },
  { id: 'email', header: 'Email', value: (v) => v.email, cell: (v) => (v.email ? <a className="text-indigo-700 hover:underline" href={`mailto:${v.email}`}>{v.email}</a> : '—'), size: 220, priority: 1 },
  { id: 'phone', header: 'Phone', value: (v) => v.phone, cell: (v) => v.phone ?? '—', size: 160, priority: 2 },
  { id: 'account', header: 'Account number', value: (v) => v.account_number, cell: (v) => v.account_number ?? '—', size: 150, priority: 3 },
  {
    id: 'actions',
    header: 'Actions',
    cell: (v) => (
      <span className="flex justify-end gap-1">
        {v.onEdit ? <Button size="sm" variant="ghost" onClick={v.onEdit} aria-label={`Edit ${v.name}`}>Edit</Button> : null}
        {v.onRetire ? <Button size="sm" variant="ghost" onClick={v.onRetire} aria-label={`Retire ${v.name}`}>Retire</Button> : null}
      </span>
    ),
    align: 'end',
    size: 160,
    priority: 4,
  },
];

/** `/{businessId}/inventory/vendors`: vendors with their number of products; add, edit, retire. */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const mayEdit = user !== undefined && userCan(user, 'operation.inventory');
  const vendors = useVendors(businessId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const rows = useMemo<Row[] | undefined>(
    () => vendors.data?.map((v) => (mayEdit ? { ...v, onEdit: () => setDialog({ kind: 'edit', vendor: v }), onRetire: () => setDialog({ kind: 'retire', vendor: v }) } : v)),
    [vendors.data, mayEdit],
  );
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={endpoints.inventoryExports.vendors.title} businessId={businessId} />
      <PageHeader
        className="print:hidden"
        eyebrow="Inventory"
        title="Vendors"
        description="Who supplies this location's products."
        actions={
          <>
            <ExportActions endpoint={endpoints.inventoryExports.vendors} params={{ id: businessId }} query={{}} />
            <Link to={`/${businessId}/inventory`} className="rounded-lg px-3 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50">Inventory</Link>
            {mayEdit ? <Button onClick={() => setDialog({ kind: 'edit' })}>Add vendor</Button> : null}
          </>
        }
      />
      <div className="mt-6">
        {vendors.isError ? (
          <LoadError error={vendors.error} fallback={MESSAGES.failedToFetchVendors} onRetry={() => void vendors.refetch()} />
        ) : !rows ? (
          <div aria-busy="true"><p role="status" className="sr-only">Loading the vendors</p><Skeleton className="h-40 w-full" /></div>
        ) : rows.length === 0 ? (
          <EmptyState title="No vendors yet" description="Add the suppliers you order products from." />
        ) : (
          <SavedDataTable businessId={businessId} name="inventory-vendors" title="Vendors" caption="Vendors" columns={vendorColumns} rows={rows} getRowId={(v) => v.id} rowLabel={(v) => v.name} />
        )}
      </div>
      {dialog?.kind === 'edit' ? <VendorDialog businessId={businessId} vendor={dialog.vendor} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'retire' ? <RetireDialog businessId={businessId} vendor={dialog.vendor} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

function VendorDialog({ businessId, vendor, onClose }: { businessId: number; vendor?: Vendor; onClose: () => void }) {
  const [fields, setFields] = useState({ name: vendor?.name ?? '', email: vendor?.email ?? '', phone: vendor?.phone ?? '', account_number: vendor?.account_number ?? '', notes: vendor?.notes ?? '' });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useInventoryMutation(businessId, (api, body: { name: string; email: string | null; phone: string | null; account_number: string | null; notes: string | null }) =>
    vendor ? api.updateVendor(businessId, vendor.id, body) : api.createVendor(businessId, body),
  );
  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));
  const submit = () => {
    const orNull = (v: string) => (v.trim() === '' ? null : v);
    const body = { name: fields.name, email: orNull(fields.email), phone: orNull(fields.phone), account_number: orNull(fields.account_number), notes: orNull(fields.notes) };
    const checked = newVendor.safeParse(body);
    if (!checked.success) {
      setProblems(problemsByField(checked.error.issues));
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        toasts.success(vendor ? MESSAGES.successfullyUpdated : MESSAGES.successfullyAdded);
        onClose();
      },
      onError: (error) => toasts.error(error.message),
    });
  };
  return (
    <Modal open onClose={onClose} title={vendor ? `Edit ${vendor.name}` : 'Add vendor'}>
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField label="Vendor name" value={fields.name} onChange={set('name')} error={problems.name} autoFocus />
        <TextField label="Email" type="email" value={fields.email} onChange={set('email')} error={problems.email} />
        <TextField label="Phone" type="tel" value={fields.phone} onChange={set('phone')} error={problems.phone} />
        <TextField label="Account number" value={fields.account_number} onChange={set('account_number')} error={problems.account_number} />
        <TextField label="Notes" value={fields.notes} onChange={set('notes')} error={problems.notes} />
        <FormActions submitLabel="Save" pending={save.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function RetireDialog({ businessId, vendor, onClose }: { businessId: number; vendor: Vendor; onClose: () => void }) {
  const retire = useInventoryMutation(businessId, (api, _: void) => api.retireVendor(businessId, vendor.id));
  return (
    <ConfirmDialog
      title={`Retire ${vendor.name}?`}
      description={`The vendor leaves the list${vendor.products > 0 ? ` and its ${vendor.products} products no longer name it` : ''}. Past deliveries keep their history.`}
      confirmLabel="Retire"
      cancelLabel="Cancel"
      pending={retire.isPending}
      onClose={onClose}
      onConfirm={() =>
        retire.mutate(undefined, {
          onSuccess: () => {
            toasts.success(MESSAGES.successfullyDeleted);
            onClose();
          },
          onError: (error) => toasts.error(error.message),
        })
      }
    />
  );
}
