import { isAdmin, operations } from '@salondesk/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { systemQueries } from './systemQueries';
import { useSession } from './useSession';

/** Every system setting; only fetched for a signed-in admin. */
export function useSystemSettings(businessId: number) {
  const { client } = useSalondeskContext('useSystemSettings');
  const user = useSession().session?.user;
  return useQuery({ ...systemQueries.list(client, businessId), enabled: businessId > 0 && user !== undefined && isAdmin(user) });
}

/** Writes one system setting (a new key is created); the list refetches. */
export function useUpdateSystemSetting(businessId: number) {
  const { client } = useSalondeskContext('useUpdateSystemSetting');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: unknown }) => client.proxy.call(operations.system.update, businessId, { params: { key }, body: { value } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemQueries.all() }),
  });
}
