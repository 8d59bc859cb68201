import type { ReportCategoryType, SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/** Query keys and fetchers for the report catalogue (custom and pivot reports, categories, deletion, gallery). */
export const reportQueries = {
  all: () => ['salondesk', 'reports'] as const,
  business: (businessId: number) => [...reportQueries.all(), businessId] as const,
  /** The signed-in user's lists across their businesses. */
  user: () => [...reportQueries.all(), 'user'] as const,

  customList: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...reportQueries.business(businessId), 'custom'] as const, queryFn: () => client.reports.listCustom(businessId) }),
  custom: (client: SalondeskClient, businessId: number, reportId: number) =>
    queryOptions({ queryKey: [...reportQueries.business(businessId), 'custom', reportId] as const, queryFn: () => client.reports.getCustom(businessId, reportId) }),
  pivotList: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...reportQueries.business(businessId), 'pivot'] as const, queryFn: () => client.reports.listPivot(businessId) }),
  pivot: (client: SalondeskClient, businessId: number, reportId: number) =>
    queryOptions({ queryKey: [...reportQueries.business(businessId), 'pivot', reportId] as const, queryFn: () => client.reports.getPivot(businessId, reportId) }),
  categories: (client: SalondeskClient, businessId: number, type?: ReportCategoryType) =>
    queryOptions({ queryKey: [...reportQueries.business(businessId), 'categories', type ?? 'all'] as const, queryFn: () => client.reports.listCategories(businessId, type) }),
  deleted: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...reportQueries.business(businessId), 'deleted'] as const, queryFn: () => client.reports.deletedReports(businessId) }),
  gallery: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...reportQueries.business(businessId), 'gallery'] as const, queryFn: () => client.reports.gallery(businessId) }),
  userCustom: (client: SalondeskClient) => queryOptions({ queryKey: [...reportQueries.user(), 'custom'] as const, queryFn: () => client.reports.userCustom() }),
  userPivot: (client: SalondeskClient) => queryOptions({ queryKey: [...reportQueries.user(), 'pivot'] as const, queryFn: () => client.reports.userPivot() }),
};
