import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/**
 * Query keys and fetchers of the schedule area, from one factory so a key always matches what it
 * fetches. Every schedule mutation invalidates `scheduleQueries.business(id)` (all of one business).
 */
export const scheduleQueries = {
  all: () => ['salondesk', 'schedule'] as const,
  business: (businessId: number) => [...scheduleQueries.all(), businessId] as const,

  /** Dated entries of `start`…+`days` with the settings (`schedule/get/dynamic`). */
  range: (client: SalondeskClient, businessId: number, start?: string, days?: number) =>
    queryOptions({
      queryKey: [...scheduleQueries.business(businessId), 'range', { start: start ?? null, days: days ?? null }] as const,
      queryFn: () => client.schedule.getDynamic(businessId, { ...(start ? { start } : {}), ...(days ? { days } : {}) }),
    }),

  /** Active staff with their template and dated entries (`staff/schedules`). */
  staff: (client: SalondeskClient, businessId: number, start?: string, days?: number) =>
    queryOptions({
      queryKey: [...scheduleQueries.business(businessId), 'staff', { start: start ?? null, days: days ?? null }] as const,
      queryFn: () => client.schedule.listStaff(businessId, { ...(start ? { start } : {}), ...(days ? { days } : {}) }),
    }),

  /**
   * What publishing the drafts of `start`…`end` would change, per week (`schedule/publish/preview`).
   * Never kept: each confirmation asks the server again (`staleTime` and `gcTime` 0).
   */
  publishPreview: (client: SalondeskClient, businessId: number, start: string, end: string) =>
    queryOptions({
      queryKey: [...scheduleQueries.business(businessId), 'publish-preview', { start, end }] as const,
      queryFn: () => client.schedule.publishPreview(businessId, { start, end }),
      staleTime: 0,
      gcTime: 0,
    }),

  /** What republishing from the templates would change, per week (`schedule/clear/republish/preview`); never kept. */
  republishPreview: (client: SalondeskClient, businessId: number, start?: string, days?: number) =>
    queryOptions({
      queryKey: [...scheduleQueries.business(businessId), 'republish-preview', { start: start ?? null, days: days ?? null }] as const,
      queryFn: () => client.schedule.republishPreview(businessId, { ...(start ? { start } : {}), ...(days ? { days } : {}) }),
      staleTime: 0,
      gcTime: 0,
    }),

  holidays: (client: SalondeskClient, businessId: number) =>
    queryOptions({
      queryKey: [...scheduleQueries.business(businessId), 'holidays'] as const,
      queryFn: () => client.schedule.listHolidays(businessId),
    }),

  activity: (client: SalondeskClient, businessId: number, limit = 50) =>
    queryOptions({
      queryKey: [...scheduleQueries.business(businessId), 'activity', { limit }] as const,
      queryFn: () => client.schedule.activity(businessId, limit),
    }),
};
