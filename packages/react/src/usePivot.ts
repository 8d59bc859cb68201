import type { PivotConfiguration, ReportSource } from '@salondesk/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pivotQueries } from './pivotQueries';
import { useSalondeskContext } from './SalondeskProvider';

const valid = (id: number) => Number.isInteger(id) && id > 0;

/** One page of a saved pivot report (and the report itself); the previous page stays shown while the next loads. */
export function usePivotRun(businessId: number, reportId: number, page: number, pageSize?: number) {
  const { client } = useSalondeskContext('usePivotRun');
  return useQuery({ ...pivotQueries.run(client, businessId, reportId, page, pageSize), enabled: valid(businessId) && valid(reportId), placeholderData: keepPreviousData });
}

/**
 * The live preview of a configuration not yet saved: idle while `configuration` is null (no
 * source or no value yet); the last preview stays shown while a change is computed.
 */
export function usePivotPreview(businessId: number, configuration: PivotConfiguration | null, page = 1, pageSize?: number) {
  const { client } = useSalondeskContext('usePivotPreview');
  const options = pivotQueries.preview(client, businessId, configuration as PivotConfiguration, page, pageSize);
  return useQuery({ ...options, enabled: valid(businessId) && configuration !== null, placeholderData: keepPreviousData, retry: false });
}

/** The fields and parameters of a source; idle while `source` is null. */
export function usePivotFields(businessId: number, source: ReportSource | null) {
  const { client } = useSalondeskContext('usePivotFields');
  return useQuery({ ...pivotQueries.fields(client, businessId, source as ReportSource), enabled: valid(businessId) && source !== null });
}

/** The data sources and report functions a pivot can read in a business. */
export function usePivotSources(businessId: number) {
  const { client } = useSalondeskContext('usePivotSources');
  return useQuery({ ...pivotQueries.sources(client, businessId), enabled: valid(businessId) });
}
