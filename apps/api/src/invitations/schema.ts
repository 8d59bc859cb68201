import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../db/columns';
import { businesses, users } from '../db/schema';
import type { StaffAclColumn } from '../staff/schema';

/**
 * Invitations to a business (issue 27): an email, the role (`MANAGER` or `STAFF`, core's
 * `INVITABLE_ROLES`) and the acl the invitee will hold, and a link that works once until
 * `expires_at`. Only the SHA-256 (hex) of the link's 256-bit token is kept. The business is the
 * tenant key: first in the primary key, in the token's unique key (the link names its business,
 * so a look-up always has both) and in the foreign key to the business.
 * `used_at` and `user_id` record the account the link made; `withdrawn_at` a withdrawal.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    business_id: integer('business_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    acl: jsonb('acl').$type<StaffAclColumn>().notNull(),
    token_hash: text('token_hash').notNull(),
    invited_by: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    expires_at: at('expires_at').notNull(),
    used_at: at('used_at'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    withdrawn_at: at('withdrawn_at'),
  },
  (t) => [
    primaryKey({ name: 'user_invitations_pkey', columns: [t.business_id, t.id] }),
    foreignKey({ name: 'user_invitations_business_fk', columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade'),
    uniqueIndex('user_invitations_business_token_key').on(t.business_id, t.token_hash),
    index('user_invitations_business_email_idx').on(t.business_id, sql`lower(${t.email})`),
    check('user_invitations_role_check', sql`${t.role} in ('MANAGER', 'STAFF')`),
    // An account is named only by a used link (it may be gone since: then user_id is null again).
    check('user_invitations_used_user_check', sql`${t.used_at} is not null or ${t.user_id} is null`),
    check('user_invitations_final_check', sql`${t.used_at} is null or ${t.withdrawn_at} is null`),
  ],
);
