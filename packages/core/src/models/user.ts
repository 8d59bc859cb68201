import { z } from 'zod/mini';
import { id } from './ids';

export const ROLE = {
  ADMIN: 'ADMIN',
  OWNER: 'OWNER',
  MANAGER: 'MANAGER',
  STAFF: 'STAFF',
} as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];

export const ROLE_LABEL: Record<Role, string> = {
  ADMIN: 'Platform admin',
  OWNER: 'Owner',
  MANAGER: 'Manager',
  STAFF: 'Staff',
};

/** The acl entry that grants every block and unit (spec 000 §6). */
export const UNRESTRICTED = 'unrestricted';

/**
 * What a user may do inside the businesses they may see (spec 000 §3, §6): permission
 * blocks, the units allowed in each block, restrictions, the multi-location flag and the ids of
 * custom reports they may run.
 */
export const acl = z.object({
  blocks: z._default(z.array(z.string()), () => []),
  units: z._default(z.record(z.string(), z.array(z.string())), () => ({})),
  restrictions: z._default(z.array(z.string()), () => []),
  multiLocation: z._default(z.boolean(), false),
  custom: z._default(z.array(z.int()), () => []),
});
export type Acl = z.infer<typeof acl>;

export const user = z.object({
  id,
  role: z.string(),
  acl,
  fullname: z.string(),
  email: z.string(),
  username: z.string(),
});
export type User = z.infer<typeof user>;

export const isAdmin = (u: Pick<User, 'role'>): boolean => u.role === ROLE.ADMIN;
