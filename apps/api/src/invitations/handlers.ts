import { createHash, randomBytes } from 'node:crypto';
import {
  endpoints,
  INVITABLE_ROLE_LABEL,
  INVITATION_REFUSAL,
  INVITATION_STATUS,
  INVITATION_TTL_DAYS,
  type Invitation,
  invitationStatus,
  MESSAGES,
  registerUserPath,
} from '@salondesk/core';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { hashStoredPassword } from '../auth/password';
import type { SessionPolicy } from '../auth/sessions';
import { startSession } from '../auth/signIn';
import { addressSubject, reserveAttempt, THROTTLE } from '../auth/throttle';
import type { Executor } from '../db/executor';
import { businesses, userBusinesses, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { authOf, businessOf, implement } from '../http/registry';
import type { Outbox } from '../outbox/outbox';
import { refuseAclEscalation } from '../staff/aclGrant';
import { isUniqueViolation } from '../staff/queries';
import { userInvitations } from './schema';

type InvitationRow = typeof userInvitations.$inferSelect;

const DAY_MS = 86_400_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const notFound = () => new HttpError(404, MESSAGES.invitationNotFound);
const emailHasAccount = () => new HttpError(409, MESSAGES.invitationEmailHasAccount);

export const toInvitation = (row: InvitationRow, invitedBy: string | null, now: Date): Invitation => ({
  id: row.id,
  business_id: row.business_id,
  email: row.email,
  role: row.role as Invitation['role'],
  acl: row.acl,
  status: invitationStatus(row, now),
  created_at: row.created_at.toISOString(),
  expires_at: row.expires_at.toISOString(),
  used_at: row.used_at?.toISOString() ?? null,
  invited_by: invitedBy,
});

/** Whether any account already signs in with this email (as its email or its username). */
async function accountWithEmail(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email} or lower(${users.username}) = ${email}`)
    .limit(1);
  return row !== undefined;
}

export interface InvitationHandlerOptions {
  policy: SessionPolicy;
  outbox: Outbox;
  /** The dashboard's address as people reach it, for the link in the email. */
  publicUrl: string;
  /** The sign-in failures per client address (a wrong link counts as one, like a wrong reset link). */
  failuresPerAddress?: number;
}

/**
 * Invitations (issue 27): the business invites (the acl checked like a member's: nobody grants
 * more than they hold), lists and withdraws; the link's page reads one and registers from it. The
 * link's token is 256 random bits; only its SHA-256 is stored, beside the business it belongs to.
 */
export function invitationHandlers({ policy, outbox, publicUrl, failuresPerAddress }: InvitationHandlerOptions) {
  const e = endpoints.invitations;
  const addressPolicy = { ...THROTTLE.failuresPerAddress, max: failuresPerAddress ?? THROTTLE.failuresPerAddress.max };

  /** The invitation of a link (the business it names and its token's hash). */
  async function findByLink(db: Executor, businessId: number, token: string): Promise<InvitationRow | undefined> {
    const [row] = await db
      .select()
      .from(userInvitations)
      .where(and(eq(userInvitations.business_id, businessId), eq(userInvitations.token_hash, sha256(token))))
      .limit(1);
    return row;
  }

  /** A link that no longer works is refused with what it is now (410), before anything is written. */
  const refuseUnlessPending = (row: InvitationRow, now: Date) => {
    const status = invitationStatus(row, now);
    if (status !== INVITATION_STATUS.PENDING) throw new HttpError(410, INVITATION_REFUSAL[status]);
  };

  return [
    /** Emails an invitation (outbox); a newer one to the same email here withdraws the one still waiting. */
    implement(e.create, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const inviter = authOf(ctx).user;
      refuseAclEscalation(inviter, body.acl);
      const email = body.email.toLowerCase();
      if (await accountWithEmail(ctx.db, email)) throw emailHasAccount();
      const now = ctx.now();
      const token = randomBytes(32).toString('base64url');
      const row = await ctx.db.transaction(async (tx) => {
        await tx
          .update(userInvitations)
          .set({ withdrawn_at: now })
          .where(
            and(
              eq(userInvitations.business_id, business.id),
              sql`lower(${userInvitations.email}) = ${email}`,
              isNull(userInvitations.used_at),
              isNull(userInvitations.withdrawn_at),
            ),
          );
        const [inserted] = await tx
          .insert(userInvitations)
          .values({
            business_id: business.id,
            email,
            role: body.role,
            acl: body.acl,
            token_hash: sha256(token),
            invited_by: inviter.id,
            created_at: now,
            expires_at: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
          })
          .returning();
        return inserted as InvitationRow;
      });
      const link = `${publicUrl.replace(/\/+$/, '')}${registerUserPath(business.id, token)}`;
      await outbox.email({
        to: email,
        subject: `You are invited to ${business.name} on Salondesk`,
        text:
          `Hello,\n\n${inviter.fullname} invited you to ${business.name} on Salondesk, as ${INVITABLE_ROLE_LABEL[body.role]}.\n\n` +
          `To create your account, open this link within ${INVITATION_TTL_DAYS} days:\n\n${link}\n\n` +
          'It works once. If you did not expect this invitation, ignore this email.',
        ref: `invitation:${business.id}:${row.id}`,
      });
      return toInvitation(row, inviter.fullname, now);
    }),

    implement(e.list, async (_request, ctx) => {
      const business = businessOf(ctx);
      const now = ctx.now();
      const found = await ctx.db
        .select({ row: userInvitations, invitedBy: users.fullname })
        .from(userInvitations)
        .leftJoin(users, eq(users.id, userInvitations.invited_by))
        .where(eq(userInvitations.business_id, business.id))
        .orderBy(desc(userInvitations.created_at), desc(userInvitations.id))
        .limit(200);
      return found.map((f) => toInvitation(f.row, f.invitedBy, now));
    }),

    implement(e.withdraw, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const now = ctx.now();
      const [found] = await ctx.db
        .select({ row: userInvitations, invitedBy: users.fullname })
        .from(userInvitations)
        .leftJoin(users, eq(users.id, userInvitations.invited_by))
        .where(and(eq(userInvitations.business_id, business.id), eq(userInvitations.id, params.invitationId)))
        .limit(1);
      if (!found) throw notFound();
      if (invitationStatus(found.row, now) !== INVITATION_STATUS.PENDING) throw new HttpError(409, MESSAGES.invitationNoLongerOpen);
      const [updated] = await ctx.db
        .update(userInvitations)
        .set({ withdrawn_at: now })
        .where(and(eq(userInvitations.business_id, business.id), eq(userInvitations.id, params.invitationId), isNull(userInvitations.used_at), isNull(userInvitations.withdrawn_at)))
        .returning();
      if (!updated) throw new HttpError(409, MESSAGES.invitationNoLongerOpen);
      return toInvitation(updated, found.invitedBy, now);
    }),

    /** What the link invites to, for the page before its form; a link that no longer works says why. */
    implement(e.open, async ({ params }, ctx) => {
      const row = await findByLink(ctx.db, params.businessId, params.token);
      if (!row) throw notFound();
      refuseUnlessPending(row, ctx.now());
      const [business] = await ctx.db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, row.business_id)).limit(1);
      return { business: business?.name ?? '', email: row.email, role: row.role as Invitation['role'], expires_at: row.expires_at.toISOString() };
    }),

    /**
     * Registers from a waiting link, all or nothing (the invitation row locked): the user with the
     * invitation's email, role and acl, their access to its business, the link spent; then signs
     * them in. A wrong link counts as a failed sign-in of the client address (as a wrong reset link does).
     */
    implement(e.register, async ({ params, body }, ctx) => {
      const now = ctx.now();
      const attempt = await reserveAttempt(ctx.db, [{ subject: addressSubject(ctx.clientAddress), policy: addressPolicy }], now);
      if (!attempt.ok) throw new HttpError(429, MESSAGES.tooManyAttempts);
      const passwordHash = await hashStoredPassword(body.password);
      let userId: number;
      try {
        userId = await ctx.db.transaction(async (tx) => {
          const [row] = await tx
            .select()
            .from(userInvitations)
            .where(and(eq(userInvitations.business_id, params.businessId), eq(userInvitations.token_hash, sha256(params.token))))
            .for('update');
          if (!row) throw notFound();
          refuseUnlessPending(row, now);
          if (await accountWithEmail(tx, row.email)) throw emailHasAccount();
          const [created] = await tx
            .insert(users)
            .values({
              role: row.role,
              acl: { ...row.acl, multiLocation: false, custom: [] },
              fullname: body.fullname,
              email: row.email,
              username: row.email,
              password_hash: passwordHash,
            })
            .returning({ id: users.id });
          const id = (created as { id: number }).id;
          await tx.insert(userBusinesses).values({ user_id: id, business_id: row.business_id });
          await tx
            .update(userInvitations)
            .set({ used_at: now, user_id: id })
            .where(and(eq(userInvitations.business_id, row.business_id), eq(userInvitations.id, row.id)));
          return id;
        });
      } catch (error) {
        // Two registrations for one email at once (two businesses' invitations): the second finds it taken.
        if (isUniqueViolation(error)) throw emailHasAccount();
        throw error;
      }
      await attempt.release();
      return startSession(ctx, policy, userId);
    }),
  ];
}
