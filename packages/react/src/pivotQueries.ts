import type { PivotConfiguration, ReportSource, SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/**
 * Query keys and fetchers for pivot reports, built in one place so a key always matches what it
 * fetches. Everything of one business sits under `pivotQueries.business(id)`; a saved pivot's
 * pages under `pivotQueries.report(id, reportId)`, so saving it invalidates exactly those.
 */
export const pivotQueries = {
  all: () => ['salondesk', 'pivot'] as const,
  business: (businessId: number) => [...pivotQueries.all(), businessId] as const,
  report: (businessId: number, reportId: number) => [...pivotQueries.business(businessId), 'report', reportId] as const,

  /** One page of a saved pivot. */
  run: (client: SalondeskClient, businessId: number, reportId: number, page: number, pageSize?: number) =>
    queryOptions({
      queryKey: [...pivotQueries.report(businessId, reportId), 'run', { page, pageSize }] as const,
      queryFn: () => client.pivot.run(businessId, reportId, { page, ...(pageSize ? { pageSize } : {}) }),
    }),

  /** One page of a configuration not yet saved (the editor's preview), keyed by the configuration itself. */
  preview: (client: SalondeskClient, businessId: number, configuration: PivotConfiguration, page: number, pageSize?: number) =>
    queryOptions({
      queryKey: [...pivotQueries.business(businessId), 'preview', configuration, { page, pageSize }] as const,
      queryFn: () => client.pivot.preview(businessId, configuration, { page, ...(pageSize ? { pageSize } : {}) }),
    }),

  /** The data sources and report functions a pivot can read. */
  sources: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...pivotQueries.business(businessId), 'sources'] as const, queryFn: () => client.pivot.sources(businessId), staleTime: 60_000 }),

  /** The fields and parameters a source offers. */
  fields: (client: SalondeskClient, businessId: number, source: ReportSource) =>
    queryOptions({
      queryKey: [...pivotQueries.business(businessId), 'fields', source] as const,
      queryFn: () => client.pivot.fields(businessId, source),
      staleTime: 60_000,
    }),
};
