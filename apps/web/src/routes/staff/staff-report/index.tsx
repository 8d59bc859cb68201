import {
  APPOINTMENT_FIGURES,
  currencySymbolOf,
  exportEndpoints,
  FIGURES,
  currentMonth,
  formatHours,
  formatMoney,
  formatMonth,
  MESSAGES,
  monthlyReportTotals,
  monthValue,
  parseMonthValue,
  shiftMonth,
  type StaffMonthlyReport,
  type YearMonth,
} from '@salondesk/core';
import { useBusiness, useStaffMonthlyReport } from '@salondesk/react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ExportActions } from '../../../app/ExportActions';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { Button } from '../../../ui/Button';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import type { DataColumn } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { MonthPicker } from '../../../ui/MonthPicker';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { useBusinessId } from '../../../app/useBusinessId';

type ReportRow = StaffMonthlyReport['rows'][number];

/** Who, then the three appointment figures under their names and meanings; the value never folds. */
function reportColumns(symbol: string): DataColumn<ReportRow>[] {
  const [appointments, hours, value] = [APPOINTMENT_FIGURES.appointments, APPOINTMENT_FIGURES.bookedHours, APPOINTMENT_FIGURES.bookedValue];
  return [
    {
      id: 'name',
      header: 'Staff member',
      value: (r) => r.name,
      cell: (r) => (
        <Link to={`../${r.staff_id}`} relative="path" className="hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
          {r.name}
        </Link>
      ),
      size: 200,
    },
    {
      id: 'appointments',
      header: appointments.label,
      meaning: appointments.meaning,
      value: (r) => r.appointments,
      cell: (r) => (
        <>
          {r.appointments}
          {r.cancelled > 0 ? <span className="block text-xs whitespace-nowrap text-slate-500">{r.cancelled} cancelled</span> : null}
        </>
      ),
      align: 'end',
      size: 140,
      priority: 1,
    },
    { id: 'hours', header: hours.label, meaning: hours.meaning, value: (r) => r.minutes, cell: (r) => formatHours(r.minutes), align: 'end', size: 130, priority: 2 },
    { id: 'value', header: value.label, meaning: value.meaning, value: (r) => r.revenue, cell: (r) => formatMoney(r.revenue, symbol), align: 'end', size: 190, priority: 'always' },
  ];
}

const FIRST: YearMonth = { year: 2000, month: 1 };
const LAST: YearMonth = { year: 2100, month: 12 };

/** `/{businessId}/staff/report`: per staff member, a month's appointments, booked hours and the value of completed appointments. */
export function Component() {
  const businessId = useBusinessId();
  const business = useBusiness(businessId);
  if (business.isError) return <LoadError headingLevel={1} error={business.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void business.refetch()} />;
  if (!business.data) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6" aria-busy="true">
        <p role="status" className="sr-only">Loading</p>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="mt-6 h-64 w-full" />
      </div>
    );
  }
  // The month starts as this month in the business's time zone (not the browser's).
  return <MonthlyReport key={businessId} businessId={businessId} timezone={business.data.timezone} symbol={currencySymbolOf(business.data.info)} start={currentMonth(business.data.timezone, new Date())} />;
}

function MonthlyReport({ businessId, timezone, symbol, start }: { businessId: number; timezone: string; symbol: string; start: YearMonth }) {
  const [month, setMonth] = useState<YearMonth>(start);
  const report = useStaffMonthlyReport(businessId, month.year, month.month);
  const clamp = (ym: YearMonth) => (monthValue(ym) < monthValue(FIRST) ? FIRST : monthValue(ym) > monthValue(LAST) ? LAST : ym);
  const rows = report.data?.rows ?? [];
  const totals = monthlyReportTotals(rows);
  const title = formatMonth(month);
  const columns = useMemo(() => reportColumns(symbol), [symbol]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={exportEndpoints.staffMonthlyReport.title} businessId={businessId} range={title} />
      <Link to=".." relative="path" className="text-sm font-medium text-brand-700 hover:underline print:hidden">← Staff</Link>
      <div className="mt-3">
        <PageHeader
          className="print:hidden"
          actions={<ExportActions endpoint={exportEndpoints.staffMonthlyReport} params={{ id: businessId }} query={{ year: month.year, month: month.month }} />}
          title="Monthly report"
          description={`Appointments, booked hours and completed appointments’ value per staff member, from the scheduler’s appointments (not ticket sales). Days are counted in ${timezone} time.`}
        />
      </div>
      <div className="mt-6 flex flex-wrap items-end gap-4 print:hidden">
        <MonthPicker
          label="Month"
          value={monthValue(month)}
          min={monthValue(FIRST)}
          max={monthValue(LAST)}
          onChange={(value) => {
            const parsed = parseMonthValue(value);
            if (parsed) setMonth(parsed);
          }}
          onPrevious={() => setMonth(clamp(shiftMonth(month, -1)))}
          onNext={() => setMonth(clamp(shiftMonth(month, 1)))}
        />
        {monthValue(month) !== monthValue(start) ? <Button variant="ghost" onClick={() => setMonth(start)}>This month</Button> : null}
      </div>

      <section aria-labelledby="report-title" aria-busy={report.isFetching || undefined} className="mt-6 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
        <h2 id="report-title" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">{title}</h2>
        {report.isError ? (
          <LoadError headingLevel={3} error={report.error} onRetry={() => void report.refetch()} />
        ) : !report.data ? (
          <div className="space-y-2 p-4">
            <p role="status" className="sr-only">Loading the report for {title}</p>
            {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-9 w-full" />)}
          </div>
        ) : rows.length === 0 || totals.appointments === 0 ? (
          <EmptyState headingLevel={3} title={`No appointments in ${title}`} description="Choose another month, or book appointments first." />
        ) : (
          <SavedDataTable
            businessId={businessId}
            name="staff-report"
            title="Monthly report"
            caption={`Per staff member in ${title}: appointments, booked hours and completed appointments value`}
            columns={columns}
            rows={rows}
            getRowId={(r) => r.staff_id}
            framed={false}
            totals={{ cells: { appointments: totals.appointments, hours: formatHours(totals.minutes), value: formatMoney(totals.revenue, symbol) } }}
          />
        )}
      </section>
      <p className="mt-3 text-xs text-slate-500">
        “Cancelled” counts cancellations and no-shows. Booked hours leave them out; the completed appointments’ value is their booked price. What was rung up on
        tickets is {FIGURES.services.label} in{' '}
        <Link to={`/${businessId}/reports/daily/sales`} className="font-medium text-brand-700 hover:underline">
          Sales
        </Link>
        .
      </p>
    </div>
  );
}
