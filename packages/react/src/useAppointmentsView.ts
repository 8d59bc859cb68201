import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { appointmentsViewQueries } from './appointmentsViewQueries';
import { useSalondeskContext } from './SalondeskProvider';

/** The appointments view of a day or a week: staff with their published shifts, holidays, and appointments flagged outside a shift. */
export function useAppointmentsView(businessId: number, start: string, end: string) {
  const { client } = useSalondeskContext('useAppointmentsView');
  return useQuery({
    ...appointmentsViewQueries.range(client, businessId, start, end),
    enabled: Number.isInteger(businessId) && businessId > 0 && start !== '' && end !== '',
    placeholderData: keepPreviousData,
  });
}
