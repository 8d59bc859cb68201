import { everyDayOf, exportEndpoints, FIGURES, LINE_KIND_LABEL, figureValue, userCan, type DashboardMetric } from '@salondesk/core';
import { useSalesSummary, useSession } from '@salondesk/react';
import { Link, useParams } from 'react-router-dom';
import { MultiExportActions } from '../../../app/ExportActions';
import { figureSeries, useDayChart } from '../../../app/figureChart';
import { RangePicker } from '../../../app/RangePicker';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useErrorToast } from '../../../app/useErrorToast';
import { useUrlRange } from '../../../app/useUrlRange';
import { LoadError } from '../../../app/LoadError';
import { Chart } from '../../../ui/Chart';
import { Skeleton } from '../../../ui/Skeleton';
import { StatCard } from '../../../ui/StatCard';
import { TableHead, type TableColumn } from '../../../ui/TableHead';

/** The figures the summary shows, each under its one name with its meaning. */
const SHOWN: DashboardMetric[] = ['net', 'sales', 'refunds', 'tickets', 'average', 'discounts', 'tax', 'tips', 'collected', 'services', 'products', 'giftcards'];

/** `/{businessId}/reports/daily/sales`: the sales summary (daily report `sales`). */
export function Component() {
  const businessId = Number(useParams().businessId);
  const display = useBusinessDisplay(businessId);
  const { today, start, end, setRange } = useUrlRange(display.timezone);
  const summary = useSalesSummary(businessId, start, end);
  useErrorToast(summary.error);
  const s = summary.data;
  const session = useSession().session;
  const dayChart = useDayChart(businessId, session !== null && userCan(session.user, 'reporting.transactionreport'));
  // Every day of the range up to today, a day without sales at zero.
  const chartDays = s ? everyDayOf(start, end < today ? end : today, s.byDay) : [];

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
          <div className="mt-6 grid gap-4 lg:grid-cols-3">
            <Table
              title="By kind"
              head={['Kind', 'Qty', { label: FIGURES.sales.label, meaning: FIGURES.sales.meaning }]}
              rows={s.byKind.map((k) => ({ key: k.kind, cells: [LINE_KIND_LABEL[k.kind], k.quantity.toLocaleString('en-US'), display.money(k.total)] }))}
              foot={[`${FIGURES.collected.label}, by tender`, '', `Cash ${display.money(s.tender.cash)} · Credit ${display.money(s.tender.credit)} · Gift ${display.money(s.tender.gift)}`]}
            />
            <Table
              title="By staff"
              head={['Staff', 'Qty', { label: FIGURES.sales.label, meaning: FIGURES.sales.meaning }]}
              rows={s.byStaff.map((r) => ({ key: String(r.employee_id ?? 'unassigned'), cells: [r.name, r.quantity.toLocaleString('en-US'), display.money(r.total)] }))}
            />
            <Table
              title="Top items"
              head={['Item', 'Qty', { label: FIGURES.sales.label, meaning: FIGURES.sales.meaning }]}
              rows={s.topItems.map((r) => ({ key: `${r.kind}:${r.name}`, cells: [r.name, r.quantity.toLocaleString('en-US'), display.money(r.total)] }))}
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

/** A small table; each row has a key of its own (an id), never its label: two staff may share a first name. */
function Table({ title, head, rows, foot }: { title: string; head: TableColumn[]; rows: { key: string; cells: string[] }[]; foot?: string[] }) {
  return (
    <section className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-4 text-left text-base font-semibold text-slate-900">{title}</caption>
        <TableHead columns={head} figuresFrom={1} plain />
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className="px-4 py-3 text-slate-600">
                No sales in this range.
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.key} className="border-t border-slate-100">
                {r.cells.map((cell, i) => (
                  <td key={i} className={i === 0 ? 'px-4 py-2' : 'px-4 py-2 text-right tabular-nums'}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        {foot ? (
          <tfoot>
            <tr className="border-t border-slate-200 text-xs text-slate-600">
              <td className="px-4 py-2">{foot[0]}</td>
              <td colSpan={2} className="px-4 py-2 text-right">
                {foot[2]}
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </section>
  );
}
