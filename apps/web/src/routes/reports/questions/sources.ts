import { REPORT_FUNCTIONS, type ReportColumn, type ReportParameter, type ReportSource } from '@salondesk/core';
import { businessPath } from '@salondesk/core';

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

/** Where the questions screens live. */
export const questionPaths = {
  list: (businessId: number) => businessPath(businessId, 'reports/questions'),
  create: (businessId: number) => businessPath(businessId, 'reports/questions/new'),
  view: (businessId: number, cardId: number) => businessPath(businessId, `reports/questions/${cardId}`),
  edit: (businessId: number, cardId: number) => businessPath(businessId, `reports/questions/${cardId}/edit`),
  embed: (businessId: number, reportId: number) => businessPath(businessId, `reports/embed/${reportId}`),
};
