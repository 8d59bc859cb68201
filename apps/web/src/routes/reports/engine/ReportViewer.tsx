import {
  dayInZone,
  endpoints,
  isApiError,
  MESSAGES,
  type OpenedParameter,
  parameterDefault,
  type ReportColumn,
  type ReportLayout,
  type ReportLevel,
  type ReportParameter,
  type ReportResult,
  type ReportRun,
  reportRunNotice,
  type ReportSource,
  shortDayLabel,
  dayLabel,
  formatMoneyShort,
} from '@salondesk/core';
import { useReportParams, useReportRun, useRunReport } from '@salondesk/react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { toasts } from '../../../app/toasts';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { Chart, type ChartSeries } from '../../../ui/Chart';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadingRegion } from '../../../ui/LoadingRegion';
import { PageHeader } from '../../../ui/PageHeader';
import { type ParameterField, type ParameterFieldValue, ReportParametersForm } from '../ReportParametersForm';
import { Skeleton } from '../../../ui/Skeleton';
import { StatusBanner } from '../../../ui/StatusBanner';
import { Toggle } from '../../../ui/Toggle';
import { enginePaths } from './paths';
import type { ResultRow } from './resultColumns';
import { ResultTable } from './ResultTable';
import { useRunFinished } from './useRunFinished';

export interface ReportViewerProps {
  businessId: number;
  source: ReportSource;
  title: string;
  description?: string;
  eyebrow?: string;
  /** `network`: every location of the network the user may see. */
  level?: ReportLevel;
  layout?: ReportLayout;
  /** A custom report's own declarations: its parameters (labels, defaults) and column labels. */
  parameters?: readonly ReportParameter[];
  columns?: readonly ReportColumn[];
  /** Columns shown before the result's (`add_columns_before`). */
  columnsBefore?: readonly ReportColumn[];
  /** The columns that tell rows apart (a report function's `key`). */
  keys?: readonly string[];
  /** The saved table settings' name. */
  tableName: string;
  /** Offer "Every location I can see" (a report function or a data source; a custom report's level is its own). */
  levelChoice?: boolean;
  actions?: React.ReactNode;
}

const fieldOf = (p: OpenedParameter | ReportParameter, choices: OpenedParameter['choices']): ParameterField => ({
  id: p.id,
  label: p.label ?? p.id.replace(/_/g, ' '),
  type: p.type,
  required: p.required,
  ...(choices ? { choices } : {}),
});

/** The values the form starts with: each parameter's default (the server's for today, or the custom report's own). */
function initialValues(opened: readonly OpenedParameter[], declared: readonly ReportParameter[] | undefined, today: string, weekStartsOn: number): Record<string, ParameterFieldValue> {
  const values: Record<string, ParameterFieldValue> = {};
  const queryChoices = new Map(opened.map((p) => [p.id, p.choices ?? []]));
  for (const p of declared ?? opened) {
    const server = opened.find((o) => o.id === p.id);
    values[p.id] = declared ? parameterDefault(p, { today, weekStartsOn, queryChoices }) ?? server?.default ?? null : (server?.default ?? null);
  }
  return values;
}

/**
 * A procedure/function report or a data source, opened: its parameters (choices read again now,
 * defaults for today in the business's time zone), Run, and the result in the shared table with
 * its export — or, when the run is long, the kept run's progress until the `reportRunFinished`
 * notification says it is ready, with the link to its result.
 */
