import { useQuery } from '@tanstack/react-query';
import { businessQueries } from './businessQueries';
import { useSalondeskContext } from './SalondeskProvider';
import { useSession } from './useSession';

/** One business as the signed-in user sees it; idle until someone is signed in. */
export function useBusiness(businessId: number | null | undefined) {
  const { client } = useSalondeskContext('useBusiness');
  const userId = useSession().session?.user.id ?? 0;
  const enabled = userId > 0 && typeof businessId === 'number' && businessId > 0;
  return useQuery({ ...businessQueries.detail(client, userId, businessId ?? 0), enabled });
}
