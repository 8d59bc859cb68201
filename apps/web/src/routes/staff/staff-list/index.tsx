import { API_ERROR_CODE, exportEndpoints, isApiError, MESSAGES, newStaffMember, problemsByField, sortStaff, STAFF_FILTER, STAFF_FILTER_LABEL, staffMatchesFilter, type StaffFilter, type StaffMember, userCan } from '@salondesk/core';
import { useAddStaffMember, useSession, useStaffList } from '@salondesk/react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ExportActions } from '../../../app/ExportActions';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { toasts } from '../../../app/toasts';
import { Button, buttonClasses } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import type { DataColumn } from '../../../ui/DataTable';
import { Modal } from '../../../ui/Modal';
import { PageHeader } from '../../../ui/PageHeader';
import { TextField } from '../../../ui/TextField';
import { useBusinessId } from '../../../app/useBusinessId';
import { FormActions } from '../../../ui/FormActions';
import { InviteUserDialog } from './InviteUserDialog';
import { Invitations } from './Invitations';

const FILTERS = Object.values(STAFF_FILTER);

/** A member by display name (with their other names), then their place in the scheduler and whether appointments show them. */
const STAFF_COLUMNS: DataColumn<StaffMember>[] = [
  {
    id: 'name',
    header: 'Staff member',
    value: (m) => m.display_name,
    cell: (m) => (
      <Link to={String(m.id)} className="flex items-center gap-3 rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
        <span aria-hidden="true" className="size-4 shrink-0 rounded-full ring-1 ring-slate-300" style={{ backgroundColor: m.attributes.schedulerColor ?? '#CBD5E1' }} />
        <span className="min-w-0">
          <span className="block font-medium text-slate-900">{m.display_name}</span>
          <span className="block text-xs font-normal text-slate-500">
            {[m.display_name !== m.full_name ? m.full_name : null, m.nickname, m.username ? `@${m.username}` : null].filter(Boolean).join(' · ') || m.name}
          </span>
        </span>
      </Link>
    ),
    size: 280,
    minSize: 160,
  },
  {
    id: 'appointments',
    header: 'In appointments',
    value: (m) => (m.visible_in_appointment ? 'Shown' : 'Hidden'),
    cell: (m) => (m.visible_in_appointment ? 'Shown' : <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">Hidden in appointments</span>),
    size: 190,
    priority: 2,
  },
  { id: 'order', header: 'Order', value: (m) => m.order, cell: (m) => `#${m.order}`, align: 'end', size: 90, priority: 1 },
];

/** `/{businessId}/staff`: the staff list with its active, inactive and deleted filters. */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const [filter, setFilter] = useState<StaffFilter>('active');
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);
  const list = useStaffList(businessId, { includeDeleted: filter === 'deleted' });
  const mayEdit = user !== undefined && userCan(user, 'operation.staff');
  const members = sortStaff((list.data ?? []).filter((m) => staffMatchesFilter(m, filter)));

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={exportEndpoints.staff.title} businessId={businessId} />
      <PageHeader className="print:hidden" title="Staff" description="Who works at this location, in the scheduler's order." actions={
          <>
            <ExportActions endpoint={exportEndpoints.staff} params={{ id: businessId }} query={filter === 'deleted' ? { deleted: '1' } : {}} />
            <Link to="report" className={buttonClasses({ variant: 'secondary' })}>Monthly report</Link>
            {mayEdit ? <Button variant="secondary" onClick={() => setInviting(true)}>Invite a user</Button> : null}
            {mayEdit ? <Button onClick={() => setAdding(true)}>Add staff member</Button> : null}
          </>
        }
      />
      <div className="mt-6">
        {list.isError ? (
          <LoadError error={list.error} fallback={MESSAGES.failedToFetchEmployees} onRetry={() => void list.refetch()} />
        ) : (
          <SavedDataTable
            businessId={businessId}
            name="staff-list"
            title="Staff"
            caption={`${STAFF_FILTER_LABEL[filter]} staff members`}
            columns={STAFF_COLUMNS}
            rows={list.data ? members : undefined}
            getRowId={(m) => m.id}
            rowLabel={(m) => m.display_name}
            empty={`No ${STAFF_FILTER_LABEL[filter].toLowerCase()} staff members`}
            toolbar={
              <div role="group" aria-label="Show" className="inline-flex rounded-lg bg-slate-100 p-1">
                {FILTERS.map((f) => (
                  <button
                    key={f}
                    type="button"
                    aria-pressed={filter === f}
                    onClick={() => setFilter(f)}
                    className={cx('rounded-md px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600', filter === f ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900')}
                  >
                    {STAFF_FILTER_LABEL[f]}
                  </button>
                ))}
              </div>
            }
          />
        )}
      </div>
      <Invitations businessId={businessId} mayEdit={mayEdit} />
      <AddStaffDialog businessId={businessId} open={adding} onClose={() => setAdding(false)} />
      <InviteUserDialog businessId={businessId} open={inviting} onClose={() => setInviting(false)} />
    </div>
  );
}

/**
 * Adds a member: the form checks itself with the request's own schema (core's `newStaffMember`:
 * required names, lengths, the username's form) before sending, says what is wrong beside each
 * field and moves focus to the first; once added, the new member's profile opens.
 */
function AddStaffDialog({ businessId, open, onClose }: { businessId: number; open: boolean; onClose: () => void }) {
  const add = useAddStaffMember(businessId);
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState({ name: '', full_name: '', username: '', schedulerColor: '#60A5FA' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The server's warning that the name is already in use; the next submit confirms it.
  const [sameName, setSameName] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    if (key === 'name' || key === 'full_name') setSameName(null);
    setForm({ ...form, [key]: e.target.value });
    if (errors[key]) setErrors({ ...errors, [key]: '' });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name: form.name, full_name: form.full_name, username: form.username.trim() || null, schedulerColor: form.schedulerColor, allowSameName: sameName !== null };
    const checked = newStaffMember.safeParse(body);
    if (!checked.success) {
      setErrors(problemsByField(checked.error.issues));
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    add.mutate(
      body,
      {
        onSuccess: (member) => {
          toasts.success(MESSAGES.successfullyAdded);
          setForm({ name: '', full_name: '', username: '', schedulerColor: '#60A5FA' });
          setSameName(null);
          onClose();
          void navigate(`/${businessId}/staff/${member.id}`);
        },
        onError: (error) => {
          if (isApiError(error) && error.code === API_ERROR_CODE.NAME_IN_USE) return setSameName(error.message);
          if (isApiError(error) && error.issues.length > 0) setErrors(problemsByField(error.issues));
          toasts.error(error.message);
        },
      },
    );
  };

  return (
    <Modal open={open} onClose={onClose} title="Add staff member">
      <form ref={formRef} onSubmit={submit} className="space-y-4" noValidate>
        <TextField label="Name" value={form.name} onChange={set('name')} error={errors.name} required autoFocus />
        <TextField label="Full name" value={form.full_name} onChange={set('full_name')} error={errors.full_name} required />
        <TextField label="Username" value={form.username} onChange={set('username')} error={errors.username} hint="Optional; 3 to 32 letters, digits, dots, dashes or underscores." />
        <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
          <input type="color" value={form.schedulerColor} onChange={set('schedulerColor')} className="h-10 w-14 rounded border border-slate-300" />
          Scheduler colour
        </label>
        {sameName ? (
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            {sameName}
          </p>
        ) : null}
        <FormActions submitLabel={sameName ? 'Add anyway' : 'Add'} pending={add.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
