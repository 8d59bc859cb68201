import {
  aclIsUnrestricted,
  aclWithPermissions,
  aclWithUnrestricted,
  grantedPermissions,
  impliedByOther,
  isAdmin,
  isUnrestricted,
  MESSAGES,
  PERMISSION_IMPLIES,
  PERMISSION_LABEL,
  permissionGroups,
  type PermissionKey,
  STAFF_STATUS,
  STAFF_STATUS_LABEL,
  staffPropertyMessages,
  userCan,
  type StaffAcl,
  type StaffMember,
  type StaffProperty,
  type StaffPropertyValue,
} from '@salondesk/core';
import { useSession, useStaffAppointments, useStaffList, useUpdateStaffAcl, useUpdateStaffProperty } from '@salondesk/react';
import { ClockPinSection } from './ClockPinSection';
import { PhotoSection } from './PhotoSection';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import { LoadError } from '../../../app/LoadError';
import { EmptyState } from '../../../ui/EmptyState';
import { Modal } from '../../../ui/Modal';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';
import { Toggle } from '../../../ui/Toggle';
import { useBusinessId } from '../../../app/useBusinessId';

/** `/{businessId}/staff/{staffId}`: one member's properties, colour, visibility and upcoming appointments. */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
  const staffId = Number(params.staffId);
  const list = useStaffList(businessId, { includeDeleted: true });
  const member = list.data?.find((m) => m.id === staffId);

  if (list.isError) return <LoadError headingLevel={1} error={list.error} fallback={MESSAGES.failedToFetchEmployees} onRetry={() => void list.refetch()} />;
  if (!list.data) return <div className="mx-auto max-w-3xl px-4 py-8" aria-busy="true"><p role="status" className="sr-only">Loading</p><Skeleton className="h-8 w-64" /><Skeleton className="mt-6 h-64 w-full" /></div>;
  if (!member) return <EmptyState headingLevel={1} title={MESSAGES.staffNotFound} actions={<Link className="text-sm font-medium text-brand-700 underline" to="..">Back to staff</Link>} />;
  return <StaffDetail businessId={businessId} member={member} />;
}

