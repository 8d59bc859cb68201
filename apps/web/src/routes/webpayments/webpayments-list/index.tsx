import {
  dayLabel,
  endpoints,
  MESSAGES,
  PAYMENT_PROVIDER_LABEL,
  presetRange,
  RANGE_PRESET_LABEL,
  rangeLabel,
  rangeProblem,
  WEB_PAYMENT_KIND_LABEL,
  WEB_PAYMENT_RANGE_MAX_DAYS,
  type WebPayment,
} from '@salondesk/core';
import { useWebPayments } from '@salondesk/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../app/ButtonLink';
import { ExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import { DayStepper } from '../../../app/DayStepper';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { TicketLink } from '../../../app/TicketLink';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useReportDays } from '../../../app/useReportDays';
import type { DataColumn } from '../../../ui/DataTable';
import { DateRangePicker } from '../../../ui/DateRangePicker';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectField } from '../../../ui/SelectField';
import { StatusBadge } from '../../../ui/StatusBadge';
import { ReceiptCell } from '../ReceiptCell';
import { PROVIDER_FILTER_OPTIONS, providerFrom } from '../webPaymentsView';
import { useBusinessId } from '../../../app/useBusinessId';

type Display = ReturnType<typeof useBusinessDisplay>;
const RANGE_PRESETS = ['today', 'yesterday', 'this-week', 'last-7-days', 'last-30-days', 'this-month', 'last-month'] as const;

/** `/{businessId}/webpayments?start=&end=&provider=`: the web payments of a range. */
export function Component() {
  return <WebPaymentsScreen />;
}

export interface WebPaymentsScreenProps {
  /** The daily report `webpayments` (`reports/daily/webpayments?day=`): one day, under its own heading. */
  dailyReport?: boolean;
}

/**
 * Web payments (spec 001 §3, §7): what customers paid online through the location's provider,
 * a row each (Provider, Amount, Invoice, Customer#, providerTxId, receipt) with their sums; a
 * receipt opens in its popup, or the row says `Receipt Not Available`.
 */
export function WebPaymentsScreen({ dailyReport = false }: WebPaymentsScreenProps) {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const { params, today, day, start, end, patch } = useReportDays(display.timezone, { dailyReport });
  const provider = providerFrom(params.get('provider'));
  const problem = rangeProblem(start, end, WEB_PAYMENT_RANGE_MAX_DAYS);
  const list = useWebPayments(businessId, problem ? { start: '', end: '' } : { start, end, provider });
  const presets = RANGE_PRESETS.map((id) => ({ id, label: RANGE_PRESET_LABEL[id], ...presetRange(id, today, display.weekStartsOn) }));
  const columns = useMemo(() => paymentColumns(businessId, display, !dailyReport), [businessId, display, dailyReport]);
  const range = rangeLabel({ start, end });
  const data = list.data;
  const title = 'Web payments';

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={title} businessId={businessId} range={{ start, end }} />
      <PageHeader
        className="print:hidden"
        eyebrow={dailyReport ? 'Daily report · web payments' : 'Web payments'}
        title={title}
        description="What customers paid online through this location's payment provider, and the refunds of it. Amounts in cents of the location's currency, whatever the provider's unit."
        actions={
          <div className="flex flex-wrap items-end gap-2">
            <ButtonLink variant="secondary" to={`/${businessId}/webpayments/payouts`}>
              Payouts
            </ButtonLink>
            {problem ? null : <ExportActions endpoint={endpoints.webPaymentExports.payments} params={{ id: businessId }} query={provider ? { start, end, provider } : { start, end }} />}
          </div>
        }
      />
      <div className="mt-6 flex flex-wrap items-end gap-3 print:hidden">
        {dailyReport ? (
          <DayStepper day={day} today={today} onChange={(next) => patch({ day: next })} />
        ) : (
          <DateRangePicker start={start} end={end} max={today} presets={presets} error={problem} onChange={(next) => patch({ start: next.start, end: next.end })} />
        )}
        <SelectField label="Provider" options={PROVIDER_FILTER_OPTIONS} value={provider ?? ''} onChange={(e) => patch({ provider: e.target.value })} />
      </div>

      {problem ? (
        dailyReport ? (
          <p role="alert" className="mt-6 text-sm text-red-700">
            {problem}
          </p>
        ) : null
      ) : list.isError ? (
        <LoadError className="mt-6" error={list.error} fallback={MESSAGES.failedToFetchWebPayments} onRetry={() => void list.refetch()} />
      ) : (
        <section aria-labelledby="web-payments-title" className="mt-6">
          <h2 id="web-payments-title" className="sr-only">
            Web payments of {range}
          </h2>
          <SavedDataTable
            businessId={businessId}
            name={dailyReport ? 'web-payments-day' : 'web-payments'}
            title={title}
            caption={`Web payments of ${range}`}
            columns={columns}
            rows={data?.payments}
            loading={list.isFetching}
            getRowId={(p) => p.id}
            rowLabel={(p) => `${p.providerTxId}, ${display.money(p.amount)}`}
            empty={dailyReport ? 'No web payment on this day.' : 'No web payment in these days.'}
            totals={data ? { label: `Total (${data.totals.count})`, cells: { amount: display.money(data.totals.amount), fee: display.money(data.totals.fee) } } : undefined}
          />
        </section>
      )}
    </div>
  );
}

