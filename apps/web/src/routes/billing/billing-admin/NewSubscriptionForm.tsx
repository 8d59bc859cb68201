import { BILLING_CURRENCIES, type Currency, billingDests, CURRENCY_SYMBOL, dayInZone, MESSAGES, PAUSE_MODE_LABEL, PAUSE_MODES, type PauseMode, type Plan, PLAN_KIND_LABEL, PLAN_KINDS, type PlanKind } from '@salondesk/core';
import { useBillingMutation, useBillingQuery, useSession } from '@salondesk/react';
import { type FormEvent, useMemo, useState } from 'react';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useAmount } from '../../../app/useAmount';
import { AmountField } from '../../../ui/AmountField';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { Toggle } from '../../../ui/Toggle';
import { checkBody, money, useBillingTargets } from '../billingShared';

/**
 * The plans, and a new subscription for a business: on an existing plan or a new one made with it
 * (there is no other way to make a plan), from a day, optionally started paused.
 */
export function NewSubscriptionForm({ businessId }: { businessId: number }) {
  const targets = useBillingTargets(businessId);
  const session = useSession().session;
  const plans = useBillingQuery(billingDests.plan.all, targets.user, {});
  const businesses = useBillingQuery(billingDests.businesses.all, targets.user, {});
  const [forBusiness, setForBusiness] = useState(String(businessId));
  const target = session ? { businessId: Number(forBusiness), uid: session.user.id } : null;
  const create = useBillingMutation(billingDests.subscription.create, target);
  // Today where the chosen business is: the first day a new subscription may start.
  const today = dayInZone(new Date(), useBusinessDisplay(Number(forBusiness)).timezone);

  const [payer, setPayer] = useState('');
  const [planChoice, setPlanChoice] = useState<'existing' | 'new'>('new');
  const [planId, setPlanId] = useState('');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<PlanKind>('Reoccuring');
  const [currency, setCurrency] = useState<Currency>('USD');
  const amount = useAmount(CURRENCY_SYMBOL[currency]);
  const [description, setDescription] = useState('');
  const [startsOn, setStartsOn] = useState(today);
  const [paused, setPaused] = useState(false);
  const [mode, setMode] = useState<PauseMode>('PAUSE');
  const [pauseEnds, setPauseEnds] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let plan: Record<string, unknown> | undefined;
    if (planChoice === 'new') {
      const cents = amount.take();
      if (cents === null) return;
      plan = { name, kind, amount: cents, currency, ...(kind === 'Reoccuring' ? { interval: 'monthly' } : {}), ...(description.trim() ? { description: description.trim() } : {}) };
    }
    const body = {
      user_id: Number(payer),
      ...(planChoice === 'existing' ? { plan_id: Number(planId) } : { plan }),
      starts_on: startsOn,
      ...(paused ? { paused: { mode, ...(pauseEnds ? { ends_on: pauseEnds } : {}) } } : {}),
    };
    const checked = checkBody(billingDests.subscription.create.body, body);
    if (!checked.ok) return setProblems(checked.problems);
    setProblems({});
    create.mutate(
      { body: checked.data },
      {
        onSuccess: (subscription) => {
          toasts.success(MESSAGES.successfullyAdded);
          setName('');
          setDescription('');
          amount.reset();
          setPlanChoice('existing');
          setPlanId(String(subscription.plan_id));
        },
      },
    );
  };

  const columns = useMemo<DataColumn<Plan>[]>(
    () => [
      { id: 'name', header: 'Plan', value: (p) => p.name, priority: 'always', size: 200, className: 'font-medium' },
      { id: 'kind', header: 'Kind', value: (p) => PLAN_KIND_LABEL[p.kind], priority: 1, size: 120 },
      { id: 'amount', header: 'Amount', value: (p) => p.amount, cell: (p) => money(p.amount, p.currency), align: 'end', priority: 'always', size: 120 },
      { id: 'interval', header: 'Interval', value: (p) => p.interval ?? '', cell: (p) => p.interval ?? 'Once', priority: 2, size: 110 },
      { id: 'active', header: 'Active', value: (p) => (p.active ? 1 : 0), cell: (p) => (p.active ? 'Yes' : 'No'), priority: 3, size: 90 },
    ],
    [],
  );

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form noValidate onSubmit={submit} aria-labelledby="new-subscription-title" className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <h2 id="new-subscription-title" className="text-lg font-semibold text-slate-900">
          New subscription
        </h2>
        <SelectField label="Business" value={forBusiness} onChange={(e) => {
            setForBusiness(e.target.value);
            setPayer('');
          }} options={(businesses.data ?? [{ id: businessId, name: `Business ${businessId}` }]).map((b) => ({ value: String(b.id), label: b.name }))} />
        <SelectField
          label="Who pays"
          value={payer}
          onChange={(e) => setPayer(e.target.value)}
          error={problems.user_id}
          hint="A user who may see the business: their payment methods are charged."
          options={[{ value: '', label: 'Choose who pays' }, ...(businesses.data?.find((b) => String(b.id) === forBusiness)?.payers ?? []).map((p) => ({ value: String(p.id), label: p.name }))]}
        />
        <SegmentedControl label="Plan" value={planChoice} onChange={setPlanChoice} options={[{ value: 'new', label: 'A new plan' }, { value: 'existing', label: 'An existing plan' }]} />
        {planChoice === 'existing' ? (
          <SelectField label="Existing plan" value={planId} onChange={(e) => setPlanId(e.target.value)} error={problems.plan_id} options={[{ value: '', label: 'Choose a plan' }, ...(plans.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${money(p.amount, p.currency)})` }))]} />
        ) : (
          <fieldset className="space-y-3">
            <legend className="sr-only">The new plan</legend>
            <TextField label="Plan name" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} error={problems.name} />
            <div className="grid grid-cols-2 gap-3">
              <SelectField label="Kind" value={kind} onChange={(e) => setKind(e.target.value as PlanKind)} options={PLAN_KINDS.map((k) => ({ value: k, label: PLAN_KIND_LABEL[k] }))} />
              <SelectField label="Currency" value={currency} onChange={(e) => setCurrency(e.target.value as Currency)} options={BILLING_CURRENCIES.map((c) => ({ value: c, label: c }))} />
            </div>
            <AmountField label={kind === 'Reoccuring' ? 'Amount per month' : 'Amount'} {...amount.field} />
            <TextField label="Plan description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={1000} />
          </fieldset>
        )}
        <TextField label="First cycle starts" type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} error={problems.starts_on} />
        <Toggle label="Start it paused" checked={paused} onChange={setPaused} />
        {paused ? (
          <div className="grid grid-cols-2 gap-3">
            <SelectField label="Pause mode" value={mode} onChange={(e) => setMode(e.target.value as PauseMode)} options={PAUSE_MODES.map((m) => ({ value: m, label: `${m}: ${PAUSE_MODE_LABEL[m]}` }))} />
            <TextField label="Paused until (optional)" type="date" value={pauseEnds} onChange={(e) => setPauseEnds(e.target.value)} error={problems.ends_on} />
          </div>
        ) : null}
        {create.error ? (
          <p role="alert" className="text-sm text-red-700">
            {create.error.message}
          </p>
        ) : null}
        <Button type="submit" loading={create.isPending}>
          Create subscription
        </Button>
      </form>
      <section aria-label="Plans">
        {plans.isError && !plans.data ? (
          <LoadError error={plans.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void plans.refetch()} headingLevel={2} />
        ) : (
          <SavedDataTable businessId={businessId} name="billing-admin-plans" title="Plans" caption="Plans" showCaption columns={columns} rows={plans.data} loading={plans.isFetching} getRowId={(p) => p.id} rowLabel={(p) => p.name} empty="No plan yet: make one with a subscription." />
        )}
      </section>
    </div>
  );
}