export function ReportViewer(props: ReportViewerProps) {
  const { businessId, source } = props;
  const display = useBusinessDisplay(businessId);
  const [level, setLevel] = useState<ReportLevel>(props.level ?? 'business');
  const params = useReportParams(businessId, source, level);
  const inNetwork = display.business.data?.network_id !== null && display.business.data?.network_id !== undefined;
  const levelToggle =
    props.levelChoice && inNetwork ? (
      <div className="mt-4 print:hidden">
        <Toggle label="Every location I can see" checked={level === 'network'} onChange={(on) => setLevel(on ? 'network' : 'business')} />
      </div>
    ) : null;

  if (params.isError) {
    return (
      <Frame {...props}>
        <LoadError error={params.error} fallback={MESSAGES.failedToFetchReportParams} onRetry={() => void params.refetch()} className="mt-8" />
      </Frame>
    );
  }
  if (!params.data || !display.business.data) {
    return (
      <Frame {...props}>
        {levelToggle}
        <LoadingRegion label="Loading the report" className="mt-8">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="mt-6 h-72 w-full" />
        </LoadingRegion>
      </Frame>
    );
  }
  const today = dayInZone(new Date(), display.timezone);
  return (
    <OpenedReport
      key={level}
      {...props}
      level={level}
      levelToggle={levelToggle}
      opened={params.data.parameters}
      serverColumns={params.data.columns}
      initial={initialValues(params.data.parameters, props.parameters, today, display.weekStartsOn)}
    />
  );
}

function Frame({ title, description, eyebrow, actions, children }: ReportViewerProps & { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader eyebrow={eyebrow ?? 'Report'} title={title} description={description} actions={actions} className="print:hidden" />
      {children}
    </div>
  );
}

function OpenedReport(
  props: ReportViewerProps & { opened: readonly OpenedParameter[]; serverColumns: readonly ReportColumn[]; initial: Record<string, ParameterFieldValue>; levelToggle: React.ReactNode },
) {
  const { businessId, source, opened, level = 'business' } = props;
  const display = useBusinessDisplay(businessId);
  const [values, setValues] = useState(props.initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ result: ReportResult; values: Record<string, unknown> } | null>(null);
  const [queued, setQueued] = useState<ReportRun | null>(null);
  const run = useRunReport(businessId);
  const heard = useRunFinished(businessId, queued?.id ?? null);
  // Asked again every few seconds too: a notification sent before the stream joined the
  // business's room is not heard, and the run's own status is the truth.
  const polled = useReportRun(businessId, queued?.id ?? 0, { offset: 0, limit: 1 });
  const finished = heard ?? (queued && polled.data?.run.id === queued.id ? reportRunNotice(polled.data.run) : null);

  const fields = (props.parameters ?? opened).map((p) => fieldOf(p, opened.find((o) => o.id === p.id)?.choices));
  const submit = () => {
    setProblems({});
    run.mutate(
      { source, body: { values: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null)) as Record<string, string | number | boolean>, level } },
      {
        onSuccess: (answer) => {
          if (answer.status === 'done') {
            setQueued(null);
            setResult({ result: answer.result, values: answer.values });
          } else {
            setResult(null);
            setQueued(answer.run);
          }
        },
        onError: (error) => {
          if (isApiError(error)) {
            const byId: Record<string, string> = {};
            for (const issue of error.issues) if (issue.path[0] === 'values' && typeof issue.path[1] === 'string') byId[issue.path[1]] ??= issue.message;
            setProblems(byId);
          }
          toasts.error(error.message || MESSAGES.failedToRunQuery);
        },
      },
    );
  };

  // Opened with its defaults: run once, as a person opening a report expects to see it.
  // biome-ignore lint: on opening only
  useEffect(() => submit(), []);

  const columns = useMemo(() => {
    const shown = result?.result.columns ?? props.serverColumns;
    const labelled = props.columns && props.columns.length > 0 ? props.columns.filter((c) => shown.some((s) => s.key === c.key)) : shown;
    return [...(props.columnsBefore ?? []), ...labelled];
  }, [result, props.serverColumns, props.columns, props.columnsBefore]);
  const rows = result?.result.rows;

  const exportValues = JSON.stringify(result?.values ?? {});
  const exportActions =
    result === null ? null : source.kind === 'function' ? (
      <ExportActions endpoint={endpoints.reportEngineExports.customProc} params={{ id: businessId }} query={{ name: source.name, values: exportValues, level }} />
    ) : (
      <ExportActions endpoint={endpoints.reportEngineExports.dataSource} params={{ id: businessId, dataSourceId: source.id }} query={{ values: exportValues, level }} />
    );
  const range = rangeOf(result?.values ?? values);
  const showChart = (props.layout === 'chart' || props.layout === 'table-and-chart') && result !== null && columns.some((c) => c.key === 'day');
  const showTable = props.layout !== 'chart' || !showChart;

  return (
    <Frame {...props}>
      <ReportPrintHeader title={props.title} businessId={businessId} range={range} />
      {props.levelToggle}
      <ReportParametersForm
        className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-slate-200 print:hidden"
        parameters={fields}
        values={values}
        onChange={setValues}
        onSubmit={submit}
        problems={problems}
        submitting={run.isPending}
        actions={exportActions}
      />
      {queued ? (
        <StatusBanner className="mt-6" tone="neutral" title={finished ? finished.title : 'This report is running in the background'}>
          {finished ? (
            <>
              {finished.body}{' '}
              <Link to={enginePaths.run(businessId, queued.id)} className="font-medium text-brand-700 hover:underline">
                Open the result
              </Link>
            </>
          ) : (
            <>
              It has more rows than a screen shows at once, or takes longer. You will be told here and in the notifications when it is ready;{' '}
              <Link to={enginePaths.run(businessId, queued.id)} className="font-medium text-brand-700 hover:underline">
                follow it on its own page
              </Link>
              .
            </>
          )}
        </StatusBanner>
      ) : null}
      {run.isError && !result ? <EmptyState tone="error" className="mt-8" title={run.error.message || MESSAGES.failedToRunQuery} /> : null}
      {showChart && rows ? <ResultChart title={props.title} columns={columns} rows={rows} display={display} /> : null}
      {!queued && showTable ? (
        <ResultTable
          businessId={businessId}
          name={props.tableName}
          title={props.title}
          caption={range ? `${props.title}, ${range.start} to ${range.end}` : props.title}
          columns={columns}
          rows={run.isPending && !rows ? undefined : (rows ?? [])}
          keys={props.keys}
          loading={run.isPending}
          empty={result ? 'No rows for these parameters.' : 'Run the report to see its rows.'}
        />
      ) : null}
      {result?.result.truncated ? (
        <p className="mt-3 text-sm text-slate-600 print:hidden">Only the first rows are shown; the export holds every row.</p>
      ) : null}
    </Frame>
  );
}

