import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id, instant } from './ids';
import { text } from './input';
import { ROLE } from './user';

/**
 * Invitations (issue 27): an owner invites a manager or a front-desk user by email, with the acl
 * they will hold in the business; the emailed link opens `register-user` (spec 000 §2: a public
 * path), where the invitee sets a name and a password and is signed in. A link works once, for
 * `INVITATION_TTL_DAYS` days; the server keeps only the SHA-256 of its token.
 */

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** The roles an invitation can give: a manager, or a front-desk user (role `STAFF`). */
export const INVITABLE_ROLES = [ROLE.MANAGER, ROLE.STAFF] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];
export const INVITABLE_ROLE_LABEL: Record<InvitableRole, string> = { MANAGER: 'Manager', STAFF: 'Front desk' };

/** Where an invitation stands: open, used (the account exists), past its days, or withdrawn by the business. */
export const INVITATION_STATUS = { PENDING: 'pending', USED: 'used', EXPIRED: 'expired', WITHDRAWN: 'withdrawn' } as const;
export type InvitationStatus = (typeof INVITATION_STATUS)[keyof typeof INVITATION_STATUS];
export const INVITATION_STATUS_LABEL: Record<InvitationStatus, string> = { pending: 'Waiting', used: 'Account created', expired: 'Expired', withdrawn: 'Withdrawn' };

const aclName = text(64, { min: 1 });
const aclList = z.array(aclName).check(z.maxLength(64));

/** The acl an invitation gives (spec 000 §6 blocks, units per block, restrictions), bounded for the wire. */
export const invitationAcl = z.object({
  blocks: z._default(aclList, () => []),
  units: z._default(
    z.record(aclName, aclList).check(z.refine((units) => Object.keys(units).length <= 32, { error: 'At most 32 blocks of units' })),
    () => ({}),
  ),
  restrictions: z._default(aclList, () => []),
});
export type InvitationAcl = z.infer<typeof invitationAcl>;

/** An email as typed in the invitation form: trimmed, one `@`, at most 254 characters. */
export const invitationEmail = text(254, { trim: true, min: 3, tooShort: MESSAGES.invitationEmailRequired }).check(
  z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: MESSAGES.invitationEmailRequired }),
);

/** What `staff/invite` takes. */
export const newInvitation = z.object({
  email: invitationEmail,
  role: z.enum(INVITABLE_ROLES, { error: MESSAGES.invitationRoleInvalid }),
  acl: invitationAcl,
});
export type NewInvitation = z.input<typeof newInvitation>;

/** An invitation as the business sees it (never its token). */
export const invitation = z.object({
  id,
  business_id: id,
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  acl: invitationAcl,
  status: z.enum(['pending', 'used', 'expired', 'withdrawn']),
  created_at: instant,
  expires_at: instant,
  used_at: z.nullable(instant),
  /** Who sent it (their full name), when still known. */
  invited_by: z.nullable(z.string()),
});
export type Invitation = z.infer<typeof invitation>;

/** What the `register-user` page shows before the invitee fills the form: whose invitation, for which email. */
export const invitationPreview = z.object({
  business: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  expires_at: instant,
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

/**
 * Where an invitation stands at `now`: withdrawn and used are final; otherwise pending until its
 * `expires_at`, expired from then on.
 */
export function invitationStatus(row: { used_at: Date | string | null; withdrawn_at: Date | string | null; expires_at: Date | string }, now: Date): InvitationStatus {
  if (row.used_at !== null) return INVITATION_STATUS.USED;
  if (row.withdrawn_at !== null) return INVITATION_STATUS.WITHDRAWN;
  return new Date(row.expires_at).getTime() > now.getTime() ? INVITATION_STATUS.PENDING : INVITATION_STATUS.EXPIRED;
}

/** The message a link that no longer works is refused with, by what it is now. */
export const INVITATION_REFUSAL: Record<Exclude<InvitationStatus, 'pending'>, string> = {
  used: MESSAGES.invitationUsed,
  expired: MESSAGES.invitationExpired,
  withdrawn: MESSAGES.invitationWithdrawn,
};
