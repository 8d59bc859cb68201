import type { NewStaffMember, StaffAcl, StaffProperty, StaffPropertyValue } from '@salondesk/core';
import { operations } from '@salondesk/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { staffQueries } from './staffQueries';

/** Adds a staff member; the business's staff lists refetch. */
export function useAddStaffMember(businessId: number) {
  const { client } = useSalondeskContext('useAddStaffMember');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: NewStaffMember) => client.staff.create(businessId, member),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueries.business(businessId) }),
  });
}

/** Changes one property of a member (`staff/{id}/property/update`); the staff lists refetch. */
export function useUpdateStaffProperty(businessId: number) {
  const { client } = useSalondeskContext('useUpdateStaffProperty');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ staffId, key, value }: { staffId: number; key: StaffProperty; value: StaffPropertyValue }) =>
      client.staff.updateProperty(businessId, staffId, key, value),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueries.business(businessId) }),
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
