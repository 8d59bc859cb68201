import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { staffVisitQueries } from './staffVisitQueries';

const valid = (businessId: number) => Number.isInteger(businessId) && businessId > 0;

/** The staff visit report of a range: each staff member's visits, customers, sales and tips, and the totals. */
export function useStaffVisits(businessId: number, start: string, end: string) {
  const { client } = useSalondeskContext('useStaffVisits');
  return useQuery({ ...staffVisitQueries.report(client, businessId, start, end), enabled: valid(businessId), placeholderData: keepPreviousData });
}

/** One staff member's visits over a range, asked for only while `enabled` (a row opened). */
export function useStaffVisitDetail(businessId: number, start: string, end: string, staff: number | 'none' | null) {
  const { client } = useSalondeskContext('useStaffVisitDetail');
  return useQuery({ ...staffVisitQueries.visits(client, businessId, start, end, staff ?? 'none'), enabled: valid(businessId) && staff !== null });
}
