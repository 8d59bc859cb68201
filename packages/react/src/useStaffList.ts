import { useQuery } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { staffQueries } from './staffQueries';

/** The staff of a business (deleted members too with `includeDeleted`). */
export function useStaffList(businessId: number, options: { includeDeleted?: boolean } = {}) {
  const { client } = useSalondeskContext('useStaffList');
  return useQuery({ ...staffQueries.list(client, businessId, options.includeDeleted ?? false), enabled: businessId > 0 });
}
