import { type Acl, can, isAdmin, isUnrestricted, MESSAGES, PERMISSION_KEYS, UNRESTRICTED, type User, userCan } from '@salondesk/core';
import { HttpError } from '../http/errors';

/** A member's or an invitation's acl (blocks, units, restrictions) as core's permission check reads it. */
export const asAcl = (acl: { blocks: string[]; units: Record<string, string[]>; restrictions: string[] }): Acl => ({ ...acl, multiLocation: false, custom: [] });

/**
 * Refuses (403 `aclEscalation`) an acl that grants more than `editor` holds: nobody grants a
 * permission they do not have, and only the unrestricted grant `unrestricted`. Platform admins
 * grant anything. A member's acl change and an invitation both go through it.
 */
export function refuseAclEscalation(editor: Pick<User, 'role' | 'acl'>, acl: { blocks: string[]; units: Record<string, string[]>; restrictions: string[] }): void {
  if (isAdmin(editor)) return;
  const next = asAcl(acl);
  if (next.blocks.includes(UNRESTRICTED) && !isUnrestricted(editor.acl)) throw new HttpError(403, MESSAGES.aclEscalation);
  if (PERMISSION_KEYS.some((key) => can(next, key) && !userCan(editor, key))) throw new HttpError(403, MESSAGES.aclEscalation);
}
