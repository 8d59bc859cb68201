import {
  formatMoney,
  formatMoneyShort,
  formatReportValue,
  type QuestionResult,
  type QuestionVisualization,
  questionChartData,
  questionNumber,
  type ReportColumn,
  type ReportColumnFormat,
  type ReportValueDisplay,
  tableColumns,
} from '@salondesk/core';
import { useMemo } from 'react';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { resultColumns } from '../engine/resultColumns';
import { Chart, type ChartAxis, type ChartMeasure } from '../../../ui/Chart';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { StatCard } from '../../../ui/StatCard';

type Row = Record<string, unknown> & { __index: number };

/** How a chart reads a column's values: money from cents in the business's currency, counts, percentages. */
export function measureOf(format: ReportColumnFormat, symbol: string): ChartMeasure {
  if (format === 'money') return { unit: 'money', format: (c) => formatMoney(c, symbol), formatTick: (c) => formatMoneyShort(c, symbol), minInterval: 100 };
  if (format === 'percent') return { unit: 'percent', format: (v) => `${v.toLocaleString('en-US', { maximumFractionDigits: 1 })}%` };
  return { unit: 'number', format: (v) => v.toLocaleString('en-US', { maximumFractionDigits: 2 }) };
}


export interface QuestionResultViewProps {
  title: string;
  result: QuestionResult;
  visualization: QuestionVisualization;
  /** How the business shows values: its currency symbol and time zone. */
  display: ReportValueDisplay;
  /** Saves the table's sorting and columns per user under this name (a saved card); without it, a plain table (the editor's preview). */
  savedTable?: { businessId: number; name: string };
  loading?: boolean;
}

/**
 * A question's result as its visualisation says: a chart (`ui/Chart`, a category per value of the
 * dimension), a number, or a table (`ui/DataTable`). Charts keep their values in a table too.
 */
export function QuestionResultView({ title, result, visualization, display, savedTable, loading }: QuestionResultViewProps) {
  const rows = useMemo(() => result.rows.map((r, i) => ({ ...r, __index: i }) as Row), [result.rows]);
  const truncated = result.truncated ? <p className="mt-2 text-xs text-slate-600">Only the first {result.rows.length.toLocaleString('en-US')} rows are shown.</p> : null;

  if (visualization.display === 'number') {
    const column = result.columns.find((c) => c.key === visualization.field);
    const value = questionNumber(result, visualization);
    return (
      <div className="max-w-sm" data-question-display="number">
        <StatCard title={title} figure={column?.label} value={value === null ? '—' : formatReportValue(value, column?.format ?? 'number', display)} caption={`${result.rows.length.toLocaleString('en-US')} rows`} />
        {truncated}
      </div>
    );
  }

  if (visualization.display === 'table') {
    const shown = tableColumns(result.columns, visualization);
    const columns = resultColumns(shown, display);
    const props = { caption: title, columns, rows, getRowId: (row: Row) => row.__index, empty: 'No rows for these parameters', loading };
    return (
      <div data-question-display="table">
        {savedTable ? <SavedDataTable {...props} businessId={savedTable.businessId} name={savedTable.name} /> : <DataTable {...props} />}
        {truncated}
      </div>
    );
  }

  const data = questionChartData(result, visualization);
  const dimension = result.columns.find((c) => c.key === visualization.dimension);
  const isDays = dimension?.format === 'day';
  const axis: ChartAxis = isDays
    ? { label: 'Day', one: 'day', many: 'days', days: true }
    : { label: dimension?.label ?? 'Category', one: (dimension?.label ?? 'category').toLowerCase(), many: `${(dimension?.label ?? 'categorie').toLowerCase()}s`, days: false };
  const label = (point: string) => (isDays ? formatReportValue(point, 'day', display) : point);
  return (
    <div data-question-display={visualization.display}>
      <Chart
        title={title}
        days={data.categories}
        axis={axis}
        series={data.series.map((s) => ({ key: s.key, name: s.label, values: s.values, kind: visualization.display === 'line' ? 'line' : visualization.display === 'pie' ? 'pie' : 'bar', measure: measureOf(s.format, display.symbol) }))}
        formatDay={label}
        formatDayLong={label}
        height={visualization.display === 'pie' ? 320 : 280}
      />
      {truncated}
    </div>
  );
}
