import type { ReportCategoryType, SalondeskClient } from '@salondesk/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportQueries } from './reportQueries';
import { useSalondeskContext } from './SalondeskProvider';

/** The business's custom reports the user sees (`customreports/all`). */
export function useCustomReports(businessId: number) {
  const { client } = useSalondeskContext('useCustomReports');
  return useQuery({ ...reportQueries.customList(client, businessId), enabled: businessId > 0 });
}

/** One custom report with its settings; `reportId` 0 fetches nothing (a new report). */
export function useCustomReport(businessId: number, reportId: number) {
  const { client } = useSalondeskContext('useCustomReport');
  return useQuery({ ...reportQueries.custom(client, businessId, reportId), enabled: businessId > 0 && reportId > 0 });
}

/** The business's pivot reports the user sees (`pivotreports/new`). */
export function usePivotReports(businessId: number) {
  const { client } = useSalondeskContext('usePivotReports');
  return useQuery({ ...reportQueries.pivotList(client, businessId), enabled: businessId > 0 });
}

/** One pivot report; `reportId` 0 fetches nothing. */
export function usePivotReport(businessId: number, reportId: number) {
  const { client } = useSalondeskContext('usePivotReport');
  return useQuery({ ...reportQueries.pivot(client, businessId, reportId), enabled: businessId > 0 && reportId > 0 });
}

/** The business's report categories, of one type or both, each with its count of reports. */
export function useReportCategories(businessId: number, type?: ReportCategoryType) {
  const { client } = useSalondeskContext('useReportCategories');
  return useQuery({ ...reportQueries.categories(client, businessId, type), enabled: businessId > 0 });
}

/** Reports marked for deletion and the latest changes of deletion state, with who made them. */
export function useDeletedReports(businessId: number) {
  const { client } = useSalondeskContext('useDeletedReports');
  return useQuery({ ...reportQueries.deleted(client, businessId), enabled: businessId > 0 });
}

/** Other businesses' public reports, to copy in. */
export function useReportGallery(businessId: number) {
  const { client } = useSalondeskContext('useReportGallery');
  return useQuery({ ...reportQueries.gallery(client, businessId), enabled: businessId > 0 });
}

/** Every custom report the signed-in user sees, across their businesses. */
export function useUserCustomReports() {
  const { client } = useSalondeskContext('useUserCustomReports');
  return useQuery(reportQueries.userCustom(client));
}

/** Every pivot report the signed-in user sees, across their businesses. */
export function useUserPivotReports() {
  const { client } = useSalondeskContext('useUserPivotReports');
  return useQuery(reportQueries.userPivot(client));
}

/**
 * One change to the catalogue (create, update, copy, delete, share a report; add, rename, remove
 * a category), given as a call on the reports client: `useReportMutation(1, (reports, id: number) =>
 * reports.duplicateCustom(1, id))`. The business's lists and the user's lists refetch after it.
 */
export function useReportMutation<TVariables, TResult>(businessId: number, call: (reports: SalondeskClient['reports'], variables: TVariables) => Promise<TResult>) {
  const { client } = useSalondeskContext('useReportMutation');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => call(client.reports, variables),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportQueries.business(businessId) }),
        queryClient.invalidateQueries({ queryKey: reportQueries.user() }),
      ]),
  });
}
