import type { NewInvitation } from '@salondesk/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invitationQueries } from './invitationQueries';
import { useSalondeskContext } from './SalondeskProvider';

/** The business's invitations (waiting, used, expired, withdrawn); `enabled` off while the user may not see staff. */
export function useInvitations(businessId: number, options: { enabled?: boolean } = {}) {
  const { client } = useSalondeskContext('useInvitations');
  return useQuery({ ...invitationQueries.list(client, businessId), enabled: businessId > 0 && (options.enabled ?? true) });
}

/** Invites someone by email with a role and an acl; the business's invitations refetch. */
export function useCreateInvitation(businessId: number) {
  const { client } = useSalondeskContext('useCreateInvitation');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewInvitation) => client.invitations.create(businessId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationQueries.business(businessId) }),
  });
}

/** Withdraws a waiting invitation; the business's invitations refetch. */
export function useWithdrawInvitation(businessId: number) {
  const { client } = useSalondeskContext('useWithdrawInvitation');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => client.invitations.withdraw(businessId, invitationId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationQueries.business(businessId) }),
  });
}
