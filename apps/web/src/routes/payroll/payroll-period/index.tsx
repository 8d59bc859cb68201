import {
  closedPayoutStart,
  dayInZone,
  dayNumber,
  describePayoutStartChange,
  endpoints,
  isPayPeriodClosed,
  MESSAGES,
  PAY_PERIOD_LABEL,
  type PayPeriodRange,
  payPeriods,
  payoutStartChange,
  PAYROLL_FIGURES,
  type PayrollRow,
  type PayrollServiceLine,
  rangeLabel,
  rangeProblem,
  reopenedPayoutStart,
} from '@salondesk/core';
import { usePayrollData, usePayrollInfo, useUpdatePayrollInfo } from '@salondesk/react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../../app/ButtonLink';
import { MultiExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useErrorToast } from '../../../app/useErrorToast';
import { Button } from '../../../ui/Button';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { PayPeriodPicker } from './PayPeriodPicker';
import { Skeleton } from '../../../ui/Skeleton';
import { useBusinessId } from '../../../app/useBusinessId';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

const f = PAYROLL_FIGURES;
const hours = (h: number) => h.toFixed(2);
const count = (n: number) => n.toLocaleString('en-US');
const isDay = (value: string | null): value is string => value !== null && dayNumber(value) !== null;

/** Every figure of payroll per employee (spec 001 §3), each under its one name with its meaning. */
function payrollColumns(money: (cents: number) => string): DataColumn<PayrollRow>[] {
  const figure = (id: string, label: { label: string; meaning: string }, value: (r: PayrollRow) => number, show: (n: number) => string, priority: DataColumn<PayrollRow>['priority'], size = 112): DataColumn<PayrollRow> => ({
    id,
    header: label.label,
    meaning: label.meaning,
    value,
    cell: (r) => show(value(r)),
    align: 'end',
    size,
    minSize: 88,
    priority,
  });
  return [
    { id: 'staff', header: 'Staff', value: (r) => r.employee_name, size: 160 },
    figure('hoursAfterBreak', f.hoursAfterBreak, (r) => r.hoursAfterBreak, hours, 'always', 124),
    figure('hours', f.hours, (r) => r.hours, hours, 2, 96),
    figure('breakHours', f.breakHours, (r) => r.breakHours, hours, 3, 96),
    figure('overtimeHours', f.overtimeHours, (r) => r.overtimeHours, hours, 4, 104),
    figure('salesAfterDiscount', f.salesAfterDiscount, (r) => r.salesAfterDiscount, money, 1, 124),
    figure('salesBeforeDiscount', f.salesBeforeDiscount, (r) => r.salesBeforeDiscount, money, 8, 136),
    figure('tip', f.tip, (r) => r.tip, money, 5),
    figure('tickets', f.tickets, (r) => r.tickets, count, 6, 96),
    figure('serviceQuantity', f.serviceQuantity, (r) => r.service.quantity, count, 9),
    figure('serviceSales', f.serviceSales, (r) => r.service.sales, money, 7, 124),
    figure('retailQuantity', f.retailQuantity, (r) => r.retail.quantity, count, 11),
    figure('retailSales', f.retailSales, (r) => r.retail.sales, money, 10, 124),
    figure('prepaidQuantity', f.prepaidQuantity, (r) => r.prepaid.quantity, count, 13),
    figure('prepaidSales', f.prepaidSales, (r) => r.prepaid.sales, money, 12, 124),
  ];
}

/** The services one staff member sold: a small table inside their row's detail. */
function ServiceDetail({ row, money }: { row: PayrollRow; money: (cents: number) => string }) {
  const columns = useMemo<DataColumn<PayrollServiceLine>[]>(
    () => [
      { id: 'service', header: 'Service', value: (s) => s.service, size: 200 },
      { id: 'quantity', header: 'Quantity', value: (s) => s.quantity, cell: (s) => count(s.quantity), align: 'end', size: 96, priority: 1 },
      { id: 'sales', header: f.serviceSales.label, meaning: f.serviceSales.meaning, value: (s) => s.sales, cell: (s) => money(s.sales), align: 'end', size: 124, priority: 'always' },
    ],
    [money],
  );
  return (
    <DataTable
      caption={`Services sold by ${row.employee_name}`}
      showCaption
      framed={false}
      columns={columns}
      rows={row.services}
      getRowId={(s) => `${s.service_id ?? 0}:${s.service}`}
      empty="No services sold in these days."
      maxHeight="20rem"
      totals={{ cells: { quantity: count(row.service.quantity), sales: money(row.service.sales) } }}
    />
  );
}

