import type { DataSourceChanges, DataSourceInput, DataSourceTestBody, ReportRunBody, ReportSource } from '@salondesk/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportEngineQueries } from './reportEngineQueries';
import { useSalondeskContext } from './SalondeskProvider';

const valid = (businessId: number) => Number.isInteger(businessId) && businessId > 0;

/**
 * A report's parameters as it opens, with defaults for today in the business's time zone and
 * choices read now: every mount asks the server again (a query's choices never go stale).
 */
export function useReportParams(businessId: number, source: ReportSource | null, level: 'business' | 'network' = 'business') {
  const { client } = useSalondeskContext('useReportParams');
  return useQuery({
    ...reportEngineQueries.params(client, businessId, source ?? { kind: 'function', name: 'none' }, level),
    enabled: valid(businessId) && source !== null,
    refetchOnMount: 'always',
  });
}

/** Runs a report function or a data source: its rows now, or a kept run (`status: 'queued'`) to follow. */
export function useRunReport(businessId: number) {
  const { client } = useSalondeskContext('useRunReport');
  return useMutation({
    mutationFn: ({ source, body }: { source: ReportSource; body: ReportRunBody }) =>
      source.kind === 'function' ? client.reportEngine.run(businessId, source.name, body) : client.reportEngine.runDataSource(businessId, source.id, body),
  });
}

/** The data sources offered in a business. */
export function useDataSources(businessId: number) {
  const { client } = useSalondeskContext('useDataSources');
  return useQuery({ ...reportEngineQueries.dataSources(client, businessId), enabled: valid(businessId) });
}

function useInvalidateDataSources(businessId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reportEngineQueries.business(businessId) });
}

/** Admins: adds a data source (checked by the server: one read-only SELECT over the reporting views). */
export function useAddDataSource(businessId: number) {
  const { client } = useSalondeskContext('useAddDataSource');
  const invalidate = useInvalidateDataSources(businessId);
  return useMutation({ mutationFn: (body: DataSourceInput) => client.reportEngine.addDataSource(businessId, body), onSuccess: invalidate });
}

export function useUpdateDataSource(businessId: number) {
  const { client } = useSalondeskContext('useUpdateDataSource');
  const invalidate = useInvalidateDataSources(businessId);
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: DataSourceChanges }) => client.reportEngine.updateDataSource(businessId, id, changes),
    onSuccess: invalidate,
  });
}

export function useDeleteDataSource(businessId: number) {
  const { client } = useSalondeskContext('useDeleteDataSource');
  const invalidate = useInvalidateDataSources(businessId);
  return useMutation({ mutationFn: (id: number) => client.reportEngine.deleteDataSource(businessId, id), onSuccess: invalidate });
}

/** Admins: tries a SELECT and its parameters before saving (a few rows back). */
export function useTestDataSource(businessId: number) {
  const { client } = useSalondeskContext('useTestDataSource');
  return useMutation({ mutationFn: (body: DataSourceTestBody) => client.reportEngine.testDataSource(businessId, body) });
}

/**
 * A kept run and a page of its rows; while it is queued or running it is asked again every few
 * seconds (the `reportRunFinished` notification also refreshes it at once).
 */
export function useReportRun(businessId: number, runId: number, page: { offset: number; limit: number }) {
  const { client } = useSalondeskContext('useReportRun');
  return useQuery({
    ...reportEngineQueries.run(client, businessId, runId, page),
    enabled: valid(businessId) && valid(runId),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data && ['queued', 'running'].includes(query.state.data.run.status) ? 3_000 : false),
  });
}

/** A period report (`prepaidbalance`, `staffsales/byvisit`) over a range, in summary or detail. */
export function usePeriodReport(businessId: number, query: { start: string; end: string; type: string; detail: boolean; level?: 'business' | 'network' }) {
  const { client } = useSalondeskContext('usePeriodReport');
  return useQuery({
    ...reportEngineQueries.periodReport(client, businessId, { ...query, level: query.level ?? 'business' }),
    enabled: valid(businessId) && query.start !== '' && query.end !== '',
    placeholderData: keepPreviousData,
  });
}

/** The admin cube's period report of a selected business (through the proxy request). */
export function useCubePeriodReport(businessId: number, query: { start: string; end: string; type: string; detail: boolean; business: number | null }) {
  const { client } = useSalondeskContext('useCubePeriodReport');
  const { business, ...rest } = query;
  return useQuery({
    ...reportEngineQueries.cube(client, businessId, { ...rest, business: business ?? 0 }),
    enabled: valid(businessId) && business !== null && business > 0,
    placeholderData: keepPreviousData,
  });
}
