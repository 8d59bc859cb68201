import {
  dayLabel,
  endpoints,
  formatMoneyShort,
  formatShiftDuration,
  MESSAGES,
  presetRange,
  RANGE_PRESET_LABEL,
  rangeProblem,
  SHIFT_FIGURES,
  SHIFT_RANGE_MAX_DAYS,
  type ShiftReportRow,
  shortDayLabel,
  timeInZone,
} from '@salondesk/core';
import { useShiftReport } from '@salondesk/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../app/ButtonLink';
import { ExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import { DayStepper } from '../../../app/DayStepper';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useReportDays } from '../../../app/useReportDays';
import { Chart } from '../../../ui/Chart';
import type { DataColumn } from '../../../ui/DataTable';
import { DateRangePicker } from '../../../ui/DateRangePicker';
import { PageHeader } from '../../../ui/PageHeader';
import { StatusBadge } from '../../../ui/StatusBadge';
import { SHIFT_STATE_TONE, variancePerCashier } from '../shiftView';
import { useBusinessId } from '../../../app/useBusinessId';

type Display = ReturnType<typeof useBusinessDisplay>;
const RANGE_PRESETS = ['this-week', 'last-7-days', 'last-30-days', 'this-month', 'last-month'] as const;

/** `/{businessId}/shifts`: the shift and drawer report over a range (`?start=&end=`), with the variance per cashier. */
export function Component() {
  return <ShiftReportScreen />;
}

export interface ShiftReportScreenProps {
  /** The daily report `shift-reports` (`reports/daily/shift-reports?day=`): one day, under its own heading. */
  dailyReport?: boolean;
}

/** The shift and drawer report (spec 001 §2): each shift with its cashier, times, duration and figures, their totals, exports and print. */
export function ShiftReportScreen({ dailyReport = false }: ShiftReportScreenProps) {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const { today, day, start, end, patch } = useReportDays(display.timezone, { dailyReport });
  const problem = rangeProblem(start, end, SHIFT_RANGE_MAX_DAYS);
  const report = useShiftReport(businessId, problem ? '' : start, problem ? '' : end);
  const presets = RANGE_PRESETS.map((id) => ({ id, label: RANGE_PRESET_LABEL[id], ...presetRange(id, today, display.weekStartsOn) }));
  const columns = useMemo(() => reportColumns(businessId, display, !dailyReport), [businessId, display, dailyReport]);
  const range = start === end ? dayLabel(start) : `${dayLabel(start)} – ${dayLabel(end)}`;
  const data = report.data;
  const title = dailyReport ? 'Shift reports' : 'Shift and drawer report';

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={title} businessId={businessId} range={{ start, end }} />
      <PageHeader
        className="print:hidden"
        eyebrow={dailyReport ? 'Daily report · shift reports' : 'Cash drawer'}
        title={title}
        description={`Each shift with its cashier, times, starting balance, cash sales, finances, what the drawer should hold and what was counted. Times in ${display.timezone}.`}
        actions={
          <div className="flex flex-wrap items-end gap-2">
            <ButtonLink variant="secondary" to={`/${businessId}/drawer`}>
              Cash drawer
            </ButtonLink>
            {problem ? null : <ExportActions endpoint={endpoints.shiftExports.report} params={{ id: businessId }} query={{ start, end }} />}
          </div>
        }
      />
      <div className="mt-6 flex flex-wrap items-end gap-3 print:hidden">
        {dailyReport ? (
          <DayStepper day={day} today={today} onChange={(next) => patch({ day: next })} />
        ) : (
          <DateRangePicker start={start} end={end} max={today} presets={presets} error={problem} onChange={(next) => patch({ start: next.start, end: next.end })} />
        )}
      </div>

      {problem && dailyReport ? (
        <p role="alert" className="mt-6 text-sm text-red-700">
          {problem}
        </p>
      ) : problem ? null : report.isError ? (
        <LoadError className="mt-6" error={report.error} fallback={MESSAGES.failedToFetchShiftReport} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <section aria-labelledby="shifts-title" className="mt-6">
            <h2 id="shifts-title" className="sr-only">
              Shifts of {range}
            </h2>
            <SavedDataTable
              businessId={businessId}
              name={dailyReport ? 'shift-report-day' : 'shift-report'}
              title={title}
              caption={`Shifts of ${range}`}
              columns={columns}
              rows={data?.rows}
              loading={report.isFetching}
              getRowId={(r) => r.id}
              rowLabel={(r) => `${r.cashier ?? 'No cashier'}, ${dayLabel(r.day)}`}
              empty={dailyReport ? 'No drawer was opened on this day.' : 'No drawer was opened on these days.'}
              totals={
                data
                  ? {
                      cells: {
                        starting_balance: display.money(data.totals.starting_balance),
                        cash_sales: data.totals.cash_sales === null ? 'Hidden' : display.money(data.totals.cash_sales),
                        finances: display.money(data.totals.finances),
                        expected: data.totals.expected === null ? 'Hidden' : display.money(data.totals.expected),
                        counted: display.money(data.totals.counted),
                        difference: data.totals.difference === null ? 'Hidden' : display.money(data.totals.difference),
                      },
                    }
                  : undefined
              }
            />
          </section>
          {!dailyReport && data ? <VarianceChart rows={data.rows} start={start} end={end} display={display} /> : null}
        </>
      )}
    </div>
  );
}

