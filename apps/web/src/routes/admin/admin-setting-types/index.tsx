import { exportEndpoints, MESSAGES, SETTING_VALUE_TYPE_LABEL, SETTING_VISIBILITY_LABEL, type SettingType, type SettingValueType } from '@salondesk/core';
import { useSaveSettingType, useSettingTypes } from '@salondesk/react';
import { useMemo, useState, type FormEvent } from 'react';
import { ExportActions } from '../../../app/ExportActions';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { Modal } from '../../../ui/Modal';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { Toggle } from '../../../ui/Toggle';
import { useBusinessId } from '../../../app/useBusinessId';
import { FormActions } from '../../../ui/FormActions';

const options = (labels: Record<string | number, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** A type by its pretty name and key, its group, value type and audience; Edit never folds. */
function typeColumns(onEdit: (type: SettingType) => void): DataColumn<SettingType>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      value: (t) => t.prettyname,
      cell: (t) => (
        <>
          <span className="font-medium text-slate-900">{t.prettyname}</span>
          <span className="block font-mono text-xs font-normal break-all text-slate-500">{t.name}</span>
        </>
      ),
      size: 260,
    },
    { id: 'group', header: 'Group', value: (t) => t.category ?? 'Misc. Settings', size: 170, priority: 2 },
    { id: 'type', header: 'Type', value: (t) => SETTING_VALUE_TYPE_LABEL[t.type], size: 120, priority: 1 },
    { id: 'visibility', header: 'Visible to', value: (t) => SETTING_VISIBILITY_LABEL[t.isvisible as 0] ?? 'Hidden', size: 150, priority: 3 },
    {
      id: 'actions',
      header: 'Actions',
      cell: (t) => (
        <Button size="sm" variant="ghost" onClick={() => onEdit(t)} aria-label={`Edit ${t.name}`}>
          Edit
        </Button>
      ),
      align: 'end',
      size: 90,
      priority: 'always',
    },
  ];
}

/** `/{businessId}/admin/setting-types`: the platform's setting types (admins only). */
export function Component() {
  const businessId = useBusinessId();
  const types = useSettingTypes();
  const [editing, setEditing] = useState<SettingType | 'new' | null>(null);
  const columns = useMemo(() => typeColumns(setEditing), []);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={exportEndpoints.settingTypes.title} businessId={null} />
      <PageHeader
        className="print:hidden"
        eyebrow="Platform admin"
        title="Setting types"
        description="Every location's settings come from these types."
        actions={
          <>
            <ExportActions endpoint={exportEndpoints.settingTypes} query={{}} />
            <Button onClick={() => setEditing('new')}>Add setting type</Button>
          </>
        }
      />
      <div className="mt-6">
        {types.isError ? (
          <EmptyState tone="error" title={types.error.message} />
        ) : (
          <SavedDataTable
            businessId={businessId}
            name="admin-setting-types"
            title="Setting types"
            caption="Setting types"
            columns={columns}
            rows={types.data}
            getRowId={(t) => t.id}
            rowLabel={(t) => t.name}
            empty="No setting types yet"
          />
        )}
      </div>
      {editing ? <SettingTypeDialog type={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function SettingTypeDialog({ type, onClose }: { type?: SettingType; onClose: () => void }) {
  const save = useSaveSettingType();
  const [form, setForm] = useState({
    name: type?.name ?? '',
    prettyname: type?.prettyname ?? '',
    description: type?.description ?? '',
    category: type?.category ?? '',
    type: (type?.type ?? 'string') as SettingValueType,
    isvisible: String(type?.isvisible ?? 2),
    defaultvalue: type?.defaultvalue ?? '',
    options: type?.options.join(', ') ?? '',
    editable: type?.editable ?? true,
    cancopy: type?.cancopy ?? false,
    isunique: type?.isunique ?? false,
    syncappt: type?.syncappt ?? false,
    reload: type?.reload ?? false,
  });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      ...form,
      category: form.category.trim() || null,
      isvisible: Number(form.isvisible),
      defaultvalue: form.defaultvalue === '' ? null : form.defaultvalue,
      options: form.options.split(',').map((o) => o.trim()).filter(Boolean),
    };
    save.mutate(type ? { id: type.id, changes: input } : { create: input }, {
      onSuccess: () => {
        toasts.success(type ? MESSAGES.settingUpdated : MESSAGES.addedSetting);
        onClose();
      },
      onError: (error) => toasts.error(error.message),
    });
  };
  return (
    <Modal open onClose={onClose} title={type ? `Edit ${type.name}` : 'Add setting type'}>
      <form className="max-h-[70dvh] space-y-3 overflow-y-auto pr-1" onSubmit={submit} noValidate>
        <TextField label="Name" value={form.name} onChange={set('name')} hint="Stored uppercased, for example BOOKING_WINDOW_DAYS" autoFocus />
        <TextField label="Pretty name" value={form.prettyname} onChange={set('prettyname')} />
        <TextField label="Description" value={form.description} onChange={set('description')} />
        <TextField label="Group" value={form.category} onChange={set('category')} hint="Empty: Misc. Settings" />
        <SelectField label="Type" value={form.type} onChange={set('type')} options={options(SETTING_VALUE_TYPE_LABEL)} />
        <SelectField label="Visible to" value={form.isvisible} onChange={set('isvisible')} options={options(SETTING_VISIBILITY_LABEL)} />
        <TextField label="Default value" value={form.defaultvalue} onChange={set('defaultvalue')} />
        {form.type === 'options' ? <TextField label="Options" value={form.options} onChange={set('options')} hint="Separated by commas" /> : null}
        <Toggle label="Editable by the business" checked={form.editable} onChange={(v) => setForm({ ...form, editable: v })} />
        <Toggle label="Can be copied to other locations" checked={form.cancopy} onChange={(v) => setForm({ ...form, cancopy: v })} />
        <Toggle label="Unique across locations" checked={form.isunique} onChange={(v) => setForm({ ...form, isunique: v })} />
        <Toggle label="Syncs appointments" checked={form.syncappt} onChange={(v) => setForm({ ...form, syncappt: v })} />
        <Toggle label="Reload the dashboard after saving" checked={form.reload} onChange={(v) => setForm({ ...form, reload: v })} />
        <FormActions submitLabel="Save" pending={save.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
