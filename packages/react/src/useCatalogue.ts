import { useQuery } from '@tanstack/react-query';
import { catalogueQueries } from './catalogueQueries';
import { useSalondeskContext } from './SalondeskProvider';

/** Categories with their services and products (`all` lists inactive items too). */
export function useCatalogue(businessId: number, scope: 'all' | 'current' = 'all') {
  const { client } = useSalondeskContext('useCatalogue');
  return useQuery({ ...catalogueQueries.list(client, businessId, scope), enabled: businessId > 0 });
}
