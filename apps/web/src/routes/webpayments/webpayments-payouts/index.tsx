import {
  dayLabel,
  endpoints,
  MESSAGES,
  PAYMENT_PROVIDER_LABEL,
  PAYOUT_STATUS_LABEL,
  type Payout,
  presetRange,
  RANGE_PRESET_LABEL,
  rangeLabel,
  rangeProblem,
  shortDayLabel,
  WEB_PAYMENT_KIND_LABEL,
  WEB_PAYMENT_RANGE_MAX_DAYS,
  type WebPayment,
} from '@salondesk/core';
import { useCan, useImportPayouts, usePayoutCharges, usePayoutGrid, usePayouts } from '@salondesk/react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../app/ButtonLink';
import { ExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { TicketLink } from '../../../app/TicketLink';
import { toasts } from '../../../app/toasts';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useReportDays } from '../../../app/useReportDays';
import { Button } from '../../../ui/Button';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { DateRangePicker } from '../../../ui/DateRangePicker';
import { Drawer } from '../../../ui/Drawer';
import { PageHeader } from '../../../ui/PageHeader';
import { PayoutGrid, type PayoutGridRow } from '../PayoutGrid';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { StatusBadge } from '../../../ui/StatusBadge';
import { ReceiptCell } from '../ReceiptCell';
import { PAYOUT_STATUS_TONE, PROVIDER_FILTER_OPTIONS, payoutGridRows, providerFrom, signedMoney } from '../webPaymentsView';
import { useBusinessId } from '../../../app/useBusinessId';

type Display = ReturnType<typeof useBusinessDisplay>;
const RANGE_PRESETS = ['last-7-days', 'last-30-days', 'this-month', 'last-month'] as const;
const SHOW = [
  { value: 'all', label: 'All payouts' },
  { value: 'mismatched', label: 'Not reconciled' },
] as const;
type Show = (typeof SHOW)[number]['value'];

/**
 * `/{businessId}/webpayments/payouts?start=&end=&provider=&show=`: the payouts the provider sent
 * in a range, each reconciled (gross − fee = amount) or named as a mismatch with its difference;
 * then the grid of payouts × the checkout days of their charges, a cell opening that day's charges.
 */
