import { mergePayrollChanges, type PayrollInfo } from '@salondesk/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { payrollQueries } from './payrollQueries';
import { useSalondeskContext } from './SalondeskProvider';

const valid = (businessId: number) => Number.isInteger(businessId) && businessId > 0;

/** A business's payroll settings (break rule, timesheet settings, overtime, pay period, the open period's start). */
export function usePayrollInfo(businessId: number, enabled = true) {
  const { client } = useSalondeskContext('usePayrollInfo');
  return useQuery({ ...payrollQueries.info(client, businessId), enabled: enabled && valid(businessId) });
}

/** Payroll per employee over a range, with the services each sold; idle while the range is empty. */
export function usePayrollData(businessId: number, start: string, end: string, enabled = true) {
  const { client } = useSalondeskContext('usePayrollData');
  return useQuery({ ...payrollQueries.data(client, businessId, start, end), enabled: enabled && valid(businessId) && start !== '' && end !== '', placeholderData: keepPreviousData });
}

/**
 * Saves the payroll settings, closing or reopening a pay period when `lastPayoutStartDate` moves:
 * `mutate({ base, edited })`, `base` the settings the screen showed and `edited` what the person
 * made of them. Only what they changed is saved, over the settings as they are now (read just
 * before saving: core's `mergePayrollChanges`), so two people saving at once never undo each
 * other. On success the saved settings replace the cached ones and every payroll of the business
 * is refetched (hours after break follow the break rule). A failure leaves the cache as it was:
 * the caller shows the error, never a success.
 */
export function useUpdatePayrollInfo(businessId: number) {
  const { client } = useSalondeskContext('useUpdatePayrollInfo');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ base, edited }: { base: PayrollInfo; edited: PayrollInfo }) => client.payroll.update(businessId, mergePayrollChanges(base, edited, await client.payroll.info(businessId))),
    onSuccess: async (saved) => {
      queryClient.setQueryData(payrollQueries.info(client, businessId).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: payrollQueries.business(businessId) });
    },
  });
}
