import { useQuery } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { suspensionQueries } from './suspensionQueries';

/**
 * Since when and why a business is suspended (or will be), what it owes and whom to contact;
 * idle unless `enabled` (the frame asks only when the business has a suspension day).
 */
export function useSuspensionStatus(businessId: number, enabled = true) {
  const { client } = useSalondeskContext('useSuspensionStatus');
  return useQuery({ ...suspensionQueries.status(client, businessId), enabled: enabled && businessId > 0 });
}