/** `/{businessId}/payroll`: payroll per employee over a pay period (or any range), with closing and reopening. */
export function Component() {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const today = dayInZone(new Date(), display.timezone);
  const info = usePayrollInfo(businessId);
  const [params, setParams] = useSearchParams();
  const periods = info.data ? payPeriods(info.data, today, display.weekStartsOn) : null;
  const asked = isDay(params.get('start')) && isDay(params.get('end')) ? { start: params.get('start') as string, end: params.get('end') as string } : null;
  const range = asked ?? periods?.current ?? null;
  const problem = range ? rangeProblem(range.start, range.end) : null;
  const data = usePayrollData(businessId, range?.start ?? '', range?.end ?? '', problem === null);
  useErrorToast(data.error);
  const update = useUpdatePayrollInfo(businessId);
  const [confirming, setConfirming] = useState<'close' | 'reopen' | null>(null);
  const columns = useMemo(() => payrollColumns(display.money), [display.money]);

  const setRange = (next: PayPeriodRange) => setParams({ start: next.start, end: next.end }, { replace: true });
  const period = periods && range ? periods.containing(range.start) : null;
  const isPeriod = period !== null && range !== null && period.start === range.start && period.end === range.end;
  const closed = info.data && period ? isPayPeriodClosed(info.data, period) : false;
  const status = !isPeriod || !period ? null : closed ? { label: 'Closed', tone: 'neutral' as const } : period.start > today ? { label: 'Not started', tone: 'info' as const } : { label: 'Open', tone: 'success' as const };
  const over = period !== null && period.end < today;

  const change = info.data && period && confirming ? payoutStartChange(info.data.lastPayoutStartDate, confirming === 'close' ? closedPayoutStart(period) : reopenedPayoutStart(period)) : null;
  const confirm = () => {
    if (!info.data || !period || !confirming) return;
    const lastPayoutStartDate = confirming === 'close' ? closedPayoutStart(period) : reopenedPayoutStart(period);
    update.mutate(
      { base: info.data, edited: { ...info.data, lastPayoutStartDate } },
      {
        onSuccess: () => {
          toasts.success(MESSAGES.payrollUpdated);
          setConfirming(null);
        },
        // Nothing was saved: say why, keep the dialog's question answered by closing it.
        onError: (error) => {
          toasts.error(error.message);
          setConfirming(null);
        },
      },
    );
  };

  const rows = data.data?.rows;
  const totals = data.data?.totals;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title="Payroll" businessId={businessId} range={range} />
      <header className="flex flex-col gap-4 print:hidden">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="text-sm font-medium text-brand-700">Payroll</p>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">Payroll</h1>
            <p className="mt-1 text-sm text-slate-600">Hours from clocked-out timesheets, the break deducted day by day, beside each person’s sales, tips and tickets.</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <ButtonLink variant="ghost" to={`/${businessId}/payroll/settings`}>
              Payroll settings
            </ButtonLink>
            {range && problem === null ? (
              <MultiExportActions
                title="Payroll"
                items={[endpoints.payrollExports.payroll, endpoints.payrollExports.services].map((endpoint) => ({ endpoint, input: { params: { id: businessId }, query: { start: range.start, end: range.end } } }))}
              />
            ) : null}
          </div>
        </div>
        {info.isError ? null : !periods || !range ? (
          <Skeleton className="h-14 w-full max-w-3xl" />
        ) : (
          <div className="flex flex-wrap items-end justify-between gap-3">
            <PayPeriodPicker
              start={range.start}
              end={range.end}
              label={rangeLabel(range)}
              caption={isPeriod && info.data ? `Pay period · ${PAY_PERIOD_LABEL[info.data.settings.payPeriod].toLowerCase()}` : 'Custom range'}
              status={status}
              isCurrent={isPeriod && period?.start === periods.current.start}
              onPrevious={() => setRange(isPeriod && period ? periods.previous(period) : periods.containing(range.start))}
              onNext={() => setRange(isPeriod && period ? periods.next(period) : periods.containing(range.end))}
              onCurrent={() => setRange(periods.current)}
              onChange={setRange}
              error={problem}
            />
            {isPeriod && period ? (
              <div className="flex flex-col items-end gap-1">
                {closed ? (
                  <Button variant="secondary" onClick={() => setConfirming('reopen')}>
                    Reopen this pay period
                  </Button>
                ) : over ? (
                  <Button onClick={() => setConfirming('close')}>Close this pay period</Button>
                ) : (
                  <p className="max-w-xs text-right text-sm text-slate-600">This pay period ends on {rangeLabel({ start: period.end, end: period.end })}: it can be closed once it is over.</p>
                )}
              </div>
            ) : null}
          </div>
        )}
      </header>

      <div className="mt-6">
        {info.isError ? (
          <LoadError error={info.error} onRetry={() => void info.refetch()} />
        ) : data.isError ? (
          <LoadError error={data.error} onRetry={() => void data.refetch()} />
        ) : problem ? null : (
          <SavedDataTable
            businessId={businessId}
            name="payroll"
            caption={range ? `Payroll, ${rangeLabel(range)}` : 'Payroll'}
            columns={columns}
            rows={rows}
            loading={data.isFetching}
            getRowId={(r) => r.employee_id}
            rowLabel={(r) => r.employee_name}
            empty="No staff, hours or sales in these days."
            detail={(r) => <ServiceDetail row={r} money={display.money} />}
            totals={
              totals
                ? {
                    cells: {
                      hoursAfterBreak: hours(totals.hoursAfterBreak),
                      hours: hours(totals.hours),
                      breakHours: hours(totals.breakHours),
                      overtimeHours: hours(totals.overtimeHours),
                      salesAfterDiscount: display.money(totals.salesAfterDiscount),
                      salesBeforeDiscount: display.money(totals.salesBeforeDiscount),
                      tip: display.money(totals.tip),
                      tickets: count(totals.tickets),
                      serviceQuantity: count(totals.service.quantity),
                      serviceSales: display.money(totals.service.sales),
                      retailQuantity: count(totals.retail.quantity),
                      retailSales: display.money(totals.retail.sales),
                      prepaidQuantity: count(totals.prepaid.quantity),
                      prepaidSales: display.money(totals.prepaid.sales),
                    },
                  }
                : undefined
            }
          />
        )}
      </div>

      <ConfirmDialog
        open={confirming !== null && change !== null}
        tone="primary"
        holdWhilePending
        title={confirming === 'close' ? 'Close this pay period?' : 'Reopen this pay period?'}
        description={change ? describePayoutStartChange(change) : undefined}
        confirmLabel={confirming === 'close' ? 'Close pay period' : 'Reopen pay period'}
        cancelLabel="Cancel"
        pending={update.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      />
    </div>
  );
}
