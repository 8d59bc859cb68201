import { everyDayOf, exportEndpoints, FIGURES, LINE_KIND_LABEL, figureValue, userCan, type DashboardMetric, type SalesSummary } from '@salondesk/core';
import { useSalesSummary, useSession } from '@salondesk/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { MultiExportActions } from '../../../app/ExportActions';
import { figureSeries, useDayChart } from '../../../app/figureChart';
import { RangePicker } from '../../../app/RangePicker';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useErrorToast } from '../../../app/useErrorToast';
import { useUrlRange } from '../../../app/useUrlRange';
import { LoadError } from '../../../app/LoadError';
import { Chart } from '../../../ui/Chart';
import { Skeleton } from '../../../ui/Skeleton';
import type { DataColumn } from '../../../ui/DataTable';
import { StatCard } from '../../../ui/StatCard';
import { useBusinessId } from '../../../app/useBusinessId';

/** The figures the summary shows, each under its one name with its meaning. */
const SHOWN: DashboardMetric[] = ['net', 'sales', 'refunds', 'tickets', 'average', 'discounts', 'tax', 'tips', 'collected', 'services', 'products', 'giftcards'];

const NO_SALES = 'No sales in this range.';
const count = (n: number) => n.toLocaleString('en-US');

/** The columns of the three tables: a name, the quantity and the figure each row sold (always shown). */
function summaryColumns(money: (cents: number) => string) {
  const quantity = <T extends { quantity: number }>(): DataColumn<T> => ({ id: 'quantity', header: 'Qty', value: (r) => r.quantity, cell: (r) => count(r.quantity), align: 'end', size: 72, priority: 1 });
  const total = <T extends { total: number }>(): DataColumn<T> => ({
    id: 'total',
    header: FIGURES.sales.label,
    meaning: FIGURES.sales.meaning,
    value: (r) => r.total,
    cell: (r) => money(r.total),
    align: 'end',
    size: 128,
    minSize: 112,
    priority: 'always',
  });
  type Kind = SalesSummary['byKind'][number];
  type Staff = SalesSummary['byStaff'][number];
  type Item = SalesSummary['topItems'][number];
  return {
    byKind: [{ id: 'kind', header: 'Kind', value: (k) => LINE_KIND_LABEL[k.kind], size: 140 }, quantity<Kind>(), total<Kind>()] as DataColumn<Kind>[],
    byStaff: [{ id: 'name', header: 'Staff', value: (r) => r.name, size: 160 }, quantity<Staff>(), total<Staff>()] as DataColumn<Staff>[],
    topItems: [{ id: 'name', header: 'Item', value: (r) => r.name, size: 160 }, quantity<Item>(), total<Item>()] as DataColumn<Item>[],
  };
}

/** `/{businessId}/reports/daily/sales`: the sales summary (daily report `sales`). */
export function Component() {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const { today, start, end, setRange } = useUrlRange(display.timezone);
  const summary = useSalesSummary(businessId, start, end);
  useErrorToast(summary.error);
  const s = summary.data;
  const session = useSession().session;
  const dayChart = useDayChart(businessId, session !== null && userCan(session.user, 'reporting.transactionreport'));
  // Every day of the range up to today, a day without sales at zero.
  const chartDays = s ? everyDayOf(start, end < today ? end : today, s.byDay) : [];
  const columns = useMemo(() => summaryColumns(display.money), [display.money]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title="Sales summary" businessId={businessId} range={{ start, end }} />
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between print:hidden">
        <div>
          <p className="text-sm font-medium text-brand-700">Daily report · sales</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">Sales summary</h1>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <RangePicker start={start} end={end} today={today} onChange={setRange} />
          <MultiExportActions
            title="Sales summary"
            items={[exportEndpoints.salesByDay, exportEndpoints.salesByStaff, exportEndpoints.salesByItem].map((endpoint) => ({ endpoint, input: { params: { id: businessId }, query: { start, end } } }))}
          />
        </div>
      </header>
      {summary.isError ? (
        <LoadError className="mt-8" error={summary.error} onRetry={() => void summary.refetch()} />
      ) : !s ? (
        <div aria-busy="true" className="mt-8 grid gap-4 sm:grid-cols-4">
          <p role="status" className="sr-only">
            Loading the sales summary
          </p>
          {SHOWN.map((f) => (
            <Skeleton key={f} className="h-24" />
          ))}
        </div>
      ) : (
        <div aria-busy={summary.isFetching} className={summary.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <div className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {SHOWN.map((f) => (
              <StatCard
                key={f}
                title={FIGURES[f].label}
                meaning={FIGURES[f].meaning}
                value={display.metric(figureValue(f, s.totals), FIGURES[f].format)}
                caption={start === end ? start : `${start} – ${end}`}
              />
            ))}
          </div>
          {chartDays.length > 1 ? (
            <section aria-labelledby="days-title" className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
              <h2 id="days-title" className="text-base font-semibold text-slate-900">
                {FIGURES.sales.label} · {FIGURES.tickets.label} by day
              </h2>
              <Chart
                title={`${FIGURES.sales.label} · ${FIGURES.tickets.label} by day, ${start} – ${end}`}
                days={chartDays.map((d) => d.day)}
                series={[figureSeries(display, 'sales', chartDays.map((d) => d.row?.total ?? 0), 'bar'), figureSeries(display, 'tickets', chartDays.map((d) => d.row?.tickets ?? 0), 'line')]}
                {...dayChart}
              />
            </section>
          ) : null}
          <div className="mt-6 grid grid-cols-[repeat(auto-fit,minmax(min(100%,20rem),1fr))] items-start gap-4">
            <div>
              <SavedDataTable
                businessId={businessId}
                name="sales-by-kind"
                caption="By kind"
                showCaption
                columns={columns.byKind}
                rows={s.byKind}
                getRowId={(k) => k.kind}
                empty={NO_SALES}
                totals={{ cells: { quantity: count(s.byKind.reduce((n, k) => n + k.quantity, 0)), total: display.money(s.totals.sales) } }}
              />
              <p className="mt-2 px-1 text-xs text-slate-600">
                {FIGURES.collected.label}, by tender: Cash {display.money(s.tender.cash)} · Credit {display.money(s.tender.credit)} · Gift {display.money(s.tender.gift)}
              </p>
            </div>
            <SavedDataTable
              businessId={businessId}
              name="sales-by-staff"
              caption="By staff"
              showCaption
              columns={columns.byStaff}
              rows={s.byStaff}
              getRowId={(r) => r.employee_id ?? 'unassigned'}
              empty={NO_SALES}
              totals={{ cells: { quantity: count(s.byStaff.reduce((n, r) => n + r.quantity, 0)), total: display.money(s.totals.sales) } }}
            />
            <SavedDataTable
              businessId={businessId}
              name="sales-top-items"
              caption="Top items"
              showCaption
              columns={columns.topItems}
              rows={s.topItems}
              getRowId={(r) => `${r.kind}:${r.name}`}
              empty={NO_SALES}
            />
          </div>
          {start === end ? (
            <p className="mt-6 text-sm">
              <Link className="font-medium text-brand-700 hover:underline" to={`/${businessId}/transactions?day=${start}`}>
                See the tickets of {start}
              </Link>
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