export function Component() {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const { params, today, start, end, patch } = useReportDays(display.timezone);
  const provider = providerFrom(params.get('provider'));
  const show: Show = params.get('show') === 'mismatched' ? 'mismatched' : 'all';
  const problem = rangeProblem(start, end, WEB_PAYMENT_RANGE_MAX_DAYS);
  const query = problem ? { start: '', end: '' } : { start, end, provider };
  const payouts = usePayouts(businessId, query);
  const grid = usePayoutGrid(businessId, query);
  const mayImport = useCan('setting.editsetting');
  const importing = useImportPayouts(businessId);
  const [cell, setCell] = useState<{ row: PayoutGridRow; day: string } | null>(null);
  const presets = RANGE_PRESETS.map((id) => ({ id, label: RANGE_PRESET_LABEL[id], ...presetRange(id, today, display.weekStartsOn) }));
  const columns = useMemo(() => payoutColumns(businessId, display), [businessId, display]);
  const range = rangeLabel({ start, end });
  const data = payouts.data;
  const rows = data ? (show === 'mismatched' ? data.payouts.filter((p) => !p.reconciled) : data.payouts) : undefined;
  const gridRows = useMemo(() => (grid.data ? payoutGridRows(grid.data, shortDayLabel) : []), [grid.data]);

  const runImport = () =>
    importing.mutate(
      { start, end },
      { onSuccess: (answer) => toasts.success(answer.message ?? MESSAGES.payoutImportQueued), onError: (error) => toasts.error(error.message) },
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title="Payouts" businessId={businessId} range={{ start, end }} />
      <PageHeader
        className="print:hidden"
        eyebrow="Web payments"
        title="Payouts"
        description="Each payout the provider sent to the bank, checked against the charges, refunds and fees it paid: reconciled when gross minus fee equals the amount."
        actions={
          <div className="flex flex-wrap items-end gap-2">
            <ButtonLink variant="secondary" to={`/${businessId}/webpayments`}>
              Web payments
            </ButtonLink>
            <ButtonLink variant="secondary" to={`/${businessId}/webpayments/schedule`}>
              Payout schedule
            </ButtonLink>
            {mayImport && !problem ? (
              <Button variant="secondary" onClick={runImport} loading={importing.isPending}>
                Import from provider
              </Button>
            ) : null}
            {problem ? null : <ExportActions endpoint={endpoints.webPaymentExports.payouts} params={{ id: businessId }} query={provider ? { start, end, provider } : { start, end }} />}
          </div>
        }
      />
      <div className="mt-6 flex flex-wrap items-end gap-3 print:hidden">
        <DateRangePicker start={start} end={end} max={today} presets={presets} error={problem} onChange={(next) => patch({ start: next.start, end: next.end })} />
        <SelectField label="Provider" options={PROVIDER_FILTER_OPTIONS} value={provider ?? ''} onChange={(e) => patch({ provider: e.target.value })} />
        <SegmentedControl label="Show" value={show} options={SHOW} onChange={(next) => patch({ show: next === 'all' ? '' : next })} />
      </div>

      {problem ? null : payouts.isError ? (
        <LoadError className="mt-6" error={payouts.error} fallback={MESSAGES.failedToFetchPayoutData} onRetry={() => void payouts.refetch()} />
      ) : (
        <>
          <p role="status" className="mt-6 text-sm text-slate-700">
            {data
              ? data.mismatched === 0
                ? `${data.payouts.length} ${data.payouts.length === 1 ? 'payout' : 'payouts'}, every one reconciled.`
                : `${data.payouts.length} ${data.payouts.length === 1 ? 'payout' : 'payouts'}, ${data.mismatched} not reconciled.`
              : 'Loading payouts…'}
          </p>
          <section aria-labelledby="payouts-title" className="mt-3">
            <h2 id="payouts-title" className="sr-only">
              Payouts of {range}
            </h2>
            <SavedDataTable
              businessId={businessId}
              name="payouts"
              title="Payouts"
              caption={show === 'mismatched' ? `Payouts not reconciled, ${range}` : `Payouts of ${range}`}
              columns={columns}
              rows={rows}
              loading={payouts.isFetching}
              getRowId={(p) => p.id}
              rowLabel={(p) => p.providerPayoutId}
              empty={show === 'mismatched' ? 'Every payout of these days is reconciled.' : 'No payout in these days.'}
            />
          </section>
          <section aria-labelledby="grid-title" className="mt-8 print:break-before-page">
            <h2 id="grid-title" className="text-base font-semibold text-slate-900">
              Payouts by checkout day
            </h2>
            <p className="mb-3 text-sm text-slate-600">The charges each payout paid, under the day they were taken. Choose an amount to see those charges.</p>
            {grid.isError ? (
              <LoadError error={grid.error} fallback={MESSAGES.failedToFetchPayoutData} onRetry={() => void grid.refetch()} />
            ) : !grid.data ? (
              <Skeleton className="h-48 w-full" />
            ) : (
              <PayoutGrid
                caption={`Payouts by checkout day, ${range}`}
                days={grid.data.days}
                rows={show === 'mismatched' ? gridRows.filter((r) => !r.reconciled) : gridRows}
                money={display.money}
                formatDay={shortDayLabel}
                formatDayLong={dayLabel}
                rowHeader={(row) => (
                  <Link className="font-mono text-xs text-brand-700 hover:underline" to={`/${businessId}/webpayments/payouts/${row.id}`}>
                    {row.label}
                  </Link>
                )}
                onOpenCell={(row, day) => setCell({ row, day })}
              />
            )}
          </section>
        </>
      )}
      <Drawer open={cell !== null} onClose={() => setCell(null)} title={cell ? `Charges of ${dayLabel(cell.day)}` : 'Charges'} description={cell ? `Paid by payout ${cell.row.label}.` : undefined}>
        {cell ? <DayCharges businessId={businessId} payoutId={cell.row.id} day={cell.day} display={display} /> : null}
      </Drawer>
    </div>
  );
}

