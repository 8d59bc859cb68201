import { acl as aclSchema, type User } from '@salondesk/core';
import { desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { userBusinesses, userNetworks, users } from '../db/schema';
import type { AuthState } from './sessions';

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

export const toUser = (row: Pick<UserRow, 'id' | 'role' | 'acl' | 'fullname' | 'email' | 'username'>): User => ({
  id: row.id,
  role: row.role,
  acl: aclSchema.parse(row.acl),
  fullname: row.fullname,
  email: row.email,
  username: row.username,
});

/** A user with their grants, as a session would carry them (no session token). */
export async function loadUserAccess(db: Database, userId: number): Promise<Omit<AuthState, 'tokenHash'> | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row || row.disabled_at) return undefined;
  const [networks, locations] = await Promise.all([
    db.select({ id: userNetworks.network_id }).from(userNetworks).where(eq(userNetworks.user_id, userId)),
    db.select({ id: userBusinesses.business_id }).from(userBusinesses).where(eq(userBusinesses.user_id, userId)),
  ]);
  return {
    user: toUser(row),
    grants: { networkIds: networks.map((n) => n.id), businessIds: locations.map((b) => b.id) },
  };
}