/** The difference of each closed shift day by day, a series per cashier: who is over or short, and when. */
function VarianceChart({ rows, start, end, display }: { rows: readonly ShiftReportRow[]; start: string; end: string; display: Display }) {
  const { days, series } = useMemo(() => variancePerCashier(rows, start, end), [rows, start, end]);
  const measure = { unit: 'money', format: display.money, formatTick: (cents: number) => formatMoneyShort(cents, display.symbol), minInterval: 1 };
  return (
    <section aria-labelledby="variance-title" className="mt-8 rounded-2xl bg-white p-4 ring-1 ring-slate-200 print:break-inside-avoid">
      <h2 id="variance-title" className="text-base font-semibold text-slate-900">
        Variance per cashier
      </h2>
      <p className="mb-2 text-xs text-slate-500">{SHIFT_FIGURES.difference.meaning}</p>
      {series.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">No drawer was closed in these days.</p>
      ) : (
        <Chart
          title={`Difference per cashier, ${dayLabel(start)} – ${dayLabel(end)}`}
          days={days}
          series={series.map((s) => ({ key: s.cashier, name: s.cashier, values: s.values, kind: 'bar', measure }))}
          formatDay={shortDayLabel}
          formatDayLong={dayLabel}
        />
      )}
    </section>
  );
}

/** The report's columns: the cashier first (a link to the shift), the difference always shown; figures under their one name and meaning. */
function reportColumns(businessId: number, display: Display, withDay: boolean): DataColumn<ShiftReportRow>[] {
  const f = SHIFT_FIGURES;
  const money = (v: number | null) => (v === null ? 'Hidden' : display.money(v));
  const figure = (id: keyof typeof SHIFT_FIGURES, value: (r: ShiftReportRow) => number | null, priority: DataColumn<ShiftReportRow>['priority'], show = money): DataColumn<ShiftReportRow> => ({
    id,
    header: f[id].label,
    meaning: f[id].meaning,
    value: (r) => value(r) ?? 0,
    cell: (r) => show(value(r)),
    align: 'end',
    size: 124,
    minSize: 96,
    priority,
  });
  const signed = (v: number | null) => (v === null ? '' : v > 0 ? `+ ${display.money(v)}` : v < 0 ? `− ${display.money(-v)}` : display.money(0));
  return [
    {
      id: 'cashier',
      header: 'Cashier',
      value: (r) => r.cashier ?? '',
      cell: (r) => (
        <Link className="font-medium text-brand-700 hover:underline" to={`/${businessId}/drawer/${r.id}`}>
          {r.cashier ?? 'No cashier'}
          {r.cashiers.length > 1 ? <span className="font-normal text-slate-500"> +{r.cashiers.length - 1}</span> : null}
        </Link>
      ),
      size: 170,
    },
    ...(withDay ? [{ id: 'day', header: 'Day', value: (r: ShiftReportRow) => r.day, cell: (r: ShiftReportRow) => dayLabel(r.day), size: 150, priority: 1 } satisfies DataColumn<ShiftReportRow>] : []),
    { id: 'opened', header: 'Opened', value: (r) => r.started_at, cell: (r) => timeInZone(r.started_at, display.timezone), size: 100, priority: 6 },
    { id: 'closed', header: 'Closed', value: (r) => r.closed_at ?? '', cell: (r) => (r.closed_at ? timeInZone(r.closed_at, display.timezone) : ''), size: 100, priority: 7 },
    { id: 'duration', header: 'Duration', value: (r) => r.duration_minutes, cell: (r) => formatShiftDuration(r.duration_minutes), size: 110, priority: 8 },
    figure('starting_balance', (r) => r.starting_balance, 9),
    figure('cash_sales', (r) => r.cash_sales, 4),
    figure('finances', (r) => r.finances, 5, signed),
    figure('expected', (r) => r.expected, 3),
    figure('counted', (r) => r.counted, 2, (v) => (v === null ? '' : display.money(v))),
    figure('difference', (r) => r.difference, 'always', signed),
    { id: 'state', header: 'State', value: (r) => r.state, cell: (r) => <StatusBadge label={r.state} tone={SHIFT_STATE_TONE[r.state]} />, size: 110, priority: 'always' },
  ];
}