function StaffDetail({ businessId, member }: { businessId: number; member: StaffMember }) {
  const user = useSession().session?.user;
  const mayEdit = user !== undefined && userCan(user, 'operation.staff');
  const update = useUpdateStaffProperty(businessId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [colour, setColour] = useState(member.attributes.schedulerColor ?? '#60A5FA');

  const save = (key: StaffProperty, value: StaffPropertyValue, after?: () => void) =>
    update.mutate(
      { staffId: member.id, key, value },
      {
        onSuccess: () => {
          toasts.success(staffPropertyMessages(key).success);
          after?.();
        },
        onError: (error) => toasts.error(error.message),
      },
    );

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <Link to=".." relative="path" className="text-sm font-medium text-brand-700 hover:underline">← Staff</Link>
      <div className="mt-3">
        <PageHeader
          eyebrow={member.deleted ? 'Deleted staff member' : STAFF_STATUS_LABEL[member.status as keyof typeof STAFF_STATUS_LABEL] ?? member.status}
          title={member.full_name}
          description={[member.display_name !== member.full_name ? `Shown as ${member.display_name}` : null, member.username ? `@${member.username}` : 'No username'].filter(Boolean).join(' · ')}
          actions={
            mayEdit ? (
              member.deleted ? (
                <Button variant="secondary" onClick={() => save('deleted', false)}>Restore</Button>
              ) : (
                <Button variant="danger" onClick={() => setConfirmDelete(true)}>Delete</Button>
              )
            ) : null
          }
        />
      </div>

      {member.deleted ? null : <PhotoSection businessId={businessId} member={member} mayEdit={mayEdit} />}

      <section aria-labelledby="props" className="mt-6 space-y-6 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <h2 id="props" className="text-base font-semibold text-slate-900">Details</h2>
        <PropertyField label="Username" initial={member.username ?? ''} disabled={!mayEdit} onSave={(v) => save('username', v)} />
        <PropertyField label="Name" initial={member.name} disabled={!mayEdit} onSave={(v) => save('name', v)} />
        <PropertyField label="Nickname" initial={member.nickname ?? ''} disabled={!mayEdit} onSave={(v) => save('nickname', v)} />
        <PropertyField label="Full name" initial={member.full_name} disabled={!mayEdit} onSave={(v) => save('full_name', v)} />
        <SelectField
          label="Status"
          value={member.status}
          disabled={!mayEdit}
          options={Object.values(STAFF_STATUS).map((s) => ({ value: s, label: STAFF_STATUS_LABEL[s] }))}
          onChange={(e) => save('status', e.target.value)}
        />
      </section>

      <section aria-labelledby="scheduler" className="mt-6 space-y-6 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <h2 id="scheduler" className="text-base font-semibold text-slate-900">Scheduler</h2>
        <Toggle
          label="Visible in appointments"
          description="Clients and the front desk can book this person."
          checked={member.visible_in_appointment}
          disabled={!mayEdit || update.isPending}
          onChange={(checked) => save('visible_in_appointment', checked)}
        />
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            save('schedulerColor', colour.toUpperCase());
          }}
        >
          <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
            Scheduler colour
            <input type="color" value={colour} disabled={!mayEdit} onChange={(e) => setColour(e.target.value)} className="h-10 w-16 rounded border border-slate-300" />
          </label>
          <span className="pb-2 font-mono text-sm text-slate-600" data-testid="scheduler-colour">{(member.attributes.schedulerColor ?? '—').toUpperCase()}</span>
          {mayEdit ? <Button type="submit" variant="secondary" loading={update.isPending}>Assign colour</Button> : null}
        </form>
      </section>

      <AccessEditor key={JSON.stringify(member.acl)} businessId={businessId} member={member} />

      {member.deleted ? null : <ClockPinSection businessId={businessId} member={member} mayEdit={mayEdit} />}

      <UpcomingAppointments businessId={businessId} staffId={member.id} />

      <Modal
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={`Delete ${member.full_name}?`}
        description="They leave the staff list and the scheduler. You can restore them from the Deleted filter."
        actions={
          <>
            <Button variant="danger" onClick={() => save('deleted', true, () => setConfirmDelete(false))} loading={update.isPending}>Delete</Button>
            <Button variant="ghost" onClick={() => setConfirmDelete(false)}>Cancel</Button>
          </>
        }
      />
    </div>
  );
}

function PropertyField({ label, initial, disabled, onSave }: { label: string; initial: string; disabled: boolean; onSave: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(value);
      }}
    >
      <TextField className="flex-1" label={label} value={value} disabled={disabled} onChange={(e) => setValue(e.target.value)} />
      {!disabled ? <Button type="submit" variant="secondary" disabled={value === initial} aria-label={`Save ${label.toLowerCase()}`}>Save</Button> : null}
    </form>
  );
}

