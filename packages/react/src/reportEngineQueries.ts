import { operations, type ReportSource, type SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/**
 * Query keys and fetchers of the report engine: a report's parameters (opened fresh every time:
 * query-sourced choices are read again), data sources, kept runs, period reports and the admin
 * cube. Everything of one business sits under `reportEngineQueries.business(id)`.
 */
export const reportEngineQueries = {
  all: () => ['salondesk', 'reportEngine'] as const,
  business: (businessId: number) => [...reportEngineQueries.all(), businessId] as const,

  /** A source's parameters as the report opens: defaults for today, choices read now. */
  params: (client: SalondeskClient, businessId: number, source: ReportSource, level: 'business' | 'network' = 'business') =>
    queryOptions({
      queryKey: [...reportEngineQueries.business(businessId), 'params', source, level] as const,
      queryFn: () => (source.kind === 'function' ? client.reportEngine.params(businessId, source.name, level) : client.reportEngine.dataSourceParams(businessId, source.id, level)),
      // Choices that come from a query are never reused: each opening asks again.
      staleTime: 0,
      gcTime: 0,
    }),

  dataSources: (client: SalondeskClient, businessId: number) =>
    queryOptions({
      queryKey: [...reportEngineQueries.business(businessId), 'dataSources'] as const,
      queryFn: () => client.reportEngine.dataSources(businessId),
    }),

  run: (client: SalondeskClient, businessId: number, runId: number, page: { offset: number; limit: number }) =>
    queryOptions({
      queryKey: [...reportEngineQueries.business(businessId), 'run', runId, page] as const,
      queryFn: () => client.reportEngine.reportRun(businessId, runId, page),
    }),

  periodReport: (client: SalondeskClient, businessId: number, query: { start: string; end: string; type: string; detail: boolean; level: 'business' | 'network' }) =>
    queryOptions({
      queryKey: [...reportEngineQueries.business(businessId), 'period', query] as const,
      queryFn: () => client.reportEngine.periodReport(businessId, query.start, query.end, query),
    }),

  cube: (client: SalondeskClient, businessId: number, query: { start: string; end: string; type: string; detail: boolean; business: number }) =>
    queryOptions({
      queryKey: [...reportEngineQueries.business(businessId), 'cube', query] as const,
      queryFn: () => client.proxy.call(operations.reportEngine.cubePeriodReport, businessId, { query: { ...query, detail: query.detail ? 'true' : 'false' } } as never),
    }),
};
