import { useQuery } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { staffQueries } from './staffQueries';

/** `monthlyreport/{y}/{m}`: per member, the month's appointments, booked minutes and sales. */
export function useStaffMonthlyReport(businessId: number, year: number, month: number) {
  const { client } = useSalondeskContext('useStaffMonthlyReport');
  return useQuery({ ...staffQueries.monthlyReport(client, businessId, year, month), enabled: businessId > 0 && year > 0 && month > 0 });
}
