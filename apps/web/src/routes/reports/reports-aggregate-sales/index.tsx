import { exportEndpoints, FIGURES, figureValue, formatMoney, type DashboardMetric } from '@salondesk/core';
import { useAggregateSales } from '@salondesk/react';
import { Link, useParams } from 'react-router-dom';
import { ExportActions } from '../../../app/ExportActions';
import { RangePicker } from '../../../app/RangePicker';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useErrorToast } from '../../../app/useErrorToast';
import { useUrlRange } from '../../../app/useUrlRange';
import { EmptyState } from '../../../ui/EmptyState';
import { Skeleton } from '../../../ui/Skeleton';
import { TableHead } from '../../../ui/TableHead';

/** The figures side by side, each under its one name with its meaning. */
const COLUMNS: DashboardMetric[] = ['tickets', 'sales', 'tax', 'tips', 'refunds', 'net', 'average', 'collected'];

/** `/{businessId}/reports/daily/aggregate-sales`: every location of the network side by side (daily report `aggregate-sales`). */
export function Component() {
  const businessId = Number(useParams().businessId);
  const display = useBusinessDisplay(businessId);
  const { today, start, end, setRange } = useUrlRange(display.timezone);
  const report = useAggregateSales(businessId, start, end);
  useErrorToast(report.error);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={exportEndpoints.aggregateSales.title} businessId={businessId} range={{ start, end }} />
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between print:hidden">
        <div>
          <p className="text-sm font-medium text-brand-700">Daily report · aggregate-sales</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">Aggregate sales</h1>
          <p className="text-sm text-slate-600">Every location you can see in this network; each in its own currency.</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <RangePicker start={start} end={end} today={today} onChange={setRange} />
          <ExportActions endpoint={exportEndpoints.aggregateSales} params={{ id: businessId }} query={{ start, end }} />
        </div>
      </header>
      {report.isError ? (
        <EmptyState tone="error" className="mt-8" title={report.error.message} />
      ) : !report.data ? (
        <Skeleton className="mt-8 h-48 w-full" />
      ) : (
        <div className="mt-8 overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Sales by location, {start} to {end}
            </caption>
            <TableHead columns={['Location', ...COLUMNS.map((c) => ({ label: FIGURES[c].label, meaning: FIGURES[c].meaning }))]} figuresFrom={1} />
            <tbody>
              {report.data.locations.map((l) => {
                const m = (c: number) => formatMoney(c, l.currencySymbol);
                return (
                  <tr key={l.business_id} className="border-t border-slate-100">
                    <th scope="row" className="px-4 py-2 font-medium">
                      <Link to={`/${l.business_id}/reports/daily/sales?start=${start}&end=${end}`} className="text-brand-700 hover:underline">
                        {l.name}
                      </Link>
                    </th>
                    {COLUMNS.map((c) => (
                      <td key={c} className={c === 'net' ? 'px-4 py-2 text-right font-semibold tabular-nums' : 'px-4 py-2 text-right tabular-nums'}>
                        {FIGURES[c].format === 'money' ? m(figureValue(c, l.totals)) : figureValue(c, l.totals).toLocaleString('en-US')}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
