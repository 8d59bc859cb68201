import type { SalondeskClient } from '@salondesk/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueQueries } from './catalogueQueries';
import { useSalondeskContext } from './SalondeskProvider';
import { staffQueries } from './staffQueries';

/**
 * One catalogue change (add, edit or retire a category, service or product), given as a call on
 * the catalogue client; the business's catalogue (and the staff screens' services) refetch.
 */
export function useCatalogueMutation<TVariables, TResult>(businessId: number, call: (catalogue: SalondeskClient['catalogue'], variables: TVariables) => Promise<TResult>) {
  const { client } = useSalondeskContext('useCatalogueMutation');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => call(client.catalogue, variables),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueQueries.business(businessId) }),
        queryClient.invalidateQueries({ queryKey: staffQueries.business(businessId) }),
      ]),
  });
}
