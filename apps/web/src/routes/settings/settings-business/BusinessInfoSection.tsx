import {
  type Business,
  type BusinessInfoChanges,
  businessInfoChanges,
  DEFAULT_LOYALTY_THRESHOLD,
  isApiError,
  MESSAGES,
  PAY_INFO_MAX,
  PAYMENT_PROVIDER_LABEL,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
  problemsByField,
} from '@salondesk/core';
import { useUpdateBusinessInfo } from '@salondesk/react';
import { type FormEvent, useState } from 'react';
import { toasts } from '../../../app/toasts';
import { useReportDirty } from '../../../app/useUnsavedChanges';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/SelectField';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';

type Report = (key: string, dirty: boolean) => void;

const PROVIDER_OPTIONS = [{ value: '', label: 'None' }, ...PAYMENT_PROVIDERS.map((p) => ({ value: p, label: PAYMENT_PROVIDER_LABEL[p] }))];

/** A number field's text as the request takes it: empty is "not given", anything else a number (NaN when it is not one, which the schema refuses). */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

/**
 * The business info of spec 001 §3 a location edits here: who takes its web payments (the same
 * provider as Epay settings), its loyalty (points for a reward, points per dollar) and the payment
 * information shown to its clients. Only what changed is sent; the form checks itself with the
 * request's own schema (core's `businessInfoChanges`) first.
 */
export function BusinessInfoSection({ businessId, business, disabled, report }: { businessId: number; business: Business; disabled: boolean; report: Report }) {
  return (
    <section aria-labelledby="group-business-info" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="group-business-info" className="text-base font-semibold text-slate-900">
        Payments and loyalty
      </h2>
      <BusinessInfoForm key={JSON.stringify([business.info.webpaymentProvider, business.info.loyaltyPointsThreshold, business.info.pointsPerDollar, business.info.payInfo])} businessId={businessId} business={business} disabled={disabled} report={report} />
    </section>
  );
}

function BusinessInfoForm({ businessId, business, disabled, report }: { businessId: number; business: Business; disabled: boolean; report: Report }) {
  const saved = business.info;
  const update = useUpdateBusinessInfo(businessId);
  const [provider, setProvider] = useState<string>(saved.webpaymentProvider ?? '');
  const [threshold, setThreshold] = useState(saved.loyaltyPointsThreshold === undefined ? '' : String(saved.loyaltyPointsThreshold));
  const [perDollar, setPerDollar] = useState(saved.pointsPerDollar === undefined ? '' : String(saved.pointsPerDollar));
  const [payInfo, setPayInfo] = useState(saved.payInfo ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const changes: BusinessInfoChanges = {};
  if (provider !== (saved.webpaymentProvider ?? '')) changes.webpaymentProvider = provider === '' ? null : (provider as PaymentProvider);
  if (numberOf(threshold) !== saved.loyaltyPointsThreshold) changes.loyaltyPointsThreshold = numberOf(threshold);
  if (numberOf(perDollar) !== saved.pointsPerDollar) changes.pointsPerDollar = numberOf(perDollar);
  if (payInfo.trim() !== (saved.payInfo ?? '')) changes.payInfo = payInfo.trim() === '' ? null : payInfo;
  const changed = Object.values(changes).some((v) => v !== undefined);
  useReportDirty(report, 'business-info', changed);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = businessInfoChanges.safeParse(changes);
    if (!checked.success) {
      setErrors(problemsByField(checked.error.issues));
      return;
    }
    setErrors({});
    update.mutate(changes, {
      onSuccess: () => toasts.success(MESSAGES.businessInfoUpdated),
      onError: (error) => {
        if (isApiError(error) && error.issues.length > 0) setErrors(problemsByField(error.issues));
        toasts.error(error.message);
      },
    });
  };

  return (
    <form className="mt-4 space-y-4" onSubmit={submit} noValidate aria-label="Payments and loyalty">
      <SelectField
        label="Web payment provider"
        options={PROVIDER_OPTIONS}
        value={provider}
        onChange={(e) => setProvider(e.target.value)}
        error={errors.webpaymentProvider}
        disabled={disabled}
        hint="Who takes web orders and recurring payments; the same setting as on Epay and domains."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Loyalty points threshold"
          inputMode="numeric"
          value={threshold}
          onChange={(e) => setThreshold(e.target.value)}
          error={errors.loyaltyPointsThreshold}
          disabled={disabled}
          placeholder={String(DEFAULT_LOYALTY_THRESHOLD)}
          hint={`Points for one reward: the stars on a client’s loyalty card. Empty: ${DEFAULT_LOYALTY_THRESHOLD}.`}
        />
        <TextField
          label="Points per dollar"
          inputMode="decimal"
          value={perDollar}
          onChange={(e) => setPerDollar(e.target.value)}
          error={errors.pointsPerDollar}
          disabled={disabled}
          hint="Points a client earns for each whole unit of currency spent, for example 1 or 0.5."
        />
      </div>
      <TextAreaField
        label="Payment information"
        value={payInfo}
        onChange={(e) => setPayInfo(e.target.value)}
        error={errors.payInfo}
        disabled={disabled}
        maxLength={PAY_INFO_MAX}
        rows={3}
        hint="How clients may pay you outside the dashboard (bank details, a payment address), shown on invoices."
      />
      {!disabled ? (
        <Button type="submit" disabled={!changed} loading={update.isPending}>
          Save payments and loyalty
        </Button>
      ) : null}
    </form>
  );
}
