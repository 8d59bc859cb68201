import { useQuery } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { settingsQueries } from './settingsQueries';

/** The business's settings in their groups (Business Hours first). */
export function useBusinessSettings(businessId: number) {
  const { client } = useSalondeskContext('useBusinessSettings');
  return useQuery({ ...settingsQueries.get(client, businessId), enabled: businessId > 0 });
}
