import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id } from '../models/ids';
import { text } from '../models/input';
import { invitation, invitationPreview, newInvitation, type NewInvitation } from '../models/invitation';
import { session } from '../models/session';
import { hashPassword } from '../rules/password';
import { passwordHash } from './auth';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

const P = '/protected/business/{id}';

/** An invitation link's token as it travels: 256 random bits, base64url (43 characters). */
export const invitationToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: MESSAGES.invitationNotFound }));

const link = z.object({ businessId: id, token: invitationToken });

/**
 * Invitations (issue 27). The business side (under `/protected/business/{id}/staff/`) invites by
 * email with an acl, lists and withdraws; the public side is what the emailed link's page
 * (`/register-user/{businessId}/{token}`, spec 000 §2) calls: what the invitation is, and
 * registering from it, which signs the new user in. A used, expired or withdrawn link is refused
 * with its own message (410) and changes nothing.
 */
export const invitationEndpoints = {
  /**
   * Emails an invitation through the outbox. Nobody grants more than they hold (like a member's
   * acl); a newer invitation to the same email here withdraws the waiting one.
   */
  create: defineEndpoint({
    name: 'invitations.create',
    method: 'POST',
    path: `${P}/staff/invite`,
    access: 'business',
    permission: 'operation.staff',
    params: z.object({ id }),
    body: newInvitation,
    response: invitation,
    errorMessage: MESSAGES.failedToAdd,
    successMessage: MESSAGES.invitationSent,
  }),
  /** The business's invitations, newest first, each with where it stands now. */
  list: defineEndpoint({
    name: 'invitations.list',
    method: 'GET',
    path: `${P}/staff/invitations`,
    access: 'business',
    permission: 'operation.view-staff',
    params: z.object({ id }),
    response: z.array(invitation),
    errorMessage: MESSAGES.failedToFetchData,
  }),
  /** Withdraws a waiting invitation: its link stops working. */
  withdraw: defineEndpoint({
    name: 'invitations.withdraw',
    method: 'POST',
    path: `${P}/staff/invitations/{invitationId}/withdraw`,
    access: 'business',
    permission: 'operation.staff',
    params: z.object({ id, invitationId: id }),
    response: invitation,
    errorMessage: MESSAGES.failedToUpdate,
    successMessage: MESSAGES.invitationWithdrawnDone,
  }),
  /** What a waiting invitation is (the business's name, the email, the role); refused when the link no longer works. */
  open: defineEndpoint({
    name: 'invitations.open',
    method: 'GET',
    path: '/invitation/{businessId}/{token}',
    access: 'public',
    params: link,
    response: invitationPreview,
    errorMessage: MESSAGES.invitationNotFound,
  }),
  /**
   * Creates the account from a waiting invitation, all or nothing: the user (its email the
   * invitation's, the password hashed by the client), its access to the business, the link spent;
   * then signs them in (the session cookie).
   */
  register: defineEndpoint({
    name: 'invitations.register',
    method: 'POST',
    path: '/invitation/{businessId}/{token}/register',
    access: 'public',
    params: link,
    body: z.object({
      fullname: text(120, { trim: true, min: 1, tooShort: MESSAGES.fullNameRequired, tooLong: MESSAGES.staffNameTooLong }),
      password: passwordHash,
    }),
    response: session,
    errorMessage: MESSAGES.requestFailed,
    successMessage: MESSAGES.accountCreated,
  }),
} as const;

export function invitationsClient(transport: Transport) {
  return {
    /** Invites `email` to the business as a manager or front desk, with the acl they will hold. */
    create: (businessId: number, input: NewInvitation) => transport.request(invitationEndpoints.create, { params: { id: businessId }, body: input }),
    list: (businessId: number) => transport.request(invitationEndpoints.list, { params: { id: businessId } }),
    withdraw: (businessId: number, invitationId: number) => transport.request(invitationEndpoints.withdraw, { params: { id: businessId, invitationId } }),
    /** What the link `/register-user/{businessId}/{token}` invites to; fails with the reason when it no longer works. */
    open: (businessId: number, token: string) => transport.request(invitationEndpoints.open, { params: { businessId, token } }),
    /** Registers from the link with a full name and the plain password, which is hashed here first; resolves to the new session. */
    async register(input: { businessId: number; token: string; fullname: string; password: string }) {
      const password = await hashPassword(input.password);
      return transport.request(invitationEndpoints.register, {
        params: { businessId: input.businessId, token: input.token },
        body: { fullname: input.fullname, password },
      });
    },
  };
}
