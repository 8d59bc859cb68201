import {
  dayLabel,
  isApiError,
  MESSAGES,
  nextPayoutDate,
  PAYMENT_PROVIDER_LABEL,
  PAYOUT_DELAY_MAX,
  PAYOUT_DELAY_MIN,
  PAYOUT_INTERVAL_LABEL,
  PAYOUT_INTERVALS,
  type PayoutInterval,
  type PayoutScheduleState,
  paysThrough,
  WEEKLY_ANCHOR_LABEL,
  WEEKLY_ANCHORS,
  type WeeklyAnchor,
} from '@salondesk/core';
import { useCan, usePayoutSchedule, useUpdatePayoutSchedule } from '@salondesk/react';
import { type FormEvent, useState } from 'react';
import { ButtonLink } from '../../../app/ButtonLink';
import { LoadError } from '../../../app/LoadError';
import { toasts } from '../../../app/toasts';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useUnsavedChangesGuard } from '../../../app/useUnsavedChanges';
import { Button } from '../../../ui/Button';
import { LoadingRegion } from '../../../ui/LoadingRegion';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';
import { formOf, readForm, type ScheduleField, type ScheduleForm, serverProblems } from './form';
import { useBusinessId } from '../../../app/useBusinessId';

const INTERVAL_OPTIONS = PAYOUT_INTERVALS.map((value) => ({ value, label: PAYOUT_INTERVAL_LABEL[value] }));
const WEEKLY_OPTIONS = [{ value: '', label: 'Choose a day' }, ...WEEKLY_ANCHORS.map((value) => ({ value, label: WEEKLY_ANCHOR_LABEL[value] }))];
const INTERVAL_HINT: Record<PayoutInterval, string> = {
  daily: 'Every day, the charges that have waited the delay.',
  weekly: 'Once a week, on the day chosen below.',
  monthly: 'Once a month, on the day chosen below (the month’s last day when it is shorter).',
  manual: 'Only when someone asks the provider for a payout.',
};

/** `/{businessId}/webpayments/schedule`: how often the provider pays out, and the next payout day it gives. */
export function Component() {
  const businessId = useBusinessId();
  const schedule = usePayoutSchedule(businessId);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow="Web payments"
        title="Payout schedule"
        description="How long the provider holds each charge, and how often it sends what it holds to the bank."
        actions={
          <ButtonLink variant="secondary" to={`/${businessId}/webpayments/payouts`}>
            Payouts
          </ButtonLink>
        }
      />
      <div className="mt-6">
        {schedule.isError ? (
          <LoadError error={schedule.error} fallback={MESSAGES.failedToFetchPayoutData} onRetry={() => void schedule.refetch()} />
        ) : !schedule.data ? (
          <LoadingRegion label="Loading the payout schedule">
            <Skeleton className="h-80 w-full" />
          </LoadingRegion>
        ) : (
          <ScheduleEditor businessId={businessId} saved={schedule.data} />
        )}
      </div>
    </div>
  );
}

function ScheduleEditor({ businessId, saved }: { businessId: number; saved: PayoutScheduleState }) {
  const display = useBusinessDisplay(businessId);
  const mayEdit = useCan('setting.editsetting');
  const update = useUpdatePayoutSchedule(businessId);
  const [form, setForm] = useState<ScheduleForm>(() => formOf(saved.schedule));
  const [base, setBase] = useState<ScheduleForm>(() => formOf(saved.schedule));
  const [problems, setProblems] = useState<Partial<Record<ScheduleField, string>>>({});
  const dirty = JSON.stringify(form) !== JSON.stringify(base);
  const leaving = useUnsavedChangesGuard(dirty);
  const set = <K extends ScheduleField>(key: K, value: ScheduleForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setProblems((p) => ({ ...p, [key]: undefined }));
  };

  // What these settings give, by core's rule, from today in the location's time zone.
  const read = readForm(form);
  const preview = read.ok ? nextPayoutDate(read.schedule, new Date(), saved.timezone) : null;
  const next = dirty ? preview : saved.next_payout_date;
  const delay = dirty ? (read.ok ? read.schedule.delay_days : null) : saved.schedule.delay_days;
  const interval = dirty ? form.interval : saved.schedule.interval;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!read.ok) {
      setProblems(read.problems);
      return;
    }
    update.mutate(read.schedule, {
      onSuccess: (stored) => {
        setBase(formOf(stored.schedule));
        setForm(formOf(stored.schedule));
        setProblems({});
        toasts.success(MESSAGES.payoutScheduleUpdated);
      },
      // Nothing was saved: the form keeps what was typed, the fields say why.
      onError: (error) => {
        if (isApiError(error) && error.issues.length > 0) setProblems(serverProblems(error.issues));
        toasts.error(error.message);
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <section aria-labelledby="next-title" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <h2 id="next-title" className="text-sm font-semibold text-slate-900">
          {dirty ? 'Next payout with these settings' : 'Next payout'}
        </h2>
        <div role="status" aria-live="polite" className="mt-2 text-sm text-slate-700">
          {interval === 'manual' ? (
            <p>Payouts are manual: the provider pays out only when asked.</p>
          ) : next ? (
            <>
              <p className="text-lg font-semibold text-slate-900" data-testid="next-payout-date">
                {dayLabel(next)}
              </p>
              {delay !== null ? <p className="mt-1">It pays the charges taken through {dayLabel(paysThrough(next, delay))}.</p> : null}
            </>
          ) : (
            <p>Fix the fields below to see the next payout.</p>
          )}
          <p className="mt-2 text-xs text-slate-500">
            {PAYMENT_PROVIDER_LABEL[saved.provider]} · days in {display.timezone === saved.timezone ? saved.timezone : `${saved.timezone} (the location’s time zone)`}
          </p>
        </div>
      </section>

      <fieldset disabled={!mayEdit || update.isPending} className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <legend className="sr-only">Payout schedule</legend>
        {mayEdit ? null : <p className="text-sm text-slate-600">You may look at the schedule; changing it needs permission to edit settings.</p>}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Payouts" options={INTERVAL_OPTIONS} value={form.interval} onChange={(e) => set('interval', e.target.value as PayoutInterval)} hint={INTERVAL_HINT[form.interval]} />
          <TextField
            label="Delay (days)"
            inputMode="numeric"
            value={form.delay_days}
            onChange={(e) => set('delay_days', e.target.value)}
            error={problems.delay_days}
            hint={`How long each charge waits before it can be paid out: ${PAYOUT_DELAY_MIN} to ${PAYOUT_DELAY_MAX} days.`}
          />
          {form.interval === 'weekly' || problems.weekly_anchor ? (
            <SelectField
              label="Day of the week"
              options={WEEKLY_OPTIONS}
              value={form.weekly_anchor}
              onChange={(e) => set('weekly_anchor', e.target.value as WeeklyAnchor | '')}
              error={problems.weekly_anchor}
            />
          ) : null}
          {form.interval === 'monthly' || problems.monthly_anchor ? (
            <TextField
              label="Day of the month"
              inputMode="numeric"
              value={form.monthly_anchor}
              onChange={(e) => set('monthly_anchor', e.target.value)}
              error={problems.monthly_anchor}
              hint="1 to 31; a shorter month pays on its last day."
            />
          ) : null}
        </div>
        {mayEdit ? (
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="ghost" disabled={!dirty} onClick={() => (setForm(base), setProblems({}))}>
              Discard changes
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!dirty}>
              Save schedule
            </Button>
          </div>
        ) : null}
      </fieldset>
      {leaving}
    </form>
  );
}
