import { useQuery } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { staffQueries } from './staffQueries';

/** A staff member's appointments between two days (default: the next 30 days). */
export function useStaffAppointments(businessId: number, staffId: number, range: { from?: string; to?: string } = {}) {
  const { client } = useSalondeskContext('useStaffAppointments');
  return useQuery({ ...staffQueries.appointments(client, businessId, staffId, range), enabled: businessId > 0 && staffId > 0 });
}
