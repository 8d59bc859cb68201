import { exportEndpoints, FIGURES, figureValue, formatMoney, type AggregateSales, type DashboardMetric } from '@salondesk/core';
import { useAggregateSales } from '@salondesk/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ExportActions } from '../../../app/ExportActions';
import { RangePicker } from '../../../app/RangePicker';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useErrorToast } from '../../../app/useErrorToast';
import { useUrlRange } from '../../../app/useUrlRange';
import { EmptyState } from '../../../ui/EmptyState';
import type { ColumnPriority, DataColumn } from '../../../ui/DataTable';
import { useBusinessId } from '../../../app/useBusinessId';

type Location = AggregateSales['locations'][number];

/**
 * The figures side by side, each under its one name with its meaning; Net sales never folds, the
 * others fold in this order of priority. No totals row: each location counts in its own currency.
 */
const FIGURE_PRIORITY: [DashboardMetric, ColumnPriority][] = [
  ['tickets', 2],
  ['sales', 1],
  ['tax', 5],
  ['tips', 6],
  ['refunds', 4],
  ['net', 'always'],
  ['average', 7],
  ['collected', 3],
];

function locationColumns(start: string, end: string): DataColumn<Location>[] {
  return [
    {
      id: 'location',
      header: 'Location',
      value: (l) => l.name,
      cell: (l) => (
        <Link to={`/${l.business_id}/reports/daily/sales?start=${start}&end=${end}`} className="text-brand-700 hover:underline">
          {l.name}
        </Link>
      ),
      size: 190,
    },
    ...FIGURE_PRIORITY.map(([c, priority]): DataColumn<Location> => ({
      id: c,
      header: FIGURES[c].label,
      meaning: FIGURES[c].meaning,
      value: (l) => figureValue(c, l.totals),
      cell: (l) => (FIGURES[c].format === 'money' ? formatMoney(figureValue(c, l.totals), l.currencySymbol) : figureValue(c, l.totals).toLocaleString('en-US')),
      align: 'end',
      size: c === 'tickets' ? 96 : 136,
      minSize: c === 'net' ? 112 : undefined,
      priority,
      className: c === 'net' ? 'font-semibold text-slate-900' : undefined,
    })),
  ];
}

/** `/{businessId}/reports/daily/aggregate-sales`: every location of the network side by side (daily report `aggregate-sales`). */
export function Component() {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const { today, start, end, setRange } = useUrlRange(display.timezone);
  const report = useAggregateSales(businessId, start, end);
  useErrorToast(report.error);
  const columns = useMemo(() => locationColumns(start, end), [start, end]);

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
      ) : (
        <SavedDataTable
          className="mt-8"
          businessId={businessId}
          name="aggregate-sales"
          title="Aggregate sales"
          caption={`Sales by location, ${start} to ${end}`}
          columns={columns}
          rows={report.data?.locations}
          getRowId={(l) => l.business_id}
          empty="No locations to show."
        />
      )}
    </div>
  );
}
