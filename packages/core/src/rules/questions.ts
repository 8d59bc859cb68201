import type { QuestionVisualization } from '../models/questions';
import type { ReportColumn, ReportColumnFormat, ReportParameterValues, ReportResult } from '../models/reports';
import { numericValue } from './reportValues';
import { NUMERIC_FORMATS } from './pivot';

/**
 * Rules of the questions service (cards and their visualisations): which columns a visualisation
 * may plot, the one a new card starts with, and the figures a chart draws from a result. Pure: the
 * card editor, the card view and the server's check of a saved card use the same functions.
 */

/** The formats whose values can be added up and plotted. */
export const isNumericColumn = (column: Pick<ReportColumn, 'format'>): boolean => NUMERIC_FORMATS.includes(column.format);

/** A problem of a visualisation, by the field of the visualisation it is about. */
export interface VisualizationProblem {
  path: (string | number)[];
  message: string;
}

/**
 * What is wrong with plotting `visualization` over a result with these columns (empty when
 * nothing): every column it names must be one of them, and what it adds up (the metrics of a bar
 * or line chart, a pie's metric, a number's field) must be numeric.
 */
export function visualizationProblems(visualization: QuestionVisualization, columns: readonly ReportColumn[]): VisualizationProblem[] {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const problems: VisualizationProblem[] = [];
  const known = (key: string, path: (string | number)[]) => {
    if (byKey.has(key)) return true;
    problems.push({ path, message: `The source has no column ${key}` });
    return false;
  };
  const numeric = (key: string, path: (string | number)[]) => {
    const column = byKey.get(key);
    if (known(key, path) && column && !isNumericColumn(column)) problems.push({ path, message: `${column.label} is not a number and cannot be plotted` });
  };
  switch (visualization.display) {
    case 'table':
      (visualization.columns ?? []).forEach((key, i) => known(key, ['columns', i]));
      break;
    case 'bar':
    case 'line':
      known(visualization.dimension, ['dimension']);
      visualization.metrics.forEach((key, i) => numeric(key, ['metrics', i]));
      if (new Set(visualization.metrics).size !== visualization.metrics.length) problems.push({ path: ['metrics'], message: 'Each value is plotted once' });
      // A chart has two value axes at most: money and counts, say, but not percentages as well.
      if (new Set(visualization.metrics.flatMap((key) => byKey.get(key)?.format ?? [])).size > 2) problems.push({ path: ['metrics'], message: 'Plot values of two kinds at most (money, numbers, percentages)' });
      break;
    case 'pie':
      known(visualization.dimension, ['dimension']);
      numeric(visualization.metric, ['metric']);
      break;
    case 'number':
      numeric(visualization.field, ['field']);
      break;
  }
  return problems;
}

/**
 * The visualisation a new card over these columns starts with: a bar chart of the first numeric
 * column by the first other column, a number when every column is numeric, else a table.
 */
export function defaultVisualization(columns: readonly ReportColumn[]): QuestionVisualization {
  const metric = columns.find(isNumericColumn);
  const dimension = columns.find((c) => !isNumericColumn(c));
  if (metric && dimension) return { display: 'bar', dimension: dimension.key, metrics: [metric.key] };
  if (metric) return { display: 'number', field: metric.key };
  return { display: 'table' };
}

/**
 * The visualisation kept when the columns change (another source in the editor): the same one when
 * it still fits them, else the default for them.
 */
export const fittingVisualization = (visualization: QuestionVisualization, columns: readonly ReportColumn[]): QuestionVisualization =>
  visualizationProblems(visualization, columns).length === 0 ? visualization : defaultVisualization(columns);


/** A value of a result as the label of a category: text as it is, nothing as `(empty)`. */
export function categoryLabel(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** What a bar, line or pie chart draws: the categories in the order the rows first name them, and one series of totals per metric. */
export interface QuestionChartData {
  categories: string[];
  series: { key: string; label: string; format: ReportColumnFormat; values: number[] }[];
}

/**
 * The chart of a result: one category per distinct value of the dimension (in the order the rows
 * first give them: a source sorted by month stays sorted), each metric summed over the rows of that
 * category. Empty for a table or a number.
 */
export function questionChartData(result: Pick<ReportResult, 'columns' | 'rows'>, visualization: QuestionVisualization): QuestionChartData {
  if (visualization.display !== 'bar' && visualization.display !== 'line' && visualization.display !== 'pie') return { categories: [], series: [] };
  const metrics = visualization.display === 'pie' ? [visualization.metric] : visualization.metrics;
  const index = new Map<string, number>();
  const categories: string[] = [];
  const totals = metrics.map(() => [] as number[]);
  for (const row of result.rows) {
    const label = categoryLabel(row[visualization.dimension]);
    let at = index.get(label);
    if (at === undefined) {
      at = categories.length;
      index.set(label, at);
      categories.push(label);
      for (const t of totals) t.push(0);
    }
    metrics.forEach((key, m) => {
      const t = totals[m] as number[];
      t[at] = (t[at] ?? 0) + numericValue(row[key]);
    });
  }
  const byKey = new Map(result.columns.map((c) => [c.key, c]));
  return {
    categories,
    series: metrics.map((key, m) => ({ key, label: byKey.get(key)?.label ?? key, format: byKey.get(key)?.format ?? 'number', values: totals[m] as number[] })),
  };
}

/** A number card's figure: the sum of its field over every row (null when there are no rows). */
export function questionNumber(result: Pick<ReportResult, 'rows'>, visualization: QuestionVisualization): number | null {
  if (visualization.display !== 'number' || result.rows.length === 0) return null;
  return result.rows.reduce((sum, row) => sum + numericValue(row[visualization.field]), 0);
}

/** The columns a table card shows, in its order (every column when it names none; unknown names dropped). */
export function tableColumns(columns: readonly ReportColumn[], visualization: QuestionVisualization): ReportColumn[] {
  if (visualization.display !== 'table' || !visualization.columns || visualization.columns.length === 0) return [...columns];
  const byKey = new Map(columns.map((c) => [c.key, c]));
  return visualization.columns.flatMap((key) => byKey.get(key) ?? []);
}

/**
 * The parameter values of a card's run: the card's own, overridden by the viewer's, overridden by
 * the locked ones (an embed's, which nobody can change). A value of `undefined` changes nothing.
 */
export function mergedParameterValues(...layers: readonly (ReportParameterValues | undefined)[]): ReportParameterValues {
  const out: ReportParameterValues = {};
  for (const layer of layers) for (const [key, value] of Object.entries(layer ?? {})) if (value !== undefined) out[key] = value;
  return out;
}

/** How long a signed embed address lives at most (Metabase's advice: 10 minutes). */
export const EMBED_TOKEN_MAX_SECONDS = 600;
/** The viewer asks for a new address this long before the old one expires. */
export const EMBED_REFRESH_BEFORE_SECONDS = 60;

/** When the viewer should ask for a new embed address (milliseconds from `now`), never less than a second. */
export function embedRefreshDelay(expiresAt: string, now: Date): number {
  const expires = Date.parse(expiresAt);
  if (!Number.isFinite(expires)) return 1_000;
  return Math.max(1_000, expires - now.getTime() - EMBED_REFRESH_BEFORE_SECONDS * 1_000);
}

