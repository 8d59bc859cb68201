import { businessPath, type DataSource, REPORT_FUNCTIONS, type ReportColumn, type ReportParameter, type ReportSource } from '@salondesk/core';
import { useQuestionDataSources } from '@salondesk/react';
import { useMemo } from 'react';

/** A source a card may read, as the editor offers it. */
export interface SourceOption {
  /** `function:sales_by_staff`, `datasource:3`: the picker's value. */
  key: string;
  source: ReportSource;
  label: string;
  group: 'Report functions' | 'Data sources';
  parameters: readonly ReportParameter[];
  /** Declared columns, when known before a run. */
  columns: readonly ReportColumn[] | null;
}

export const sourceKey = (source: ReportSource): string => (source.kind === 'function' ? `function:${source.name}` : `datasource:${source.id}`);

/** The report functions of the `reports` schema, by title. */
export const FUNCTION_SOURCES: readonly SourceOption[] = Object.values(REPORT_FUNCTIONS)
  .map((fn) => ({ key: `function:${fn.name}`, source: { kind: 'function', name: fn.name } as ReportSource, label: fn.title, group: 'Report functions' as const, parameters: fn.params, columns: fn.columns }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** A data source as the picker offers it. */
export const dataSourceOption = (d: DataSource): SourceOption => ({
  key: `datasource:${d.id}`,
  source: { kind: 'datasource', id: d.id },
  label: d.name,
  group: 'Data sources',
  parameters: d.settings.parameters,
  columns: null,
});

/**
 * Every source a card may read in the business: the data sources offered there, then the report
 * functions. While the data sources load (or when they cannot), the functions alone.
 */
export function useQuestionSources(businessId: number): { sources: readonly SourceOption[]; loading: boolean } {
  const dataSources = useQuestionDataSources(businessId);
  return useMemo(
    () => ({ sources: [...(dataSources.data ?? []).map(dataSourceOption).sort((a, b) => a.label.localeCompare(b.label)), ...FUNCTION_SOURCES], loading: dataSources.isLoading }),
    [dataSources.data, dataSources.isLoading],
  );
}

/** What a card reads, in words. */
export const sourceLabelOf = (sources: readonly SourceOption[], source: ReportSource): string =>
  sources.find((s) => s.key === sourceKey(source))?.label ?? (source.kind === 'datasource' ? `Data source #${source.id}` : source.name);

/** Where the questions screens live. */
export const questionPaths = {
  list: (businessId: number) => businessPath(businessId, 'reports/questions'),
  create: (businessId: number) => businessPath(businessId, 'reports/questions/new'),
  view: (businessId: number, cardId: number) => businessPath(businessId, `reports/questions/${cardId}`),
  edit: (businessId: number, cardId: number) => businessPath(businessId, `reports/questions/${cardId}/edit`),
  embed: (businessId: number, reportId: number) => businessPath(businessId, `reports/embed/${reportId}`),
};
