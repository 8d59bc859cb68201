import { isAdmin } from '@salondesk/core';
import { useQuery } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { userQueries } from './userQueries';
import { useSession } from './useSession';

/** The platform admin's look-up of users across businesses (`getuser`): fetched for an admin once `q` has 2 characters (or is an id). */
export function useUserLookup(q: string) {
  const { client } = useSalondeskContext('useUserLookup');
  const user = useSession().session?.user;
  const term = q.trim();
  return useQuery({
    ...userQueries.lookup(client, term),
    enabled: user !== undefined && isAdmin(user) && (/^\d+$/.test(term) || term.length >= 2),
  });
}