/** The charges (and refunds) of one checkout day a payout paid (`webpayments/allpayoutcharges`). */
function DayCharges({ businessId, payoutId, day, display }: { businessId: number; payoutId: number; day: string; display: Display }) {
  const charges = usePayoutCharges(businessId, payoutId, day);
  const columns = useMemo<DataColumn<WebPayment>[]>(
    () => [
      { id: 'invoice', header: 'Invoice', value: (p) => p.Invoice ?? '', cell: (p) => (p.queue_id ? <TicketLink businessId={businessId} id={p.queue_id} /> : (p.Invoice ?? '')), size: 100 },
      { id: 'kind', header: 'Kind', value: (p) => WEB_PAYMENT_KIND_LABEL[p.kind], size: 90, priority: 2 },
      { id: 'customer', header: 'Customer', value: (p) => p.customer, size: 140, priority: 3 },
      { id: 'amount', header: 'Amount', value: (p) => p.amount, cell: (p) => display.money(p.amount), align: 'end', size: 110, priority: 'always' },
      {
        id: 'receipt',
        header: 'Receipt',
        value: (p) => (p.receipt ? 1 : 0),
        cell: (p) => <ReceiptCell payment={p} />,
        size: 170,
        priority: 4,
      },
    ],
    [businessId, display],
  );
  if (charges.isError) return <LoadError error={charges.error} fallback={MESSAGES.failedToFetchPayoutData} onRetry={() => void charges.refetch()} />;
  return (
    <DataTable
      caption={`Charges of ${dayLabel(day)}`}
      framed={false}
      columns={columns}
      rows={charges.data?.payments}
      loading={charges.isFetching}
      getRowId={(p) => p.id}
      rowLabel={(p) => p.providerTxId}
      empty="No charge of this day in this payout."
      totals={charges.data ? { cells: { amount: display.money(charges.data.payments.reduce((s, p) => s + p.amount, 0)) } } : undefined}
    />
  );
}

/** The payouts' columns: the payout first (a link to its itemisation), the amount and whether it is reconciled always shown. */
function payoutColumns(businessId: number, display: Display): DataColumn<Payout>[] {
  const money = (id: 'gross' | 'fee' | 'netamount', header: string, priority: number): DataColumn<Payout> => ({
    id,
    header,
    value: (p) => p[id],
    cell: (p) => display.money(p[id]),
    align: 'end',
    size: 116,
    priority,
  });
  return [
    {
      id: 'payout',
      header: 'Payout',
      value: (p) => p.providerPayoutId,
      cell: (p) => (
        <Link className="font-mono text-xs font-medium text-brand-700 hover:underline" to={`/${businessId}/webpayments/payouts/${p.id}`}>
          {p.providerPayoutId}
        </Link>
      ),
      size: 230,
    },
    { id: 'created', header: 'Created', value: (p) => p.created_day, cell: (p) => dayLabel(p.created_day), size: 150, priority: 3 },
    { id: 'arrival', header: 'Arrival date', value: (p) => p.arrival_date, cell: (p) => dayLabel(p.arrival_date), size: 150, priority: 6 },
    { id: 'provider', header: 'Provider', value: (p) => PAYMENT_PROVIDER_LABEL[p.provider], size: 100, priority: 8 },
    { id: 'status', header: 'Status', value: (p) => PAYOUT_STATUS_LABEL[p.status], cell: (p) => <StatusBadge label={p.manual ? `${PAYOUT_STATUS_LABEL[p.status]}, manual` : PAYOUT_STATUS_LABEL[p.status]} tone={PAYOUT_STATUS_TONE[p.status]} />, size: 130, priority: 7 },
    money('gross', 'Gross', 4),
    money('fee', 'Fee', 5),
    money('netamount', 'Net amount', 2),
    { id: 'amount', header: 'Amount', value: (p) => p.amount, cell: (p) => display.money(p.amount), align: 'end', size: 120, priority: 'always' },
    {
      id: 'reconciled',
      header: 'Reconciled',
      value: (p) => (p.reconciled ? 1 : 0),
      cell: (p) => (p.reconciled ? <StatusBadge label="Reconciled" tone="success" /> : <StatusBadge label={`Not reconciled, ${signedMoney(display.money, p.difference)}`} tone="danger" />),
      size: 200,
      priority: 'always',
    },
  ];
}
