import type { NewStaffMember, StaffAcl, StaffProperty, StaffPropertyValue } from '@salondesk/core';
import { operations } from '@salondesk/core';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { scheduleQueries } from './scheduleQueries';
import { useSalondeskContext } from './SalondeskProvider';
import { appointmentsViewQueries } from './appointmentsViewQueries';
import { staffQueries } from './staffQueries';
import { transactionQueries } from './transactionQueries';

/**
 * A new member or a changed name can change how namesakes are shown (core's `staffDisplayNames`),
 * so everything of the business that names staff refetches: staff lists, the scheduler, tickets and sales.
 */
const invalidateStaffNames = (queryClient: QueryClient, businessId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: staffQueries.business(businessId) }),
    queryClient.invalidateQueries({ queryKey: scheduleQueries.business(businessId) }),
    queryClient.invalidateQueries({ queryKey: transactionQueries.business(businessId) }),
  ]);

/** Adds a staff member (`allowSameName` after a `NAME_IN_USE` warning); what names staff refetches. */
export function useAddStaffMember(businessId: number) {
  const { client } = useSalondeskContext('useAddStaffMember');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: NewStaffMember) => client.staff.create(businessId, member),
    onSuccess: () => invalidateStaffNames(queryClient, businessId),
  });
}

/** Changes one property of a member (`staff/{id}/property/update`); the staff lists refetch, and what names staff after a name change. */
export function useUpdateStaffProperty(businessId: number) {
  const { client } = useSalondeskContext('useUpdateStaffProperty');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ staffId, key, value }: { staffId: number; key: StaffProperty; value: StaffPropertyValue }) =>
      client.staff.updateProperty(businessId, staffId, key, value),
    onSettled: (_data, _error, { key }) =>
      key === 'name' || key === 'nickname' || key === 'full_name'
        ? invalidateStaffNames(queryClient, businessId)
        : // Visibility, status and removal also change who the appointments view shows.
          Promise.all([queryClient.invalidateQueries({ queryKey: staffQueries.business(businessId) }), queryClient.invalidateQueries({ queryKey: appointmentsViewQueries.business(businessId) })]),
  });
}

/** Sets a member's acl through the proxy request. */
export function useUpdateStaffAcl(businessId: number) {
  const { client } = useSalondeskContext('useUpdateStaffAcl');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ staffId, acl }: { staffId: number; acl: StaffAcl }) => client.proxy.call(operations.staff.updateAcl, businessId, { params: { staffId }, body: { acl } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueries.business(businessId) }),
  });
}
