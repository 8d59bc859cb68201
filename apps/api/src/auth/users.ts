import { acl as aclSchema, ROLE, type RoleParameters, type User, withRoleDefaults } from '@salondesk/core';
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { roles, userBusinesses, userNetworks, users } from '../db/schema';
import type { AuthState } from './authState';

export type UserRow = typeof users.$inferSelect;

/** The user signing in with `login` (a username or an email, any case); usernames win ties. */
export async function findUserByLogin(db: Database, login: string): Promise<UserRow | undefined> {
  const needle = login.trim().toLowerCase();
  const byUsername = sql`lower(${users.username}) = ${needle}`;
  const [row] = await db
    .select()
    .from(users)
    .where(or(byUsername, sql`lower(${users.email}) = ${needle}`))
    .orderBy(desc(byUsername))
    .limit(1);
  return row;
}

/** The user who may sign in with a code sent to this (normalized) phone: never an admin, who signs in with a password and an emailed code. */
export async function findUserByPhone(db: Database, phone: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), ne(users.role, ROLE.ADMIN)))
    .limit(1);
  return row && row.disabled_at === null ? row : undefined;
}

/**
 * The user as a session carries them, with the effective acl: their own plus the default blocks
 * and units of their role's parameters (spec 000 §6), so every permission check sees both.
 */
export const toUser = (
  row: Pick<UserRow, 'id' | 'role' | 'acl' | 'fullname' | 'email' | 'username'> & { roleParams?: RoleParameters | null },
): User => ({
  id: row.id,
  role: row.role,
  acl: withRoleDefaults(aclSchema.parse(row.acl), row.roleParams ?? undefined),
  fullname: row.fullname,
  email: row.email,
  username: row.username,
});

/** A user with their grants, as a session would carry them (no session token). */
export async function loadUserAccess(db: Database, userId: number): Promise<Omit<AuthState, 'tokenHash'> | undefined> {
  const [found] = await db
    .select({ user: users, roleParams: roles.params })
    .from(users)
    .leftJoin(roles, eq(roles.name, users.role))
    .where(eq(users.id, userId))
    .limit(1);
  if (!found || found.user.disabled_at) return undefined;
  const row = { ...found.user, roleParams: found.roleParams };
  const [networks, locations] = await Promise.all([
    db.select({ id: userNetworks.network_id }).from(userNetworks).where(eq(userNetworks.user_id, userId)),
    db.select({ id: userBusinesses.business_id }).from(userBusinesses).where(eq(userBusinesses.user_id, userId)),
  ]);
  return {
    user: toUser(row),
    grants: { networkIds: networks.map((n) => n.id), businessIds: locations.map((b) => b.id) },
  };
}
