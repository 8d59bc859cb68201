import {
  dayInZone,
  describeBreakRule,
  describePayoutStartChange,
  formatShiftDuration,
  MESSAGES,
  PAY_PERIOD_LABEL,
  PAY_PERIODS,
  type PayPeriod,
  type PayrollInfo,
  payPeriods,
  payoutStartChange,
  rangeLabel,
} from '@salondesk/core';
import { usePayrollInfo, useUpdatePayrollInfo } from '@salondesk/react';
import { type FormEvent, useState } from 'react';
import { ButtonLink } from '../../../app/ButtonLink';
import { LoadError } from '../../../app/LoadError';
import { toasts } from '../../../app/toasts';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useUnsavedChangesGuard } from '../../../app/useUnsavedChanges';
import { Button } from '../../../ui/Button';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';
import { Toggle } from '../../../ui/Toggle';
import { formOf, type PayrollForm, readForm } from './form';
import { useBusinessId } from '../../../app/useBusinessId';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

/** `/{businessId}/payroll/settings`: the break rule, timesheet settings, overtime and pay period of a location. */
export function Component() {
  const businessId = useBusinessId();
  const info = usePayrollInfo(businessId);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow="Payroll"
        title="Payroll settings"
        description="How hours are paid at this location: the break taken off long days, overtime, the usual hours and the pay period."
        actions={
          <ButtonLink variant="ghost" to={`/${businessId}/payroll`}>
            Back to payroll
          </ButtonLink>
        }
      />
      <div className="mt-6">
        {info.isError ? (
          <LoadError error={info.error} fallback={MESSAGES.failedToFetchPayrollDetail} onRetry={() => void info.refetch()} />
        ) : !info.data ? (
          <div aria-busy="true">
            <p role="status" className="sr-only">
              Loading payroll settings
            </p>
            <Skeleton className="h-96 w-full" />
          </div>
        ) : (
          <SettingsForm businessId={businessId} saved={info.data} />
        )}
      </div>
    </div>
  );
}