function UpcomingAppointments({ businessId, staffId }: { businessId: number; staffId: number }) {
  const appointments = useStaffAppointments(businessId, staffId);
  return (
    <section aria-labelledby="appointments" className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="appointments" className="text-base font-semibold text-slate-900">Next 30 days</h2>
      {appointments.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-600">{MESSAGES.failedToGetAppointmentData}</p>
      ) : !appointments.data ? (
        <Skeleton className="mt-3 h-10 w-full" />
      ) : appointments.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No appointments booked.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {appointments.data.slice(0, 20).map((a) => (
            <li key={a.id} className="flex justify-between gap-3 py-2">
              <span>{a.day} · {a.customer_name}</span>
              <span className="text-slate-500">{a.service_name ?? '—'} · {a.duration_minutes} min</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const GROUPS = permissionGroups();
const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k) => b.includes(k));

/** The member's permission blocks and units (spec 000 §6), saved through the proxy request. */
function AccessEditor({ businessId, member }: { businessId: number; member: StaffMember }) {
  const user = useSession().session?.user;
  const mayEdit = user !== undefined && userCan(user, 'operation.staff');
  const mayGrantAll = user !== undefined && (isAdmin(user) || isUnrestricted(user.acl));
  const update = useUpdateStaffAcl(businessId);
  const initialKeys = grantedPermissions(member.acl);
  const [keys, setKeys] = useState<PermissionKey[]>(initialKeys);
  const [full, setFull] = useState(aclIsUnrestricted(member.acl));
  const changed = !sameKeys(keys, initialKeys) || full !== aclIsUnrestricted(member.acl);

  const toggle = (key: PermissionKey, on: boolean) => setKeys(on ? [...keys, key] : keys.filter((k) => k !== key));
  const save = (event: FormEvent) => {
    event.preventDefault();
    const acl: StaffAcl = aclWithUnrestricted(aclWithPermissions(member.acl, keys), full);
    // Saved, the member's new acl remounts this editor (its key) before the refetch ends, and
    // `mutate`'s own callbacks never run for an unmounted editor: the promise's always do.
    update.mutateAsync({ staffId: member.id, acl }).then(
      () => toasts.success(MESSAGES.employeeUpdated),
      (error: Error) => toasts.error(error.message),
    );
  };

  return (
    <section aria-labelledby="access" className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="access" className="text-base font-semibold text-slate-900">Access</h2>
      <p className="mt-1 text-sm text-slate-600">
        What {member.name} may do in the dashboard. A “manage” permission includes the matching “view”.
        {mayEdit && !mayGrantAll ? ' Permissions you do not hold yourself are greyed out: you cannot grant them.' : null}
      </p>
      <form onSubmit={save} className="mt-4 space-y-5">
        <Toggle
          label="Full access"
          description={mayGrantAll ? 'Every permission, now and in the future.' : 'Only someone with full access can change this.'}
          checked={full}
          disabled={!mayEdit || !mayGrantAll}
          onChange={setFull}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {GROUPS.map((group) => (
            <fieldset key={group.block} disabled={!mayEdit || full} className="rounded-xl p-3 ring-1 ring-slate-200 disabled:opacity-70">
              <legend className="px-1 text-sm font-semibold text-slate-900">{group.label}</legend>
              <ul className="mt-1 space-y-1.5">
                {group.keys.map(({ key, label }) => {
                  const included = impliedByOther(keys, key);
                  const grantable = user !== undefined && userCan(user, key);
                  const by = Object.entries(PERMISSION_IMPLIES).find(([other, implied]) => implied === key && keys.includes(other as PermissionKey))?.[0] as PermissionKey | undefined;
                  const noteId = `access-${key}-note`;
                  const note = included && by ? `Included in ${PERMISSION_LABEL[by]}` : null;
                  return (
                    <li key={key} className="flex items-start gap-2 text-sm text-slate-800">
                      <input
                        id={`access-${key}`}
                        type="checkbox"
                        className="mt-0.5 size-4 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                        checked={full || keys.includes(key) || included}
                        disabled={included || !grantable}
                        aria-describedby={note ? noteId : undefined}
                        onChange={(e) => toggle(key, e.target.checked)}
                      />
                      <span>
                        <label htmlFor={`access-${key}`} className={grantable || !mayEdit ? undefined : 'text-slate-400'}>{label}</label>
                        {note ? <span id={noteId} className="block text-xs text-slate-500">{note}</span> : null}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ))}
        </div>
        {mayEdit ? (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" disabled={!changed || update.isPending} onClick={() => { setKeys(initialKeys); setFull(aclIsUnrestricted(member.acl)); }}>Discard changes</Button>
            <Button type="submit" disabled={!changed} loading={update.isPending}>Save access</Button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
