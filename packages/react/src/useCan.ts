import { type PermissionKey, userCan } from '@salondesk/core';
import { useSession } from './useSession';

/**
 * May the signed-in user do `key` (spec 000 §6)? Admins may do everything; nobody signed in may
 * do nothing. Screens hide what this says no to; the server refuses it anyway.
 */
export function useCan(key: PermissionKey): boolean {
  const user = useSession().session?.user;
  return user !== undefined && userCan(user, key);
}