function SettingsForm({ businessId, saved }: { businessId: number; saved: PayrollInfo }) {
  const display = useBusinessDisplay(businessId);
  const [base, setBase] = useState(saved);
  const [form, setForm] = useState<PayrollForm>(() => formOf(saved));
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState<PayrollInfo | null>(null);
  const update = useUpdatePayrollInfo(businessId);
  const dirty = JSON.stringify(form) !== JSON.stringify(formOf(base));
  const leaving = useUnsavedChangesGuard(dirty);
  const read = readForm(form);
  const problems = tried && !read.ok ? read.problems : {};
  const set = <K extends keyof PayrollForm>(key: K, value: PayrollForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const today = dayInZone(new Date(), display.timezone);
  const breakRule = read.ok ? describeBreakRule(read.info.settings, read.info.payrollHourSettings.shiftDuration ? Math.round((read.info.payrollHourSettings.shiftDuration / 60) * 100) / 100 : 8) : null;
  const shift = Number(form.shiftDuration);
  const openPeriod = read.ok ? payPeriods(read.info, today, display.weekStartsOn).current : null;

  const save = (next: PayrollInfo) =>
    update.mutate({ base, edited: next }, {
      onSuccess: (stored) => {
        setBase(stored);
        setForm(formOf(stored));
        setTried(false);
        setConfirming(null);
        toasts.success(MESSAGES.payrollUpdated);
      },
      // Nothing was saved: the form keeps what was typed, the error says why.
      onError: (error) => {
        setConfirming(null);
        toasts.error(error.message);
      },
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!read.ok) return void toasts.error('Check the fields marked in red.');
    // Moving the last payout start closes or reopens days: ask first.
    if (read.info.lastPayoutStartDate !== base.lastPayoutStartDate) return setConfirming(read.info);
    save(read.info);
  };
  const change = confirming ? payoutStartChange(base.lastPayoutStartDate, confirming.lastPayoutStartDate) : null;

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <section aria-labelledby="breaks-title" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <h2 id="breaks-title" className="text-base font-semibold text-slate-900">
          Breaks
        </h2>
        <p className="mt-1 text-sm text-slate-600">A break is taken off each long enough day. Leave the minutes empty to pay every hour clocked.</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextField
            label="Break minutes"
            inputMode="numeric"
            value={form.breakMinutes}
            onChange={(e) => set('breakMinutes', e.target.value)}
            error={problems.breakMinutes}
            hint="Taken off each day that reaches the threshold."
          />
          <TextField
            label="Break threshold (hours)"
            inputMode="decimal"
            value={form.breakThresholdHours}
            onChange={(e) => set('breakThresholdHours', e.target.value)}
            error={problems.breakThresholdHours}
            hint="Days with fewer hours keep every hour. Used only when break minutes are set."
          />
        </div>
        <div role="status" aria-live="polite" className="mt-4 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
          {breakRule ? (
            <>
              <p>{breakRule.rule}</p>
              <p className="mt-1 font-medium text-slate-900">For example: {breakRule.example}</p>
            </>
          ) : (
            <p>Fix the fields above to see how the break applies.</p>
          )}
        </div>
      </section>

      <section aria-labelledby="hours-title" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <h2 id="hours-title" className="text-base font-semibold text-slate-900">
          Timesheet settings
        </h2>
        <p className="mt-1 text-sm text-slate-600">The location’s usual day. Someone still clocked in past the clock-out time and the grace is listed as still clocked in.</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextField label="Clock-in time" type="time" value={form.clockInTime} onChange={(e) => set('clockInTime', e.target.value)} error={problems.clockInTime} />
          <TextField label="Clock-out time" type="time" value={form.clockOutTime} onChange={(e) => set('clockOutTime', e.target.value)} error={problems.clockOutTime} />
          <TextField
            label="Shift duration (minutes)"
            inputMode="numeric"
            value={form.shiftDuration}
            onChange={(e) => set('shiftDuration', e.target.value)}
            error={problems.shiftDuration}
            hint={form.shiftDuration.trim() !== '' && Number.isFinite(shift) && shift > 0 ? `A shift of ${formatShiftDuration(shift)}.` : 'The usual shift, in minutes.'}
          />
          <TextField
            label="Clock-out grace (minutes)"
            inputMode="numeric"
            value={form.clockOutGraceMinutes}
            onChange={(e) => set('clockOutGraceMinutes', e.target.value)}
            error={problems.clockOutGraceMinutes}
            hint="How long after the clock-out time someone may still be clocked in before they are listed."
          />
        </div>
      </section>

      <section aria-labelledby="overtime-title" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <h2 id="overtime-title" className="text-base font-semibold text-slate-900">
          Overtime
        </h2>
        <p className="mt-1 text-sm text-slate-600">Off unless you turn it on. Counted over hours after break; an hour is never overtime twice.</p>
        <div className="mt-4 space-y-4">
          <Toggle label="Daily overtime" description="Hours of a day past the threshold." checked={form.overtimeDaily} onChange={(on) => set('overtimeDaily', on)} />
          {form.overtimeDaily ? (
            <TextField label="Daily overtime after (hours)" inputMode="decimal" value={form.overtimeDailyHours} onChange={(e) => set('overtimeDailyHours', e.target.value)} error={problems.overtimeDailyHours} />
          ) : null}
          <Toggle label="Weekly overtime" description="Hours of a week past the threshold, weeks starting on the business’s first day." checked={form.overtimeWeekly} onChange={(on) => set('overtimeWeekly', on)} />
          {form.overtimeWeekly ? (
            <TextField label="Weekly overtime after (hours)" inputMode="decimal" value={form.overtimeWeeklyHours} onChange={(e) => set('overtimeWeeklyHours', e.target.value)} error={problems.overtimeWeeklyHours} />
          ) : null}
        </div>
      </section>

      <section aria-labelledby="period-title" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <h2 id="period-title" className="text-base font-semibold text-slate-900">
          Pay period
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Pay period"
            value={form.payPeriod}
            onChange={(e) => set('payPeriod', e.target.value as PayPeriod)}
            options={PAY_PERIODS.map((p) => ({ value: p, label: PAY_PERIOD_LABEL[p] }))}
            error={problems.payPeriod}
            hint="Twice a month: the 1st to the 15th and the 16th to the month’s end."
          />
          <TextField
            label="Last payout start date"
            type="date"
            max={today}
            value={form.lastPayoutStartDate}
            onChange={(e) => set('lastPayoutStartDate', e.target.value)}
            error={problems.lastPayoutStartDate}
            hint="The first day of the open pay period; timesheets of earlier days are closed."
          />
        </div>
        {openPeriod ? (
          <p role="status" aria-live="polite" className="mt-4 text-sm text-slate-700">
            Open pay period: <span className="font-medium text-slate-900">{rangeLabel(openPeriod)}</span>
          </p>
        ) : null}
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={update.isPending} disabled={!dirty}>
          Save payroll settings
        </Button>
        <Button type="button" variant="ghost" disabled={!dirty || update.isPending} onClick={() => (setForm(formOf(base)), setTried(false))}>
          Undo changes
        </Button>
        {dirty ? <p className="text-sm text-slate-600">Unsaved changes</p> : null}
      </div>

      <ConfirmDialog
        open={confirming !== null}
        tone="primary"
        holdWhilePending
        title={change?.kind === 'reopen' ? 'Reopen days?' : 'Close days?'}
        description={change ? describePayoutStartChange(change) : undefined}
        confirmLabel={<>Save and {change?.kind === 'reopen' ? 'reopen' : 'close'}</>}
        cancelLabel="Cancel"
        pending={update.isPending}
        onConfirm={() => confirming && save(confirming)}
        onClose={() => setConfirming(null)}
      />
      {leaving}
    </form>
  );
}