/** The rows' columns: the provider's id first, the amount always shown; the receipt a button, or `Receipt Not Available`. */
function paymentColumns(businessId: number, display: Display, withDay: boolean): DataColumn<WebPayment>[] {
  return [
    { id: 'providerTxId', header: 'providerTxId', value: (p) => p.providerTxId, cell: (p) => <span className="font-mono text-xs">{p.providerTxId}</span>, size: 220 },
    ...(withDay ? [{ id: 'day', header: 'Day', value: (p: WebPayment) => p.checkout_day, cell: (p: WebPayment) => dayLabel(p.checkout_day), size: 150, priority: 2 } satisfies DataColumn<WebPayment>] : []),
    { id: 'time', header: 'Time', value: (p) => p.created_at, cell: (p) => display.time(p.created_at), size: 100, priority: 8 },
    { id: 'provider', header: 'Provider', value: (p) => PAYMENT_PROVIDER_LABEL[p.provider], size: 110, priority: 5 },
    {
      id: 'kind',
      header: 'Kind',
      value: (p) => WEB_PAYMENT_KIND_LABEL[p.kind],
      cell: (p) => <StatusBadge label={WEB_PAYMENT_KIND_LABEL[p.kind]} tone={p.kind === 'refund' ? 'warning' : 'neutral'} />,
      size: 110,
      priority: 4,
    },
    { id: 'amount', header: 'Amount', value: (p) => p.amount, cell: (p) => display.money(p.amount), align: 'end', size: 120, priority: 'always' },
    { id: 'fee', header: 'Fee', value: (p) => p.fee, cell: (p) => display.money(p.fee), align: 'end', size: 100, priority: 6 },
    { id: 'invoice', header: 'Invoice', value: (p) => p.Invoice ?? '', cell: (p) => (p.queue_id ? <TicketLink businessId={businessId} id={p.queue_id} /> : (p.Invoice ?? '')), size: 110, priority: 1 },
    { id: 'customer_id', header: 'Customer#', value: (p) => p.customer_id ?? '', size: 110, priority: 7 },
    { id: 'customer', header: 'Customer', value: (p) => p.customer, size: 170, priority: 3 },
    {
      id: 'payout',
      header: 'Payout',
      value: (p) => p.payout_id ?? '',
      cell: (p) =>
        p.payout_id ? (
          <Link className="font-medium text-brand-700 hover:underline" to={`/${businessId}/webpayments/payouts/${p.payout_id}`}>
            Payout
          </Link>
        ) : (
          <span className="text-slate-500">Not paid out yet</span>
        ),
      size: 130,
      priority: 9,
    },
    {
      id: 'receipt',
      header: 'Receipt',
      value: (p) => (p.receipt ? 1 : 0),
      cell: (p) => <ReceiptCell payment={p} />,
      size: 170,
      priority: 10,
    },
  ];
}
