import {
  aclWithPermissions,
  aclWithUnrestricted,
  INVITABLE_ROLE_LABEL,
  INVITABLE_ROLES,
  INVITATION_TTL_DAYS,
  type InvitableRole,
  isAdmin,
  isApiError,
  isUnrestricted,
  MESSAGES,
  newInvitation,
  type PermissionKey,
  problemsByField,
  userCan,
} from '@salondesk/core';
import { useCreateInvitation, useSession } from '@salondesk/react';
import { type FormEvent, useRef, useState } from 'react';
import { toasts } from '../../../app/toasts';
import { FormActions } from '../../../ui/FormActions';
import { Modal } from '../../../ui/Modal';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { Toggle } from '../../../ui/Toggle';
import { PermissionChecklist } from '../PermissionChecklist';

const EMPTY_ACL = { blocks: [], units: {}, restrictions: [] };
const ROLE_OPTIONS = INVITABLE_ROLES.map((role) => ({ value: role, label: INVITABLE_ROLE_LABEL[role] }));

/**
 * Invites a manager or a front-desk user by email, with the permissions they will hold here
 * (nobody grants what they do not hold; only full access grants full access). The form checks
 * itself with the request's own schema (core's `newInvitation`) before sending; the email with the
 * link goes through the server's outbox.
 */
export function InviteUserDialog({ businessId, open, onClose }: { businessId: number; open: boolean; onClose: () => void }) {
  const user = useSession().session?.user;
  const invite = useCreateInvitation(businessId);
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('STAFF');
  const [keys, setKeys] = useState<PermissionKey[]>([]);
  const [full, setFull] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mayGrantAll = user !== undefined && (isAdmin(user) || isUnrestricted(user.acl));

  const reset = () => {
    setEmail('');
    setRole('STAFF');
    setKeys([]);
    setFull(false);
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { email, role, acl: aclWithUnrestricted(aclWithPermissions(EMPTY_ACL, keys), full) };
    const checked = newInvitation.safeParse(body);
    if (!checked.success) {
      setErrors(problemsByField(checked.error.issues));
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    invite.mutate(body, {
      onSuccess: () => {
        toasts.success(MESSAGES.invitationSent);
        reset();
        onClose();
      },
      onError: (error) => {
        if (isApiError(error) && error.issues.length > 0) setErrors(problemsByField(error.issues));
        toasts.error(error.message);
      },
    });
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="wide"
      title="Invite a user"
      description={`They get an email with a link to create their account, which works once, for ${INVITATION_TTL_DAYS} days. They will see only what you tick here.`}
    >
      <form ref={formRef} onSubmit={submit} className="space-y-4" noValidate aria-label="Invite a user">
        <TextField label="Email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} required autoFocus />
        <SelectField label="Role" options={ROLE_OPTIONS} value={role} onChange={(e) => setRole(e.target.value as InvitableRole)} error={errors.role} />
        <Toggle
          label="Full access"
          description={mayGrantAll ? 'Every permission, now and in the future.' : 'Only someone with full access can give it.'}
          checked={full}
          disabled={!mayGrantAll}
          onChange={setFull}
        />
        <PermissionChecklist idPrefix="invite" keys={keys} onChange={setKeys} full={full} grantable={(key) => user !== undefined && userCan(user, key)} />
        <FormActions submitLabel="Send invitation" pending={invite.isPending} onCancel={onClose} error={errors.acl ?? null} />
      </form>
    </Modal>
  );
}
