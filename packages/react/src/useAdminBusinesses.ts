import { isAdmin } from '@salondesk/core';
import { useQuery } from '@tanstack/react-query';
import { businessQueries } from './businessQueries';
import { useSalondeskContext } from './SalondeskProvider';
import { useSession } from './useSession';

/** Every business on the platform; only fetched for a signed-in admin. */
export function useAdminBusinesses() {
  const { client } = useSalondeskContext('useAdminBusinesses');
  const user = useSession().session?.user;
  return useQuery({ ...businessQueries.adminList(client), enabled: user !== undefined && isAdmin(user) });
}