/** The range a run's values name (`start_day`/`end_day`, `start`/`end`), for the printed heading and the caption. */
function rangeOf(values: Record<string, unknown>): { start: string; end: string } | undefined {
  const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
  const start = day(values.start_day) ?? day(values.start);
  const end = day(values.end_day) ?? day(values.end) ?? start;
  return start && end ? { start, end } : undefined;
}

/** A chart of a result that has days: its money and number columns summed per day (every location together). */
function ResultChart({ title, columns, rows, display }: { title: string; columns: readonly ReportColumn[]; rows: readonly ResultRow[]; display: ReturnType<typeof useBusinessDisplay> }) {
  const days = [...new Set(rows.map((r) => r.day).filter((d): d is string => typeof d === 'string'))].sort();
  const series: ChartSeries[] = columns
    .filter((c) => c.format === 'money' || c.format === 'number')
    .slice(0, 3)
    .map((c, i) => ({
      key: c.key,
      name: c.label,
      kind: i === 0 ? 'bar' : 'line',
      values: days.map((d) => rows.filter((r) => r.day === d).reduce((s, r) => s + (typeof r[c.key] === 'number' ? (r[c.key] as number) : 0), 0)),
      measure:
        c.format === 'money'
          ? { unit: 'money', format: display.money, formatTick: (cents: number) => formatMoneyShort(cents, display.symbol), minInterval: 100 }
          : { unit: 'number', format: (v: number) => v.toLocaleString('en-US'), minInterval: 1 },
    }));
  return (
    <div className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <Chart title={title} days={days} series={series} formatDay={shortDayLabel} formatDayLong={dayLabel} />
    </div>
  );
}
